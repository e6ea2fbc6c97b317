//===- CpuExecutable.h - A loaded CPU artifact, ready to run --------------===//
//
// load() checks the artifact against the host (triple, CPU features), links
// its object code into the process with LLVM ORC, resolves one function per
// dispatch and allocates the arena; run() calls the dispatches in order, each
// over its grid, spreading grid points over a ThreadPool (docs/CPUBackend.md).
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
  /// inputs are in their arena slots. Parameters must already be in the
  /// arena; outputs are there afterwards. Not reentrant (see above).
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

  Status writeSlot(const Slot &slot, const void *data) override;
  const uint8_t *slotData(const Slot &slot) const override {
    return arenaBase + slot.offset;
  }

  /// The arena: manifest().arenaSize bytes, aligned to at least 64 and to
  /// manifest().alignment, zeroed at load, constants copied in.
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
  std::vector<abi::DispatchFn> functions;
  uint8_t *arenaBase = nullptr;
  /// The input table of a run without bound inputs: each input slot's
  /// address in the arena (at least one entry).
  std::vector<const void *> arenaInputs;
  bool profiling = false;
  std::vector<uint64_t> nanos;
  uint64_t runs = 0;
  std::atomic<bool> running{false};
};

} // namespace rlx::runtime

#endif // RLX_RUNTIME_CPU_CPUEXECUTABLE_H
