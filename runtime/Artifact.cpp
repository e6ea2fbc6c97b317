//===- Artifact.cpp - The on-disk form of a compiled graph ----------------===//
#include "runtime/Artifact.h"
#include "runtime/Files.h"

#include "runtime/ManifestVerifier.h"
#include "runtime/VulkanCodeVerifier.h"

#include "rlx/Version.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <system_error>

namespace rlx::runtime {

namespace {

constexpr uint8_t kMagic[4] = {'R', 'L', 'X', 'A'};
/// A slot's given-dtype byte when its values are given in its dtype.
constexpr uint8_t kNoGivenDType = 0xff;
// The fewest payload bytes one slot / dispatch can take; bounds a count by the
// bytes that remain before anything is reserved for it.
constexpr uint64_t kMinSlotBytes = 8 + 1 + 1 + 8 + 8 + 8 + 8;
constexpr uint64_t kMinDispatchBytes = 8 + 8 + 3 * 8 + 8 + 8 + 8;
/// A dispatch view: offset and size.
constexpr uint64_t kViewBytes = 8 + 8;
/// An object: its length field.
constexpr uint64_t kMinObjectBytes = 8;
/// A Vulkan module: its byte length.
constexpr uint64_t kMinVulkanModuleBytes = 8;
/// A Vulkan kernel: entry point length, module, workgroup size, binding
/// count.
constexpr uint64_t kMinVulkanKernelBytes = 8 + 4 + 3 * 4 + 4;
/// A Vulkan dispatch: kernel index and binding count.
constexpr uint64_t kMinVulkanDispatchBytes = 4 + 4;
/// A Vulkan binding: offset and size.
constexpr uint64_t kVulkanBindingBytes = 8 + 8;

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

class Writer {
public:
  explicit Writer(std::vector<uint8_t> &out) : out(out) {}

  void u8(uint8_t v) { out.push_back(v); }
  void u32(uint32_t v) {
    for (int i = 0; i < 4; ++i)
      out.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  void u64(uint64_t v) {
    for (int i = 0; i < 8; ++i)
      out.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  void bytes(const uint8_t *data, size_t size) {
    u64(size);
    out.insert(out.end(), data, data + size);
  }
  void str(const std::string &s) {
    bytes(reinterpret_cast<const uint8_t *>(s.data()), s.size());
  }

private:
  std::vector<uint8_t> &out;
};

uint64_t loadU64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v |= static_cast<uint64_t>(p[i]) << (8 * i);
  return v;
}

uint32_t loadU32(const uint8_t *p) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i)
    v |= static_cast<uint32_t>(p[i]) << (8 * i);
  return v;
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// Reads the payload with a sticky error: after the first failure every read
/// returns zero / empty, so callers check ok() only before acting on a value
/// (a loop bound, an allocation). The checksum already matched, so any
/// failure here is a malformed writer, not corruption: invalid_argument.
class Reader {
public:
  Reader(const uint8_t *data, size_t size) : cur(data), end(data + size) {}

  bool ok() const { return error.isOk(); }
  Status takeError() { return std::move(error); }
  uint64_t remaining() const { return static_cast<uint64_t>(end - cur); }

  void fail(std::string message) {
    if (ok())
      error = Status(StatusCode::invalid_argument, std::move(message));
  }

  uint8_t u8(const std::string &field) {
    if (!need(1, field))
      return 0;
    return *cur++;
  }
  uint32_t u32(const std::string &field) {
    if (!need(4, field))
      return 0;
    uint32_t v = loadU32(cur);
    cur += 4;
    return v;
  }
  uint64_t u64(const std::string &field) {
    if (!need(8, field))
      return 0;
    uint64_t v = loadU64(cur);
    cur += 8;
    return v;
  }
  int64_t i64(const std::string &field) {
    return static_cast<int64_t>(u64(field));
  }

  /// A count of items that take at least `minItemBytes` each.
  uint64_t count(const std::string &field, uint64_t minItemBytes) {
    uint64_t n = u64(field);
    if (ok() && n > remaining() / minItemBytes)
      fail(field + " " + std::to_string(n) + " needs at least " +
           std::to_string(minItemBytes) + " bytes each but only " +
           std::to_string(remaining()) + " bytes remain in the payload");
    return ok() ? n : 0;
  }

  /// A text field: printable ASCII only (names, symbols and targets reach
  /// terminals through profiles and error messages).
  std::string str(const std::string &field) {
    uint64_t n = length(field);
    std::string s(reinterpret_cast<const char *>(cur), n);
    cur += n;
    size_t bad = firstUnprintableByte(s);
    if (ok() && bad != s.size()) {
      char hex[8];
      snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned char>(s[bad]));
      fail(field + ": byte " + std::to_string(bad) + " (" + hex +
           ") is not printable ASCII; an artifact's names and text are "
           "printable ASCII");
      return {};
    }
    return s;
  }
  std::vector<uint8_t> bytes(const std::string &field) {
    uint64_t n = length(field);
    std::vector<uint8_t> v(cur, cur + n);
    cur += n;
    return v;
  }
  /// A bytes field that holds little-endian u32 words.
  std::vector<uint32_t> words(const std::string &field) {
    uint64_t n = length(field);
    if (ok() && n % 4) {
      fail(field + ": length " + std::to_string(n) +
           " is not a multiple of 4 bytes");
      return {};
    }
    std::vector<uint32_t> v(n / 4);
    for (uint32_t &word : v) {
      word = loadU32(cur);
      cur += 4;
    }
    return v;
  }
  /// `n` raw bytes, checked against the remaining ones.
  std::vector<uint8_t> fixedBytes(uint64_t n, const std::string &field) {
    if (!need(n, field))
      return {};
    std::vector<uint8_t> v(cur, cur + n);
    cur += n;
    return v;
  }

private:
  bool need(uint64_t n, const std::string &field) {
    if (!ok())
      return false;
    if (n > remaining()) {
      fail(field + ": needs " + std::to_string(n) + " bytes but only " +
           std::to_string(remaining()) + " remain in the payload");
      return false;
    }
    return true;
  }
  /// The u64 length prefix, checked against the remaining bytes so that no
  /// allocation is sized by an unchecked length.
  uint64_t length(const std::string &field) {
    uint64_t n = u64(field + " length");
    if (ok() && n > remaining())
      fail(field + ": length " + std::to_string(n) + " exceeds the " +
           std::to_string(remaining()) + " bytes that remain in the payload");
    return ok() ? n : 0;
  }

  const uint8_t *cur;
  const uint8_t *end;
  Status error;
};

std::string slotLabel(uint64_t index, const std::string &name) {
  return "slot " + std::to_string(index) + " ('" + name + "')";
}

void readSlot(Reader &r, uint64_t index, Slot &slot) {
  std::string prefix = "slot " + std::to_string(index);
  slot.name = r.str(prefix + " name");
  std::string label = slotLabel(index, slot.name);
  // Both enums have uint8_t as their fixed underlying type, so any byte is a
  // valid enum value in C++; verifyManifest rejects the out-of-range ones.
  slot.role = static_cast<SlotRole>(r.u8(label + " role"));
  slot.dtype = static_cast<DType>(r.u8(label + " dtype"));
  uint64_t rank = r.u64(label + " rank");
  if (!r.ok())
    return;
  if (rank > kMaxRank)
    return r.fail(label + ": rank " + std::to_string(rank) +
                  " exceeds the maximum rank " + std::to_string(kMaxRank));
  if (rank * 8 > r.remaining())
    return r.fail(label + ": rank " + std::to_string(rank) + " needs " +
                  std::to_string(rank * 8) + " bytes but only " +
                  std::to_string(r.remaining()) + " remain in the payload");
  slot.shape.resize(rank);
  for (uint64_t d = 0; d < rank; ++d)
    slot.shape[d] = r.i64(label + " dim " + std::to_string(d));
  slot.offset = r.u64(label + " offset");
  slot.size = r.u64(label + " size");
  slot.panelWidth = r.i64(label + " panel width");
  // kNoGivenDType: values are given in `dtype` (Slot::givenAs empty); any
  // other byte is a dtype, which verifyManifest range-checks.
  if (uint8_t given = r.u8(label + " given dtype"); given != kNoGivenDType)
    slot.givenAs = static_cast<DType>(given);
  uint8_t state = r.u8(label + " state");
  if (state > 1)
    return r.fail(label + ": state flag " + std::to_string(state) +
                  " is neither 0 nor 1");
  slot.state = state == 1;
  uint64_t permuted = r.u64(label + " permutation length");
  if (!r.ok())
    return;
  // One entry per dim or none; verifyManifest checks the entries.
  if (permuted != 0 && permuted != rank)
    return r.fail(label + ": permutation of " + std::to_string(permuted) +
                  " entries for rank " + std::to_string(rank));
  slot.permutation.resize(permuted);
  for (uint64_t d = 0; d < permuted; ++d)
    slot.permutation[d] =
        r.i64(label + " permutation entry " + std::to_string(d));
  slot.data = r.bytes(label + " data");
}

void readDispatch(Reader &r, uint64_t index, Dispatch &dispatch) {
  std::string prefix = "dispatch " + std::to_string(index);
  dispatch.symbol = r.str(prefix + " symbol");
  dispatch.kernel = r.str(prefix + " kernel");
  for (int d = 0; d < 3; ++d)
    dispatch.grid[d] = r.i64(prefix + " grid[" + std::to_string(d) + "]");
  dispatch.flops = r.u64(prefix + " flops");
  dispatch.bytes = r.u64(prefix + " bytes");
  uint64_t viewCount = r.count(prefix + " view count", kViewBytes);
  dispatch.views.resize(viewCount);
  for (uint64_t v = 0; v < viewCount && r.ok(); ++v) {
    std::string field = prefix + " view " + std::to_string(v);
    dispatch.views[v].offset = r.u64(field + " offset");
    dispatch.views[v].size = r.u64(field + " size");
  }
}

void readCpuCode(Reader &r, CpuCode &cpu) {
  cpu.triple = r.str("triple");
  cpu.cpuFeatures = r.str("cpu features");
  uint64_t objectCount = r.count("object count", kMinObjectBytes);
  cpu.objects.resize(objectCount);
  for (uint64_t i = 0; i < objectCount && r.ok(); ++i)
    cpu.objects[i] = r.bytes("object code");
}

void readVulkanKernel(Reader &r, uint64_t index, VulkanKernel &kernel) {
  std::string prefix = "vulkan kernel " + std::to_string(index);
  kernel.entryPoint = r.str(prefix + " entry point");
  kernel.module = r.u32(prefix + " module");
  for (int d = 0; d < 3; ++d)
    kernel.workgroupSize[d] =
        r.u32(prefix + " workgroup size[" + std::to_string(d) + "]");
  kernel.bindingCount = r.u32(prefix + " binding count");
  kernel.written = r.fixedBytes(kernel.bindingCount, prefix + " written flags");
}

void readVulkanDispatch(Reader &r, uint64_t index, VulkanDispatch &dispatch) {
  std::string prefix = "vulkan dispatch " + std::to_string(index);
  dispatch.kernel = r.u32(prefix + " kernel");
  uint32_t bindingCount = r.u32(prefix + " binding count");
  if (!r.ok())
    return;
  if (bindingCount > r.remaining() / kVulkanBindingBytes)
    return r.fail(prefix + ": binding count " + std::to_string(bindingCount) +
                  " needs " +
                  std::to_string(bindingCount * kVulkanBindingBytes) +
                  " bytes but only " + std::to_string(r.remaining()) +
                  " remain in the payload");
  dispatch.bindings.resize(bindingCount);
  for (uint32_t b = 0; b < bindingCount; ++b) {
    std::string field = prefix + " binding " + std::to_string(b);
    dispatch.bindings[b].offset = r.u64(field + " offset");
    dispatch.bindings[b].size = r.u64(field + " size");
  }
}

void readVulkanCode(Reader &r, VulkanCode &code) {
  code.requiredFeatures = r.u32("vulkan required features");
  code.requiredSubgroupSize = r.u32("vulkan required subgroup size");
  uint64_t moduleCount = r.count("vulkan module count", kMinVulkanModuleBytes);
  code.modules.resize(moduleCount);
  for (uint64_t i = 0; i < moduleCount && r.ok(); ++i)
    code.modules[i] = r.words("vulkan module " + std::to_string(i));
  uint64_t kernelCount = r.count("vulkan kernel count", kMinVulkanKernelBytes);
  code.kernels.resize(kernelCount);
  for (uint64_t i = 0; i < kernelCount && r.ok(); ++i)
    readVulkanKernel(r, i, code.kernels[i]);
  uint64_t dispatchCount =
      r.count("vulkan dispatch count", kMinVulkanDispatchBytes);
  code.dispatches.resize(dispatchCount);
  for (uint64_t i = 0; i < dispatchCount && r.ok(); ++i)
    readVulkanDispatch(r, i, code.dispatches[i]);
}

Status readPayload(const uint8_t *data, size_t size, Artifact &artifact) {
  Reader r(data, size);
  Manifest &m = artifact.manifest;
  m.name = r.str("manifest name");
  m.arenaSize = r.u64("arena size");
  m.alignment = r.u64("alignment");
  uint64_t slotCount = r.count("slot count", kMinSlotBytes);
  if (!r.ok())
    return r.takeError();
  m.slots.resize(slotCount);
  for (uint64_t i = 0; i < slotCount && r.ok(); ++i)
    readSlot(r, i, m.slots[i]);
  uint64_t dispatchCount = r.count("dispatch count", kMinDispatchBytes);
  if (!r.ok())
    return r.takeError();
  m.dispatches.resize(dispatchCount);
  for (uint64_t i = 0; i < dispatchCount && r.ok(); ++i)
    readDispatch(r, i, m.dispatches[i]);
  artifact.kernelAbiVersion = r.u32("kernel ABI version");
  artifact.device = r.str("device");
  if (!r.ok())
    return r.takeError();
  if (artifact.kernelAbiVersion != abi::kKernelAbiVersion)
    return Status(StatusCode::incompatible,
                  "the code was compiled against kernel ABI version " +
                      std::to_string(artifact.kernelAbiVersion) +
                      "; this runtime implements version " +
                      std::to_string(abi::kKernelAbiVersion));
  bool vulkan = artifact.device == "vulkan";
  if (artifact.device != "cpu" && !vulkan)
    return Status(StatusCode::incompatible,
                  "the artifact holds code for device '" + artifact.device +
                      "', which this runtime cannot load (it loads: cpu, "
                      "vulkan)");
  if (vulkan)
    readVulkanCode(r, artifact.vulkan);
  else
    readCpuCode(r, artifact.cpu);
  if (!r.ok())
    return r.takeError();
  if (r.remaining())
    return Status(StatusCode::invalid_argument,
                  std::to_string(r.remaining()) +
                      " unexpected bytes after the " +
                      (vulkan ? "vulkan code" : "object code"));
  if (Status s = verifyManifest(m); !s)
    return s;
  return vulkan ? verifyVulkanCode(m, artifact.vulkan) : Status::ok();
}

void writeVulkanCode(Writer &w, const VulkanCode &code) {
  w.u32(code.requiredFeatures);
  w.u32(code.requiredSubgroupSize);
  w.u64(code.modules.size());
  for (const std::vector<uint32_t> &module : code.modules) {
    w.u64(module.size() * 4);
    for (uint32_t word : module)
      w.u32(word);
  }
  w.u64(code.kernels.size());
  for (const VulkanKernel &kernel : code.kernels) {
    w.str(kernel.entryPoint);
    w.u32(kernel.module);
    for (uint32_t n : kernel.workgroupSize)
      w.u32(n);
    w.u32(kernel.bindingCount);
    for (uint8_t flag : kernel.written)
      w.u8(flag);
  }
  w.u64(code.dispatches.size());
  for (const VulkanDispatch &dispatch : code.dispatches) {
    w.u32(dispatch.kernel);
    w.u32(static_cast<uint32_t>(dispatch.bindings.size()));
    for (const VulkanBinding &binding : dispatch.bindings) {
      w.u64(binding.offset);
      w.u64(binding.size);
    }
  }
}

std::string hex(uint64_t v) {
  char buf[19];
  std::snprintf(buf, sizeof(buf), "0x%016llx",
                static_cast<unsigned long long>(v));
  return buf;
}

} // namespace

uint64_t fnv1a64(const uint8_t *data, size_t size) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < size; ++i) {
    h ^= data[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

std::vector<uint8_t> serializeArtifact(const Artifact &artifact) {
  std::vector<uint8_t> out(kArtifactHeaderSize, 0);
  Writer w(out);
  const Manifest &m = artifact.manifest;
  w.str(m.name);
  w.u64(m.arenaSize);
  w.u64(m.alignment);
  w.u64(m.slots.size());
  for (const Slot &slot : m.slots) {
    w.str(slot.name);
    w.u8(static_cast<uint8_t>(slot.role));
    w.u8(static_cast<uint8_t>(slot.dtype));
    w.u64(slot.shape.size());
    for (int64_t dim : slot.shape)
      w.i64(dim);
    w.u64(slot.offset);
    w.u64(slot.size);
    w.i64(slot.panelWidth);
    w.u8(slot.givenAs ? static_cast<uint8_t>(*slot.givenAs) : kNoGivenDType);
    w.u8(slot.state ? 1 : 0);
    w.u64(slot.permutation.size());
    for (int64_t p : slot.permutation)
      w.i64(p);
    w.bytes(slot.data.data(), slot.data.size());
  }
  w.u64(m.dispatches.size());
  for (const Dispatch &dispatch : m.dispatches) {
    w.str(dispatch.symbol);
    w.str(dispatch.kernel);
    for (int64_t n : dispatch.grid)
      w.i64(n);
    w.u64(dispatch.flops);
    w.u64(dispatch.bytes);
    w.u64(dispatch.views.size());
    for (const ArenaRange &view : dispatch.views) {
      w.u64(view.offset);
      w.u64(view.size);
    }
  }
  w.u32(artifact.kernelAbiVersion);
  w.str(artifact.device);
  if (artifact.device == "vulkan") {
    writeVulkanCode(w, artifact.vulkan);
  } else {
    // Any other device gets the CPU layout; the reader refuses devices it
    // does not know before reading their code.
    w.str(artifact.cpu.triple);
    w.str(artifact.cpu.cpuFeatures);
    w.u64(artifact.cpu.objects.size());
    for (const std::vector<uint8_t> &object : artifact.cpu.objects)
      w.bytes(object.data(), object.size());
  }

  // The header goes in last: it carries the payload's length and checksum.
  size_t payloadSize = out.size() - kArtifactHeaderSize;
  std::vector<uint8_t> header;
  Writer h(header);
  for (uint8_t c : kMagic)
    h.u8(c);
  h.u32(kArtifactFormatVersion);
  h.u64(payloadSize);
  h.u64(fnv1a64(out.data() + kArtifactHeaderSize, payloadSize));
  std::memcpy(out.data(), header.data(), kArtifactHeaderSize);
  return out;
}

Expected<Artifact> deserializeArtifact(const uint8_t *data, size_t size) {
  if (size == 0)
    return Status(StatusCode::data_loss, "empty artifact (0 bytes)");
  if (!data)
    return Status(StatusCode::invalid_argument,
                  "null artifact data with size " + std::to_string(size));
  // A prefix of the magic is a truncated artifact, anything else is not one.
  if (std::memcmp(data, kMagic, std::min<size_t>(size, 4)) != 0)
    return Status(StatusCode::invalid_argument,
                  "not an rlx artifact (bad magic; expected \"RLXA\")");
  if (size < kArtifactHeaderSize)
    return Status(StatusCode::data_loss,
                  "truncated: " + std::to_string(size) +
                      " bytes is shorter than the " +
                      std::to_string(kArtifactHeaderSize) + "-byte header");
  // The compatibility policy: docs/Embedding.md, "Versions".
  uint32_t version = loadU32(data + 4);
  if (version != kArtifactFormatVersion) {
    std::string both =
        "artifact format version " + std::to_string(version) +
        (version > kArtifactFormatVersion ? " is newer" : " is older") +
        " than the version rlx " RLX_VERSION_STRING " reads (" +
        std::to_string(kArtifactFormatVersion) + ")";
    return Status(StatusCode::incompatible,
                  version > kArtifactFormatVersion
                      ? both + ": the artifact needs a newer rlx"
                      : both + ": recompile the model with this rlx");
  }
  uint64_t payloadSize = loadU64(data + 8);
  uint64_t available = size - kArtifactHeaderSize;
  if (payloadSize > available)
    return Status(StatusCode::data_loss,
                  "truncated: payload length is " +
                      std::to_string(payloadSize) + " bytes but only " +
                      std::to_string(available) + " follow the header");
  if (payloadSize < available)
    return Status(StatusCode::data_loss,
                  "payload length is " + std::to_string(payloadSize) +
                      " bytes but " + std::to_string(available) +
                      " follow the header (trailing bytes)");
  const uint8_t *payload = data + kArtifactHeaderSize;
  uint64_t stored = loadU64(data + 16);
  uint64_t computed = fnv1a64(payload, payloadSize);
  if (stored != computed)
    return Status(StatusCode::data_loss,
                  "checksum mismatch: header says " + hex(stored) +
                      ", payload hashes to " + hex(computed));
  Artifact artifact;
  if (Status s = readPayload(payload, payloadSize, artifact); !s)
    return s;
  return artifact;
}

Status writeArtifactFile(const Artifact &artifact, const std::string &path) {
  std::vector<uint8_t> bytes = serializeArtifact(artifact);
  // No fsync: a file torn by a power loss fails the checksum on read, which
  // callers treat as a cache miss.
  return files::writeAtomically(path, bytes.data(), bytes.size());
}

Expected<Artifact> readArtifactFile(const std::string &path) {
  // Read, not mapped: a file truncated under a mapping would raise SIGBUS
  // rather than a Status.
  Expected<std::vector<uint8_t>> bytes =
      files::readRegular(path, kMaxArtifactFileBytes);
  if (!bytes)
    return Status(bytes.status().code(), "cannot read artifact '" + path +
                                             "': " + bytes.status().message());
  Expected<Artifact> artifact = deserializeArtifact(bytes->data(), bytes->size());
  if (!artifact)
    return Status(artifact.status().code(),
                  "artifact '" + path + "': " + artifact.status().message());
  return artifact;
}

} // namespace rlx::runtime
