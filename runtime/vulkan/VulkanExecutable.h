//===- VulkanExecutable.h - A loaded Vulkan artifact, ready to run --------===//
//
// load() checks the artifact's Vulkan code against the device, builds one
// compute pipeline per kernel and one descriptor set per dispatch, allocates
// one arena buffer and records one command buffer that every run() submits
// again (docs/VulkanBackend.md).
//
// Thread safety: as for CpuExecutable, one executable owns one arena, so
// run() and writeSlot() on it must not overlap; a concurrent second call
// returns failed_precondition rather than racing. Different executables may
// run at the same time (their submits share the context's queue, under its
// lock).
//
// Every SPIR-V module passes SPIRV-Tools' validator before the driver sees
// it (VulkanSpirvValidator.h): invalid SPIR-V is undefined behaviour in
// Vulkan. Valid SPIR-V still runs without robust buffer access, so an
// out-of-bounds access in a kernel is undefined behaviour in the driver:
// load only artifacts from a trusted compiler.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_VULKAN_VULKANEXECUTABLE_H
#define RLX_RUNTIME_VULKAN_VULKANEXECUTABLE_H

#include "runtime/Artifact.h"
#include "runtime/Executable.h"
#include "runtime/vulkan/VulkanContext.h"

#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <vulkan/vulkan.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rlx::runtime {

struct VulkanLoadOptions {
  /// Copy inputs and outputs through a host-visible staging buffer even when
  /// the arena could be mapped: the path of discrete GPUs, which tests take
  /// on a unified-memory device.
  bool forceStaging = false;
  enum class Barriers {
    /// Only before a dependent dispatch (vulkanBarriers).
    dependent,
    /// Before every dispatch but the first (for debugging a missing flag).
    all,
    /// Never: wrong as soon as a dispatch depends on another. Only for tests
    /// that check synchronization validation catches a missing barrier.
    none,
  };
  Barriers barriers = Barriers::dependent;
  /// Testing only: load() fails (internal) once the modules, layouts and
  /// pipelines exist, to show that a failed load releases what it created.
  bool failAfterPipelinesForTesting = false;
};

class VulkanExecutable final : public Executable {
public:
  /// Loads `artifact` on `context`'s device. Errors: invalid_argument (a
  /// manifest or Vulkan-section rule broken, a SPIR-V module SPIRV-Tools'
  /// validator rejects for the device's Vulkan version (checked before any
  /// driver call), a module or pipeline the driver refuses, named),
  /// incompatible (not a Vulkan artifact; a feature, the
  /// subgroup size, a workgroup size or count, a binding count or range, the
  /// SPIR-V version or the arena alignment beyond the device, naming the
  /// limit), resource_exhausted (the arena or another object does not fit),
  /// data_loss (the device was lost). Nothing is left allocated after an
  /// error.
  static Expected<std::unique_ptr<VulkanExecutable>>
  load(const Artifact &artifact, std::shared_ptr<VulkanContext> context,
       const VulkanLoadOptions &options = {});
  ~VulkanExecutable() override;

  VulkanExecutable(const VulkanExecutable &) = delete;
  VulkanExecutable &operator=(const VulkanExecutable &) = delete;

  const Manifest &manifest() const override { return manifestCopy; }

  /// Copies the slot's bytes into the arena (unified memory) or into the
  /// staging buffer and then, for any slot but an input, to the arena.
  Status writeSlot(const Slot &slot, const void *data) override;

  /// Copies each input (`inputs[j]` to the j-th input slot; null `inputs`:
  /// they were written with writeSlot), submits the recorded command buffer
  /// and waits for it. After a lost device every later call returns
  /// data_loss.
  Status run(const void *const *inputs = nullptr) override;

  /// The mapped arena, or the staging buffer (which mirrors the arena's
  /// layout and receives the outputs after each run).
  const uint8_t *slotData(const Slot &slot) const override {
    return host + slot.offset;
  }

  /// With profiling on, run() submits a second command buffer that puts a
  /// barrier before every dispatch and timestamps around each, and adds
  /// each dispatch's time to dispatchNanos(). Without timestamp support on
  /// the queue, profiledRuns() stays 0.
  void setProfiling(bool on) override;
  const std::vector<uint64_t> &dispatchNanos() const override { return nanos; }
  uint64_t profiledRuns() const override { return runs; }
  /// The slot's bytes now: from the mapped arena, or downloaded into the
  /// staging buffer first.
  Status readSlot(const Slot &slot, void *out) override;
  /// The arena (params and states included) in device memory; bindSlot
  /// copies. ownedStateBytes: the states' share of the arena.
  MemoryUse memoryUse() const override {
    MemoryUse use;
    use.arenaBytes = manifestCopy.arenaSize;
    for (const Slot &slot : manifestCopy.slots)
      if (slot.state)
        use.ownedStateBytes += slot.size;
    return use;
  }

  /// The arena is mapped device memory (no staging copies).
  bool unifiedMemory() const { return unified; }
  /// Which dispatches a barrier precedes in the run's command buffer.
  const std::vector<bool> &barriers() const { return barrierBefore; }
  VulkanContext &context() const { return *ctx; }

  /// Testing only: the next submit fails with `result` (e.g.
  /// VK_ERROR_DEVICE_LOST, which also marks the context lost) instead of
  /// reaching the driver.
  void failNextSubmitForTesting(VkResult result) { injected = result; }

private:
  VulkanExecutable() = default;
  Status checkDevice(const Artifact &artifact) const;
  Status createPipelines(const VulkanCode &code);
  Status createArena(bool forceStaging);
  Status createDescriptors();
  Status createCommands();
  Status initializeArena();
  Status record(VkCommandBuffer commands, bool profiled);
  Status upload(uint64_t offset, uint64_t size, const std::string &what);
  Status submit(VkCommandBuffer commands, const std::string &what);
  Status usable() const;
  Status runLocked(const void *const *inputs);
  Status writeSlotLocked(const Slot &slot, const void *data);
  Status readSlotLocked(const Slot &slot, void *out);
  /// `body()` unless a run() or another slot access is in progress (then
  /// failed_precondition naming `verb` and the slot).
  template <typename Body>
  Status whileIdle(const char *verb, const Slot &slot, Body body);
  /// Copies [offset, offset + size) from the staging buffer to the arena,
  /// or back (`download`), in a one-off command buffer, and waits.
  Status oneOffCopy(bool download, uint64_t offset, uint64_t size,
                    const std::string &what);
  /// usable(), and `slot` inside the arena (out_of_range otherwise).
  Status usableSlot(const Slot &slot) const;
  std::string label() const { return "artifact '" + manifestCopy.name + "'"; }

  std::shared_ptr<VulkanContext> ctx;
  VkDevice device = VK_NULL_HANDLE;
  Manifest manifestCopy;
  /// Per dispatch: kernel, arena ranges, workgroup counts.
  std::vector<VulkanDispatch> dispatches;
  std::vector<std::array<uint32_t, 3>> grids;
  std::vector<bool> barrierBefore;
  /// Indices into manifestCopy.slots.
  std::vector<size_t> inputSlots;
  std::vector<size_t> outputSlots;

  /// Per VulkanCode module.
  std::vector<VkShaderModule> modules;
  /// Per kernel.
  std::vector<VkDescriptorSetLayout> setLayouts;
  std::vector<VkPipelineLayout> pipelineLayouts;
  std::vector<VkPipeline> pipelines;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  /// Per dispatch; null for a kernel without bindings.
  std::vector<VkDescriptorSet> sets;

  uint64_t bufferSize = 0;
  VkBuffer arena = VK_NULL_HANDLE;
  VkDeviceMemory arenaMemory = VK_NULL_HANDLE;
  VkBuffer staging = VK_NULL_HANDLE;
  VkDeviceMemory stagingMemory = VK_NULL_HANDLE;
  bool unified = false;
  /// Host view of the arena: the mapped arena or the mapped staging buffer.
  uint8_t *host = nullptr;

  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkCommandBuffer runCommands = VK_NULL_HANDLE;
  /// Null without timestamps or dispatches.
  VkCommandBuffer profiledCommands = VK_NULL_HANDLE;
  VkCommandBuffer uploadCommands = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  VkQueryPool queries = VK_NULL_HANDLE;

  bool profiling = false;
  std::vector<uint64_t> nanos;
  uint64_t runs = 0;
  /// A run() or writeSlot() is in progress.
  std::atomic<bool> busy{false};
  /// Written under `busy`.
  bool lost = false;
  VkResult injected = VK_SUCCESS;
};

} // namespace rlx::runtime

#endif // RLX_RUNTIME_VULKAN_VULKANEXECUTABLE_H
