//===- SpirvModule.cpp - What the runtime reads from a SPIR-V module ------===//
#include "runtime/SpirvModule.h"

#include <cstdio>
#include <map>

namespace rlx::runtime {

namespace {

constexpr uint32_t kOpEntryPoint = 15;
constexpr uint32_t kOpExecutionMode = 16;
constexpr uint32_t kExecutionModeLocalSize = 17;

Status invalid(std::string message) {
  return Status(StatusCode::invalid_argument,
                "SPIR-V module: " + std::move(message));
}

std::string hex32(uint32_t v) {
  char buf[11];
  std::snprintf(buf, sizeof(buf), "0x%08x", v);
  return buf;
}

/// Decodes the literal string that starts at `words[at]` and ends before
/// `end` (octets packed low byte first, NUL-terminated). Returns false when
/// no NUL comes before `end`; `next` is the first word after the string.
bool readString(const std::vector<uint32_t> &words, size_t at, size_t end,
                std::string &out, size_t &next) {
  out.clear();
  for (size_t w = at; w < end; ++w) {
    for (int b = 0; b < 4; ++b) {
      char c = static_cast<char>((words[w] >> (8 * b)) & 0xff);
      if (c == '\0') {
        next = w + 1;
        return true;
      }
      out.push_back(c);
    }
  }
  return false;
}

} // namespace

const SpirvEntryPoint *
SpirvModuleInfo::findCompute(const std::string &name) const {
  for (const SpirvEntryPoint &entry : entryPoints)
    if (entry.executionModel == kSpirvGLCompute && entry.name == name)
      return &entry;
  return nullptr;
}

std::string spirvVersionString(uint32_t version) {
  return std::to_string((version >> 16) & 0xff) + "." +
         std::to_string((version >> 8) & 0xff);
}

Expected<SpirvModuleInfo> scanSpirvModule(const std::vector<uint32_t> &words) {
  if (words.size() < kSpirvHeaderWords)
    return invalid(std::to_string(words.size()) +
                   " words is shorter than the 5-word header");
  if (words[0] != kSpirvMagic)
    return invalid("magic number " + hex32(words[0]) + " is not " +
                   hex32(kSpirvMagic) +
                   " (not SPIR-V, or in the other byte order)");
  SpirvModuleInfo info;
  info.version = words[1];
  // Execution modes may name an entry point declared later only in a
  // malformed module; resolve them after the walk either way.
  std::map<uint32_t, std::array<uint32_t, 3>> localSizes;
  size_t at = kSpirvHeaderWords;
  while (at < words.size()) {
    uint32_t wordCount = words[at] >> 16;
    uint32_t opcode = words[at] & 0xffff;
    std::string where = "instruction at word " + std::to_string(at) +
                        " (opcode " + std::to_string(opcode) + ")";
    if (wordCount == 0)
      return invalid(where + " has word count 0");
    if (wordCount > words.size() - at)
      return invalid(where + " has " + std::to_string(wordCount) +
                     " words but only " + std::to_string(words.size() - at) +
                     " remain in the module");
    size_t end = at + wordCount;
    if (opcode == kOpEntryPoint) {
      if (wordCount < 4)
        return invalid("OpEntryPoint at word " + std::to_string(at) + " has " +
                       std::to_string(wordCount) +
                       " words (at least 4: model, id, name)");
      SpirvEntryPoint entry;
      entry.executionModel = words[at + 1];
      entry.id = words[at + 2];
      size_t next = 0;
      if (!readString(words, at + 3, end, entry.name, next))
        return invalid("OpEntryPoint at word " + std::to_string(at) +
                       ": its name is not NUL-terminated");
      info.entryPoints.push_back(std::move(entry));
    } else if (opcode == kOpExecutionMode && wordCount >= 6 &&
               words[at + 2] == kExecutionModeLocalSize) {
      localSizes.emplace(
          words[at + 1],
          std::array<uint32_t, 3>{words[at + 3], words[at + 4], words[at + 5]});
    }
    at = end;
  }
  for (SpirvEntryPoint &entry : info.entryPoints) {
    auto it = localSizes.find(entry.id);
    if (it == localSizes.end())
      continue;
    entry.hasLocalSize = true;
    entry.localSize = it->second;
  }
  return info;
}

} // namespace rlx::runtime
