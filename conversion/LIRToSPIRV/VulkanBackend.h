//===- VulkanBackend.h - The Vulkan backend's face to the compiler -*- C++
//-*-===//
//
// The Vulkan backend is this folder (LIR -> gpu -> spirv dialect -> SPIR-V
// words) plus runtime/vulkan. Its policy is the kernel configuration of
// `#rlx.vulkan` targets: every claimed MIR op as a GPU kernel
// (conversion/MIRToLIR/GpuKernels.h), sized by the target's limits.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIRTOSPIRV_VULKANBACKEND_H
#define RLX_CONVERSION_LIRTOSPIRV_VULKANBACKEND_H

#include "conversion/MIRToLIR/GpuKernels.h"
#include "dialects/Target/TargetDialect.h"

#include <string>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::rlx {

/// Attaches the Vulkan backend's interfaces to `#rlx.vulkan` targets.
void registerVulkanBackend(DialectRegistry &registry);

/// The limits GPU kernels are sized by, from `target`'s SPIR-V environment
/// (workgroup invocations, shared memory, subgroup size and whether
/// subgroup arithmetic is allowed).
GpuLimits gpuLimitsOf(VulkanTargetAttr target);

/// What storing elements of `type` in a storage buffer needs of `target`
/// beyond Shader ("f64 (the Float64 capability)"); empty when it has it.
/// SPIR-V's type conversion would otherwise widen f16 to f32 and i64 to
/// i32 behind the buffers' backs (a different layout, silently wrong
/// results); i8 and i1 are emulated with 32-bit words of the same bytes.
/// rlx-outline-gpu-kernels refuses such a kernel; the Vulkan backend's op
/// claims (api/backends) report it before compiling.
std::string missingStorageSupport(Type type, VulkanTargetAttr target);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIRTOSPIRV_VULKANBACKEND_H
