//===- InferRules.cpp - Result-type inference shared by HIR and MIR -------===//
#include "dialects/Common/InferRules.h"
#include "dialects/Common/ShapeRules.h"

#include "mlir/Interfaces/InferTypeOpInterface.h"

namespace mlir::rlx {

bool isCompatibleResultType(Type inferred, Type declared) {
  auto a = dyn_cast<RankedTensorType>(inferred);
  auto b = dyn_cast<RankedTensorType>(declared);
  if (!a || !b)
    return !a && !b && inferred == declared;
  return a.getElementType() == b.getElementType() &&
         a.getEncoding() == b.getEncoding() &&
         shapesCompatible(a.getShape(), b.getShape());
}

bool isCompatibleResultTypes(TypeRange inferred, TypeRange declared) {
  return inferred.size() == declared.size() &&
         llvm::all_of(llvm::zip(inferred, declared), [](auto pair) {
           return isCompatibleResultType(std::get<0>(pair), std::get<1>(pair));
         });
}

LogicalResult Inference::checkOperandCount(ValueRange operands, unsigned min,
                                           unsigned max) const {
  size_t n = operands.size();
  if (n >= min && n <= max)
    return success();
  if (min == max)
    return fail("expected ", min, " operands, but found ", n);
  if (max == kAnyNumber)
    return fail("expected at least ", min, " operands, but found ", n);
  return fail("expected ", min, " to ", max, " operands, but found ", n);
}

FailureOr<RankedTensorType> Inference::tensor(Value value,
                                              StringRef what) const {
  if (auto tensor = dyn_cast<RankedTensorType>(value.getType()))
    return tensor;
  return fail(what, " must be a ranked tensor, got ", value.getType());
}

LogicalResult
Inference::requireAttrs(ArrayRef<std::pair<StringRef, Attribute>> attrs) const {
  for (auto [name, value] : attrs)
    if (!value)
      return fail("requires attribute '", name, "'");
  return success();
}

Type elementTypeOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return type;
}

FailureOr<Type> inferSameElementType(const Inference &in, TypeRange types,
                                     StringRef what) {
  if (types.empty())
    return in.fail(what, " are missing");
  Type first = elementTypeOf(types.front());
  for (Type t : types.drop_front())
    if (elementTypeOf(t) != first)
      return in.fail(what, " must have the same element type, got ", first,
                     " and ", elementTypeOf(t));
  return first;
}

LogicalResult inferElementwiseType(const Inference &in, TypeRange operands,
                                   Type element, SmallVectorImpl<Type> &types) {
  size_t tensors =
      llvm::count_if(operands, [](Type t) { return isa<RankedTensorType>(t); });
  if (tensors == 0) {
    types.push_back(element);
    return success();
  }
  if (tensors != operands.size())
    return in.fail("mixes tensors and scalars; all operands must be tensors, "
                   "or all scalars");
  SmallVector<int64_t> shape;
  std::string why;
  for (Type t : operands) {
    auto next =
        broadcastShapes(shape, cast<RankedTensorType>(t).getShape(), why);
    if (!next)
      return in.fail("operand shapes do not broadcast: ", why);
    shape = std::move(*next);
  }
  types.push_back(RankedTensorType::get(shape, element));
  return success();
}

LogicalResult inferBinaryTypes(const Inference &in, ValueRange operands,
                               SmallVectorImpl<Type> &types) {
  FailureOr<Type> element =
      inferSameElementType(in, operands.getTypes(), "operands");
  if (failed(element))
    return failure();
  return inferElementwiseType(in, operands.getTypes(), *element, types);
}

LogicalResult inferMatmulTypes(const Inference &in, ValueRange operands,
                               SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> a = in.tensor(operands[0], "lhs");
  FailureOr<RankedTensorType> b = in.tensor(operands[1], "rhs");
  if (failed(a) || failed(b))
    return failure();
  // C1
  if (failed(inferSameElementType(in, {*a, *b}, "operands")))
    return failure();
  // C2-C4
  std::string why;
  auto shape = matmulShape(a->getShape(), b->getShape(), why);
  if (!shape)
    return in.fail(why);
  types.push_back(RankedTensorType::get(*shape, a->getElementType()));
  return success();
}

LogicalResult inferProjectionType(const Inference &in, StringRef weightName,
                                  Value input, Value weight,
                                  SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> x = in.tensor(input, "input");
  FailureOr<RankedTensorType> w = in.tensor(weight, weightName);
  if (failed(x) || failed(w))
    return failure();
  if (w->getRank() != 2)
    return in.fail(weightName, " must have rank 2 [K, N], got ",
                   formatShape(w->getShape()));
  if (x->getRank() < 1 ||
      !dimsCompatible(x->getShape().back(), w->getDimSize(0)))
    return in.fail("input's last dim must equal ", weightName,
                   "'s K = ", formatShape({w->getDimSize(0)}),
                   ", input shape is ", formatShape(x->getShape()));
  if (w->getElementType() != x->getElementType())
    return in.fail(weightName, " must have the input's element type ",
                   x->getElementType(), ", got ", w->getElementType());
  SmallVector<int64_t> shape(x->getShape());
  shape.back() = w->getDimSize(1);
  types.push_back(RankedTensorType::get(shape, x->getElementType()));
  return success();
}

LogicalResult inferSwigluTypes(const Inference &in, ValueRange operands,
                               SmallVectorImpl<Type> &types) {
  return inferProjectionType(in, "w_gate", operands[0], operands[1], types);
}

LogicalResult inferFirstOperandType(const Inference &, ValueRange operands,
                                    SmallVectorImpl<Type> &types) {
  types.push_back(operands.front().getType());
  return success();
}

LogicalResult inferResidualNormTypes(const Inference &in, Value input,
                                     Value residual,
                                     SmallVectorImpl<Type> &types) {
  Type x = input.getType();
  if (residual.getType() != x)
    return in.fail("input and residual must have the same type, got ", x,
                   " and ", residual.getType());
  types.append({x, x});
  return success();
}

LogicalResult inferResultTypesOf(Operation *op, SmallVectorImpl<Type> &types) {
  auto infer = dyn_cast<InferTypeOpInterface>(op);
  if (!infer)
    return failure();
  return infer.inferReturnTypes(op->getContext(), op->getLoc(),
                                op->getOperands(), op->getRawDictionaryAttrs(),
                                op->getPropertiesStorage(), op->getRegions(),
                                types);
}

} // namespace mlir::rlx
