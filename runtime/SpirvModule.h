//===- SpirvModule.h - What the runtime reads from a SPIR-V module --------===//
//
// A bounded walk over a SPIR-V module's instructions that finds its version
// and its entry points (name, execution model, LocalSize), trusting no word:
// the artifact verifier checks the kernels against it before a driver sees
// the module. It is not a validator: the Vulkan loader runs SPIRV-Tools'
// validator too (vulkan/VulkanSpirvValidator.h), for the device's Vulkan
// version, which this scan cannot know when an artifact is read.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_SPIRVMODULE_H
#define RLX_RUNTIME_SPIRVMODULE_H

#include "rlx/Status.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rlx::runtime {

/// The first word of every SPIR-V module (in the module's byte order).
constexpr uint32_t kSpirvMagic = 0x07230203;
/// Magic, version, generator, id bound, schema.
constexpr size_t kSpirvHeaderWords = 5;
/// OpEntryPoint's execution model for compute shaders.
constexpr uint32_t kSpirvGLCompute = 5;

/// A descriptor-bound variable an entry point's functions refer to: a
/// StorageBuffer block whose members are arrays with explicit layout, as
/// rlx's compiler writes them.
struct SpirvBinding {
  uint32_t set = 0;
  uint32_t binding = 0;
  /// The variable's id.
  uint32_t variable = 0;
  /// The block's declared size: the largest member offset + array length x
  /// ArrayStride (a runtime array counts from its offset only).
  uint64_t bytes = 0;
  /// A member is an OpTypeRuntimeArray, as long as the range bound to it.
  bool runtimeSized = false;
};

struct SpirvEntryPoint {
  std::string name;
  uint32_t executionModel = 0;
  /// The id of the entry point's OpFunction.
  uint32_t id = 0;
  /// From `OpExecutionMode <id> LocalSize x y z`; false when the module
  /// declares none (it may use LocalSizeId or the WorkgroupSize built-in).
  bool hasLocalSize = false;
  std::array<uint32_t, 3> localSize = {0, 0, 0};
  /// The descriptor-bound variables named anywhere in the functions the
  /// entry point calls, directly or not (any operand word equal to a
  /// variable's id counts: an over-approximation, never an omission).
  std::vector<SpirvBinding> bindings;
};

struct SpirvModuleInfo {
  /// Header word 1: 0x00MMmm00 for SPIR-V MM.mm.
  uint32_t version = 0;
  std::vector<SpirvEntryPoint> entryPoints;

  /// The GLCompute entry point named `name`, or null.
  const SpirvEntryPoint *findCompute(const std::string &name) const;
};

/// "1.3" for a SPIR-V version word 0x00010300.
std::string spirvVersionString(uint32_t version);

/// Reads the header and walks every instruction of `words`. Errors
/// (invalid_argument, naming the word): shorter than the header, a wrong
/// magic number, an instruction whose word count is 0 or runs past the end,
/// an OpEntryPoint whose name is not a terminated string, a variable with a
/// DescriptorSet or Binding decoration that is not a StorageBuffer block of
/// laid-out arrays (or whose size overflows 64 bits).
Expected<SpirvModuleInfo> scanSpirvModule(const std::vector<uint32_t> &words);

} // namespace rlx::runtime

#endif // RLX_RUNTIME_SPIRVMODULE_H
