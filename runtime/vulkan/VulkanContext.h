//===- VulkanContext.h - The Vulkan instance, device and queue rlx uses ---===//
//
// One VkInstance, one physical device, one logical device with one compute
// queue and one VkPipelineCache. The process shares one context (shared(),
// created on first use from the environment and kept); tests may create
// their own (create()). Every executable holds a reference to the context it
// was loaded on, so a context outlives its executables.
//
// Environment (shared() only):
//   RLX_VULKAN_DEVICE=<index | name substring>  which device (default: the
//       first discrete GPU, else integrated, virtual, CPU)
//   RLX_VULKAN_VALIDATION=1  enable VK_LAYER_KHRONOS_validation with
//       synchronization validation; its errors and warnings are counted
//       (messageLog()) so tests can require none. Extensions the layer
//       predates stay off (notes() says which and why).
// A selector of digits only is an index, never part of a name.
//
// Thread safety: all members may be called from several threads; submits to
// the one queue are serialized by a lock.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_VULKAN_VULKANCONTEXT_H
#define RLX_RUNTIME_VULKAN_VULKANCONTEXT_H

#include "runtime/VulkanDevice.h"

#include "rlx/Status.h"

#include <vulkan/vulkan.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace rlx::runtime {

struct VulkanContextOptions {
  /// Enable VK_LAYER_KHRONOS_validation (with synchronization validation)
  /// and count what it reports; an error when the layer is not installed.
  bool validation = false;
  /// Which device: "" picks by type; else an index or a case-insensitive
  /// name substring (selectVulkanDevice).
  std::string device;

  /// The options RLX_VULKAN_VALIDATION ("0" or "1") and RLX_VULKAN_DEVICE
  /// give; invalid_argument for a validation value other than 0 or 1.
  static Expected<VulkanContextOptions> fromEnvironment();
};

/// The warnings and errors layers and the driver report through
/// VK_EXT_debug_utils: the validation layer when it is on, and drivers that
/// log there (Mesa explains a SPIR-V module it cannot translate). The
/// loader's own messages (e.g. "Found no drivers!") are kept apart, to
/// explain a failed vkCreateInstance.
class VulkanMessageLog {
public:
  uint64_t errors() const;
  uint64_t warnings() const;
  /// Each counted message: "error: <message id>: <text>" or "warning: ...".
  std::vector<std::string> messages() const;
  /// The texts of the counted messages from the `from`-th on, each on one
  /// line, joined by "; " (to explain a failed call).
  std::string textsSince(size_t from) const;
  /// The loader's warnings and errors, joined by "; ".
  std::string loaderMessages() const;

  /// Records one message (the debug-utils callback calls it).
  void add(bool error, bool fromLoader, const std::string &id,
           const std::string &text);

private:
  mutable std::mutex mutex;
  uint64_t errorCount = 0;
  uint64_t warningCount = 0;
  std::vector<std::string> log;
  std::vector<std::string> texts;
  std::vector<std::string> loader;
};

class VulkanContext {
public:
  /// Creates a context. Errors: unavailable (no loader, driver or device;
  /// Vulkan older than 1.1; validation asked for but not installed; the
  /// message names the cause, e.g. "no Vulkan driver: vkCreateInstance
  /// returned VK_ERROR_INCOMPATIBLE_DRIVER"), invalid_argument (a device
  /// selector that matches nothing, listing the devices),
  /// resource_exhausted.
  static Expected<std::shared_ptr<VulkanContext>>
  create(const VulkanContextOptions &options);

  /// The process's context, created from the environment on first success
  /// and kept for the life of the process (never destroyed: drivers may
  /// already be unloaded when static destructors run). A failure is not
  /// kept: the next call tries again. After a device loss the next call
  /// creates a new one; executables loaded before keep the lost one.
  static Expected<std::shared_ptr<VulkanContext>> shared();
  /// The process's context if shared() has made one, else null; never
  /// creates one.
  static std::shared_ptr<VulkanContext> existing();

  ~VulkanContext();
  VulkanContext(const VulkanContext &) = delete;
  VulkanContext &operator=(const VulkanContext &) = delete;

  const VulkanDeviceInfo &info() const { return deviceInfo; }
  VkPhysicalDevice physicalDevice() const { return physical; }
  VkDevice device() const { return logical; }
  uint32_t queueFamily() const { return family; }
  VkPipelineCache pipelineCache() const { return cache; }
  /// Bits of the timestamps the queue writes (0: none).
  uint32_t timestampValidBits() const { return timestampBits; }
  /// The effective Vulkan version: the device's, capped by the instance's.
  uint32_t apiVersion() const { return effectiveVersion; }

  /// A memory type index allowed by `typeBits` that has every `required`
  /// flag, preferring one that also has the `preferred` ones, in a heap of
  /// at least `size` bytes; -1 when none has.
  int findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                     VkMemoryPropertyFlags preferred, uint64_t size) const;
  /// The largest memory heap, in bytes (for messages).
  uint64_t largestHeap() const;

  /// Submits `commands` to the compute queue (serialized with every other
  /// submit on this context), then waits for `fence` and resets it. A lost
  /// device marks the context lost (data_loss).
  Status submitAndWait(VkCommandBuffer commands, VkFence fence,
                       const std::string &what);

  bool validationEnabled() const { return validation; }
  /// The validation layer's spec version (VK_MAKE_API_VERSION; the headers
  /// it was written against), or 0 when validation is off.
  uint32_t validationLayerVersion() const { return layerVersion; }
  /// What the context left off although the device offers it, and why
  /// (e.g. VK_KHR_cooperative_matrix under a validation layer that predates
  /// it: cooperativeMatrixWithheld). Quoted by load() when an artifact
  /// needs what was left off.
  const std::vector<std::string> &notes() const { return contextNotes; }
  /// What the driver and the layers reported (the validation layer only
  /// when validation is on). Shared, so a test can still read what the
  /// layer reported while the context was destroyed (e.g. objects never
  /// freed).
  std::shared_ptr<VulkanMessageLog> messageLog() const { return log; }

  /// Set when a call returned VK_ERROR_DEVICE_LOST: no executable may run
  /// on this context again.
  bool deviceLost() const { return lost.load(std::memory_order_acquire); }
  void markDeviceLost() { lost.store(true, std::memory_order_release); }

private:
  VulkanContext() = default;
  Status initialize(const VulkanContextOptions &options);
  Status createInstance(const VulkanContextOptions &options);
  Status createDevice(const VulkanContextOptions &options);

  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkDevice logical = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  VkPipelineCache cache = VK_NULL_HANDLE;
  uint32_t family = 0;
  uint32_t timestampBits = 0;
  uint32_t instanceVersion = 0;
  uint32_t effectiveVersion = 0;
  VkPhysicalDeviceMemoryProperties memory = {};
  VulkanDeviceInfo deviceInfo;
  bool validation = false;
  uint32_t layerVersion = 0;
  std::vector<std::string> contextNotes;
  std::shared_ptr<VulkanMessageLog> log;
  std::mutex queueMutex;
  std::atomic<bool> lost{false};
};

} // namespace rlx::runtime

#endif // RLX_RUNTIME_VULKAN_VULKANCONTEXT_H
