//===- MIRInterfaces.h - Op interfaces of MIR -------------------*- C++ -*-===//
#ifndef RLX_DIALECTS_MIR_MIRINTERFACES_H
#define RLX_DIALECTS_MIR_MIRINTERFACES_H

#include "mlir/IR/OpDefinition.h"
#include <optional>

#include "dialects/MIR/MIRInterfaces.h.inc"

namespace mlir::rlx::mir {

namespace detail {
/// The rank of `value`'s shaped type.
int64_t rankOf(Value value);
/// `axis` of `value` normalized to [0, rank); 0 when out of range (the ops
/// asking have verified it).
int64_t axisOf(int64_t axis, Value value);
/// Numpy broadcasting: the dim of `operand` right-aligned with dim `dim` of
/// `result`, unless the operand is broadcast along it.
std::optional<int64_t> alignedDim(Value operand, Value result, int64_t dim);
/// Matmul (and fused matmul) operand `index` along result dim `dim`.
std::optional<int64_t> matmulDimAlong(Operation *op, unsigned index,
                                      int64_t dim);
/// FLOPs of `products` contractions of depth `depth` per element of each of
/// `results`: the sum of 2 * products * elements * depth; INT64_MAX on
/// overflow, 0 when a shape is dynamic (ContractionOpInterface::getFlops).
int64_t productFlops(ValueRange results, int64_t depth, int64_t products);
} // namespace detail

/// The FLOPs of `op` if it is a contraction (ContractionOpInterface), else 0.
int64_t contractionFlops(Operation *op);

// Families of ops that split alike implement ParallelDimsOpInterface through
// one of these traits (MIRInterfaces.td); the others define its methods.

/// Elementwise ops and broadcasts: every result dim is independent, and each
/// operand runs along its right-aligned dim.
template <typename ConcreteType>
class ElementwiseParallelDims
    : public OpTrait::TraitBase<ConcreteType, ElementwiseParallelDims> {
public:
  int64_t getIndependentLeadingDims() {
    return detail::rankOf(this->getOperation()->getResult(0));
  }
  std::optional<int64_t> getOperandDimAlong(unsigned operandIndex,
                                            int64_t resultDim) {
    Operation *op = this->getOperation();
    return detail::alignedDim(op->getOperand(operandIndex), op->getResult(0),
                              resultDim);
  }
};

/// Matmul and fused matmul: batch dims and M are independent. Batch dims
/// broadcast; M is lhs dim rank-2, which rhs does not depend on; N (asked
/// when a small matmul splits along N instead) is rhs's last dim, which lhs
/// does not depend on; a fused bias broadcasts to the result.
template <typename ConcreteType>
class MatmulParallelDims
    : public OpTrait::TraitBase<ConcreteType, MatmulParallelDims> {
public:
  int64_t getIndependentLeadingDims() {
    return detail::rankOf(this->getOperation()->getResult(0)) - 1;
  }
  std::optional<int64_t> getOperandDimAlong(unsigned operandIndex,
                                            int64_t resultDim) {
    return detail::matmulDimAlong(this->getOperation(), operandIndex,
                                  resultDim);
  }
};

/// Row ops (norms, swiglu): every result dim but the last is independent;
/// the first `RowOperands` operands (input, residual) run along them, the
/// others (weights, gamma, beta, bias) are read whole.
template <unsigned RowOperands> struct RowParallelDims {
  template <typename ConcreteType>
  class Impl : public OpTrait::TraitBase<ConcreteType, Impl> {
  public:
    int64_t getIndependentLeadingDims() {
      return detail::rankOf(this->getOperation()->getResult(0)) - 1;
    }
    std::optional<int64_t> getOperandDimAlong(unsigned operandIndex,
                                              int64_t resultDim) {
      if (operandIndex < RowOperands)
        return resultDim;
      return std::nullopt;
    }
  };
};

/// Ops along one `axis` of their `input` (softmax, cumsum, top-k): the dims
/// before the axis keep their place in the input.
template <typename ConcreteType>
class AxisParallelDims
    : public OpTrait::TraitBase<ConcreteType, AxisParallelDims> {
public:
  int64_t getIndependentLeadingDims() {
    auto op = cast<ConcreteType>(this->getOperation());
    return detail::axisOf(op.getAxis(), op.getInput());
  }
  std::optional<int64_t> getOperandDimAlong(unsigned, int64_t resultDim) {
    return resultDim;
  }
};

} // namespace mlir::rlx::mir

#endif // RLX_DIALECTS_MIR_MIRINTERFACES_H
