//===- RunTiming.h - Timing runs of a compiled graph ------------*- C++ -*-===//
//
// How the cost-model calibration, the benchmark pick strategy and
// GraphDevices::benchmark time a graph: one warm-up run, then the median
// wall time of runs by slot.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_RUNTIMING_H
#define RLX_API_RUNTIMING_H

#include "rlx/Session.h"

#include <cstdint>
#include <vector>

namespace rlx {

/// Inputs and parameters of `graph`, every element of `fill`'s bytes
/// repeated (f32 1.0 for calibration, zeros for benchmarks); parameters are
/// set, `inputs` gets one pointer per input slot into `storage`.
Status fillGraph(CompiledGraph &graph, bool ones,
                 std::vector<std::vector<uint8_t>> &storage,
                 std::vector<const void *> &inputs);

/// The median wall time (µs) of `runs` runs after one warm-up; runs <= 0:
/// as many as fit in about 20 ms, 5 to 50.
Expected<double> medianRunMicros(CompiledGraph &graph,
                                 const std::vector<const void *> &inputs,
                                 int runs);

} // namespace rlx

#endif // RLX_API_RUNTIMING_H
