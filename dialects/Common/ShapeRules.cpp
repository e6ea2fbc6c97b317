//===- ShapeRules.cpp - The one home of rlx's shape rules -----------------===//
#include "dialects/Common/ShapeRules.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::rlx {

bool dimsCompatible(int64_t a, int64_t b) {
  return a == b || ShapedType::isDynamic(a) || ShapedType::isDynamic(b);
}

bool shapesCompatible(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip(a, b))
    if (!dimsCompatible(x, y))
      return false;
  return true;
}

std::optional<SmallVector<int64_t>>
broadcastShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b, std::string &why) {
  size_t rank = std::max(a.size(), b.size());
  SmallVector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    // Right-aligned: missing leading dims act as 1.
    int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t y = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (x == 1) {
      out[i] = y;
    } else if (y == 1) {
      out[i] = x;
    } else if (ShapedType::isDynamic(x)) {
      out[i] = y;
    } else if (ShapedType::isDynamic(y) || x == y) {
      out[i] = x;
    } else {
      why = "dims " + std::to_string(x) + " and " + std::to_string(y) +
            " at result dim " + std::to_string(i) +
            " are neither equal nor 1 (shapes " + formatShape(a) + " and " +
            formatShape(b) + ")";
      return std::nullopt;
    }
  }
  return out;
}

bool broadcastsTo(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  if (from.size() > to.size())
    return false;
  size_t lead = to.size() - from.size();
  for (size_t i = 0; i < from.size(); ++i)
    if (from[i] != 1 && !dimsCompatible(from[i], to[lead + i]))
      return false;
  return true;
}

std::optional<SmallVector<int64_t>>
matmulShape(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs, std::string &why) {
  if (lhs.size() < 2 || rhs.size() < 2) {
    why = "operands must have rank >= 2, got ranks " +
          std::to_string(lhs.size()) + " and " + std::to_string(rhs.size());
    return std::nullopt;
  }
  int64_t k1 = lhs[lhs.size() - 1], k2 = rhs[rhs.size() - 2];
  if (!dimsCompatible(k1, k2)) {
    why = "contraction dims differ: lhs has K = " + std::to_string(k1) +
          ", rhs has K = " + std::to_string(k2);
    return std::nullopt;
  }
  auto batch = broadcastShapes(lhs.drop_back(2), rhs.drop_back(2), why);
  if (!batch) {
    why = "batch dims do not broadcast: " + why;
    return std::nullopt;
  }
  batch->push_back(lhs[lhs.size() - 2]);
  batch->push_back(rhs[rhs.size() - 1]);
  return batch;
}

std::optional<int64_t> windowOutputDim(int64_t in, int64_t padBefore,
                                       int64_t padAfter, int64_t window,
                                       int64_t stride, int64_t dilation,
                                       bool &overflow) {
  if (ShapedType::isDynamic(in) || ShapedType::isDynamic(window))
    return ShapedType::kDynamic;
  std::optional<int64_t> span =
      llvm::checkedMulAdd(dilation, window - 1, int64_t(1));
  std::optional<int64_t> padded = llvm::checkedAdd(in, padBefore);
  if (padded)
    padded = llvm::checkedAdd(*padded, padAfter);
  if (!span || !padded) {
    overflow = true;
    return std::nullopt;
  }
  if (*padded < *span)
    return std::nullopt;
  std::optional<int64_t> out = llvm::checkedSub(*padded, *span);
  if (out)
    out = llvm::checkedAdd(*out / stride, int64_t(1));
  if (!out)
    overflow = true;
  return out;
}

std::optional<int64_t> checkedElementCount(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (ShapedType::isDynamic(d))
      continue;
    if (d < 0 || llvm::MulOverflow(n, d, n))
      return std::nullopt;
  }
  return n;
}

int64_t elementByteSize(Type elementType) {
  if (!elementType.isIntOrFloat())
    return 1;
  return std::max<int64_t>(1, (elementType.getIntOrFloatBitWidth() + 7) / 8);
}

std::optional<int64_t> checkedByteSize(ShapedType type) {
  std::optional<int64_t> count = checkedElementCount(type.getShape());
  int64_t bytes = 0;
  if (!count ||
      llvm::MulOverflow(*count, elementByteSize(type.getElementType()), bytes))
    return std::nullopt;
  return bytes;
}

LogicalResult verifyBoundedType(function_ref<InFlightDiagnostic()> emitError,
                                Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return success();
  if (shaped.getRank() > kMaxRank)
    return emitError() << "type " << type << " has rank " << shaped.getRank()
                       << ", more than the limit of " << kMaxRank;
  if (!checkedElementCount(shaped.getShape()))
    return emitError() << "type " << type
                       << " has an element count that overflows int64";
  if (!checkedByteSize(shaped))
    return emitError() << "type " << type
                       << " has a byte size that overflows int64";
  return success();
}

std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank)
    return std::nullopt;
  return axis < 0 ? axis + rank : axis;
}

std::string formatShape(ArrayRef<int64_t> shape) {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += "x";
    s += ShapedType::isDynamic(shape[i]) ? "?" : std::to_string(shape[i]);
  }
  return s.empty() ? "scalar" : s;
}

LogicalResult verifyDimsAnnotation(function_ref<InFlightDiagnostic()> emitError,
                                   Attribute dims, Type argType) {
  auto array = dyn_cast<ArrayAttr>(dims);
  auto tensor = dyn_cast_or_null<RankedTensorType>(argType);
  if (!array)
    return emitError() << "dims annotation must be an array, got " << dims;
  if (!tensor)
    return emitError() << "dims annotation needs a ranked tensor argument, got "
                       << argType;
  if (static_cast<int64_t>(array.size()) != tensor.getRank())
    return emitError() << "dims annotation has " << array.size()
                       << " entries but the argument has rank "
                       << tensor.getRank();
  for (auto [i, entry] : llvm::enumerate(array)) {
    int64_t dim = tensor.getDimSize(i);
    if (auto sym = dyn_cast<StringAttr>(entry)) {
      if (sym.getValue().empty())
        return emitError() << "dims annotation entry " << i
                           << " is an empty symbol name";
      if (!ShapedType::isDynamic(dim))
        return emitError() << "dims annotation names symbol '" << sym.getValue()
                           << "' for static dim " << i << " (size " << dim
                           << "); use '?' in the type";
      continue;
    }
    auto size = dyn_cast<IntegerAttr>(entry);
    if (!size)
      return emitError() << "dims annotation entry " << i
                         << " must be a symbol name or an integer size";
    // A size wider than int64 must not be truncated into a match, and a
    // dynamic dim (kDynamic is an int64 value) takes a symbol, not a size.
    std::optional<int64_t> value = size.getValue().trySExtValue();
    if (!value || ShapedType::isDynamic(dim) || *value != dim)
      return emitError() << "dims annotation entry " << i << " is "
                         << llvm::toString(size.getValue(), 10, /*Signed=*/true)
                         << " but the argument's dim is " << formatShape({dim});
  }
  return success();
}

} // namespace mlir::rlx
