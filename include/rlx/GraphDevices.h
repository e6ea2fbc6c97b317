//===- GraphDevices.h - One model, compiled for whichever device runs it --===//
//
// GraphDevices holds one model and compiles it for a device the first time
// that device is asked to run it; parameters set once are mirrored to every
// executable, including those compiled later. Runs name a device, resolve
// one by the policy, or try a fallback chain, with every failed attempt
// reported. docs/Devices.md.
//
// Thread safety: every member may be called from several threads at once.
// Compiles happen one at a time; runs on different devices proceed in
// parallel, runs on one device one at a time (CompiledGraph::run);
// invalidate() and setPolicy() do not disturb a run in progress (it keeps
// the executable it started with).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_GRAPHDEVICES_H
#define RLX_GRAPHDEVICES_H

#include "rlx/DevicePolicy.h"
#include "rlx/Devices.h"
#include "rlx/Model.h"
#include "rlx/Session.h"
#include "rlx/Status.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rlx {

/// One device tried by a fallback run, and why it failed.
struct DeviceAttempt {
  Device device = Device::cpu;
  Status status;
};

/// Every device of a chain failed: each attempt in order with its reason.
struct DeviceFallbackError {
  std::vector<DeviceAttempt> attempts;

  /// Expected's contract: an error has something in it.
  bool isOk() const { return attempts.empty(); }
  /// "every device failed: vulkan: unavailable: ...; cpu: ...".
  std::string message() const;
  /// unavailable with message().
  Status toStatus() const;
};

/// A run on some device: which, its outputs, and the devices that failed
/// before it (a fallback run).
struct DeviceRun {
  Device device = Device::cpu;
  std::vector<NamedOutput> outputs;
  std::vector<DeviceAttempt> failedAttempts;
};

/// One device's benchmark: compile time and median run time (µs).
struct DeviceBenchmark {
  Device device = Device::cpu;
  double compileMillis = 0;
  double medianRunMicros = 0;
};

class GraphDevices {
public:
  explicit GraphDevices(Model model, DevicePolicy policy = DevicePolicy());
  GraphDevices(GraphDevices &&) noexcept;
  ~GraphDevices();

  /// The devices the policy allows that are available and run every op of
  /// the model, fastest first (availableDevices' order).
  std::vector<Device> devices();
  /// deviceReport for the model and policy.
  Expected<std::vector<DeviceReportRow>> report();
  /// The cheapest device by the policy's strategy. With
  /// PickStrategy::benchmark the winner is measured once (benchmark(),
  /// inputs zero) and kept until invalidate() or setPolicy().
  Expected<Device> fastest();
  /// resolveDevice / resolveDeviceChain for the model and policy.
  Expected<Device> resolve(std::optional<Device> hint = std::nullopt);
  Expected<std::vector<Device>>
  resolveChain(std::optional<Device> hint = std::nullopt);

  /// The model compiled for `device` (compiled now if it was not), with
  /// every parameter set so far. Valid until invalidate().
  Expected<CompiledGraph *> compile(Device device);
  /// Compiles for every device of devices(); the first error, if any.
  Status warmAll();

  /// Sets a parameter on every compiled executable and keeps a copy for
  /// those compiled later. The name, dtype and size are checked against
  /// the model (compiling it for the first of resolveChain() if nothing is
  /// compiled yet).
  Status setParam(const std::string &name, const float *data, size_t count);
  Status setParamTyped(const std::string &name, const void *data, size_t bytes,
                       DType dtype);

  /// Runs on `device` (compiling first if needed).
  Expected<std::vector<NamedOutput>> run(Device device,
                                         const std::vector<NamedInput> &inputs);
  /// Runs on resolve(hint).
  Expected<DeviceRun> runResolved(const std::vector<NamedInput> &inputs,
                                  std::optional<Device> hint = std::nullopt);
  /// Runs on fastest().
  Expected<DeviceRun> runFastest(const std::vector<NamedInput> &inputs);
  /// Tries each device of `chain` in order (compile, then run) until one
  /// succeeds; the error lists every attempt.
  Expected<DeviceRun, DeviceFallbackError>
  runTry(const std::vector<Device> &chain,
         const std::vector<NamedInput> &inputs);
  /// runTry over resolveChain() (the policy's chain: RLX_DEVICE_CHAIN).
  Expected<DeviceRun, DeviceFallbackError>
  runChain(const std::vector<NamedInput> &inputs);

  /// Compiles for each of devices() and times `runs` runs (1 to 1000) of
  /// `inputs`: fastest first.
  Expected<std::vector<DeviceBenchmark>>
  benchmark(const std::vector<NamedInput> &inputs, int runs = 5);

  /// Drops every compiled executable and the kept benchmark winner (the
  /// parameters stay set; the next run compiles again).
  void invalidate();
  /// Replaces the policy (and forgets the benchmark winner).
  void setPolicy(DevicePolicy policy);
  DevicePolicy policy() const;

  struct Impl;

private:
  /// Runs on `device` once it was picked (or says why none was).
  Expected<DeviceRun> runOn(Expected<Device> device,
                            const std::vector<NamedInput> &inputs);

  std::unique_ptr<Impl> impl_;
};

} // namespace rlx

#endif // RLX_GRAPHDEVICES_H
