//===- MIRInterfaces.cpp - Op interfaces of MIR ---------------------------===//
#include "dialects/MIR/MIRInterfaces.h"
#include "dialects/Common/ShapeRules.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

#include "dialects/MIR/MIRInterfaces.cpp.inc"

int64_t mir::detail::rankOf(Value value) {
  return cast<ShapedType>(value.getType()).getRank();
}

int64_t mir::detail::axisOf(int64_t axis, Value value) {
  return normalizeAxis(axis, rankOf(value)).value_or(0);
}

std::optional<int64_t> mir::detail::alignedDim(Value operand, Value result,
                                               int64_t dim) {
  auto in = cast<ShapedType>(operand.getType());
  auto out = cast<ShapedType>(result.getType());
  int64_t j = dim - (out.getRank() - in.getRank());
  if (j < 0 || in.getDimSize(j) != out.getDimSize(dim))
    return std::nullopt;
  return j;
}

std::optional<int64_t>
mir::detail::matmulDimAlong(Operation *op, unsigned index, int64_t dim) {
  Value operand = op->getOperand(index);
  Value result = op->getResult(0);
  if (index == 2) // the fused bias
    return alignedDim(operand, result, dim);
  bool isLhs = index == 0;
  if (dim < rankOf(result) - 2)
    return alignedDim(operand, result, dim);
  if (dim == rankOf(result) - 2)
    return isLhs ? std::optional<int64_t>(rankOf(operand) - 2) : std::nullopt;
  return isLhs ? std::nullopt : std::optional<int64_t>(rankOf(operand) - 1);
}
