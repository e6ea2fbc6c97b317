//===- Runtime.h - The runtime's public interface -------------------------===//
//
// How code outside runtime/ (the API, tools) loads and runs artifacts: it
// includes this header, Executable.h, Artifact.h and ThreadPool.h, never a
// device's implementation (runtime/cpu/...). MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_RUNTIME_H
#define RLX_RUNTIME_RUNTIME_H

#include "runtime/Artifact.h"
#include "runtime/Executable.h"
#include "runtime/ThreadPool.h"
#include "runtime/VulkanDevice.h"

#include <memory>
#include <string>
#include <vector>

namespace rlx::runtime {

struct LoadOptions {
  /// The threads that run a CPU executable's workgroups (borrowed: it must
  /// outlive the executable); null runs everything on the caller.
  ThreadPool *pool = nullptr;
};

/// Loads `artifact` for its device (Artifact::device: "cpu", or "vulkan" on
/// the process's Vulkan device, docs/VulkanBackend.md). The artifact may be
/// freed afterwards. Errors: incompatible (another device, kernel ABI,
/// triple, or a CPU feature, Vulkan feature or device limit the machine
/// lacks, named), invalid_argument (a manifest or code-section rule broken,
/// code that does not link or that the driver refuses, named),
/// resource_exhausted (the arena cannot be allocated), unimplemented (code
/// that needs a library this runtime was built without), unavailable (a
/// Vulkan artifact without a Vulkan driver or device, or a runtime built
/// without Vulkan, naming the cause), data_loss (the Vulkan device was
/// lost).
Expected<std::unique_ptr<Executable>> load(const Artifact &artifact,
                                           const LoadOptions &options = {});

/// True when this runtime was built with OpenBLAS, so it loads CPU code
/// compiled with CompileOptions::nativeMatmul.
bool hasNativeMatmul();

/// True when this runtime was built with Vulkan (CMake option
/// RLX_ENABLE_VULKAN) and the process's Vulkan context exists: an instance
/// and a device (RLX_VULKAN_DEVICE picks one). Otherwise `why`, if given,
/// says what is missing, e.g. "no Vulkan driver: vkCreateInstance returned
/// VK_ERROR_INCOMPATIBLE_DRIVER". Creates the context on first use.
bool vulkanAvailable(std::string *why = nullptr);

/// The Vulkan device load() runs Vulkan artifacts on, read from the driver;
/// the compiler's SPIR-V target environment comes from it. Errors as for
/// vulkanAvailable (unavailable, or invalid_argument for a bad
/// RLX_VULKAN_DEVICE / RLX_VULKAN_VALIDATION).
Expected<VulkanDeviceInfo> vulkanDevice();

/// What the Vulkan layers and driver have reported through the process's
/// Vulkan context so far: the validation layer's errors and warnings when
/// RLX_VULKAN_VALIDATION=1 (docs/VulkanBackend.md), and the driver's; one
/// "error: <id>: <text>" or "warning: ..." per message. Empty before a
/// context exists; never creates one.
std::vector<std::string> vulkanMessages();

/// Whether the process's Vulkan context runs with the validation layer
/// (false before one exists).
bool vulkanValidationEnabled();

} // namespace rlx::runtime

#endif // RLX_RUNTIME_RUNTIME_H
