//===- ConstantTables.cpp - Constant tables the compiler materializes -----===//
#include "dialects/Common/ConstantTables.h"

#include <cstring>
#include <vector>

using namespace mlir;
using namespace mlir::rlx;

DenseElementsAttr
mlir::rlx::paletteConstant(RankedTensorType type,
                           ArrayRef<llvm::APFloat> palette,
                           llvm::function_ref<unsigned(int64_t)> pick) {
  unsigned bytes = type.getElementTypeBitWidth() / 8; // f16, bf16, f32, f64
  SmallVector<uint64_t> bits;
  for (const APFloat &value : palette)
    bits.push_back(value.bitcastToAPInt().getZExtValue());
  int64_t count = type.getNumElements();
  std::vector<char> raw(static_cast<size_t>(count) * bytes);
  for (int64_t i = 0; i < count; ++i) {
    uint64_t word = bits[pick(i)];
    char *dst = raw.data() + i * bytes;
    // Narrowing through a typed store keeps the host byte order MLIR expects.
    if (bytes == 2) {
      uint16_t v = static_cast<uint16_t>(word);
      std::memcpy(dst, &v, 2);
    } else if (bytes == 4) {
      uint32_t v = static_cast<uint32_t>(word);
      std::memcpy(dst, &v, 4);
    } else {
      std::memcpy(dst, &word, 8);
    }
  }
  return DenseElementsAttr::getFromRawBuffer(type, raw);
}

std::string mlir::rlx::causalMaskSizeProblem(StringRef kind, int64_t seqQ,
                                             int64_t seqK) {
  if (seqK == 0 || seqQ <= kMaxConstantElements / seqK)
    return "";
  return "a " + kind.str() + " mask of " + std::to_string(seqQ) + "x" +
         std::to_string(seqK) + " elements exceeds the limit of " +
         std::to_string(kMaxConstantElements) + " constant elements";
}

DenseElementsAttr mlir::rlx::causalMaskConstant(int64_t seqQ, int64_t seqK,
                                                std::optional<int64_t> window,
                                                FloatType type) {
  const llvm::fltSemantics &sem = type.getFloatSemantics();
  APFloat palette[] = {APFloat::getZero(sem),
                       APFloat::getInf(sem, /*Negative=*/true)};
  return paletteConstant(
      RankedTensorType::get({seqQ, seqK}, type), palette, [&](int64_t n) {
        int64_t i = n / seqK, j = n % seqK;
        int64_t last = i + (seqK - seqQ);
        bool visible = j <= last && (!window || j > last - *window);
        return visible ? 0u : 1u;
      });
}
