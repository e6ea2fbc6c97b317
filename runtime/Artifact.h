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
//   code    (device "vulkan") u32 requiredFeatures | u32 requiredSubgroupSize
//           | bytes spirv (a multiple of 4 bytes: the module's words)
//           | u64 kernelCount | kernel... | u64 dispatchCount | vkdispatch...
//   kernel  str entryPoint | u32 wgX | u32 wgY | u32 wgZ | u32 bindingCount
//           | u8 written x bindingCount (1: the kernel may write it, 0: not)
//   vkdispatch u32 kernel | u32 bindingCount | (u64 offset | u64 size) x count
//   manifest str name | u64 arenaSize | u64 alignment
//           | u64 slotCount  | slot...
//           | u64 dispatchCount | dispatch...
//   slot    str name | u8 role | u8 dtype | u64 rank | i64 dim x rank
//           | u64 offset | u64 size | i64 panelWidth | u8 given dtype
//           | u8 state | u64 permutation length (0 or rank)
//           | i64 entry x length | bytes data
//   dispatch str symbol | str kernel | i64 gridX | i64 gridY | i64 gridZ
//           | u64 flops | u64 bytes | u64 viewCount
//           | (u64 offset | u64 size) x viewCount
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

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rlx::runtime {

/// The format version this runtime writes and the only one it reads
/// (version 3: the kernel ABI version and the device before the code;
/// version 4: each dispatch's FLOPs and bytes; version 5: each dispatch's
/// views; version 6: a splat constant's data is its one element; version 7:
/// each slot's panel width; version 8: the dtype a param is given in, when
/// it is converted when set; version 9: whether a param is state; version
/// 10: the permutation a param is stored in).
constexpr uint32_t kArtifactFormatVersion = 10;
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

/// Device capabilities Vulkan code may require, as bits of
/// VulkanCode::requiredFeatures; the loader refuses code whose bits the
/// device lacks.
enum VulkanFeature : uint32_t {
  /// shaderFloat16: f16 arithmetic.
  kVulkanFloat16 = 1u << 0,
  /// storageBuffer16BitAccess: f16 / i16 in storage buffers.
  kVulkanStorage16Bit = 1u << 1,
  /// shaderInt64.
  kVulkanInt64 = 1u << 2,
  /// Subgroup basic and arithmetic operations in compute shaders.
  kVulkanSubgroupArithmetic = 1u << 3,
  /// VK_KHR_cooperative_matrix.
  kVulkanCooperativeMatrix = 1u << 4,
  /// storageBuffer8BitAccess and shaderInt8: i8 / i1 in storage buffers.
  kVulkanStorage8Bit = 1u << 5,
  /// Every bit this runtime knows.
  kVulkanKnownFeatures = (1u << 6) - 1,
};

/// One compute entry point of one of the SPIR-V modules: its workgroup size
/// and its storage-buffer bindings (descriptor set 0, bindings
/// 0..bindingCount-1, in the order of the LIR kernel's arguments).
struct VulkanKernel {
  /// The name of a GLCompute OpEntryPoint of module `module`.
  std::string entryPoint;
  /// Index into VulkanCode::modules.
  uint32_t module = 0;
  /// Equal to the entry point's LocalSize when the module declares one.
  std::array<uint32_t, 3> workgroupSize = {1, 1, 1};
  uint32_t bindingCount = 0;
  /// One flag per binding (bindingCount of them): 1 when the kernel may
  /// write that binding, 0 when it only reads it. The runtime places a
  /// barrier before a dispatch only when it touches bytes an earlier
  /// dispatch wrote, or writes bytes an earlier one read, since the last
  /// barrier; a binding written but flagged 0 is a data race. The flags are
  /// trusted like the code itself.
  std::vector<uint8_t> written;
};

/// The part of the arena one binding of a dispatch sees.
struct VulkanBinding {
  uint64_t offset = 0;
  uint64_t size = 0;
};

/// What one manifest dispatch (same index) binds: its kernel and one arena
/// range per binding. The workgroup counts are the manifest dispatch's grid.
struct VulkanDispatch {
  uint32_t kernel = 0;
  std::vector<VulkanBinding> bindings;
};

/// The code of a Vulkan artifact: SPIR-V modules holding one entry point per
/// kernel. The compiler emits one module per kernel, so each pipeline sees
/// only its own workgroup variables (a validation layer that sums a
/// module's shared memory, and a driver compiling it, see one kernel); a
/// module may hold several.
struct VulkanCode {
  /// VulkanFeature bits the code needs.
  uint32_t requiredFeatures = 0;
  /// The subgroup size the code assumes; 0: any.
  uint32_t requiredSubgroupSize = 0;
  /// Each SPIR-V module's words (host order; little-endian in the file),
  /// starting with the magic number 0x07230203.
  std::vector<std::vector<uint32_t>> modules;
  std::vector<VulkanKernel> kernels;
  /// One per manifest dispatch, in the same order.
  std::vector<VulkanDispatch> dispatches;
};

/// A compiled graph: its manifest (the ABI of its tensors), the kernel ABI
/// and device its code was compiled for, and the code.
struct Artifact {
  Manifest manifest;
  /// runtime/KernelAbi.h's version the code was compiled against.
  uint32_t kernelAbiVersion = abi::kKernelAbiVersion;
  /// The device the code runs on: "cpu" (`cpu` holds the code) or "vulkan"
  /// (`vulkan` does).
  std::string device = "cpu";
  CpuCode cpu;
  VulkanCode vulkan;
};

/// The FNV-1a 64-bit hash of `size` bytes (the payload checksum).
uint64_t fnv1a64(const uint8_t *data, size_t size);

/// Encodes `artifact` in the format above. It does not validate the
/// manifest: the reader does, so a bad writer cannot produce a loadable file.
std::vector<uint8_t> serializeArtifact(const Artifact &artifact);

/// Decodes and validates `size` bytes at `data`: the manifest
/// (verifyManifest) and the device's code (for Vulkan, verifyVulkanCode).
/// Errors: data_loss (empty, truncated, checksum mismatch, trailing bytes),
/// invalid_argument (wrong magic, a length, enum, size or offset that is
/// out of range; the message names the field), incompatible (another format
/// or kernel ABI version, a device this runtime does not know).
Expected<Artifact> deserializeArtifact(const uint8_t *data, size_t size);

/// Writes `artifact` to a temporary file beside `path`, then renames it over
/// `path`, so readers see either the old file or the complete new one.
Status writeArtifactFile(const Artifact &artifact, const std::string &path);

/// The largest artifact file rlx reads (code and manifest; weights are not
/// in artifacts).
constexpr uint64_t kMaxArtifactFileBytes = uint64_t(4) << 30;

/// Reads and validates the artifact at `path` (errors as for
/// deserializeArtifact, prefixed with the path; a missing file is not_found).
Expected<Artifact> readArtifactFile(const std::string &path);

} // namespace rlx::runtime

#endif // RLX_RUNTIME_ARTIFACT_H
