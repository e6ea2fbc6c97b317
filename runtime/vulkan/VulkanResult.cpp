//===- VulkanResult.cpp - VkResult as an rlx::Status ----------------------===//
#include "runtime/vulkan/VulkanResult.h"

namespace rlx::runtime {

std::string vkResultName(VkResult result) {
  switch (result) {
#define RLX_CASE(name)                                                         \
  case name:                                                                   \
    return #name;
    RLX_CASE(VK_SUCCESS)
    RLX_CASE(VK_NOT_READY)
    RLX_CASE(VK_TIMEOUT)
    RLX_CASE(VK_EVENT_SET)
    RLX_CASE(VK_EVENT_RESET)
    RLX_CASE(VK_INCOMPLETE)
    RLX_CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
    RLX_CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    RLX_CASE(VK_ERROR_INITIALIZATION_FAILED)
    RLX_CASE(VK_ERROR_DEVICE_LOST)
    RLX_CASE(VK_ERROR_MEMORY_MAP_FAILED)
    RLX_CASE(VK_ERROR_LAYER_NOT_PRESENT)
    RLX_CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
    RLX_CASE(VK_ERROR_FEATURE_NOT_PRESENT)
    RLX_CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
    RLX_CASE(VK_ERROR_TOO_MANY_OBJECTS)
    RLX_CASE(VK_ERROR_FORMAT_NOT_SUPPORTED)
    RLX_CASE(VK_ERROR_FRAGMENTED_POOL)
    RLX_CASE(VK_ERROR_UNKNOWN)
    RLX_CASE(VK_ERROR_OUT_OF_POOL_MEMORY)
    RLX_CASE(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    RLX_CASE(VK_ERROR_FRAGMENTATION)
    RLX_CASE(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
    RLX_CASE(VK_PIPELINE_COMPILE_REQUIRED)
    RLX_CASE(VK_ERROR_VALIDATION_FAILED_EXT)
    RLX_CASE(VK_ERROR_INVALID_SHADER_NV)
#undef RLX_CASE
  default:
    break;
  }
  return "VkResult(" + std::to_string(static_cast<int>(result)) + ")";
}

StatusCode vkStatusCode(VkResult result) {
  switch (result) {
  case VK_SUCCESS:
    return StatusCode::ok;
  case VK_ERROR_OUT_OF_HOST_MEMORY:
  case VK_ERROR_OUT_OF_DEVICE_MEMORY:
  case VK_ERROR_OUT_OF_POOL_MEMORY:
  case VK_ERROR_FRAGMENTED_POOL:
  case VK_ERROR_FRAGMENTATION:
  case VK_ERROR_TOO_MANY_OBJECTS:
    return StatusCode::resource_exhausted;
  case VK_ERROR_DEVICE_LOST:
    return StatusCode::data_loss;
  case VK_ERROR_INCOMPATIBLE_DRIVER:
  case VK_ERROR_INITIALIZATION_FAILED:
  case VK_ERROR_LAYER_NOT_PRESENT:
  case VK_ERROR_EXTENSION_NOT_PRESENT:
    return StatusCode::unavailable;
  case VK_ERROR_FEATURE_NOT_PRESENT:
  case VK_ERROR_FORMAT_NOT_SUPPORTED:
    return StatusCode::incompatible;
  case VK_ERROR_INVALID_SHADER_NV:
  case VK_ERROR_VALIDATION_FAILED_EXT:
    return StatusCode::invalid_argument;
  default:
    break;
  }
  return StatusCode::internal;
}

Status vkError(VkResult result, const std::string &what) {
  StatusCode code = vkStatusCode(result);
  // A success code that is not an error here (VK_TIMEOUT, ...) still
  // reaches the caller as one.
  if (code == StatusCode::ok)
    code = StatusCode::internal;
  return Status(code, what + " returned " + vkResultName(result));
}

} // namespace rlx::runtime
