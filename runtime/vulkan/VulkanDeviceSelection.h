//===- VulkanDeviceSelection.h - Which Vulkan device the runtime uses -----===//
//
// The rule that picks one physical device, apart from the driver calls that
// describe the candidates, so it is unit-tested without several GPUs.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_VULKAN_VULKANDEVICESELECTION_H
#define RLX_RUNTIME_VULKAN_VULKANDEVICESELECTION_H

#include "runtime/VulkanDevice.h"

#include "rlx/Status.h"

#include <cstddef>
#include <string>
#include <vector>

namespace rlx::runtime {

/// One physical device as the selection sees it.
struct VulkanDeviceCandidate {
  std::string name;
  VulkanDeviceType type = VulkanDeviceType::other;
  /// Why rlx cannot run on it (e.g. "no compute queue"); empty if it can.
  std::string unusable;
};

/// Picks a device among `devices` (vkEnumeratePhysicalDevices' order).
/// With an empty `selector`: the first usable discrete GPU, else integrated
/// GPU, virtual GPU, CPU, other. Else `selector` (RLX_VULKAN_DEVICE) is an
/// index into `devices` when it is all digits, or a case-insensitive
/// substring of a device name (the first usable match). Errors: unavailable
/// (no device, none usable, or the selected one unusable, with the reason),
/// invalid_argument (a selector that matches nothing or an index out of
/// range); the messages list every device.
Expected<size_t>
selectVulkanDevice(const std::vector<VulkanDeviceCandidate> &devices,
                   const std::string &selector);

} // namespace rlx::runtime

#endif // RLX_RUNTIME_VULKAN_VULKANDEVICESELECTION_H
