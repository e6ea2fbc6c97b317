//===- OpRules.cpp - Verification rules shared by HIR and MIR -------------===//
#include "dialects/Common/OpRules.h"
#include "dialects/Common/InferRules.h"
#include "dialects/Common/ShapeRules.h"
#include "rlx/Manifest.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::rlx {

/// A per-feature parameter of a norm (gamma, beta, bias): rank 1, the size
/// of the input's last dim, the input's element type.
static LogicalResult verifyFeatureParam(Operation *op, StringRef name,
                                        Value param, RankedTensorType x) {
  if (!param)
    return success();
  auto p = cast<RankedTensorType>(param.getType());
  int64_t features = x.getShape().back();
  if (p.getRank() != 1 || !dimsCompatible(p.getDimSize(0), features))
    return op->emitOpError()
           << name << " must have shape " << formatShape({features})
           << " (the last input dim), got " << formatShape(p.getShape());
  if (p.getElementType() != x.getElementType())
    return op->emitOpError()
           << name << " must have the input's element type "
           << x.getElementType() << ", got " << p.getElementType();
  return success();
}

LogicalResult verifyNormParams(Operation *op, NormKind kind, Type input,
                               Value bias, Value gamma, Value beta, float eps) {
  auto x = cast<RankedTensorType>(input);
  if (x.getRank() < 1)
    return op->emitOpError("input must have rank >= 1");
  if (failed(verifyFeatureParam(op, "bias", bias, x)) ||
      failed(verifyFeatureParam(op, "gamma", gamma, x)) ||
      failed(verifyFeatureParam(op, "beta", beta, x)))
    return failure();
  if (beta && kind != NormKind::layer)
    return op->emitOpError("beta is only allowed with 'layer' norm");
  if (!(eps > 0.0f))
    return op->emitOpError() << "eps must be positive, got " << eps;
  return success();
}

LogicalResult verifyAxis(Operation *op, int64_t axis, int64_t rank) {
  if (!normalizeAxis(axis, rank))
    return op->emitOpError()
           << "axis " << axis << " is out of range for rank " << rank;
  return success();
}

LogicalResult verifySwigluWeights(Operation *op, Type wGate, Type wUp) {
  if (wGate != wUp)
    return op->emitOpError("w_gate and w_up must have the same type, got ")
           << wGate << " and " << wUp;
  return success();
}

static bool isFloatLike(Type t) { return isa<FloatType>(elementTypeOf(t)); }

LogicalResult verifyUnaryOperand(Operation *op, UnaryKind kind, Type type) {
  if (!isFloatLike(type) && kind != UnaryKind::neg && kind != UnaryKind::abs &&
      kind != UnaryKind::relu)
    return op->emitOpError() << "'" << stringifyUnaryKind(kind)
                             << "' needs a float operand, got " << type;
  return success();
}

LogicalResult verifyBinaryOperand(Operation *op, BinaryKind kind, Type type) {
  if (kind == BinaryKind::pow && !isFloatLike(type))
    return op->emitOpError("'pow' needs float operands, got ") << type;
  return success();
}

LogicalResult verifyParamName(Operation *op, StringRef name) {
  if (name.empty())
    return op->emitOpError("parameter name must not be empty");
  if (const char *problem = ::rlx::slotNameProblem(name.str()))
    return op->emitOpError("parameter name ") << problem;
  Block *block = op->getBlock();
  if (!block)
    return success();
  for (Operation &other : *block) {
    if (&other == op)
      break;
    if (other.getName() != op->getName())
      continue;
    auto otherName = other.getAttrOfType<StringAttr>("name");
    if (otherName && otherName.getValue() == name &&
        other.getResultTypes() != op->getResultTypes())
      return op->emitOpError()
             << "parameter '" << name << "' was declared as "
             << other.getResultTypes().front() << " earlier in the block";
    if (otherName && otherName.getValue() == name &&
        other.getAttr("given") != op->getAttr("given"))
      return op->emitOpError()
             << "parameter '" << name
             << "' was declared with another `given` type earlier in the "
                "block";
    if (otherName && otherName.getValue() == name &&
        other.getAttr("permuted") != op->getAttr("permuted"))
      return op->emitOpError()
             << "parameter '" << name
             << "' was declared with another `permuted` order earlier in the "
                "block";
  }
  return success();
}

} // namespace mlir::rlx
