//===- HalfFloat.h - f32 to f16 / bf16, as the compiled code rounds -*- C++
//-*-===//
//
// The conversion setParam applies to a param stored in f16 or bf16 and given
// in f32 (Slot::givenAs): the same rounding as the code's own f32 -> f16 /
// bf16 casts (round to nearest, ties to even; overflow to infinity; f16
// subnormals kept), so a param converted once when set holds the bits a
// cast on every run would have produced. A NaN becomes the canonical quiet
// NaN of the type (0x7fc0 bf16, 0x7e00 f16, the sign kept for f16).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_HALFFLOAT_H
#define RLX_RUNTIME_HALFFLOAT_H

#include "rlx/Manifest.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace rlx::runtime {

inline uint32_t floatBits(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  return bits;
}

/// bf16 bits of `x`: the top half of its f32 bits, rounded to nearest even
/// (MLIR's bf16 truncation, which the CPU code uses).
inline uint16_t roundToBf16Bits(float x) {
  uint32_t bits = floatBits(x);
  if (std::isnan(x))
    return 0x7fc0;
  bits += 0x7fff + ((bits >> 16) & 1);
  return static_cast<uint16_t>(bits >> 16);
}

/// IEEE binary16 bits of `x`, rounded to nearest even (the conversion of
/// F16C's vcvtps2ph and of LLVM's fptrunc).
inline uint16_t roundToF16Bits(float x) {
  uint32_t bits = floatBits(x);
  auto sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  uint32_t magnitude = bits & 0x7fffffff;
  if (magnitude > 0x7f800000) // NaN
    return sign | 0x7e00;
  // 65520 (0x477ff000) and up round to infinity; so does infinity.
  if (magnitude >= 0x477ff000)
    return sign | 0x7c00;
  if (magnitude < 0x38800000) {
    // Below f16's smallest normal (2^-14): a multiple of 2^-24, found by
    // scaling (exact) and rounding to nearest even.
    float scaled;
    std::memcpy(&scaled, &magnitude, 4);
    return sign | static_cast<uint16_t>(std::nearbyint(scaled * 16777216.0f));
  }
  // Rebias the exponent (127 -> 15) and round 23 mantissa bits to 10; a
  // carry into the exponent is the right result.
  magnitude += 0xc8000fff + ((magnitude >> 13) & 1);
  return sign | static_cast<uint16_t>(magnitude >> 13);
}

/// `count` f32 values as `to` (f16 or bf16) into `out`.
inline void convertFromF32(const float *in, DType to, void *out, size_t count) {
  auto *bits = static_cast<uint16_t *>(out);
  if (to == DType::bf16)
    for (size_t i = 0; i < count; ++i)
      bits[i] = roundToBf16Bits(in[i]);
  else
    for (size_t i = 0; i < count; ++i)
      bits[i] = roundToF16Bits(in[i]);
}

} // namespace rlx::runtime

#endif // RLX_RUNTIME_HALFFLOAT_H
