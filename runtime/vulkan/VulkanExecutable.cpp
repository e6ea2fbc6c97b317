//===- VulkanExecutable.cpp - A loaded Vulkan artifact, ready to run ------===//
#include "runtime/vulkan/VulkanExecutable.h"

#include "runtime/ManifestVerifier.h"
#include "runtime/SpirvModule.h"
#include "runtime/VulkanCodeVerifier.h"
#include "runtime/vulkan/VulkanBarriers.h"
#include "runtime/vulkan/VulkanResult.h"
#include "runtime/vulkan/VulkanSpirvValidator.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace rlx::runtime {

namespace {

Status incompatible(std::string message) {
  return Status(StatusCode::incompatible, std::move(message));
}

/// A global memory barrier: what the first scope's stages wrote becomes
/// visible to the second scope's accesses.
void memoryBarrier(VkCommandBuffer commands, VkPipelineStageFlags srcStages,
                   VkAccessFlags srcAccess, VkPipelineStageFlags dstStages,
                   VkAccessFlags dstAccess) {
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = srcAccess;
  barrier.dstAccessMask = dstAccess;
  vkCmdPipelineBarrier(commands, srcStages, dstStages, 0, 1, &barrier, 0,
                       nullptr, 0, nullptr);
}

constexpr VkPipelineStageFlags kComputeAndTransfer =
    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
constexpr VkAccessFlags kAllWrites =
    VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
constexpr VkAccessFlags kAllAccesses =
    VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
    VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
constexpr VkAccessFlags kShaderAccesses =
    VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;

/// Orders what follows after everything submitted before on the queue (an
/// earlier run, an upload): queue submissions are not ordered by themselves.
void afterEarlierSubmits(VkCommandBuffer commands) {
  memoryBarrier(commands, kComputeAndTransfer, kAllWrites, kComputeAndTransfer,
                kAllAccesses);
}

} // namespace

Expected<std::unique_ptr<VulkanExecutable>>
VulkanExecutable::load(const Artifact &artifact,
                       std::shared_ptr<VulkanContext> context,
                       const VulkanLoadOptions &options) {
  const Manifest &manifest = artifact.manifest;
  // Artifacts built in memory never went through deserializeArtifact.
  if (Status s = verifyManifest(manifest); !s)
    return s;
  if (artifact.device != "vulkan")
    return incompatible("artifact '" + manifest.name +
                        "' holds code for device '" + artifact.device +
                        "', not vulkan");
  const VulkanCode &code = artifact.vulkan;
  if (Status s = verifyVulkanCode(manifest, code); !s)
    return s;
  if (!context)
    return Status(StatusCode::invalid_argument,
                  "artifact '" + manifest.name + "': no Vulkan context");
  if (context->deviceLost())
    return Status(StatusCode::data_loss,
                  "artifact '" + manifest.name + "': the Vulkan device '" +
                      context->info().name +
                      "' was lost (VK_ERROR_DEVICE_LOST); use a new context");

  // Everything below is released by the destructor if a step fails.
  std::unique_ptr<VulkanExecutable> exe(new VulkanExecutable());
  exe->ctx = std::move(context);
  exe->device = exe->ctx->device();
  exe->manifestCopy = manifest;
  if (Status s = exe->checkDevice(artifact); !s)
    return s;
  // Invalid SPIR-V is undefined behaviour in the driver, which may crash on
  // it (NVIDIA's does on an unknown opcode): nothing unvalidated reaches it.
  if (Status s = validateVulkanSpirv(code, exe->ctx->info().maxSpirvVersion,
                                     exe->label());
      !s)
    return s;
  exe->dispatches = code.dispatches;
  for (const Dispatch &dispatch : manifest.dispatches)
    exe->grids.push_back({static_cast<uint32_t>(dispatch.grid[0]),
                          static_cast<uint32_t>(dispatch.grid[1]),
                          static_cast<uint32_t>(dispatch.grid[2])});
  switch (options.barriers) {
  case VulkanLoadOptions::Barriers::dependent:
    exe->barrierBefore = vulkanBarriers(code);
    break;
  case VulkanLoadOptions::Barriers::all:
    exe->barrierBefore.assign(code.dispatches.size(), true);
    if (!code.dispatches.empty())
      exe->barrierBefore[0] = false;
    break;
  case VulkanLoadOptions::Barriers::none:
    exe->barrierBefore.assign(code.dispatches.size(), false);
    break;
  }
  for (size_t i = 0; i < manifest.slots.size(); ++i) {
    if (manifest.slots[i].role == SlotRole::input)
      exe->inputSlots.push_back(i);
    if (manifest.slots[i].role == SlotRole::output)
      exe->outputSlots.push_back(i);
  }
  if (Status s = exe->createPipelines(code); !s)
    return s;
  if (options.failAfterPipelinesForTesting)
    return Status(StatusCode::internal,
                  exe->label() + ": failed after its pipelines (testing)");
  if (Status s = exe->createArena(options.forceStaging); !s)
    return s;
  if (Status s = exe->createDescriptors(); !s)
    return s;
  if (Status s = exe->createCommands(); !s)
    return s;
  if (Status s = exe->initializeArena(); !s)
    return s;
  if (Status s = exe->record(exe->runCommands, /*profiled=*/false); !s)
    return s;
  if (exe->profiledCommands)
    if (Status s = exe->record(exe->profiledCommands, /*profiled=*/true); !s)
      return s;
  exe->nanos.assign(exe->dispatches.size(), 0);
  return exe;
}

VulkanExecutable::~VulkanExecutable() {
  if (!device)
    return;
  if (queries)
    vkDestroyQueryPool(device, queries, nullptr);
  if (fence)
    vkDestroyFence(device, fence, nullptr);
  // Frees its command buffers.
  if (commandPool)
    vkDestroyCommandPool(device, commandPool, nullptr);
  // Frees its sets.
  if (descriptorPool)
    vkDestroyDescriptorPool(device, descriptorPool, nullptr);
  for (VkPipeline pipeline : pipelines)
    if (pipeline)
      vkDestroyPipeline(device, pipeline, nullptr);
  for (VkPipelineLayout layout : pipelineLayouts)
    if (layout)
      vkDestroyPipelineLayout(device, layout, nullptr);
  for (VkDescriptorSetLayout layout : setLayouts)
    if (layout)
      vkDestroyDescriptorSetLayout(device, layout, nullptr);
  for (VkShaderModule module : modules)
    if (module)
      vkDestroyShaderModule(device, module, nullptr);
  if (staging)
    vkDestroyBuffer(device, staging, nullptr);
  if (stagingMemory)
    vkFreeMemory(device, stagingMemory, nullptr);
  if (arena)
    vkDestroyBuffer(device, arena, nullptr);
  // Freeing mapped memory unmaps it.
  if (arenaMemory)
    vkFreeMemory(device, arenaMemory, nullptr);
}

/// Whether every pipeline of `code` can require its subgroup size on the
/// device (subgroup size control, the size in range, each workgroup within
/// maxComputeWorkgroupSubgroups of it). Pinned, the size holds even where
/// the driver would pick another per pipeline.
static bool pinsSubgroupSize(const VulkanDeviceInfo &info,
                             const VulkanCode &code) {
  uint32_t size = code.requiredSubgroupSize;
  if (!size || !info.subgroupSizeControl || size < info.minSubgroupSize ||
      size > info.maxSubgroupSize)
    return false;
  uint64_t most = uint64_t(size) * info.maxComputeWorkgroupSubgroups;
  for (const VulkanKernel &kernel : code.kernels) {
    uint64_t invocations = uint64_t(kernel.workgroupSize[0]) *
                           kernel.workgroupSize[1] * kernel.workgroupSize[2];
    if (invocations > most)
      return false;
  }
  return true;
}

Status VulkanExecutable::checkDevice(const Artifact &artifact) const {
  const VulkanDeviceInfo &info = ctx->info();
  const VulkanCode &code = artifact.vulkan;
  const Manifest &manifest = artifact.manifest;
  std::string name = label();
  std::string device = "device '" + info.name + "'";
  const std::string recompile = "; compile for this device";
  if (uint32_t missing = code.requiredFeatures & ~info.features) {
    // What the context left off on purpose, e.g. under an old layer.
    std::string notes;
    for (const std::string &note : ctx->notes())
      notes += "; " + note;
    return incompatible(name + " needs Vulkan " + vulkanFeatureNames(missing) +
                        ", which " + device +
                        " lacks (it has: " + vulkanFeatureNames(info.features) +
                        ")" + notes + recompile);
  }
  if (uint32_t size = code.requiredSubgroupSize;
      size && size != info.subgroupSize && !pinsSubgroupSize(info, code))
    return incompatible(
        name + " was compiled for subgroup size " + std::to_string(size) +
        ", but " + device + " has subgroup size " +
        std::to_string(info.subgroupSize) +
        (info.subgroupSizeControl
             ? " and can pin sizes " + std::to_string(info.minSubgroupSize) +
                   " to " + std::to_string(info.maxSubgroupSize) + " for " +
                   std::to_string(info.maxComputeWorkgroupSubgroups) +
                   " subgroups per workgroup"
             : "") +
        recompile);
  for (size_t i = 0; i < code.modules.size(); ++i) {
    Expected<SpirvModuleInfo> module = scanSpirvModule(code.modules[i]);
    if (!module)
      return module.status();
    if (module->version > info.maxSpirvVersion)
      return incompatible(name + ": SPIR-V module " + std::to_string(i) +
                          " is version " + spirvVersionString(module->version) +
                          ", but " + device + " takes SPIR-V up to " +
                          spirvVersionString(info.maxSpirvVersion) + recompile);
  }
  if (manifest.alignment % info.minStorageBufferOffsetAlignment)
    return incompatible(
        name + ": arena alignment " + std::to_string(manifest.alignment) +
        " is not a multiple of the minStorageBufferOffsetAlignment " +
        std::to_string(info.minStorageBufferOffsetAlignment) + " of " + device +
        "; compile with an arena alignment of at least " +
        std::to_string(info.minStorageBufferOffsetAlignment));
  for (size_t k = 0; k < code.kernels.size(); ++k) {
    const VulkanKernel &kernel = code.kernels[k];
    std::string where = name + ": vulkan kernel " + std::to_string(k) + " ('" +
                        kernel.entryPoint + "')";
    uint64_t invocations = 1;
    for (int d = 0; d < 3; ++d) {
      invocations *= kernel.workgroupSize[d];
      if (kernel.workgroupSize[d] > info.maxComputeWorkGroupSize[d])
        return incompatible(where + ": workgroup size " +
                            vulkanSizeString(kernel.workgroupSize) +
                            " exceeds the maxComputeWorkGroupSize " +
                            vulkanSizeString(info.maxComputeWorkGroupSize) +
                            " of " + device + recompile);
    }
    if (invocations > info.maxComputeWorkGroupInvocations)
      return incompatible(where + ": workgroup size " +
                          vulkanSizeString(kernel.workgroupSize) + " has " +
                          std::to_string(invocations) +
                          " invocations, more than the "
                          "maxComputeWorkGroupInvocations " +
                          std::to_string(info.maxComputeWorkGroupInvocations) +
                          " of " + device + recompile);
    if (kernel.bindingCount > info.maxPerStageDescriptorStorageBuffers)
      return incompatible(
          where + " binds " + std::to_string(kernel.bindingCount) +
          " storage buffers, more than the " +
          std::to_string(info.maxPerStageDescriptorStorageBuffers) +
          " per kernel (maxPerStageDescriptorStorageBuffers) "
          "of " +
          device + recompile);
  }
  for (size_t i = 0; i < manifest.dispatches.size(); ++i) {
    const Dispatch &dispatch = manifest.dispatches[i];
    for (int d = 0; d < 3; ++d)
      if (static_cast<uint64_t>(dispatch.grid[d]) >
          info.maxComputeWorkGroupCount[d])
        return incompatible(name + ": dispatch " + std::to_string(i) + " ('" +
                            dispatch.symbol + "'): grid [" +
                            std::to_string(dispatch.grid[0]) + ", " +
                            std::to_string(dispatch.grid[1]) + ", " +
                            std::to_string(dispatch.grid[2]) +
                            "] exceeds the maxComputeWorkGroupCount " +
                            vulkanSizeString(info.maxComputeWorkGroupCount) +
                            " of " + device + recompile);
    const VulkanDispatch &vk = code.dispatches[i];
    for (size_t b = 0; b < vk.bindings.size(); ++b)
      if (vk.bindings[b].size > info.maxStorageBufferRange)
        return incompatible(name + ": vulkan dispatch " + std::to_string(i) +
                            " binding " + std::to_string(b) + ": size " +
                            std::to_string(vk.bindings[b].size) +
                            " exceeds the maxStorageBufferRange " +
                            std::to_string(info.maxStorageBufferRange) +
                            " of " + device + recompile);
  }
  if (manifest.arenaSize > info.maxMemoryAllocationSize)
    return Status(
        StatusCode::resource_exhausted,
        name + ": the arena of " + std::to_string(manifest.arenaSize) +
            " bytes exceeds the maxMemoryAllocationSize " +
            std::to_string(info.maxMemoryAllocationSize) + " of " + device);
  return Status::ok();
}

Status VulkanExecutable::createPipelines(const VulkanCode &code) {
  if (code.kernels.empty())
    return Status::ok();
  // What the driver says while it compiles explains a refusal.
  size_t messagesBefore = ctx->messageLog()->messages().size();
  modules.assign(code.modules.size(), VK_NULL_HANDLE);
  for (size_t i = 0; i < code.modules.size(); ++i) {
    VkShaderModuleCreateInfo moduleInfo{
        VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    moduleInfo.codeSize = code.modules[i].size() * sizeof(uint32_t);
    moduleInfo.pCode = code.modules[i].data();
    if (VkResult r =
            vkCreateShaderModule(device, &moduleInfo, nullptr, &modules[i]);
        r != VK_SUCCESS) {
      modules[i] = VK_NULL_HANDLE;
      return vkError(r, label() + ": vkCreateShaderModule of module " +
                            std::to_string(i));
    }
  }
  bool pinSubgroupSize = pinsSubgroupSize(ctx->info(), code);
  size_t count = code.kernels.size();
  setLayouts.assign(count, VK_NULL_HANDLE);
  pipelineLayouts.assign(count, VK_NULL_HANDLE);
  pipelines.assign(count, VK_NULL_HANDLE);
  for (size_t k = 0; k < count; ++k) {
    const VulkanKernel &kernel = code.kernels[k];
    std::string where = label() + ": vulkan kernel " + std::to_string(k) +
                        " ('" + kernel.entryPoint + "')";
    // Binding i is the kernel's i-th argument, a storage buffer.
    std::vector<VkDescriptorSetLayoutBinding> bindings(kernel.bindingCount);
    for (uint32_t b = 0; b < kernel.bindingCount; ++b) {
      bindings[b].binding = b;
      bindings[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      bindings[b].descriptorCount = 1;
      bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo setInfo{
        VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    setInfo.bindingCount = kernel.bindingCount;
    setInfo.pBindings = bindings.data();
    if (VkResult r = vkCreateDescriptorSetLayout(device, &setInfo, nullptr,
                                                 &setLayouts[k]);
        r != VK_SUCCESS) {
      setLayouts[k] = VK_NULL_HANDLE;
      return vkError(r, where + ": vkCreateDescriptorSetLayout");
    }
    VkPipelineLayoutCreateInfo layoutInfo{
        VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &setLayouts[k];
    if (VkResult r = vkCreatePipelineLayout(device, &layoutInfo, nullptr,
                                            &pipelineLayouts[k]);
        r != VK_SUCCESS) {
      pipelineLayouts[k] = VK_NULL_HANDLE;
      return vkError(r, where + ": vkCreatePipelineLayout");
    }
    VkComputePipelineCreateInfo pipelineInfo{
        VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipelineInfo.stage.sType =
        VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipelineInfo.stage.module = modules[kernel.module];
    VkPipelineShaderStageRequiredSubgroupSizeCreateInfo pinned{
        VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO};
    if (pinSubgroupSize) {
      pinned.requiredSubgroupSize = code.requiredSubgroupSize;
      pipelineInfo.stage.pNext = &pinned;
    }
    pipelineInfo.stage.pName = kernel.entryPoint.c_str();
    pipelineInfo.layout = pipelineLayouts[k];
    VkResult r = vkCreateComputePipelines(
        device, ctx->pipelineCache(), 1, &pipelineInfo, nullptr, &pipelines[k]);
    if (r != VK_SUCCESS) {
      pipelines[k] = VK_NULL_HANDLE;
      Status s = vkError(r, where + ": vkCreateComputePipelines");
      // Anything but memory exhaustion is the driver refusing the module.
      if (s.code() == StatusCode::internal) {
        std::string reported = ctx->messageLog()->textsSince(messagesBefore);
        return Status(StatusCode::invalid_argument,
                      s.message() + " (the driver refused the SPIR-V" +
                          (reported.empty() ? "" : ": " + reported) + ")");
      }
      return s;
    }
  }
  return Status::ok();
}

Status VulkanExecutable::createArena(bool forceStaging) {
  const VulkanDeviceInfo &info = ctx->info();
  // A buffer of size 0 is invalid; an empty arena gets a token one.
  bufferSize = std::max<uint64_t>(manifestCopy.arenaSize, 16);
  auto createBuffer = [&](VkBufferUsageFlags usage, VkBuffer &buffer,
                          const char *what) -> Status {
    VkBufferCreateInfo bufferInfo{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bufferInfo.size = bufferSize;
    bufferInfo.usage = usage;
    bufferInfo.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    if (VkResult r = vkCreateBuffer(device, &bufferInfo, nullptr, &buffer);
        r != VK_SUCCESS) {
      buffer = VK_NULL_HANDLE;
      return vkError(r, label() + ": vkCreateBuffer for the " + what + " (" +
                            std::to_string(bufferSize) + " bytes)");
    }
    return Status::ok();
  };
  auto allocate = [&](VkBuffer buffer, int type, VkDeviceMemory &memory,
                      const char *what, VkDeviceSize size) -> Status {
    VkMemoryAllocateInfo allocInfo{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    allocInfo.allocationSize = size;
    allocInfo.memoryTypeIndex = static_cast<uint32_t>(type);
    if (VkResult r = vkAllocateMemory(device, &allocInfo, nullptr, &memory);
        r != VK_SUCCESS) {
      memory = VK_NULL_HANDLE;
      return vkError(r, label() + ": vkAllocateMemory for the " + what + " (" +
                            std::to_string(size) + " bytes)");
    }
    if (VkResult r = vkBindBufferMemory(device, buffer, memory, 0);
        r != VK_SUCCESS)
      return vkError(r, label() + ": vkBindBufferMemory for the " + what);
    return Status::ok();
  };
  auto noHeap = [&](const char *what, uint64_t size) {
    return Status(StatusCode::resource_exhausted,
                  label() + ": the " + what + " of " + std::to_string(size) +
                      " bytes fits no memory heap of device '" + info.name +
                      "' (the largest has " +
                      std::to_string(ctx->largestHeap()) + " bytes)");
  };

  if (Status s = createBuffer(VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                  VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                  VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                              arena, "arena");
      !s)
    return s;
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(device, arena, &req);
  constexpr VkMemoryPropertyFlags kHostCoherent =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
      VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  int type = -1;
  if (!forceStaging) {
    VkMemoryPropertyFlags required =
        VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | kHostCoherent;
    // A discrete GPU's host-visible VRAM (a BAR window) is small or uncached:
    // reading outputs through it is slow, so it stages unless cached.
    if (info.type == VulkanDeviceType::discreteGpu)
      required |= VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
    type = ctx->findMemoryType(req.memoryTypeBits, required,
                               VK_MEMORY_PROPERTY_HOST_CACHED_BIT, req.size);
  }
  unified = type >= 0;
  if (!unified) {
    type = ctx->findMemoryType(req.memoryTypeBits, 0,
                               VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, req.size);
    if (type < 0)
      return noHeap("arena", bufferSize);
  }
  if (Status s = allocate(arena, type, arenaMemory, "arena", req.size); !s)
    return s;
  VkDeviceMemory hostMemory = arenaMemory;
  if (!unified) {
    if (Status s = createBuffer(VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                    VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                staging, "staging buffer");
        !s)
      return s;
    VkMemoryRequirements stagingReq;
    vkGetBufferMemoryRequirements(device, staging, &stagingReq);
    // Cached: the host reads the outputs back from it.
    int stagingType = ctx->findMemoryType(
        stagingReq.memoryTypeBits, kHostCoherent,
        VK_MEMORY_PROPERTY_HOST_CACHED_BIT, stagingReq.size);
    if (stagingType < 0)
      return noHeap("staging buffer", bufferSize);
    if (Status s = allocate(staging, stagingType, stagingMemory,
                            "staging buffer", stagingReq.size);
        !s)
      return s;
    hostMemory = stagingMemory;
  }
  void *mapped = nullptr;
  if (VkResult r =
          vkMapMemory(device, hostMemory, 0, VK_WHOLE_SIZE, 0, &mapped);
      r != VK_SUCCESS)
    return vkError(r, label() + ": vkMapMemory of the " +
                          (unified ? "arena" : "staging buffer"));
  host = static_cast<uint8_t *>(mapped);
  return Status::ok();
}

Status VulkanExecutable::createDescriptors() {
  sets.assign(dispatches.size(), VK_NULL_HANDLE);
  uint32_t setCount = 0;
  uint32_t descriptorCount = 0;
  for (const VulkanDispatch &dispatch : dispatches) {
    if (dispatch.bindings.empty())
      continue;
    ++setCount;
    descriptorCount += static_cast<uint32_t>(dispatch.bindings.size());
  }
  if (setCount == 0)
    return Status::ok();
  VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                descriptorCount};
  VkDescriptorPoolCreateInfo poolInfo{
      VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = setCount;
  poolInfo.poolSizeCount = 1;
  poolInfo.pPoolSizes = &poolSize;
  if (VkResult r =
          vkCreateDescriptorPool(device, &poolInfo, nullptr, &descriptorPool);
      r != VK_SUCCESS) {
    descriptorPool = VK_NULL_HANDLE;
    return vkError(r, label() + ": vkCreateDescriptorPool (" +
                          std::to_string(setCount) + " sets)");
  }
  std::vector<VkDescriptorSetLayout> layouts;
  std::vector<size_t> owners;
  for (size_t i = 0; i < dispatches.size(); ++i) {
    if (dispatches[i].bindings.empty())
      continue;
    layouts.push_back(setLayouts[dispatches[i].kernel]);
    owners.push_back(i);
  }
  VkDescriptorSetAllocateInfo allocInfo{
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocInfo.descriptorPool = descriptorPool;
  allocInfo.descriptorSetCount = setCount;
  allocInfo.pSetLayouts = layouts.data();
  std::vector<VkDescriptorSet> allocated(setCount);
  if (VkResult r =
          vkAllocateDescriptorSets(device, &allocInfo, allocated.data());
      r != VK_SUCCESS)
    return vkError(r, label() + ": vkAllocateDescriptorSets");
  // Written once: the arena never moves, so every run reuses the sets.
  std::vector<VkDescriptorBufferInfo> buffers;
  buffers.reserve(descriptorCount);
  std::vector<VkWriteDescriptorSet> writes;
  for (size_t s = 0; s < owners.size(); ++s) {
    size_t i = owners[s];
    sets[i] = allocated[s];
    for (size_t b = 0; b < dispatches[i].bindings.size(); ++b) {
      const VulkanBinding &binding = dispatches[i].bindings[b];
      buffers.push_back({arena, binding.offset, binding.size});
      VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      write.dstSet = sets[i];
      write.dstBinding = static_cast<uint32_t>(b);
      write.descriptorCount = 1;
      write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      write.pBufferInfo = &buffers.back();
      writes.push_back(write);
    }
  }
  vkUpdateDescriptorSets(device, static_cast<uint32_t>(writes.size()),
                         writes.data(), 0, nullptr);
  return Status::ok();
}

Status VulkanExecutable::createCommands() {
  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  // The upload buffer is re-recorded per upload.
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = ctx->queueFamily();
  if (VkResult r =
          vkCreateCommandPool(device, &poolInfo, nullptr, &commandPool);
      r != VK_SUCCESS) {
    commandPool = VK_NULL_HANDLE;
    return vkError(r, label() + ": vkCreateCommandPool");
  }
  bool profiled = ctx->info().timestampsSupported && !dispatches.empty();
  VkCommandBufferAllocateInfo allocInfo{
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  allocInfo.commandPool = commandPool;
  allocInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  allocInfo.commandBufferCount = profiled ? 3 : 2;
  VkCommandBuffer buffers[3] = {};
  if (VkResult r = vkAllocateCommandBuffers(device, &allocInfo, buffers);
      r != VK_SUCCESS)
    return vkError(r, label() + ": vkAllocateCommandBuffers");
  runCommands = buffers[0];
  uploadCommands = buffers[1];
  profiledCommands = profiled ? buffers[2] : VK_NULL_HANDLE;
  VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  if (VkResult r = vkCreateFence(device, &fenceInfo, nullptr, &fence);
      r != VK_SUCCESS) {
    fence = VK_NULL_HANDLE;
    return vkError(r, label() + ": vkCreateFence");
  }
  if (profiled) {
    VkQueryPoolCreateInfo queryInfo{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    queryInfo.queryType = VK_QUERY_TYPE_TIMESTAMP;
    queryInfo.queryCount = static_cast<uint32_t>(2 * dispatches.size());
    if (VkResult r = vkCreateQueryPool(device, &queryInfo, nullptr, &queries);
        r != VK_SUCCESS) {
      queries = VK_NULL_HANDLE;
      return vkError(r, label() + ": vkCreateQueryPool");
    }
  }
  return Status::ok();
}

Status VulkanExecutable::initializeArena() {
  // Zeroed like the CPU arena, so a run is deterministic even if a kernel
  // read a byte nobody wrote; then the constants.
  std::memset(host, 0, bufferSize);
  for (const Slot &slot : manifestCopy.slots)
    if (slot.role == SlotRole::constant && slot.size)
      slot.fillConstant(host + slot.offset);
  if (unified)
    return Status::ok();
  return upload(0, bufferSize, "the arena's initial contents");
}

Status VulkanExecutable::record(VkCommandBuffer commands, bool profiled) {
  std::string what = label() + (profiled ? ": the profiled command buffer"
                                         : ": the run's "
                                           "command buffer");
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  if (VkResult r = vkBeginCommandBuffer(commands, &begin); r != VK_SUCCESS)
    return vkError(r, "vkBeginCommandBuffer for " + what);
  afterEarlierSubmits(commands);
  if (profiled)
    vkCmdResetQueryPool(commands, queries, 0,
                        static_cast<uint32_t>(2 * dispatches.size()));
  if (!unified) {
    std::vector<VkBufferCopy> regions;
    for (size_t i : inputSlots) {
      const Slot &slot = manifestCopy.slots[i];
      if (slot.size)
        regions.push_back({slot.offset, slot.offset, slot.size});
    }
    if (!regions.empty()) {
      vkCmdCopyBuffer(commands, staging, arena,
                      static_cast<uint32_t>(regions.size()), regions.data());
      memoryBarrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT,
                    VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, kShaderAccesses);
    }
  }
  VkPipeline bound = VK_NULL_HANDLE;
  for (size_t i = 0; i < dispatches.size(); ++i) {
    // Profiling times each dispatch alone.
    if (profiled ? i > 0 : barrierBefore[i])
      memoryBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                    VK_ACCESS_SHADER_WRITE_BIT,
                    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, kShaderAccesses);
    uint32_t kernel = dispatches[i].kernel;
    if (pipelines[kernel] != bound) {
      bound = pipelines[kernel];
      vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, bound);
    }
    if (sets[i])
      vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                              pipelineLayouts[kernel], 0, 1, &sets[i], 0,
                              nullptr);
    uint32_t query = static_cast<uint32_t>(2 * i);
    if (profiled)
      vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                          queries, query);
    vkCmdDispatch(commands, grids[i][0], grids[i][1], grids[i][2]);
    if (profiled)
      vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                          queries, query + 1);
  }
  std::vector<VkBufferCopy> regions;
  if (!unified)
    for (size_t i : outputSlots) {
      const Slot &slot = manifestCopy.slots[i];
      if (slot.size)
        regions.push_back({slot.offset, slot.offset, slot.size});
    }
  if (!regions.empty()) {
    memoryBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                  VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                  VK_ACCESS_TRANSFER_READ_BIT);
    vkCmdCopyBuffer(commands, arena, staging,
                    static_cast<uint32_t>(regions.size()), regions.data());
  }
  // The host reads the outputs once the fence signals.
  memoryBarrier(commands, kComputeAndTransfer, kAllWrites,
                VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
  if (VkResult r = vkEndCommandBuffer(commands); r != VK_SUCCESS)
    return vkError(r, "vkEndCommandBuffer for " + what);
  return Status::ok();
}

Status VulkanExecutable::upload(uint64_t offset, uint64_t size,
                                const std::string &what) {
  return oneOffCopy(/*download=*/false, offset, size, "the upload of " + what);
}

Status VulkanExecutable::oneOffCopy(bool download, uint64_t offset,
                                    uint64_t size, const std::string &what) {
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  if (VkResult r = vkBeginCommandBuffer(uploadCommands, &begin);
      r != VK_SUCCESS)
    return vkError(r, label() + ": vkBeginCommandBuffer for " + what);
  afterEarlierSubmits(uploadCommands);
  VkBufferCopy region{offset, offset, size};
  if (download) {
    // After every earlier write of the arena; the host reads the staging
    // buffer once the fence signals.
    memoryBarrier(uploadCommands, kComputeAndTransfer, kAllWrites,
                  VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    vkCmdCopyBuffer(uploadCommands, arena, staging, 1, &region);
    memoryBarrier(uploadCommands, VK_PIPELINE_STAGE_TRANSFER_BIT,
                  VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                  VK_ACCESS_HOST_READ_BIT);
  } else {
    vkCmdCopyBuffer(uploadCommands, staging, arena, 1, &region);
  }
  if (VkResult r = vkEndCommandBuffer(uploadCommands); r != VK_SUCCESS)
    return vkError(r, label() + ": vkEndCommandBuffer for " + what);
  return submit(uploadCommands, what);
}

Status VulkanExecutable::readSlot(const Slot &slot, void *out) {
  return whileIdle("reading", slot, [&] { return readSlotLocked(slot, out); });
}

template <typename Body>
Status VulkanExecutable::whileIdle(const char *verb, const Slot &slot,
                                   Body body) {
  // Detects, not serializes, like run().
  if (busy.exchange(true, std::memory_order_acquire))
    return Status(StatusCode::failed_precondition,
                  std::string(verb) + " slot '" + slot.name + "' of '" +
                      manifestCopy.name +
                      "' while a run() or writeSlot() on it is in progress");
  Status s = body();
  busy.store(false, std::memory_order_release);
  return s;
}

Status VulkanExecutable::usableSlot(const Slot &slot) const {
  if (Status s = usable(); !s)
    return s;
  if (slot.offset > manifestCopy.arenaSize ||
      slot.size > manifestCopy.arenaSize - slot.offset)
    return Status(StatusCode::out_of_range,
                  "slot '" + slot.name + "': offset " +
                      std::to_string(slot.offset) + " + size " +
                      std::to_string(slot.size) + " exceeds the arena of " +
                      label() + " (" + std::to_string(manifestCopy.arenaSize) +
                      " bytes)");
  return Status::ok();
}

Status VulkanExecutable::readSlotLocked(const Slot &slot, void *out) {
  if (Status s = usableSlot(slot); !s)
    return s;
  if (!slot.size)
    return Status::ok();
  if (!unified)
    if (Status s = oneOffCopy(/*download=*/true, slot.offset, slot.size,
                              "the download of slot '" + slot.name + "'");
        !s)
      return s;
  std::memcpy(out, host + slot.offset, slot.size);
  return Status::ok();
}

Status VulkanExecutable::submit(VkCommandBuffer commands,
                                const std::string &what) {
  Status s;
  if (injected != VK_SUCCESS) {
    VkResult result = injected;
    injected = VK_SUCCESS;
    if (result == VK_ERROR_DEVICE_LOST)
      ctx->markDeviceLost();
    s = vkError(result, "vkQueueSubmit of " + what);
  } else {
    s = ctx->submitAndWait(commands, fence, what);
  }
  if (s)
    return s;
  if (s.code() == StatusCode::data_loss)
    lost = true;
  return Status(s.code(), label() + ": " + s.message());
}

Status VulkanExecutable::usable() const {
  if (lost || ctx->deviceLost())
    return Status(StatusCode::data_loss,
                  label() + ": the Vulkan device '" + ctx->info().name +
                      "' was lost (VK_ERROR_DEVICE_LOST); this executable "
                      "cannot run again: load the artifact again");
  return Status::ok();
}

Status VulkanExecutable::writeSlot(const Slot &slot, const void *data) {
  return whileIdle("writing", slot,
                   [&] { return writeSlotLocked(slot, data); });
}

Status VulkanExecutable::writeSlotLocked(const Slot &slot, const void *data) {
  if (Status s = usableSlot(slot); !s)
    return s;
  if (!slot.size)
    return Status::ok();
  if (!data)
    return Status(StatusCode::invalid_argument,
                  "slot '" + slot.name + "': null data pointer for " +
                      std::to_string(slot.size) + " bytes");
  std::memcpy(host + slot.offset, data, slot.size);
  // Every run uploads the inputs anyway.
  if (unified || slot.role == SlotRole::input)
    return Status::ok();
  return upload(slot.offset, slot.size, "slot '" + slot.name + "'");
}

void VulkanExecutable::setProfiling(bool on) {
  profiling = on;
  nanos.assign(dispatches.size(), 0);
  runs = 0;
}

Status VulkanExecutable::run(const void *const *inputs) {
  // Detects, not serializes: a second caller gets an error instead of
  // corrupting the first caller's arena.
  if (busy.exchange(true, std::memory_order_acquire))
    return Status(StatusCode::failed_precondition,
                  "run() on '" + manifestCopy.name +
                      "' while another run() or writeSlot() on it is in "
                      "progress; use one executable per thread or a lock");
  Status s = runLocked(inputs);
  busy.store(false, std::memory_order_release);
  return s;
}

Status VulkanExecutable::runLocked(const void *const *inputs) {
  if (Status s = usable(); !s)
    return s;
  if (inputs) {
    for (size_t j = 0; j < inputSlots.size(); ++j) {
      const Slot &slot = manifestCopy.slots[inputSlots[j]];
      if (!slot.size)
        continue;
      if (!inputs[j])
        return Status(StatusCode::invalid_argument,
                      "input " + std::to_string(j) + " ('" + slot.name +
                          "'): null data pointer for " +
                          std::to_string(slot.size) + " bytes");
      std::memcpy(host + slot.offset, inputs[j], slot.size);
    }
  }
  bool timed = profiling && profiledCommands;
  if (Status s = submit(timed ? profiledCommands : runCommands, "a run"); !s)
    return s;
  if (!profiling)
    return Status::ok();
  if (!timed) {
    // Nothing to time without dispatches; without timestamps no run counts.
    if (dispatches.empty())
      ++runs;
    return Status::ok();
  }
  std::vector<uint64_t> stamps(2 * dispatches.size());
  VkResult r = vkGetQueryPoolResults(
      device, queries, 0, static_cast<uint32_t>(stamps.size()),
      stamps.size() * sizeof(uint64_t), stamps.data(), sizeof(uint64_t),
      VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
  if (r != VK_SUCCESS) {
    if (r == VK_ERROR_DEVICE_LOST) {
      lost = true;
      ctx->markDeviceLost();
    }
    return vkError(r, label() + ": vkGetQueryPoolResults");
  }
  uint32_t bits = ctx->timestampValidBits();
  uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  double period = ctx->info().timestampPeriod;
  for (size_t i = 0; i < dispatches.size(); ++i) {
    uint64_t ticks = (stamps[2 * i + 1] - stamps[2 * i]) & mask;
    nanos[i] += static_cast<uint64_t>(std::llround(double(ticks) * period));
  }
  ++runs;
  return Status::ok();
}

} // namespace rlx::runtime
