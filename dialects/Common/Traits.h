//===- Traits.h - Op traits shared by rlx dialects --------------*- C++ -*-===//
#ifndef RLX_DIALECTS_COMMON_TRAITS_H
#define RLX_DIALECTS_COMMON_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::rlx {

namespace detail {
LogicalResult verifyBoundedShapes(Operation *op);
LogicalResult verifyDominanceRegion(Operation *op);
} // namespace detail

/// Every tensor or memref operand and result has rank <= kMaxRank and an
/// element count and byte size that fit in int64.
template <typename ConcreteType>
class BoundedShapes : public OpTrait::TraitBase<ConcreteType, BoundedShapes> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return detail::verifyBoundedShapes(op);
  }
};

/// An op that uses values is in a region with dominance (a function body,
/// a kernel, an elementwise body), never in a graph region such as a
/// module's: there its operands could form a use-def cycle, on which folding
/// and canonicalization would never end.
template <typename ConcreteType>
class InDominanceRegion
    : public OpTrait::TraitBase<ConcreteType, InDominanceRegion> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return detail::verifyDominanceRegion(op);
  }
};

/// Marks an op whose InferTypeOpInterface methods the RLX_InferResultTypes
/// TableGen traits generate (dialects/Common/InferTypes.td).
template <typename ConcreteType>
class InferResultTypes
    : public OpTrait::TraitBase<ConcreteType, InferResultTypes> {};

} // namespace mlir::rlx

#endif // RLX_DIALECTS_COMMON_TRAITS_H
