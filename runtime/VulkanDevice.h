//===- VulkanDevice.h - What the runtime knows about its Vulkan device ----===//
//
// A plain description of the Vulkan device the runtime runs on, read from the
// driver (runtime::vulkanDevice()). The compiler turns it into a SPIR-V
// target environment, and a cache key includes its identity, so every field
// comes from the device; none is guessed. No Vulkan header is needed to use
// it.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_VULKANDEVICE_H
#define RLX_RUNTIME_VULKANDEVICE_H

#include <array>
#include <cstdint>
#include <string>

namespace rlx::runtime {

/// VkPhysicalDeviceType, in its order.
enum class VulkanDeviceType : uint8_t {
  other,
  integratedGpu,
  discreteGpu,
  virtualGpu,
  cpu,
};

/// "discrete GPU", "cpu", ...
inline const char *vulkanDeviceTypeName(VulkanDeviceType type) {
  switch (type) {
  case VulkanDeviceType::integratedGpu:
    return "integrated GPU";
  case VulkanDeviceType::discreteGpu:
    return "discrete GPU";
  case VulkanDeviceType::virtualGpu:
    return "virtual GPU";
  case VulkanDeviceType::cpu:
    return "cpu";
  case VulkanDeviceType::other:
    break;
  }
  return "other";
}

struct VulkanDeviceInfo {
  /// Position in vkEnumeratePhysicalDevices' list (what RLX_VULKAN_DEVICE
  /// takes as an index).
  uint32_t index = 0;
  std::string name;
  uint32_t vendorId = 0;
  uint32_t deviceId = 0;
  VulkanDeviceType type = VulkanDeviceType::other;
  /// The device's Vulkan version (VK_MAKE_API_VERSION encoding) and the
  /// driver's own version number (vendor-specific encoding).
  uint32_t apiVersion = 0;
  uint32_t driverVersion = 0;
  /// VkPhysicalDeviceDriverProperties (Vulkan 1.2); empty before that.
  std::string driverName;
  std::string driverInfo;
  std::array<uint8_t, 16> pipelineCacheUuid = {};
  std::array<uint8_t, 16> deviceUuid = {};
  std::array<uint8_t, 16> driverUuid = {};
  /// The newest SPIR-V version modules may have on this device through this
  /// runtime (0x00010300 for 1.3 on Vulkan 1.1, 1.5 on 1.2, 1.6 on 1.3).
  uint32_t maxSpirvVersion = 0;
  /// The default subgroup size, and the range subgroup size control allows
  /// (both equal to subgroupSize without VK_EXT_subgroup_size_control).
  uint32_t subgroupSize = 0;
  uint32_t minSubgroupSize = 0;
  uint32_t maxSubgroupSize = 0;
  /// A compute pipeline can require any subgroup size in [minSubgroupSize,
  /// maxSubgroupSize] (VK_EXT_subgroup_size_control, core in 1.3), with at
  /// most maxComputeWorkgroupSubgroups subgroups per workgroup; the runtime
  /// then pins the size code was compiled for.
  bool subgroupSizeControl = false;
  uint32_t maxComputeWorkgroupSubgroups = 0;
  /// Compute shaders support subgroup basic and arithmetic operations.
  bool subgroupArithmetic = false;
  uint32_t maxComputeSharedMemorySize = 0;
  uint32_t maxComputeWorkGroupInvocations = 0;
  std::array<uint32_t, 3> maxComputeWorkGroupSize = {};
  std::array<uint32_t, 3> maxComputeWorkGroupCount = {};
  uint64_t minStorageBufferOffsetAlignment = 0;
  uint32_t maxStorageBufferRange = 0;
  /// Storage buffers one kernel may bind (maxPerStageDescriptorStorageBuffers).
  uint32_t maxPerStageDescriptorStorageBuffers = 0;
  /// The largest single allocation (VkPhysicalDeviceMaintenance3Properties):
  /// the largest arena.
  uint64_t maxMemoryAllocationSize = 0;
  /// VulkanFeature bits (runtime/Artifact.h) the device has; the runtime
  /// enables all of them on its logical device.
  uint32_t features = 0;
  /// The logical device was created with robustBufferAccess: a shader's
  /// access outside a bound range reads zero (or a value from inside it) and
  /// never writes outside it.
  bool robustBufferAccess = false;
  /// Nanoseconds per timestamp tick, and whether the compute queue writes
  /// timestamps (profiling needs them).
  float timestampPeriod = 0;
  bool timestampsSupported = false;
  /// A memory type is device-local, host-visible and host-coherent (and the
  /// device is not discrete, or the type is host-cached): the arena is mapped
  /// directly, with no staging copies (docs/VulkanBackend.md).
  bool unifiedMemory = false;
};

} // namespace rlx::runtime

#endif // RLX_RUNTIME_VULKANDEVICE_H
