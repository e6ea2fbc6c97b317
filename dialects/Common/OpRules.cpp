//===- OpRules.cpp - Verification rules shared by HIR and MIR -------------===//
#include "dialects/Common/OpRules.h"
#include "dialects/Common/ShapeRules.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::rlx {

static Type elementTypeOf(Type t) {
  if (auto shaped = dyn_cast<ShapedType>(t))
    return shaped.getElementType();
  return t;
}

LogicalResult verifyElementwiseShapes(Operation *op, TypeRange operands,
                                      Type result) {
  auto resultTensor = dyn_cast<RankedTensorType>(result);
  bool anyTensor = resultTensor != nullptr;
  bool allTensor = anyTensor;
  for (Type t : operands) {
    bool isTensor = isa<RankedTensorType>(t);
    anyTensor |= isTensor;
    allTensor &= isTensor;
  }
  if (!anyTensor)
    return success();
  if (!allTensor)
    return op->emitOpError(
        "mixes tensors and scalars; all operands and the result must be "
        "tensors, or all scalars");
  SmallVector<int64_t> shape;
  std::string why;
  for (Type t : operands) {
    auto next =
        broadcastShapes(shape, cast<RankedTensorType>(t).getShape(), why);
    if (!next)
      return op->emitOpError("operand shapes do not broadcast: ") << why;
    shape = *next;
  }
  if (!shapesCompatible(shape, resultTensor.getShape()))
    return op->emitOpError("result shape ")
           << formatShape(resultTensor.getShape())
           << " is not the broadcast of the operand shapes ("
           << formatShape(shape) << ")";
  return success();
}

LogicalResult verifySameElementType(Operation *op, TypeRange types,
                                    StringRef what) {
  if (types.empty())
    return success();
  Type first = elementTypeOf(types.front());
  for (Type t : types.drop_front())
    if (elementTypeOf(t) != first)
      return op->emitOpError()
             << what << " must have the same element type, "
             << "got " << first << " and " << elementTypeOf(t);
  return success();
}

LogicalResult verifyMatmulShapes(Operation *op, Type lhs, Type rhs,
                                 Type result) {
  std::string why;
  auto shape = matmulShape(cast<RankedTensorType>(lhs).getShape(),
                           cast<RankedTensorType>(rhs).getShape(), why);
  if (!shape)
    return op->emitOpError() << why;
  auto out = cast<RankedTensorType>(result).getShape();
  if (!shapesCompatible(*shape, out))
    return op->emitOpError("result shape ")
           << formatShape(out) << " does not match the matmul shape "
           << formatShape(*shape);
  return success();
}

LogicalResult verifyFeatureParam(Operation *op, StringRef name, Value param,
                                 Type input) {
  if (!param)
    return success();
  auto p = cast<RankedTensorType>(param.getType());
  auto x = cast<RankedTensorType>(input);
  if (x.getRank() < 1)
    return op->emitOpError("input must have rank >= 1");
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

LogicalResult verifyAxis(Operation *op, int64_t axis, int64_t rank) {
  if (!normalizeAxis(axis, rank))
    return op->emitOpError()
           << "axis " << axis << " is out of range for rank " << rank;
  return success();
}

LogicalResult verifyEpsilon(Operation *op, float eps) {
  if (!(eps > 0.0f))
    return op->emitOpError() << "eps must be positive, got " << eps;
  return success();
}

LogicalResult verifyProjection(Operation *op, StringRef weightName, Type input,
                               Type weight, Type result) {
  auto x = cast<RankedTensorType>(input);
  auto w = cast<RankedTensorType>(weight);
  auto y = cast<RankedTensorType>(result);
  if (w.getRank() != 2)
    return op->emitOpError() << weightName << " must have rank 2 [K, N], got "
                             << formatShape(w.getShape());
  if (x.getRank() < 1 || !dimsCompatible(x.getShape().back(), w.getDimSize(0)))
    return op->emitOpError()
           << "input's last dim must equal " << weightName
           << "'s K = " << formatShape({w.getDimSize(0)}) << ", input shape is "
           << formatShape(x.getShape());
  SmallVector<int64_t> expected(x.getShape());
  expected.back() = w.getDimSize(1);
  if (!shapesCompatible(expected, y.getShape()))
    return op->emitOpError("result shape ")
           << formatShape(y.getShape()) << " must be " << formatShape(expected);
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

LogicalResult verifyBinaryOperands(Operation *op, BinaryKind kind, Type lhs,
                                   Type rhs, Type result) {
  if (failed(verifySameElementType(op, {lhs, rhs, result},
                                   "operands and result")) ||
      failed(verifyElementwiseShapes(op, {lhs, rhs}, result)))
    return failure();
  if (kind == BinaryKind::pow && !isFloatLike(result))
    return op->emitOpError("'pow' needs float operands, got ") << result;
  return success();
}

LogicalResult verifyParamName(Operation *op, StringRef name) {
  if (name.empty())
    return op->emitOpError("parameter name must not be empty");
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
  }
  return success();
}

} // namespace mlir::rlx
