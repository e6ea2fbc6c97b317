//===- VulkanSpirvValidator.cpp - SPIRV-Tools' validator at load time -----===//
#include "runtime/vulkan/VulkanSpirvValidator.h"

#include <spirv-tools/libspirv.hpp>

namespace rlx::runtime {

namespace {

spv_target_env environmentFor(uint32_t maxSpirvVersion) {
  if (maxSpirvVersion >= 0x00010600)
    return SPV_ENV_VULKAN_1_3;
  if (maxSpirvVersion >= 0x00010500)
    return SPV_ENV_VULKAN_1_2;
  if (maxSpirvVersion >= 0x00010400)
    return SPV_ENV_VULKAN_1_1_SPIRV_1_4;
  return SPV_ENV_VULKAN_1_1;
}

/// One line: the validator ends a message with the offending instruction
/// on lines of its own.
std::string oneLine(const char *text) {
  std::string out;
  bool space = false;
  for (const char *c = text; *c; ++c) {
    bool blank = *c == '\n' || *c == ' ' || *c == '\t';
    if (blank) {
      space = !out.empty();
      continue;
    }
    if (space)
      out += ' ';
    space = false;
    out += *c;
  }
  return out;
}

std::string kernelsOf(const VulkanCode &code, uint32_t module) {
  std::string names;
  size_t count = 0;
  for (const VulkanKernel &kernel : code.kernels) {
    if (kernel.module != module)
      continue;
    names += (count++ ? ", '" : "'") + kernel.entryPoint + "'";
  }
  if (!count)
    return "no kernel";
  return (count == 1 ? "kernel " : "kernels ") + names;
}

} // namespace

std::string vulkanSpirvEnvironmentName(uint32_t maxSpirvVersion) {
  switch (environmentFor(maxSpirvVersion)) {
  case SPV_ENV_VULKAN_1_3:
    return "Vulkan 1.3";
  case SPV_ENV_VULKAN_1_2:
    return "Vulkan 1.2";
  case SPV_ENV_VULKAN_1_1_SPIRV_1_4:
    return "Vulkan 1.1 with SPIR-V 1.4";
  default:
    return "Vulkan 1.1";
  }
}

Status validateVulkanSpirv(const VulkanCode &code, uint32_t maxSpirvVersion,
                           const std::string &label) {
  if (code.modules.empty())
    return Status::ok();
  spvtools::SpirvTools tools(environmentFor(maxSpirvVersion));
  std::string first;
  tools.SetMessageConsumer([&](spv_message_level_t level, const char *,
                               const spv_position_t &, const char *message) {
    if (first.empty() && level <= SPV_MSG_ERROR && message)
      first = oneLine(message);
  });
  for (size_t i = 0; i < code.modules.size(); ++i) {
    first.clear();
    const std::vector<uint32_t> &words = code.modules[i];
    if (tools.Validate(words.data(), words.size()))
      continue;
    return Status(StatusCode::invalid_argument,
                  label + ": vulkan module " + std::to_string(i) + " (" +
                      kernelsOf(code, static_cast<uint32_t>(i)) +
                      ") is not valid SPIR-V for " +
                      vulkanSpirvEnvironmentName(maxSpirvVersion) +
                      " (SPIRV-Tools): " +
                      (first.empty() ? "the validator rejected it" : first));
  }
  return Status::ok();
}

} // namespace rlx::runtime
