//===- AccurateTanh.h - f32 tanh within a few ulp --------------*- C++ -*-===//
//
// One expansion of f32 tanh for every backend whose own is too loose:
// Vulkan (GLSL's Tanh is bounded only as its exp formula) and the CPU's
// vector code (upstream's polynomial is tens of ulp off; libm's tanhf is
// a call per lane). docs/CPUBackend.md and docs/VulkanBackend.md, "Math".
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_ACCURATETANH_H
#define RLX_CONVERSION_ACCURATETANH_H

#include "mlir/IR/Builders.h"

namespace mlir::rlx {

/// tanh(x) for an f32 scalar or vector `x`: on a = |x|, an odd degree-11
/// polynomial below 0.625 (Cephes' tanhf coefficients; the exp formula
/// loses all relative accuracy to cancellation there), else
/// 1 - 2 / (e^2a + 1); then the sign of x. About 2 ulp; +-0 keeps its
/// sign, +-inf gives +-1 (exp saturates), NaN propagates. The result uses
/// math.exp, which the caller's lowering must make accurate.
Value buildAccurateTanh(OpBuilder &b, Location loc, Value x);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_ACCURATETANH_H
