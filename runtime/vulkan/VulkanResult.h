//===- VulkanResult.h - VkResult as an rlx::Status ------------------------===//
#ifndef RLX_RUNTIME_VULKAN_VULKANRESULT_H
#define RLX_RUNTIME_VULKAN_VULKANRESULT_H

#include "rlx/Status.h"

#include <vulkan/vulkan.h>

#include <string>

namespace rlx::runtime {

/// "VK_ERROR_DEVICE_LOST", ...; "VkResult(<n>)" for codes it does not know.
std::string vkResultName(VkResult result);

/// The status code a failed Vulkan call maps to: resource_exhausted for
/// out-of-memory (host, device, pool), data_loss for a lost device,
/// unavailable for a missing driver, layer or extension or a failed
/// initialization, incompatible for a missing feature or format,
/// invalid_argument for code the driver or the validation layer refuses,
/// internal otherwise.
StatusCode vkStatusCode(VkResult result);

/// Status(vkStatusCode(result), "<what> returned <name>"); `what` names the
/// call and its object, e.g. "vkAllocateMemory for the arena (4096 bytes)".
Status vkError(VkResult result, const std::string &what);

} // namespace rlx::runtime

#endif // RLX_RUNTIME_VULKAN_VULKANRESULT_H
