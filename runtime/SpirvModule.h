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

struct SpirvEntryPoint {
  std::string name;
  uint32_t executionModel = 0;
  /// The id of the entry point's OpFunction.
  uint32_t id = 0;
  /// From `OpExecutionMode <id> LocalSize x y z`; false when the module
  /// declares none (it may use LocalSizeId or the WorkgroupSize built-in).
  bool hasLocalSize = false;
  std::array<uint32_t, 3> localSize = {0, 0, 0};
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
/// an OpEntryPoint whose name is not a terminated string.
Expected<SpirvModuleInfo> scanSpirvModule(const std::vector<uint32_t> &words);

} // namespace rlx::runtime

#endif // RLX_RUNTIME_SPIRVMODULE_H
