//===- SpirvModule.cpp - What the runtime reads from a SPIR-V module ------===//
#include "runtime/SpirvModule.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

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

namespace {

constexpr uint32_t kOpTypeInt = 21;
constexpr uint32_t kOpTypeArray = 28;
constexpr uint32_t kOpTypeRuntimeArray = 29;
constexpr uint32_t kOpTypeStruct = 30;
constexpr uint32_t kOpTypePointer = 32;
constexpr uint32_t kOpConstant = 43;
constexpr uint32_t kOpFunction = 54;
constexpr uint32_t kOpFunctionEnd = 56;
constexpr uint32_t kOpFunctionCall = 57;
constexpr uint32_t kOpVariable = 59;
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kOpMemberDecorate = 72;
constexpr uint32_t kDecorationBlock = 2;
constexpr uint32_t kDecorationArrayStride = 6;
constexpr uint32_t kDecorationBinding = 33;
constexpr uint32_t kDecorationDescriptorSet = 34;
constexpr uint32_t kDecorationOffset = 35;
constexpr uint32_t kStorageClassStorageBuffer = 12;

/// One instruction: where it starts and how many words it has.
struct Instruction {
  size_t at;
  uint32_t opcode;
  uint32_t wordCount;
};

/// The declarations the binding layout is computed from, by id.
struct Declarations {
  std::map<uint32_t, std::vector<uint32_t>> structMembers;
  std::map<uint32_t, std::pair<uint32_t, uint32_t>> arrays; // elem, length id
  std::set<uint32_t> runtimeArrays;
  std::map<uint32_t, std::pair<uint32_t, uint32_t>> pointers; // class, type
  std::map<uint32_t, uint64_t> integerConstants;
  std::map<uint32_t, uint32_t> integerWidths;
  std::map<uint32_t, uint32_t> arrayStrides;
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> memberOffsets;
  std::set<uint32_t> blocks;
  std::map<uint32_t, uint32_t> sets, bindings;
  std::map<uint32_t, uint32_t> variableTypes; // variable id -> pointer type
};

/// The layout of the descriptor-bound `variable`, or an error naming it.
Expected<SpirvBinding> bindingOf(const Declarations &d, uint32_t variable) {
  std::string what = "variable %" + std::to_string(variable);
  SpirvBinding out;
  out.variable = variable;
  auto set = d.sets.find(variable), binding = d.bindings.find(variable);
  if (set == d.sets.end() || binding == d.bindings.end())
    return invalid(what + " has a DescriptorSet or a Binding, not both");
  out.set = set->second;
  out.binding = binding->second;
  auto type = d.variableTypes.find(variable);
  auto pointer = type == d.variableTypes.end() ? d.pointers.end()
                                               : d.pointers.find(type->second);
  if (pointer == d.pointers.end())
    return invalid(what + " is not a variable of a pointer type");
  if (pointer->second.first != kStorageClassStorageBuffer)
    return invalid(what + " (binding " + std::to_string(out.binding) +
                   ") is in storage class " +
                   std::to_string(pointer->second.first) +
                   ", not StorageBuffer (12)");
  uint32_t block = pointer->second.second;
  auto members = d.structMembers.find(block);
  if (members == d.structMembers.end() || !d.blocks.count(block))
    return invalid(what + " does not point to a Block-decorated struct");
  for (uint32_t m = 0; m < members->second.size(); ++m) {
    uint32_t member = members->second[m];
    auto offset = d.memberOffsets.find({block, m});
    auto stride = d.arrayStrides.find(member);
    if (offset == d.memberOffsets.end() || stride == d.arrayStrides.end())
      return invalid(what + ": member " + std::to_string(m) +
                     " of its block is not an array with an Offset and an "
                     "ArrayStride");
    if (d.runtimeArrays.count(member)) {
      // Its length is the binding's (OpArrayLength): only the members
      // before it are declared.
      out.runtimeSized = true;
      out.bytes = std::max<uint64_t>(out.bytes, offset->second);
      continue;
    }
    auto array = d.arrays.find(member);
    auto length = array == d.arrays.end()
                      ? d.integerConstants.end()
                      : d.integerConstants.find(array->second.second);
    if (length == d.integerConstants.end())
      return invalid(what + ": member " + std::to_string(m) +
                     " of its block is not an array of a constant length");
    uint64_t bytes = 0, end = 0;
    if (__builtin_mul_overflow(length->second, uint64_t(stride->second),
                               &bytes) ||
        __builtin_add_overflow(bytes, uint64_t(offset->second), &end))
      return invalid(what + ": its size overflows 64 bits");
    out.bytes = std::max(out.bytes, end);
  }
  return out;
}

} // namespace

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
  // Every instruction, its length checked before any operand is read.
  std::vector<Instruction> instructions;
  for (size_t at = kSpirvHeaderWords; at < words.size();) {
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
    instructions.push_back({at, opcode, wordCount});
    at += wordCount;
  }

  // Execution modes may name an entry point declared later only in a
  // malformed module; resolve them after the walk either way.
  std::map<uint32_t, std::array<uint32_t, 3>> localSizes;
  Declarations d;
  std::set<uint32_t> descriptorVariables;
  // Each function's instructions, and the functions each one calls.
  std::map<uint32_t, std::pair<size_t, size_t>> functions;
  std::map<uint32_t, std::set<uint32_t>> calls;
  uint32_t function = 0;
  size_t functionStart = 0;
  for (size_t i = 0; i < instructions.size(); ++i) {
    const Instruction &in = instructions[i];
    const uint32_t *w = words.data() + in.at;
    uint32_t n = in.wordCount;
    switch (in.opcode) {
    case kOpEntryPoint: {
      if (n < 4)
        return invalid("OpEntryPoint at word " + std::to_string(in.at) +
                       " has " + std::to_string(n) +
                       " words (at least 4: model, id, name)");
      SpirvEntryPoint entry;
      entry.executionModel = w[1];
      entry.id = w[2];
      size_t next = 0;
      if (!readString(words, in.at + 3, in.at + n, entry.name, next))
        return invalid("OpEntryPoint at word " + std::to_string(in.at) +
                       ": its name is not NUL-terminated");
      info.entryPoints.push_back(std::move(entry));
      break;
    }
    case kOpExecutionMode:
      if (n >= 6 && w[2] == kExecutionModeLocalSize)
        localSizes.emplace(w[1], std::array<uint32_t, 3>{w[3], w[4], w[5]});
      break;
    case kOpTypeInt:
      if (n >= 3)
        d.integerWidths[w[1]] = w[2];
      break;
    case kOpConstant:
      // 32-bit integers take one literal word, 64-bit ones two.
      if (n >= 4 && d.integerWidths.count(w[1])) {
        uint64_t value = w[3];
        if (d.integerWidths[w[1]] == 64 && n >= 5)
          value |= uint64_t(w[4]) << 32;
        d.integerConstants[w[2]] = value;
      }
      break;
    case kOpTypeArray:
      if (n >= 4)
        d.arrays[w[1]] = {w[2], w[3]};
      break;
    case kOpTypeRuntimeArray:
      if (n >= 3)
        d.runtimeArrays.insert(w[1]);
      break;
    case kOpTypeStruct:
      if (n >= 2)
        d.structMembers[w[1]] = std::vector<uint32_t>(w + 2, w + n);
      break;
    case kOpTypePointer:
      if (n >= 4)
        d.pointers[w[1]] = {w[2], w[3]};
      break;
    case kOpVariable:
      // Module-level variables only: a function's are not bound.
      if (n >= 4 && !function)
        d.variableTypes[w[2]] = w[1];
      break;
    case kOpDecorate:
      if (n >= 3 && w[2] == kDecorationBlock)
        d.blocks.insert(w[1]);
      if (n >= 4 && w[2] == kDecorationArrayStride)
        d.arrayStrides[w[1]] = w[3];
      if (n >= 4 && w[2] == kDecorationDescriptorSet) {
        d.sets[w[1]] = w[3];
        descriptorVariables.insert(w[1]);
      }
      if (n >= 4 && w[2] == kDecorationBinding) {
        d.bindings[w[1]] = w[3];
        descriptorVariables.insert(w[1]);
      }
      break;
    case kOpMemberDecorate:
      if (n >= 5 && w[3] == kDecorationOffset)
        d.memberOffsets[{w[1], w[2]}] = w[4];
      break;
    case kOpFunction:
      if (n >= 3 && !function) {
        function = w[2];
        functionStart = i;
      }
      break;
    case kOpFunctionEnd:
      if (function)
        functions[function] = {functionStart, i};
      function = 0;
      break;
    case kOpFunctionCall:
      if (n >= 4 && function)
        calls[function].insert(w[3]);
      break;
    default:
      break;
    }
  }

  std::map<uint32_t, SpirvBinding> layouts;
  for (uint32_t variable : descriptorVariables) {
    Expected<SpirvBinding> layout = bindingOf(d, variable);
    if (!layout)
      return layout.status();
    layouts.emplace(variable, *layout);
  }

  for (SpirvEntryPoint &entry : info.entryPoints) {
    auto it = localSizes.find(entry.id);
    if (it != localSizes.end()) {
      entry.hasLocalSize = true;
      entry.localSize = it->second;
    }
    // The functions the entry point reaches, and the bound variables any
    // of their operand words names.
    std::set<uint32_t> reached, used;
    std::vector<uint32_t> pending = {entry.id};
    while (!pending.empty()) {
      uint32_t f = pending.back();
      pending.pop_back();
      if (!reached.insert(f).second)
        continue;
      auto range = functions.find(f);
      if (range == functions.end())
        continue;
      for (size_t i = range->second.first; i <= range->second.second; ++i) {
        const Instruction &in = instructions[i];
        for (uint32_t k = 1; k < in.wordCount; ++k)
          if (layouts.count(words[in.at + k]))
            used.insert(words[in.at + k]);
      }
      for (uint32_t callee : calls[f])
        pending.push_back(callee);
    }
    for (uint32_t variable : used)
      entry.bindings.push_back(layouts.at(variable));
  }
  return info;
}

} // namespace rlx::runtime
