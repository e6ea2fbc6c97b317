//===- ConstantTables.cpp - Constant tables the compiler materializes -----===//
#include "dialects/Common/ConstantTables.h"

#include <array>
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

/// Whether query i sees key j in a [seqQ, seqK] causal or sliding-window
/// mask (the mask adds 0 there, -inf elsewhere).
static bool maskKeeps(int64_t i, int64_t j, int64_t seqQ, int64_t seqK,
                      std::optional<int64_t> window) {
  int64_t last = i + (seqK - seqQ);
  return j <= last && (!window || j > last - *window);
}

/// Whether the [seqQ, seqK] table of `Word`s at `raw` (one element when
/// `splat`) holds `keep` where maskKeeps and `drop` elsewhere.
template <typename Word>
static bool maskMatches(const char *raw, bool splat, uint64_t keep,
                        uint64_t drop, int64_t seqQ, int64_t seqK,
                        std::optional<int64_t> window) {
  for (int64_t i = 0; i < seqQ; ++i)
    for (int64_t j = 0; j < seqK; ++j) {
      Word word;
      std::memcpy(&word, raw + (splat ? 0 : (i * seqK + j) * sizeof(Word)),
                  sizeof(Word));
      if (word != (maskKeeps(i, j, seqQ, seqK, window) ? keep : drop))
        return false;
    }
  return true;
}

/// The mask's palette in `type`: 0 and -inf.
static std::array<APFloat, 2> causalMaskPalette(FloatType type) {
  const llvm::fltSemantics &sem = type.getFloatSemantics();
  return {APFloat::getZero(sem), APFloat::getInf(sem, /*Negative=*/true)};
}

DenseElementsAttr mlir::rlx::causalMaskConstant(int64_t seqQ, int64_t seqK,
                                                std::optional<int64_t> window,
                                                FloatType type) {
  return paletteConstant(
      RankedTensorType::get({seqQ, seqK}, type), causalMaskPalette(type),
      [&](int64_t n) {
        return maskKeeps(n / seqK, n % seqK, seqQ, seqK, window) ? 0u : 1u;
      });
}

bool mlir::rlx::isCausalMaskConstant(Attribute value, int64_t seqQ,
                                     int64_t seqK,
                                     std::optional<int64_t> window,
                                     FloatType type) {
  auto attr = dyn_cast<DenseFPElementsAttr>(value);
  if (!attr || attr.getType() != RankedTensorType::get({seqQ, seqK}, type))
    return false;
  std::array<APFloat, 2> palette = causalMaskPalette(type);
  uint64_t keep = palette[0].bitcastToAPInt().getZExtValue(),
           drop = palette[1].bitcastToAPInt().getZExtValue();
  const char *raw = attr.getRawData().data();
  switch (type.getWidth()) {
  case 16:
    return maskMatches<uint16_t>(raw, attr.isSplat(), keep, drop, seqQ, seqK,
                                 window);
  case 32:
    return maskMatches<uint32_t>(raw, attr.isSplat(), keep, drop, seqQ, seqK,
                                 window);
  default:
    return maskMatches<uint64_t>(raw, attr.isSplat(), keep, drop, seqQ, seqK,
                                 window);
  }
}
