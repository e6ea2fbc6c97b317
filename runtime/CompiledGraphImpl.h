//===- CompiledGraphImpl.h - What a CompiledGraph holds ---------*- C++ -*-===//
//
// The runtime side of rlx/CompiledGraph.h, shared with the compiler's API
// (api/Session.cpp) that makes CompiledGraphs from what it compiled: an
// executable, the threads it runs on and the artifact it came from.
// MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_COMPILEDGRAPHIMPL_H
#define RLX_RUNTIME_COMPILEDGRAPHIMPL_H

#include "rlx/CompiledGraph.h"
#include "runtime/Runtime.h"

#include <algorithm>
#include <memory>
#include <mutex>

namespace rlx {

namespace runtime {
/// A loaded artifact: the executable and the host threads it runs on (a
/// CPU artifact; none for a device that runs its own workgroups). The pool
/// outlives the executable.
struct LoadedExecutable {
  std::unique_ptr<ThreadPool> pool;
  std::unique_ptr<Executable> executable;
};

/// The pool every CPU graph loaded with threads = 0 shares: one thread per
/// core, made on first use. Its jobs are serialized (runtime/ThreadPool.h),
/// so graphs running at once take turns instead of oversubscribing.
ThreadPool &sharedThreadPool();

/// load() with the threads a CPU artifact runs on: `threads` 0 is the
/// shared pool, N > 0 a pool of N threads of its own; fewer than 0 or more
/// than kMaxThreads is invalid_argument.
Expected<LoadedExecutable> loadWithThreads(const Artifact &artifact,
                                           int threads);
/// More threads than any machine rlx runs on has cores: a larger count is
/// a mistake, not a request.
constexpr int kMaxThreads = 4096;
} // namespace runtime

struct CompiledGraph::Impl {
  /// The compiled (or loaded) artifact, kept for artifactBytes().
  runtime::Artifact artifact;
  /// Its serialized form, made on the first artifactBytes() call.
  std::vector<uint8_t> artifactBytes;
  /// The executable and the threads it runs on (the pool outlives it).
  std::unique_ptr<runtime::ThreadPool> pool;
  std::unique_ptr<runtime::Executable> executable;
  Device device = Device::cpu;
  /// Which param slots have been bound (by manifest slot index).
  std::vector<bool> bound;
  /// What keeps the memory of params bound in place alive (bindParam), by
  /// manifest slot index.
  std::vector<std::shared_ptr<const void>> keepAlive;
  /// Input slots and output views in manifest order, made once at load so
  /// runSlots allocates nothing.
  std::vector<const Slot *> inputSlots;
  std::vector<OutputView> outputViews;
  /// The input table of the next run: where each input's data is (the
  /// caller's memory; the code reads it in place, nothing is copied).
  std::vector<const void *> boundInputs;
  /// One run at a time: the executable has one arena.
  std::mutex mutex;

  const Manifest &manifest() const { return executable->manifest(); }

  /// The position of input `slot` in inputSlots (the input table).
  size_t inputIndex(const Slot *slot) const {
    return static_cast<size_t>(
        std::find(inputSlots.begin(), inputSlots.end(), slot) -
        inputSlots.begin());
  }
  /// The table for CpuExecutable::run; a graph without inputs uses the
  /// executable's own.
  const void *const *inputTable() const {
    return boundInputs.empty() ? nullptr : boundInputs.data();
  }

  /// The slot of `role` named `name` and its index, or a not_found Status.
  Expected<size_t> findSlot(SlotRole role, const std::string &name) const {
    const auto &slots = manifest().slots;
    for (size_t i = 0; i < slots.size(); ++i)
      if (slots[i].role == role && slots[i].name == name)
        return i;
    std::string known;
    for (const Slot &s : slots)
      if (s.role == role)
        known += (known.empty() ? "" : ", ") + s.name;
    return Status(StatusCode::not_found,
                  std::string("no ") + slotRoleName(role) + " named '" + name +
                      "' (the graph's " + slotRoleName(role) +
                      "s: " + (known.empty() ? "none" : known) + ")");
  }

  /// Checks that `bytes` of `dtype` fit `slot` exactly, and `shape` too
  /// when it is given (not empty): the slot's values as given
  /// (Slot::givenDType() and givenShape(), which setParam converts and
  /// permutes), or with `stored` its
  /// bytes as stored (bindStoredParam, runSlots, outputs).
  static Status checkData(const Slot &slot, const void *data, size_t bytes,
                          DType dtype, const std::vector<int64_t> &shape,
                          bool stored = false) {
    std::string what =
        std::string(slotRoleName(slot.role)) + " '" + slot.name + "'";
    DType want = stored ? slot.dtype : slot.givenDType();
    uint64_t wantBytes =
        stored ? slot.size
               : static_cast<uint64_t>(slot.elementCount()) * dtypeSize(want);
    if (dtype != want) {
      std::string expected = std::string(" has dtype ") + dtypeName(want);
      if (slot.convertsWhenSet())
        expected =
            stored ? std::string(" is stored as ") + dtypeName(want) +
                         " (given as " + dtypeName(slot.givenDType()) + ")"
                   : expected + " (stored as " + dtypeName(slot.dtype) + ")";
      return Status(StatusCode::invalid_argument,
                    what + expected + ", got " + dtypeName(dtype));
    }
    // Values as given have the given shape (Slot::permutation undone);
    // built only for a permuted param (this runs for every input of a run).
    bool permuted = !stored && !slot.permutation.empty();
    std::vector<int64_t> given;
    if (permuted && !shape.empty())
      given = slot.givenShape();
    const std::vector<int64_t> &wantShape = permuted ? given : slot.shape;
    if (!shape.empty() && shape != wantShape)
      return Status(
          StatusCode::invalid_argument,
          what + " has shape " + shapeText(wantShape) +
              (permuted ? " (stored permuted to " + shapeText(slot.shape) + ")"
                        : std::string()) +
              ", got " + shapeText(shape));
    if (bytes != wantBytes)
      return Status(StatusCode::invalid_argument,
                    what + " needs " + std::to_string(slot.elementCount()) +
                        " elements (" + std::to_string(wantBytes) +
                        " bytes), got " + std::to_string(bytes) + " bytes");
    if (!data && bytes != 0)
      return Status(StatusCode::invalid_argument,
                    what + ": null data pointer with nonzero size");
    return Status::ok();
  }

  /// "[2x784]".
  static std::string shapeText(const std::vector<int64_t> &shape) {
    std::string text = "[";
    for (size_t i = 0; i < shape.size(); ++i)
      text += (i ? "x" : "") + std::to_string(shape[i]);
    return text + "]";
  }

  /// The state named `name` and its index, or a not_found Status naming
  /// the graph's states (a param of that name is named as one).
  Expected<size_t> findState(const std::string &name) const {
    const auto &slots = manifest().slots;
    std::string known;
    for (size_t i = 0; i < slots.size(); ++i) {
      if (slots[i].role != SlotRole::param)
        continue;
      if (slots[i].name == name && slots[i].state)
        return i;
      if (slots[i].name == name)
        return Status(StatusCode::invalid_argument,
                      "'" + name + "' is a param, not a state (setParam)");
      if (slots[i].state)
        known += (known.empty() ? "" : ", ") + slots[i].name;
    }
    return Status(StatusCode::not_found,
                  "no state named '" + name + "' (the graph's states: " +
                      (known.empty() ? "none" : known) + ")");
  }
  /// The refusal (invalid_argument) of a param function used on a state,
  /// naming the state function to use.
  static Status notAParam(const Slot &slot, const char *use) {
    return Status(StatusCode::invalid_argument,
                  "'" + slot.name + "' is a state, not a param: use " + use);
  }

  /// setParam's checks and write. Takes `mutex`.
  Status setParam(const std::string &name, const void *data, size_t bytes,
                  DType dtype, const std::vector<int64_t> &shape);
  /// bindParam's (`stored` false: row-major data) and bindStoredParam's
  /// checks and binding. Takes `mutex`.
  Status bindParam(const std::string &name, const TensorView &value,
                   std::shared_ptr<const void> owner, bool stored);

  /// Checks `inputs` (each input exactly once, dtype, size, shape when
  /// given), that every parameter is bound, and runs. Caller holds `mutex`.
  Status runNamed(const std::vector<NamedInput> &inputs) {
    const Manifest &m = manifest();
    std::vector<bool> given(m.slots.size(), false);
    for (const NamedInput &in : inputs) {
      Expected<size_t> index = findSlot(SlotRole::input, in.name);
      if (!index)
        return index.status();
      if (given[*index])
        return Status(StatusCode::invalid_argument,
                      "input '" + in.name + "' is given more than once");
      const Slot &slot = m.slots[*index];
      if (Status s = checkData(slot, in.data, in.bytes, in.dtype, in.shape); !s)
        return s;
      given[*index] = true;
    }
    for (size_t i = 0; i < m.slots.size(); ++i)
      if (m.slots[i].role == SlotRole::input && !given[i])
        return Status(StatusCode::invalid_argument,
                      "input '" + m.slots[i].name + "' is missing");
    if (Status s = checkParamsBound(); !s)
      return s;
    // Validated: the code reads each input where the caller holds it.
    for (const NamedInput &in : inputs)
      boundInputs[inputIndex(m.findSlot(SlotRole::input, in.name))] = in.data;
    return executable->run(inputTable());
  }

  Status checkParamsBound() const {
    const auto &slots = manifest().slots;
    // A state needs no binding: unset, it is the graph's own zeros.
    for (size_t i = 0; i < slots.size(); ++i)
      if (slots[i].role == SlotRole::param && !slots[i].state && !bound[i])
        return Status(StatusCode::not_found,
                      "parameter '" + slots[i].name +
                          "' was never bound (call setParam)");
    return Status::ok();
  }
};

struct CompiledGraphFactory {
  /// A CompiledGraph of `loaded`, which came from `artifact`.
  static CompiledGraph make(runtime::LoadedExecutable loaded,
                            runtime::Artifact artifact, Device device);
};

} // namespace rlx

#endif // RLX_RUNTIME_COMPILEDGRAPHIMPL_H
