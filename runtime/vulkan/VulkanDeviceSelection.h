//===- VulkanDeviceSelection.h - Which Vulkan device the runtime uses -----===//
//
// The rules that pick one physical device and what the context enables on
// it, apart from the driver calls that describe the candidates, so they are
// unit-tested without several GPUs.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_VULKAN_VULKANDEVICESELECTION_H
#define RLX_RUNTIME_VULKAN_VULKANDEVICESELECTION_H

#include "runtime/VulkanDevice.h"

#include "rlx/Status.h"

#include <cstddef>
#include <cstdint>
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

/// VK_MAKE_API_VERSION(0, major, minor, patch), without the Vulkan headers.
constexpr uint32_t vulkanVersion(uint32_t major, uint32_t minor,
                                 uint32_t patch) {
  return (major << 22) | (minor << 12) | patch;
}

/// The Vulkan headers that introduced VK_KHR_cooperative_matrix.
constexpr uint32_t kCooperativeMatrixHeaderVersion = vulkanVersion(1, 3, 255);

/// Why the context leaves VK_KHR_cooperative_matrix off on a device that
/// offers it, or "" when it enables it: with `validation` on, a validation
/// layer written against older headers (its `layerSpecVersion`, e.g.
/// Debian 12's 1.3.239) does not know the extension. It reports the
/// feature struct in vkCreateDevice's chain as an error
/// (VUID-VkDeviceCreateInfo-pNext-pNext) and warns that its results may be
/// wrong, so a validated run would fail on the layer's ignorance rather
/// than on rlx's code. No kernel uses cooperative matrices yet; one that
/// will is refused at load under such a layer, with this reason.
std::string cooperativeMatrixWithheld(bool validation,
                                      uint32_t layerSpecVersion);

} // namespace rlx::runtime

#endif // RLX_RUNTIME_VULKAN_VULKANDEVICESELECTION_H
