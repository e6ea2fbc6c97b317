//===- OpRules.h - Verification rules shared by HIR and MIR -----*- C++ -*-===//
//
// HIR and MIR have ops with the same operand rules (matmul, norms,
// elementwise broadcasting); each rule is written here once and emits its
// diagnostic on the op being verified.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DIALECTS_COMMON_OPRULES_H
#define RLX_DIALECTS_COMMON_OPRULES_H

#include "dialects/Common/Enums.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

namespace mlir::rlx {

/// Elementwise result: all operands are tensors whose shapes broadcast to the
/// result shape, or all operands and the result are scalars. `label` names
/// the constraint in the message.
LogicalResult verifyElementwiseShapes(Operation *op, TypeRange operands,
                                      Type result);

/// Same element type (of tensor or scalar) for every type given.
LogicalResult verifySameElementType(Operation *op, TypeRange types,
                                    StringRef what);

/// Batched matmul operand and result shapes.
LogicalResult verifyMatmulShapes(Operation *op, Type lhs, Type rhs,
                                 Type result);

/// A per-feature parameter of a norm (gamma, beta, bias): rank 1, the size of
/// the input's last dim, the input's element type.
LogicalResult verifyFeatureParam(Operation *op, StringRef name, Value param,
                                 Type input);

/// `axis` lies in [-rank, rank).
LogicalResult verifyAxis(Operation *op, int64_t axis, int64_t rank);

/// A strictly positive epsilon.
LogicalResult verifyEpsilon(Operation *op, float eps);

/// `input x weight` for a weight of rank 2 [K, N]: input's last dim is K and
/// the result is the input shape with the last dim N.
LogicalResult verifyProjection(Operation *op, StringRef weightName, Type input,
                               Type weight, Type result);

/// hir.activation / mir.unary C2: integer operands only for neg, abs, relu.
LogicalResult verifyUnaryOperand(Operation *op, UnaryKind kind, Type type);

/// hir.binary / mir.binary C1-C3: same element types, broadcast result
/// shape, `pow` only on floats.
LogicalResult verifyBinaryOperands(Operation *op, BinaryKind kind, Type lhs,
                                   Type rhs, Type result);

/// Params with the same name in one block have the same type.
LogicalResult verifyParamName(Operation *op, StringRef name);

} // namespace mlir::rlx

#endif // RLX_DIALECTS_COMMON_OPRULES_H
