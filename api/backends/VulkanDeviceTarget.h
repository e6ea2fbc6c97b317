//===- VulkanDeviceTarget.h - A Vulkan device as a target -------*- C++ -*-===//
//
// The compiler's view of the device the runtime found (runtime/VulkanDevice.h):
// a `#rlx.vulkan` target whose SPIR-V environment is exactly what the device
// offers. In the API layer, the one that asks the runtime for its device:
// the dialects know no runtime type.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_BACKENDS_VULKANDEVICETARGET_H
#define RLX_API_BACKENDS_VULKANDEVICETARGET_H

#include "dialects/Target/TargetDialect.h"
#include "runtime/VulkanDevice.h"

namespace mlir::rlx {

/// The target of one Vulkan device, as the runtime read it from the driver:
/// its newest SPIR-V version, a capability for each VulkanFeature bit it has
/// (with the extensions SPIR-V before 1.5 needs for them), its workgroup,
/// shared-memory and subgroup limits, its vendor, type and id. Kernels
/// compiled for it use what it has and no more (docs/VulkanBackend.md,
/// "Target environment").
VulkanTargetAttr
vulkanTargetFor(MLIRContext *ctx,
                const ::rlx::runtime::VulkanDeviceInfo &device);

} // namespace mlir::rlx

#endif // RLX_API_BACKENDS_VULKANDEVICETARGET_H
