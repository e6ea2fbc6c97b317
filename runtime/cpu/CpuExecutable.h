//===- CpuExecutable.h - A loaded CPU artifact, ready to run --------------===//
//
// load() checks the artifact against the host (triple, CPU features), links
// its object code into the process with LLVM ORC, resolves one function per
// dispatch and allocates the arena; run() calls the dispatches in order, each
// over its grid, spreading grid points over a ThreadPool (docs/CPUBackend.md).
// Params live outside the arena: the code reads each through the slot table
// (runtime/KernelAbi.h), from a copy the executable owns (writeSlot) or from
// the caller's memory in place (bindSlot).
//
// Thread safety: one executable owns one arena, and run() writes it, so run()
// must not be called on the same executable from several threads at once. A
// concurrent second call is detected and returns failed_precondition rather
// than racing, but callers must not rely on that: use one executable per
// thread, or serialize calls with a lock. Different executables are
// independent and may run at the same time, also on a shared ThreadPool.
//
// The object code is executed as is, trusted like a shared library: load only
// artifacts from a trusted compiler. What load guarantees is that the
// manifest cannot make that code misbehave (docs/CPUBackend.md, "What load
// promises"): dispatch symbols resolve only to functions of the artifact's
// own objects, each with a footprint whose grid and views the manifest must
// match; the objects may call only the support functions of
// runtime/cpu/SupportSymbols.h.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_CPU_CPUEXECUTABLE_H
#define RLX_RUNTIME_CPU_CPUEXECUTABLE_H

#include "runtime/Artifact.h"
#include "runtime/Executable.h"
#include "runtime/KernelAbi.h"
#include "runtime/ThreadPool.h"

#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace rlx::runtime {

/// With OpenBLAS (CMake option RLX_ENABLE_OPENBLAS, on by default, and
/// libopenblas found; runtime::hasNativeMatmul()), load() resolves
/// `cblas_sgemm`, the native matmul kernel that object code compiled with
/// CompileOptions::nativeMatmul calls.
class CpuExecutable final : public Executable {
public:
  /// Loads `artifact` for running on this host with `pool` (borrowed, must
  /// outlive the executable; null runs every grid point on the caller).
  /// Errors: incompatible (another target triple, or a "+feature" the host
  /// CPU lacks, named), invalid_argument (a manifest rule broken, object code
  /// that does not link or calls a function off the allow-list, a dispatch
  /// symbol the objects do not define as a function with a footprint, a
  /// grid or view other than its footprint's, named), resource_exhausted
  /// (the arena cannot be allocated).
  static Expected<std::unique_ptr<CpuExecutable>> load(const Artifact &artifact,
                                                       ThreadPool *pool);
  ~CpuExecutable() override;

  CpuExecutable(const CpuExecutable &) = delete;
  CpuExecutable &operator=(const CpuExecutable &) = delete;

  /// Runs every dispatch over its grid, in manifest order, each after the
  /// previous one has finished. `inputs` holds one pointer per input slot
  /// (manifest order) to that input's data, which the code reads in place
  /// and never writes; it must stay valid until run() returns. Null: the
  /// inputs are in their arena slots. Every param must have been written or
  /// bound (failed_precondition naming the first that was not); outputs are
  /// in the arena afterwards. Not reentrant (see above).
  /// If the code calls cblas_sgemm, OpenBLAS is first set to the pool's
  /// thread count (1 without a pool): a process-wide setting, so executables
  /// with different pools that run at the same time share whichever count
  /// was set last (results do not depend on it).
  Status run(const void *const *inputs = nullptr) override;

  /// With profiling on, run() adds each dispatch's wall time (all its grid
  /// points, ns) to dispatchNanos()[i]; off by default (two clock reads per
  /// dispatch). Turning it on clears the sums.
  void setProfiling(bool on) override;
  const std::vector<uint64_t> &dispatchNanos() const override { return nanos; }
  /// The runs the sums cover.
  uint64_t profiledRuns() const override { return runs; }

  /// A param is copied into the executable's own param memory (allocated on
  /// the first param written); any other slot into the arena.
  Status writeSlot(const Slot &slot, const void *data) override;
  /// A param: the code reads it at `data` from now on, nothing is copied
  /// (`data` must stay valid and unchanged while runs may read it, until
  /// the slot is written or bound again); returns true. Any other slot: as
  /// writeSlot, returns false.
  Expected<bool> bindSlot(const Slot &slot, const void *data) override;
  /// A param's data where the table points (null until set); any other
  /// slot's bytes in the arena.
  const uint8_t *slotData(const Slot &slot) const override;
  /// A param or state: zeros where its entry points (nothing while unset:
  /// an unset state is zeros when first owned).
  Status zeroSlot(const Slot &slot) override;
  MemoryUse memoryUse() const override;

  /// The arena: the bytes below the params (MemoryUse::arenaBytes), aligned
  /// to at least 64 and to manifest().alignment, zeroed at load, constants
  /// copied in.
  uint8_t *arena() { return arenaBase; }
  const uint8_t *arena() const { return arenaBase; }
  const Manifest &manifest() const override { return manifestCopy; }

private:
  /// The ORC JIT and the arena's memory, kept out of this header.
  struct Impl;
  CpuExecutable() = default;

  Manifest manifestCopy;
  ThreadPool *pool = nullptr;
  /// Owns the linked code (the function pointers below point into it) and
  /// the arena.
  std::unique_ptr<Impl> impl;
  /// The table position of manifest slot i (inputs, then params), or -1.
  int64_t tableIndex(const Slot &slot) const;
  /// The table position of param `slot`, or why it cannot be `verb` now
  /// (not this executable's, or a run in progress).
  Expected<size_t> paramEntry(const Slot &slot, const char *verb) const;
  /// Points param entry `index` at `at` (not null), counting it as set.
  void setParamEntry(size_t index, const void *at);
  /// Whether table entry `index` is a state's.
  bool isStateEntry(size_t index) const;
  /// The executable's own memory for param entry `index` (the param or
  /// state block, allocated zeroed on first use), or null when it cannot
  /// be allocated.
  uint8_t *ownCopy(size_t index);
  /// Points every unset state entry at the executable's own zeros.
  Status ownStates();
  std::vector<abi::DispatchFn> functions;
  uint8_t *arenaBase = nullptr;
  uint64_t arenaBytes = 0;
  /// Each input slot's address in the arena: the table of a run without
  /// bound inputs.
  std::vector<const void *> arenaInputs;
  /// The slot table (runtime/KernelAbi.h): inputs, then params, at least
  /// one entry; a param's entry is null until it is written or bound.
  std::vector<const void *> table;
  /// Manifest slot index -> table index (-1: not in the table).
  std::vector<int64_t> tableIndexOfSlot;
  /// Where each param's owned copy lies in the param memory (table order,
  /// params only) and that memory's size.
  std::vector<uint64_t> paramCopyOffset;
  uint64_t paramCopyBytes = 0;
  /// Params whose table entry is still null: a run refuses while any is.
  size_t paramsUnset = 0;
  /// States whose entry is still null (a run gives them their own zeros)
  /// and the size of their own memory (offsets in paramCopyOffset).
  size_t statesUnset = 0;
  /// Table index -> whether it is a state's entry.
  std::vector<bool> stateEntries;
  uint64_t stateCopyBytes = 0;
  bool profiling = false;
  std::vector<uint64_t> nanos;
  uint64_t runs = 0;
  std::atomic<bool> running{false};
};

} // namespace rlx::runtime

#endif // RLX_RUNTIME_CPU_CPUEXECUTABLE_H
