//===- Executable.h - A loaded artifact, ready to run, on any device ------===//
//
// What the rest of rlx sees of a loaded artifact: the runtime's interface
// (runtime/Runtime.h makes one), implemented per device (runtime/cpu,
// runtime/vulkan). One executable owns one arena; run() writes it, so it is
// not reentrant (a concurrent second call returns failed_precondition
// instead of racing).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_EXECUTABLE_H
#define RLX_RUNTIME_EXECUTABLE_H

#include "rlx/CompiledGraph.h"
#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rlx::runtime {

class Executable {
public:
  virtual ~Executable();

  /// The ABI of the compiled graph: slots and dispatches.
  virtual const Manifest &manifest() const = 0;

  /// Copies `bytes` bytes (the slot's size, checked by the caller) into
  /// the slot: how parameters are set. Constant slots are set at load.
  virtual Status writeSlot(const Slot &slot, const void *data) = 0;
  /// Makes the code read the slot (a param) from `data`, which the caller
  /// keeps valid and unchanged while runs may read it, without a copy where
  /// the device can (the CPU); elsewhere the same as writeSlot. Returns
  /// whether the data is read in place.
  virtual Expected<bool> bindSlot(const Slot &slot, const void *data) {
    if (Status s = writeSlot(slot, data); !s)
      return s;
    return false;
  }

  /// Sets every byte of the slot (a state) to zero where the code reads it;
  /// by default writeSlot of zeros.
  virtual Status zeroSlot(const Slot &slot) {
    std::vector<uint8_t> zeros(slot.size, 0);
    return writeSlot(slot, zeros.data());
  }
  /// Copies the slot's bytes as they are now (a state after runs) into
  /// `out` (slot.size bytes); by default from slotData().
  virtual Status readSlot(const Slot &slot, void *out);

  /// Runs every dispatch in manifest order. `inputs` holds one pointer per
  /// input slot (manifest order) to that input's data, read during the call
  /// only and never written; null: the inputs are in their slots (written
  /// with writeSlot).
  virtual Status run(const void *const *inputs) = 0;

  /// Where the bytes of `slot` are after a run (an output, or any slot),
  /// valid until the next run; host-readable.
  virtual const uint8_t *slotData(const Slot &slot) const = 0;

  /// With profiling on, each run adds each dispatch's time (ns) to
  /// dispatchNanos()[i]; turning it on clears the sums.
  virtual void setProfiling(bool on) = 0;
  virtual const std::vector<uint64_t> &dispatchNanos() const = 0;
  /// The runs the sums cover.
  virtual uint64_t profiledRuns() const = 0;
  /// The memory the executable holds for data (rlx/CompiledGraph.h).
  virtual MemoryUse memoryUse() const = 0;
};

} // namespace rlx::runtime

#endif // RLX_RUNTIME_EXECUTABLE_H
