//===- CostModel.cpp - Calibrating a device, estimating a graph -----------===//
//
// A device is calibrated by compiling small graphs for it and timing them
// (wall clock, medians): three matmul sizes, a streaming kernel, and one
// and nine tiny dependent dispatches, whose difference is the cost of a
// dispatch. The result is kept per backend in memory and on disk as a small
// text file whose every field is checked when read (docs/Devices.md, "Cost
// model"): calibration files come from outside the process.
//
//===----------------------------------------------------------------------===//
#include "rlx/CostModel.h"
#include "api/Backend.h"
#include "api/CalibrationText.h"
#include "api/RunTiming.h"
#include "rlx/Session.h"
#include "runtime/Files.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace rlx {

double DeviceCostModel::gflopsFor(uint64_t flops) const {
  if (matmulGflops.empty())
    return 0;
  auto flopsOf = [](int64_t n) { return 2.0 * n * n * n; };
  double f = static_cast<double>(flops);
  if (f <= flopsOf(matmulGflops.front().first))
    return matmulGflops.front().second;
  for (size_t i = 1; i < matmulGflops.size(); ++i) {
    double lo = flopsOf(matmulGflops[i - 1].first);
    double hi = flopsOf(matmulGflops[i].first);
    if (f <= hi) {
      double t = (std::log(f) - std::log(lo)) / (std::log(hi) - std::log(lo));
      return matmulGflops[i - 1].second +
             t * (matmulGflops[i].second - matmulGflops[i - 1].second);
    }
  }
  return matmulGflops.back().second;
}

double DeviceCostModel::estimateMicros(const Manifest &manifest) const {
  double micros = runMicros;
  for (const Dispatch &d : manifest.dispatches) {
    micros += dispatchMicros;
    // GFLOP/s and GB/s are 1e3 per microsecond.
    if (d.flops > 0)
      micros += static_cast<double>(d.flops) / (gflopsFor(d.flops) * 1e3);
    else
      micros += static_cast<double>(d.bytes) / (bandwidthGBps * 1e3);
  }
  return micros;
}

bool DeviceCostModel::valid() const {
  auto positive = [](double v) { return std::isfinite(v) && v > 0; };
  if (matmulGflops.empty() || !positive(bandwidthGBps) ||
      !positive(dispatchMicros) || !positive(runMicros))
    return false;
  int64_t last = 0;
  for (auto &[n, gflops] : matmulGflops) {
    if (n <= last || !positive(gflops))
      return false;
    last = n;
  }
  return true;
}

std::string defaultCacheDir() {
  if (const char *dir = std::getenv("RLX_CACHE_DIR"); dir && *dir)
    return dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/rlx";
  if (const char *home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/rlx";
  return "";
}

namespace {

/// The matmul sizes calibrated (n x n x n).
constexpr int64_t kMatmulSizes[] = {64, 256, 512};
/// Elements of the streaming kernel: 16 MiB in, 16 MiB out, beyond caches.
constexpr int64_t kStreamElements = int64_t(1) << 22;
/// Dependent tiny dispatches in the long chain (the short one has one).
constexpr int kChainLength = 9;
/// Least floor for a derived cost (µs), so a noisy difference stays valid.
constexpr double kMinMicros = 0.05;

/// The median wall time of runs of `graph` on `device` (µs), with every
/// input and parameter filled with ones.
Expected<double> timeGraph(Device device, const Graph &graph,
                           bool fuse = true) {
  Session session(device);
  CompileOptions options;
  options.fuse = fuse;
  Expected<CompiledGraph> compiled = session.compileWith(graph, options);
  if (!compiled)
    return compiled.status();
  std::vector<std::vector<uint8_t>> storage;
  std::vector<const void *> inputs;
  if (Status s = fillGraph(*compiled, /*ones=*/true, storage, inputs); !s)
    return s;
  return medianRunMicros(*compiled, inputs, /*runs=*/0);
}

Graph matmulGraph(int64_t n) {
  Graph g;
  Tensor a = g.input("a", DType::f32, {n, n});
  Tensor b = g.input("b", DType::f32, {n, n});
  g.setOutputs({{"c", g.matmul(a, b)}});
  return g;
}

Graph streamGraph() {
  Graph g;
  Tensor x = g.input("x", DType::f32, {kStreamElements});
  g.setOutputs({{"y", g.relu(x)}});
  return g;
}

/// `length` dependent tanh dispatches on 16 elements (compiled unfused).
Graph chainGraph(int length) {
  Graph g;
  Tensor x = g.input("x", DType::f32, {16});
  for (int i = 0; i < length; ++i)
    x = g.unary(UnaryKind::tanh, x);
  g.setOutputs({{"y", x}});
  return g;
}

Expected<DeviceCostModel> measure(Device device,
                                  const std::string &fingerprint) {
  DeviceCostModel model;
  model.device = device;
  model.fingerprint = fingerprint;
  Expected<double> one = timeGraph(device, chainGraph(1), /*fuse=*/false);
  if (!one)
    return one.status();
  Expected<double> chain =
      timeGraph(device, chainGraph(kChainLength), /*fuse=*/false);
  if (!chain)
    return chain.status();
  model.dispatchMicros =
      std::max(kMinMicros, (*chain - *one) / (kChainLength - 1));
  model.runMicros = std::max(kMinMicros, *one - model.dispatchMicros);
  double fixed = model.runMicros + model.dispatchMicros;
  Expected<double> stream = timeGraph(device, streamGraph());
  if (!stream)
    return stream.status();
  double streamBytes = 2.0 * kStreamElements * sizeof(float);
  model.bandwidthGBps =
      streamBytes / (std::max(kMinMicros, *stream - fixed) * 1e3);
  for (int64_t n : kMatmulSizes) {
    Expected<double> t = timeGraph(device, matmulGraph(n));
    if (!t)
      return t.status();
    model.matmulGflops.push_back(
        {n, 2.0 * n * n * n / (std::max(kMinMicros, *t - fixed) * 1e3)});
  }
  return model;
}

std::string calibrationPath(const std::string &dir, Device device,
                            const std::string &fingerprint) {
  char hash[17];
  std::snprintf(hash, sizeof(hash), "%016llx",
                static_cast<unsigned long long>(llvm::hash_value(fingerprint)));
  return dir + "/calibration/" + deviceName(device) + "-" + hash + ".txt";
}

/// Whether calibrations may be kept in cache directory `dir`: its own and
/// its calibration folder are this user's and writable by nobody else (the
/// AOT cache's rule): another user could otherwise plant a calibration or a
/// symlink the store would write through.
constexpr const char *kRefusal = "refusing to keep calibrations there";
bool privateCalibrationDir(const std::string &dir) {
  return files::checkPrivateDirectory(dir, "cache directory", kRefusal) &&
         files::checkPrivateDirectory(dir + "/calibration",
                                      "calibration directory", kRefusal);
}

/// Writes `model` where later processes find it (runtime/Files.h: a fresh
/// temporary, then a rename). Failing to store is not an error (the model
/// was measured; it is measured again next time).
void store(const std::string &dir, const std::string &path,
           const DeviceCostModel &model) {
  // The cache directory is checked before anything is made in it.
  if (!files::makeDirectories(dir) ||
      !files::checkPrivateDirectory(dir, "cache directory", kRefusal) ||
      !files::makeDirectories(dir + "/calibration") ||
      !privateCalibrationDir(dir))
    return;
  std::string text = formatCalibration(model);
  (void)files::writeAtomically(path, text.data(), text.size(), 0600);
}

} // namespace

Expected<DeviceCostModel> calibrateDevice(mlir::rlx::Backend &backend,
                                          const CalibrationOptions &options) {
  std::string fingerprint = backend.fingerprint();
  std::string dir =
      options.cacheDir.empty() ? defaultCacheDir() : options.cacheDir;
  std::string path = dir.empty() || options.noDisk
                         ? ""
                         : calibrationPath(dir, backend.device(), fingerprint);
  if (!path.empty() && !options.remeasure && privateCalibrationDir(dir)) {
    // A regular file, not followed through a symlink, at most 64 KiB.
    Expected<std::vector<uint8_t>> bytes =
        files::readRegular(path, 1 << 16, /*noFollow=*/true);
    if (bytes)
      if (std::optional<DeviceCostModel> stored = parseCalibration(
              std::string_view(reinterpret_cast<const char *>(bytes->data()),
                               bytes->size()),
              backend.device(), fingerprint))
        return *stored;
  }
  Expected<DeviceCostModel> measured = measure(backend.device(), fingerprint);
  if (!measured)
    return Status(measured.status().code(),
                  std::string("calibrating device '") +
                      deviceName(backend.device()) +
                      "' failed: " + measured.status().message());
  if (!measured->valid())
    return Status(StatusCode::internal, std::string("calibrating device '") +
                                            deviceName(backend.device()) +
                                            "' gave invalid numbers:\n" +
                                            formatCalibration(*measured));
  if (!path.empty())
    store(dir, path, *measured);
  return measured;
}

Expected<DeviceCostModel> costModel(Device device,
                                    const CalibrationOptions &options) {
  Expected<mlir::rlx::Backend *> backend = mlir::rlx::usableBackend(device);
  if (!backend)
    return backend.status();
  return (*backend)->costModel(options);
}

} // namespace rlx

namespace mlir::rlx {

::rlx::Expected<::rlx::DeviceCostModel>
Backend::costModel(const ::rlx::CalibrationOptions &options) {
  std::lock_guard<std::mutex> lock(costMutex_);
  if (cost_ && !options.remeasure)
    return *cost_;
  ::rlx::Expected<::rlx::DeviceCostModel> model =
      ::rlx::calibrateDevice(*this, options);
  if (model)
    cost_ = *model;
  return model;
}

} // namespace mlir::rlx
