//===- Runtime.cpp - The runtime's public interface -----------------------===//
#include "runtime/Runtime.h"

#include "runtime/cpu/CpuExecutable.h"

#ifdef RLX_HAVE_VULKAN
#include "runtime/vulkan/VulkanContext.h"
#include "runtime/vulkan/VulkanExecutable.h"
#endif

#include <cstring>

namespace rlx::runtime {

namespace {

#ifndef RLX_HAVE_VULKAN
Status noVulkan() {
  return Status(StatusCode::unavailable,
                "this runtime was built without Vulkan (CMake option "
                "RLX_ENABLE_VULKAN, which needs the Vulkan headers and "
                "loader)");
}
#endif

Expected<std::unique_ptr<Executable>> loadVulkan(const Artifact &artifact) {
#ifdef RLX_HAVE_VULKAN
  Expected<std::shared_ptr<VulkanContext>> context = VulkanContext::shared();
  if (!context)
    return Status(context.status().code(),
                  "artifact '" + artifact.manifest.name +
                      "' needs a Vulkan device: " + context.status().message());
  Expected<std::unique_ptr<VulkanExecutable>> vulkan =
      VulkanExecutable::load(artifact, *context);
  if (!vulkan)
    return vulkan.status();
  return std::unique_ptr<Executable>(std::move(*vulkan));
#else
  return Status(StatusCode::unavailable, "artifact '" + artifact.manifest.name +
                                             "' holds Vulkan code, and " +
                                             noVulkan().message());
#endif
}

} // namespace

Executable::~Executable() = default;

Status Executable::readSlot(const Slot &slot, void *out) {
  const uint8_t *data = slotData(slot);
  if (!slot.size)
    return Status::ok();
  if (data)
    std::memcpy(out, data, slot.size);
  else // a CPU state not yet given memory is zeros
    std::memset(out, 0, slot.size);
  return Status::ok();
}

Expected<std::unique_ptr<Executable>> load(const Artifact &artifact,
                                           const LoadOptions &options) {
  if (artifact.device == "cpu") {
    Expected<std::unique_ptr<CpuExecutable>> cpu =
        CpuExecutable::load(artifact, options.pool);
    if (!cpu)
      return cpu.status();
    return std::unique_ptr<Executable>(std::move(*cpu));
  }
  if (artifact.device == "vulkan")
    return loadVulkan(artifact);
  return Status(StatusCode::incompatible,
                "artifact '" + artifact.manifest.name +
                    "' holds code for device '" + artifact.device +
                    "', which this runtime cannot load (it loads: cpu, "
                    "vulkan)");
}

bool vulkanAvailable(std::string *why) {
  Expected<VulkanDeviceInfo> device = vulkanDevice();
  if (why)
    *why = device ? "" : device.status().message();
  return device.isOk();
}

Expected<VulkanDeviceInfo> vulkanDevice() {
#ifdef RLX_HAVE_VULKAN
  Expected<std::shared_ptr<VulkanContext>> context = VulkanContext::shared();
  if (!context)
    return context.status();
  return (*context)->info();
#else
  return noVulkan();
#endif
}

std::vector<std::string> vulkanMessages() {
#ifdef RLX_HAVE_VULKAN
  if (std::shared_ptr<VulkanContext> context = VulkanContext::existing())
    return context->messageLog()->messages();
#endif
  return {};
}

bool vulkanValidationEnabled() {
#ifdef RLX_HAVE_VULKAN
  if (std::shared_ptr<VulkanContext> context = VulkanContext::existing())
    return context->validationEnabled();
#endif
  return false;
}

} // namespace rlx::runtime
