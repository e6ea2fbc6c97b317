//===- MIRInterfaces.cpp - Op interfaces of MIR ---------------------------===//
#include "dialects/MIR/MIRInterfaces.h"
#include "dialects/Common/ShapeRules.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

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

int64_t mir::detail::productFlops(ValueRange results, int64_t depth,
                                  int64_t products) {
  constexpr int64_t saturated = std::numeric_limits<int64_t>::max();
  if (depth == ShapedType::kDynamic)
    return 0;
  int64_t total = 0;
  for (Value result : results) {
    auto type = cast<ShapedType>(result.getType());
    if (!type.hasStaticShape())
      return 0;
    std::optional<int64_t> flops = checkedElementCount(type.getShape());
    for (int64_t factor : {depth, products, int64_t{2}})
      if (flops)
        flops = llvm::checkedMul(*flops, factor);
    if (flops)
      flops = llvm::checkedAdd(total, *flops);
    if (!flops)
      return saturated;
    total = *flops;
  }
  return total;
}

int64_t mir::contractionFlops(Operation *op) {
  if (auto contraction = dyn_cast<ContractionOpInterface>(op))
    return contraction.getFlops();
  return 0;
}
