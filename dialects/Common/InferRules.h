//===- InferRules.h - Result-type inference of HIR and MIR ops -*- C++ -*-===//
//
// rlx ops whose result types follow from their operands and attributes
// implement the upstream InferTypeOpInterface (the RLX_InferResultTypes
// trait). The rules HIR and MIR share (elementwise broadcasting, matmul,
// projections, norms) are written here once, on the shape rules of
// ShapeRules.h; every rule reports through an Inference, so a failure reads
// like a verifier's message.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DIALECTS_COMMON_INFERRULES_H
#define RLX_DIALECTS_COMMON_INFERRULES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include <optional>

namespace mlir::rlx {

/// True when a declared result type may stand for an inferred one: both
/// scalars of one type, or ranked tensors of the same element type and rank
/// whose dims are pairwise equal or either is `?` (a symbolic dim,
/// docs/Contracts.md).
bool isCompatibleResultType(Type inferred, Type declared);

/// isCompatibleResultType for each pair of two lists of the same length.
bool isCompatibleResultTypes(TypeRange inferred, TypeRange declared);

/// One op's result-type inference: where it reports, and the checks every
/// rule starts with. inferReturnTypes may see what no verifier has checked
/// (a generic-form op, an OperationState, properties never set): the
/// operand count is checked before any rule runs (RLX_InferResultTypes in
/// InferTypes.td), and each rule checks the operand types and attributes it
/// reads before reading them. Messages read "'<op>' op <message>", as a
/// verifier's do; without a location the inference fails silently, as the
/// interface's contract asks.
class Inference {
public:
  Inference(std::optional<Location> loc, StringRef opName)
      : loc(loc), opName(opName) {}

  /// Reports `args` (streamed into one diagnostic) and returns failure.
  template <typename... Args> LogicalResult fail(Args &&...args) const {
    return emitOptionalError(loc, "'", opName, "' op ",
                             std::forward<Args>(args)...);
  }

  /// `max` of checkOperandCount for ops with any number of operands.
  static constexpr unsigned kAnyNumber = ~0u;

  /// Fails unless there are between `min` and `max` operands.
  LogicalResult checkOperandCount(ValueRange operands, unsigned min,
                                  unsigned max) const;

  /// `value`'s type as a ranked tensor, or a failure naming `what`.
  FailureOr<RankedTensorType> tensor(Value value, StringRef what) const;

  /// Fails naming the first of `attrs` (name, value) that is not set.
  LogicalResult
  requireAttrs(ArrayRef<std::pair<StringRef, Attribute>> attrs) const;

private:
  std::optional<Location> loc;
  StringRef opName;
};

/// The element type of a shaped type, or the type itself (a scalar).
Type elementTypeOf(Type type);

/// The element type all of `types` share; otherwise a failure "<what> must
/// have the same element type, got 'a' and 'b'".
FailureOr<Type> inferSameElementType(const Inference &in, TypeRange types,
                                     StringRef what);

/// Appends an elementwise result: all of `operands` are ranked tensors whose
/// shapes broadcast (numpy, right-aligned), giving a tensor of the broadcast
/// shape, or all are scalars, giving a scalar; of element type `element`.
LogicalResult inferElementwiseType(const Inference &in, TypeRange operands,
                                   Type element, SmallVectorImpl<Type> &types);

/// The rules below that take the whole operand range expect the count their
/// op declares (RLX_InferResultTypesWith checks it first).

/// hir.binary / mir.binary C1, C2: two operands of one element type whose
/// shapes broadcast; the result has that element type.
LogicalResult inferBinaryTypes(const Inference &in, ValueRange operands,
                               SmallVectorImpl<Type> &types);

/// hir.matmul / mir.matmul C1-C4 (and mir.fused_matmul's): two operands
/// `[..., M, K] x [..., K, N] -> [broadcast(...), M, N]` of one element type.
LogicalResult inferMatmulTypes(const Inference &in, ValueRange operands,
                               SmallVectorImpl<Type> &types);

/// Appends `input x weight` for a weight of rank 2 `[K, N]` of the input's
/// element type: the input's last dim is K, the result the input shape with
/// the last dim N (linear, swiglu, shared_matmul).
LogicalResult inferProjectionType(const Inference &in, StringRef weightName,
                                  Value input, Value weight,
                                  SmallVectorImpl<Type> &types);

/// hir.swiglu / mir.swiglu C2, C3: `(input, w_gate, w_up)`, the result the
/// projection of the input by `w_gate` (C1, the weights' one type, is the
/// verifier's).
LogicalResult inferSwigluTypes(const Inference &in, ValueRange operands,
                               SmallVectorImpl<Type> &types);

/// The result has the type of the first operand (elementwise functions,
/// softmax, cumsum, norms, rope).
LogicalResult inferFirstOperandType(const Inference &in, ValueRange operands,
                                    SmallVectorImpl<Type> &types);

/// hir.residual_norm / mir.residual_norm C1: input and residual have one
/// type, which both results (normed, sum) have.
LogicalResult inferResidualNormTypes(const Inference &in, Value input,
                                     Value residual,
                                     SmallVectorImpl<Type> &types);

/// Asks `op`'s InferTypeOpInterface for the result types of its current
/// operands, attributes and properties, reporting at the op's location.
/// Fails silently when `op` does not implement the interface.
LogicalResult inferResultTypesOf(Operation *op, SmallVectorImpl<Type> &types);

} // namespace mlir::rlx

#endif // RLX_DIALECTS_COMMON_INFERRULES_H
