//===- OpRules.h - Verification rules shared by HIR and MIR -----*- C++ -*-===//
//
// HIR and MIR have ops with the same operand rules (norm parameters, unary
// and binary kinds, params); each rule is written here once and emits its
// diagnostic on the op being verified. Rules that shape results are type
// inference rules (InferRules.h).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DIALECTS_COMMON_OPRULES_H
#define RLX_DIALECTS_COMMON_OPRULES_H

#include "dialects/Common/Enums.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

namespace mlir::rlx {

/// The per-feature parameters and epsilon of a norm: hir/mir layer_norm and
/// rms_norm C2, C3, hir/mir residual_norm C2-C4. `bias`, `gamma` and `beta`
/// (each may be null) have rank 1, the size of the input's last dim and the
/// input's element type; `beta` only with layer norm; `eps` is positive.
LogicalResult verifyNormParams(Operation *op, NormKind kind, Type input,
                               Value bias, Value gamma, Value beta, float eps);

/// `axis` lies in [-rank, rank).
LogicalResult verifyAxis(Operation *op, int64_t axis, int64_t rank);

/// hir/mir swiglu C1: the gate and up weights have one type.
LogicalResult verifySwigluWeights(Operation *op, Type wGate, Type wUp);

/// hir.activation / mir.unary C2: integer operands only for neg, abs, relu.
LogicalResult verifyUnaryOperand(Operation *op, UnaryKind kind, Type type);

/// hir.binary / mir.binary C3: `pow` only on floats (`type` is an operand's).
LogicalResult verifyBinaryOperand(Operation *op, BinaryKind kind, Type type);

/// Params with the same name in one block have the same type (and the same
/// `given` attribute, mir.param's).
LogicalResult verifyParamName(Operation *op, StringRef name);

} // namespace mlir::rlx

#endif // RLX_DIALECTS_COMMON_OPRULES_H
