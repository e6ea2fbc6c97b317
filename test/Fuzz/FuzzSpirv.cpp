//===- FuzzSpirv.cpp - Fuzz target: the loader's SPIR-V scan --------------===//
//
// rlx-fuzz-spirv: the bytes are a SPIR-V module (little-endian words; a
// trailing partial word is dropped), scanned by rlx::runtime::scanSpirvModule
// as the Vulkan loader scans every module of an artifact for its entry
// points and their bindings. Findings besides crashes and sanitizer reports
// (hangs included: the scan must stay near-linear): an accepted module
// whose entry point lists one variable twice.
//
//===----------------------------------------------------------------------===//
#include "runtime/SpirvModule.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <set>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::vector<uint32_t> words(size / 4);
  if (!words.empty())
    std::memcpy(words.data(), data, words.size() * 4);
  rlx::Expected<rlx::runtime::SpirvModuleInfo> info =
      rlx::runtime::scanSpirvModule(words);
  if (!info)
    return 0;
  for (const rlx::runtime::SpirvEntryPoint &entry : info->entryPoints) {
    std::set<uint32_t> variables;
    for (const rlx::runtime::SpirvBinding &b : entry.bindings)
      if (!variables.insert(b.variable).second)
        __builtin_trap();
  }
  return 0;
}
