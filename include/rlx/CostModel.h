//===- CostModel.h - How fast a device is, and what a graph costs on it ---===//
//
// A device's cost model is measured, not assumed: a short calibration (a
// few matmuls, a streaming kernel, a chain of tiny dispatches, compiled and
// run on the device itself) the first time a process asks, kept on disk
// under the cache directory keyed by the device's hardware fingerprint. A
// graph's cost is estimated from its compiled manifest. docs/Devices.md
// ("Cost model").
//
//===----------------------------------------------------------------------===//
#ifndef RLX_COSTMODEL_H
#define RLX_COSTMODEL_H

#include "rlx/Devices.h"
#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rlx {

struct DeviceCostModel {
  Device device = Device::cpu;
  /// What the numbers were measured on (CPU model and features; Vulkan
  /// device UUID and driver version); a calibration file of another
  /// fingerprint is stale.
  std::string fingerprint;
  /// f32 matmul speed at n x n x n, for each measured n (ascending).
  std::vector<std::pair<int64_t, double>> matmulGflops;
  /// Streaming bandwidth (bytes read + written per second), GB/s.
  double bandwidthGBps = 0;
  /// Fixed cost of one dispatch and of one run besides its dispatches.
  double dispatchMicros = 0;
  double runMicros = 0;

  /// The matmul speed for a contraction of `flops`: the measured speed of
  /// the nearest size, interpolated in log(flops) between sizes.
  double gflopsFor(uint64_t flops) const;
  /// The estimated time of one run of `manifest` (Dispatch::flops and
  /// bytes): contractions' FLOPs / GFLOP/s, other dispatches' bytes /
  /// bandwidth, plus dispatchMicros per dispatch and runMicros.
  double estimateMicros(const Manifest &manifest) const;
  /// Every value finite and positive, at least one matmul size.
  bool valid() const;
};

/// Where calibrations (and later the AOT cache) live: $RLX_CACHE_DIR, else
/// $XDG_CACHE_HOME/rlx, else $HOME/.cache/rlx; empty if none is set.
std::string defaultCacheDir();

struct CalibrationOptions {
  /// The cache directory; empty: defaultCacheDir(). Calibrations are in
  /// <dir>/calibration/.
  std::string cacheDir;
  /// Keep nothing on disk (measure once per process).
  bool noDisk = false;
  /// Measure again even when a valid calibration is stored.
  bool remeasure = false;
};

/// The cost model of `device`: from this process's memory, else from a
/// valid calibration file of the same fingerprint, else measured now (and
/// stored). A file that does not parse, holds an invalid value or has
/// another fingerprint is measured again and replaced, never trusted.
/// Errors: unavailable (the device cannot be used), or the calibration
/// graph failing to compile or run on the device.
Expected<DeviceCostModel> costModel(Device device,
                                    const CalibrationOptions &options = {});

} // namespace rlx

#endif // RLX_COSTMODEL_H
