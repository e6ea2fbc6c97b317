//===- Manifest.h - The ABI of a compiled graph ---------------------------===//
//
// Everything the runtime needs to run a compiled graph besides its code: the
// arena size and alignment, one slot per input, parameter, output and
// constant (name, dtype, shape, byte offset and size in the arena), and the
// dispatch list. Every artifact carries it (RELIABILITY.md contract 4).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_MANIFEST_H
#define RLX_MANIFEST_H

#include "rlx/PrintableText.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rlx {

enum class DType : uint8_t { f32, f16, bf16, f64, i8, i32, i64, i1 };

/// Bytes per element (i1 is stored as one byte).
size_t dtypeSize(DType dtype);
/// "f32", "bf16", ...
const char *dtypeName(DType dtype);

enum class SlotRole : uint8_t { input, param, output, constant };
const char *slotRoleName(SlotRole role);

/// The longest slot name.
constexpr size_t kMaxSlotNameBytes = 256;

/// Why `name` cannot name an input, parameter, output or constant, or null
/// if it can: a name is 1 to kMaxSlotNameBytes bytes of printable ASCII
/// (0x20 to 0x7e). The one rule for the dialects' verifiers (hir.name,
/// mir.name, params), the manifest verifier of artifacts and the tools.
inline const char *slotNameProblem(const std::string &name) {
  if (name.empty())
    return "is empty";
  if (name.size() > kMaxSlotNameBytes)
    return "is longer than 256 bytes";
  if (firstUnprintableByte(name) != name.size())
    return "has a byte that is not printable ASCII (a control character, "
           "NUL or non-ASCII)";
  return nullptr;
}

/// The widest matmul panel a param may be stored in (Slot::panelWidth).
constexpr int64_t kMaxPanelWidth = 1024;

/// Why a slot of `role`, `dtype` and shape `dims[0..rank)` cannot be stored
/// in matmul panels of `width` (Slot::panelWidth), or null if it can: a
/// param, [K, N] with N a multiple of `width`, 1 <= width <=
/// kMaxPanelWidth, f32 (runtime/KernelAbi.h "Matmul panels") or bf16 with
/// K even (its "bf16 pair panels"). The one rule for the LIR verifier and
/// the manifest verifier.
inline const char *panelLayoutProblem(SlotRole role, DType dtype,
                                      const int64_t *dims, size_t rank,
                                      int64_t width) {
  if (width < 1 || width > kMaxPanelWidth)
    return "panel width must be in [1, 1024]";
  if (role != SlotRole::param)
    return "only params are stored in panels";
  if ((dtype != DType::f32 && dtype != DType::bf16) || rank != 2)
    return "only f32 and bf16 matrices (rank 2) are stored in panels";
  if (dims[1] % width != 0)
    return "the column count must be a multiple of the panel width";
  if (dtype == DType::bf16 && dims[0] % 2 != 0)
    return "a bf16 matrix in panels (pairs of rows) needs an even row count";
  return nullptr;
}

/// Why a slot of `role` and rank `rank` cannot store its values as given
/// transposed by `permutation` (Slot::permutation: stored dim i is given dim
/// permutation[i]), or null if it can: a param that is not state, and a
/// permutation of [0, rank) that is not the identity. The one rule for the
/// MIR and LIR verifiers and the manifest verifier.
inline const char *permutationProblem(SlotRole role, bool state, size_t rank,
                                      const int64_t *permutation, size_t size) {
  if (role != SlotRole::param || state)
    return "only params (not state) are stored permuted";
  if (size != rank)
    return "the permutation does not have one entry per dim";
  bool identity = true;
  for (size_t i = 0; i < size; ++i) {
    if (permutation[i] < 0 || permutation[i] >= static_cast<int64_t>(rank))
      return "a permutation entry is out of range";
    for (size_t j = 0; j < i; ++j)
      if (permutation[j] == permutation[i])
        return "a permutation entry repeats";
    identity &= permutation[i] == static_cast<int64_t>(i);
  }
  if (identity)
    return "the identity permutation stores nothing differently";
  return nullptr;
}

/// Why a slot of `role` whose bytes are `dtype` cannot take its values in
/// `given` (Slot::givenAs) and convert them when they are set, or null if
/// it can: `given` equal to `dtype`, or a param given in f32 and stored in
/// f16 or bf16 (rounded to nearest, ties to even; bf16 may also be in pair
/// panels, which panelLayoutProblem rules on). The one rule for the LIR and
/// MIR verifiers and the manifest verifier.
inline const char *givenDTypeProblem(SlotRole role, DType dtype, DType given) {
  if (given == dtype)
    return nullptr;
  if (role != SlotRole::param)
    return "only params are converted when set";
  if (given != DType::f32 || (dtype != DType::f16 && dtype != DType::bf16))
    return "a param is converted only from f32 to f16 or bf16";
  return nullptr;
}

/// `shape` with `permutation` undone: the shape values are given in when
/// they are stored permuted (Slot::permutation; dim permutation[i] of the
/// result is dim i of `shape`); `shape` itself when the permutation is
/// empty or of another length.
std::vector<int64_t> unpermutedShape(const std::vector<int64_t> &shape,
                                     const std::vector<int64_t> &permutation);

struct Slot {
  std::string name;
  SlotRole role = SlotRole::input;
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  /// Byte offset and byte size in the arena.
  uint64_t offset = 0;
  uint64_t size = 0;
  /// 0: the bytes are row-major. W > 0: a param the code reads only as a
  /// matmul's B operand, a [K, N] matrix (N a multiple of W) stored in
  /// column panels of width W: f32 (runtime/KernelAbi.h, "Matmul panels")
  /// or bf16 with K even, in pairs of rows ("bf16 pair panels");
  /// docs/CPUBackend.md. setParam and bindParam take row-major data and
  /// pack it; bindStoredParam takes it packed (rlx::packParam).
  int64_t panelWidth = 0;
  /// The dtype a param's values are given in (setParam, bindParam) when it
  /// is not `dtype`: f32 for a param stored in f16 / bf16 that the code
  /// reads only in that type (a mixed-precision policy's cast, done once
  /// when the param is set instead of on every run; docs/Optimizer.md).
  /// bindStoredParam takes the stored bytes (rlx::packParam converts).
  std::optional<DType> givenAs;
  /// Non-empty: a param whose values are given in another dim order and
  /// stored transposed, stored dim i being given dim permutation[i] (a
  /// weight the code reads transposed, e.g. ONNX Gemm's transB: the
  /// transpose done once when the param is set instead of on every run;
  /// docs/Optimizer.md). setParam and bindParam take values of givenShape()
  /// and permute them (before any conversion and packing); bindStoredParam
  /// takes them stored (rlx::packParam permutes).
  std::vector<int64_t> permutation;
  /// A param that is state: memory the code writes in place and keeps
  /// between runs (a decoder's KV cache, mir.state). Zeros until set; it
  /// needs no setParam before a run, is never packed or converted, and
  /// CompiledGraph reads, writes, binds and resets it by name
  /// (docs/Embedding.md, "State").
  bool state = false;
  /// The value of a constant slot: `size` bytes, or one element's bytes
  /// when every element has that value (a splat, written once so a huge
  /// splat costs nothing in the artifact); empty for other roles.
  std::vector<uint8_t> data;

  int64_t elementCount() const;
  /// The dtype values are given in: givenAs, else dtype.
  DType givenDType() const { return givenAs.value_or(dtype); }
  /// Whether setParam converts values from givenDType() to dtype.
  bool convertsWhenSet() const { return givenDType() != dtype; }
  /// The shape values are given in: `shape` with `permutation` undone.
  std::vector<int64_t> givenShape() const;
  /// Whether the stored bytes differ from the values as given (panels, a
  /// conversion or a permutation): setParam and bindParam then make the
  /// graph's own copy.
  bool storedDiffersFromGiven() const {
    return panelWidth != 0 || convertsWhenSet() || !permutation.empty();
  }
  /// Whether `data` is one element repeated (a splat constant).
  bool isSplat() const;
  /// Writes the constant's `size` bytes to `dest`: `data`, or its one
  /// element repeated. The slot must have passed verifyManifest.
  void fillConstant(uint8_t *dest) const;
};

/// Bytes `[offset, offset + size)` of the arena.
struct ArenaRange {
  uint64_t offset = 0;
  uint64_t size = 0;

  bool operator==(const ArenaRange &other) const {
    return offset == other.offset && size == other.size;
  }
};

/// One kernel launch: the code symbol, called once per point of `grid` as
/// `void symbol(void *arena, const void *const *inputs, int64_t x,
/// int64_t y, int64_t z)`, and the name of the LIR kernel it runs (for
/// profiles and tools; it may be empty).
struct Dispatch {
  std::string symbol;
  std::array<int64_t, 3> grid = {1, 1, 1};
  std::string kernel;
  /// Floating-point operations of the whole dispatch (all workgroups) when
  /// it runs a contraction (matmul, fused_matmul, shared_matmul, swiglu,
  /// conv2d: 2 per multiply-add); 0 for every other kernel.
  uint64_t flops = 0;
  /// Bytes the dispatch reads and writes: the sum of its views' byte sizes.
  uint64_t bytes = 0;
  /// The arena bytes each of the kernel's arguments sees, in argument order
  /// (a view inside an input slot is that input's bytes: the CPU code reads
  /// the caller's buffer there). The loader checks them against the arena,
  /// and against what the code itself declares it touches (CPU: its
  /// footprint, runtime/KernelAbi.h; Vulkan: its bindings).
  std::vector<ArenaRange> views = {};
};

struct Manifest {
  std::string name;
  uint64_t arenaSize = 0;
  uint64_t alignment = 64;
  /// Inputs, params, outputs and constants, each role in its declared order.
  std::vector<Slot> slots;
  std::vector<Dispatch> dispatches;

  /// The slots of one role, in order.
  std::vector<const Slot *> slotsWithRole(SlotRole role) const;
  /// The slot of `role` named `name`, or null.
  const Slot *findSlot(SlotRole role, const std::string &name) const;
};

} // namespace rlx

#endif // RLX_MANIFEST_H
