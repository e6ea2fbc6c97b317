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

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIRTOSPIRV_VULKANBACKEND_H
