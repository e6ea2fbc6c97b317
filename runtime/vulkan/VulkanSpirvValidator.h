//===- VulkanSpirvValidator.h - SPIRV-Tools' validator at load time -------===//
//
// Invalid SPIR-V is undefined behaviour in Vulkan: a driver may refuse it,
// compile it into anything or crash (NVIDIA's 580 driver segfaults on an
// unknown opcode in vkCreateComputePipelines). The loader therefore runs
// every module through SPIRV-Tools' validator, for the Vulkan environment
// of the device, before a driver sees it (docs/VulkanBackend.md, "What load
// promises"). Device-free: built with or without the Vulkan runtime.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_VULKAN_VULKANSPIRVVALIDATOR_H
#define RLX_RUNTIME_VULKAN_VULKANSPIRVVALIDATOR_H

#include "runtime/Artifact.h"

#include "rlx/Status.h"

#include <cstdint>
#include <string>

namespace rlx::runtime {

/// "Vulkan 1.3": the SPIRV-Tools environment a device that takes SPIR-V up
/// to `maxSpirvVersion` (VulkanDeviceInfo::maxSpirvVersion) is validated
/// for: Vulkan 1.1 for SPIR-V 1.3, Vulkan 1.1 with SPIR-V 1.4 for 1.4,
/// Vulkan 1.2 for 1.5, Vulkan 1.3 for 1.6 and newer (the newest this
/// SPIRV-Tools knows).
std::string vulkanSpirvEnvironmentName(uint32_t maxSpirvVersion);

/// Validates every module of `code` with SPIRV-Tools for the environment
/// above. The invalid module of lowest index is invalid_argument:
/// "<label>: vulkan module 0 (kernels 'scale', 'add') is not valid SPIR-V
/// for Vulkan 1.3 (SPIRV-Tools): <the validator's message>". Modules are
/// validated on up to 8 threads; a module this process has validated for
/// the same environment before (its SHA-256) is not validated again.
/// Thread-safe.
Status validateVulkanSpirv(const VulkanCode &code, uint32_t maxSpirvVersion,
                           const std::string &label);

/// How many modules the validator has run on in this process (not those
/// the cache answered), for tests.
uint64_t vulkanSpirvValidations();

} // namespace rlx::runtime

#endif // RLX_RUNTIME_VULKAN_VULKANSPIRVVALIDATOR_H
