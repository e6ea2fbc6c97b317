//===- VulkanSpirvValidator.cpp - SPIRV-Tools' validator at load time -----===//
#include "runtime/vulkan/VulkanSpirvValidator.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/SHA256.h"

#include <spirv-tools/libspirv.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <set>
#include <thread>

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

/// A module's SHA-256 and the environment it was validated for.
using ModuleKey = std::pair<std::array<uint8_t, 32>, int>;

ModuleKey keyOf(const std::vector<uint32_t> &words, spv_target_env env) {
  llvm::ArrayRef<uint8_t> bytes(reinterpret_cast<const uint8_t *>(words.data()),
                                words.size() * sizeof(uint32_t));
  return {llvm::SHA256::hash(bytes), static_cast<int>(env)};
}

/// The modules this process has validated. SHA-256 keys: a different
/// module with the same key would take a collision. Bounded: cleared when
/// full, which only costs validating again.
class ValidatedModules {
public:
  bool contains(const ModuleKey &key) {
    std::lock_guard<std::mutex> lock(mutex);
    return keys.count(key) != 0;
  }
  void insert(const ModuleKey &key) {
    std::lock_guard<std::mutex> lock(mutex);
    if (keys.size() >= kMaxKeys)
      keys.clear();
    keys.insert(key);
  }

private:
  static constexpr size_t kMaxKeys = 4096;
  std::mutex mutex;
  std::set<ModuleKey> keys;
};

ValidatedModules &validatedModules() {
  static ValidatedModules modules;
  return modules;
}

std::atomic<uint64_t> validations{0};

/// Runs the validator on `words`; "" when valid, else its first message.
std::string validate(spvtools::SpirvTools &tools,
                     const std::vector<uint32_t> &words) {
  std::string first;
  tools.SetMessageConsumer([&](spv_message_level_t level, const char *,
                               const spv_position_t &, const char *message) {
    if (first.empty() && level <= SPV_MSG_ERROR && message)
      first = oneLine(message);
  });
  validations.fetch_add(1, std::memory_order_relaxed);
  if (tools.Validate(words.data(), words.size()))
    return "";
  return first.empty() ? "the validator rejected it" : first;
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
  spv_target_env env = environmentFor(maxSpirvVersion);
  std::vector<size_t> pending;
  std::vector<ModuleKey> keys;
  for (size_t i = 0; i < code.modules.size(); ++i) {
    keys.push_back(keyOf(code.modules[i], env));
    if (!validatedModules().contains(keys.back()))
      pending.push_back(i);
  }
  // Modules are independent: the validator takes about 1.7 ms for one of
  // the encoder's on this project's 2-core host, so a model's worth is
  // spread over threads, each with a validator of its own.
  std::vector<std::string> errors(code.modules.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    spvtools::SpirvTools tools(env);
    for (size_t n; (n = next.fetch_add(1)) < pending.size();)
      errors[pending[n]] = validate(tools, code.modules[pending[n]]);
  };
  size_t threads = std::min<size_t>(
      {pending.size(), std::max(1u, std::thread::hardware_concurrency()), 8});
  std::vector<std::thread> helpers;
  for (size_t t = 1; t < threads; ++t)
    helpers.emplace_back(work);
  if (!pending.empty())
    work();
  for (std::thread &helper : helpers)
    helper.join();
  for (size_t i : pending) {
    if (!errors[i].empty())
      return Status(StatusCode::invalid_argument,
                    label + ": vulkan module " + std::to_string(i) + " (" +
                        kernelsOf(code, static_cast<uint32_t>(i)) +
                        ") is not valid SPIR-V for " +
                        vulkanSpirvEnvironmentName(maxSpirvVersion) +
                        " (SPIRV-Tools): " + errors[i]);
  }
  for (size_t i : pending)
    validatedModules().insert(keys[i]);
  return Status::ok();
}

uint64_t vulkanSpirvValidations() {
  return validations.load(std::memory_order_relaxed);
}

} // namespace rlx::runtime
