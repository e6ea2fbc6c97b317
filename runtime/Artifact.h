//===- Artifact.h - The on-disk form of a compiled graph ------------------===//
//
// An artifact is everything the runtime needs to run a compiled graph: the
// manifest (the ABI), the target it was compiled for and its object code.
// Artifacts are untrusted bytes (RELIABILITY.md contract 5): the reader checks
// every length, size, offset and enum before using it and allocates nothing
// from a length it has not checked against the bytes that remain.
//
// Format (all integers little-endian):
//
//   header  "RLXA" | u32 format version | u64 payload length
//           | u64 FNV-1a-64 of the payload
//   payload manifest | u32 kernel ABI version | str device | code
//   code    (device "cpu") str triple | str cpuFeatures
//           | u64 objectCount | bytes object x objectCount
//   manifest str name | u64 arenaSize | u64 alignment
//           | u64 slotCount  | slot...
//           | u64 dispatchCount | dispatch...
//   slot    str name | u8 role | u8 dtype | u64 rank | i64 dim x rank
//           | u64 offset | u64 size | bytes data
//   dispatch str symbol | str kernel | i64 gridX | i64 gridY | i64 gridZ
//   str, bytes  u64 length | that many bytes
//
// Nothing may follow the payload.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_ARTIFACT_H
#define RLX_RUNTIME_ARTIFACT_H

#include "runtime/KernelAbi.h"

#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rlx::runtime {

/// The format version this runtime writes and the only one it reads
/// (version 3: the kernel ABI version and the device before the code).
constexpr uint32_t kArtifactFormatVersion = 3;
/// Bytes before the payload: magic, version, payload length, checksum.
constexpr size_t kArtifactHeaderSize = 24;

/// The code of a CPU artifact: relocatable objects that together export one
/// function per dispatch (runtime/KernelAbi.h), and the target they were
/// compiled for.
struct CpuCode {
  /// The LLVM target triple the object code was compiled for.
  std::string triple;
  /// The CPU features the code relies on, in LLVM's "+avx2,+fma" form; every
  /// "+" feature must be present on the host that loads it.
  std::string cpuFeatures;
  /// Relocatable object files (ELF on Linux), linked together at load.
  std::vector<std::vector<uint8_t>> objects;
};

/// A compiled graph: its manifest (the ABI of its tensors), the kernel ABI
/// and device its code was compiled for, and the code.
struct Artifact {
  Manifest manifest;
  /// runtime/KernelAbi.h's version the code was compiled against.
  uint32_t kernelAbiVersion = abi::kKernelAbiVersion;
  /// The device the code runs on: "cpu".
  std::string device = "cpu";
  CpuCode cpu;
};

/// The FNV-1a 64-bit hash of `size` bytes (the payload checksum).
uint64_t fnv1a64(const uint8_t *data, size_t size);

/// Encodes `artifact` in the format above. It does not validate the
/// manifest: the reader does, so a bad writer cannot produce a loadable file.
std::vector<uint8_t> serializeArtifact(const Artifact &artifact);

/// Decodes and validates `size` bytes at `data`. Errors: data_loss (empty,
/// truncated, checksum mismatch, trailing bytes), invalid_argument (wrong
/// magic, a length, enum, size or offset that is out of range; the message
/// names the field), incompatible (another format or kernel ABI version, a
/// device this runtime does not know).
Expected<Artifact> deserializeArtifact(const uint8_t *data, size_t size);

/// Writes `artifact` to a temporary file beside `path`, then renames it over
/// `path`, so readers see either the old file or the complete new one.
Status writeArtifactFile(const Artifact &artifact, const std::string &path);

/// Reads and validates the artifact at `path` (errors as for
/// deserializeArtifact, prefixed with the path; a missing file is not_found).
Expected<Artifact> readArtifactFile(const std::string &path);

} // namespace rlx::runtime

#endif // RLX_RUNTIME_ARTIFACT_H
