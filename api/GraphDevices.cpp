//===- GraphDevices.cpp - One model, compiled for whichever device runs it ===//
#include "rlx/GraphDevices.h"
#include "api/RunTiming.h"
#include "api/SessionInternals.h"

#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>

namespace rlx {

std::string DeviceFallbackError::message() const {
  std::string text = "every device of the chain failed:";
  for (const DeviceAttempt &a : attempts)
    text +=
        std::string("\n  ") + deviceName(a.device) + ": " + a.status.toString();
  return text;
}

Status DeviceFallbackError::toStatus() const {
  return Status(StatusCode::unavailable, message());
}

namespace {
/// A parameter as set, for executables compiled later.
struct StoredParam {
  std::vector<uint8_t> bytes;
  DType dtype = DType::f32;
};

} // namespace

struct GraphDevices::Impl {
  Model model;
  DevicePolicy policy;
  /// Guards everything below. Held while compiling (one compile at a
  /// time), never while running.
  std::mutex mutex;
  std::map<Device, std::shared_ptr<CompiledGraph>> compiled;
  /// How long each compile took (ms), for benchmark().
  std::map<Device, double> compileMillis;
  /// Parameters in the order they were set.
  std::vector<std::pair<std::string, StoredParam>> params;
  std::optional<Device> benchmarkWinner;

  /// The compiled model for `device`, compiling it (and setting every
  /// stored parameter) if needed. Caller holds `mutex`.
  Expected<std::shared_ptr<CompiledGraph>> compiledFor(Device device) {
    // The policy holds for every compile and run, also of executables
    // compiled before it changed.
    if (!policy.allows(device))
      return Status(StatusCode::failed_precondition,
                    std::string("the device policy does not allow device '") +
                        deviceName(device) + "'");
    auto it = compiled.find(device);
    if (it != compiled.end())
      return it->second;
    auto start = std::chrono::steady_clock::now();
    Expected<CompiledGraph> graph = compileModel(device, model);
    if (!graph)
      return graph.status();
    auto shared = std::make_shared<CompiledGraph>(std::move(*graph));
    for (auto &[name, p] : params)
      if (Status s = shared->setParamTyped(name, p.bytes.data(), p.bytes.size(),
                                           p.dtype);
          !s)
        return s;
    compiled.emplace(device, shared);
    compileMillis[device] = std::chrono::duration<double, std::milli>(
                                std::chrono::steady_clock::now() - start)
                                .count();
    return shared;
  }

  Expected<std::shared_ptr<CompiledGraph>> get(Device device) {
    std::lock_guard<std::mutex> lock(mutex);
    return compiledFor(device);
  }

  DevicePolicy currentPolicy() {
    std::lock_guard<std::mutex> lock(mutex);
    return policy;
  }
};

GraphDevices::GraphDevices(Model model, DevicePolicy policy)
    : impl_(std::make_unique<Impl>()) {
  impl_->model = std::move(model);
  impl_->policy = std::move(policy);
}
GraphDevices::GraphDevices(GraphDevices &&) noexcept = default;
GraphDevices::~GraphDevices() = default;

std::vector<Device> GraphDevices::devices() {
  DevicePolicy policy = impl_->currentPolicy();
  std::vector<Device> result;
  for (Device device : availableDevices()) {
    if (!policy.allows(device))
      continue;
    Expected<bool> supported = supportsGraph(device, impl_->model);
    if (supported && *supported)
      result.push_back(device);
  }
  return result;
}

Expected<std::vector<DeviceReportRow>> GraphDevices::report() {
  return deviceReport(impl_->model, impl_->currentPolicy());
}

Expected<Device> GraphDevices::fastest() {
  DevicePolicy policy = impl_->currentPolicy();
  if (policy.strategy != PickStrategy::benchmark)
    return resolveDevice(impl_->model, std::nullopt, policy);
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    if (impl_->benchmarkWinner)
      return *impl_->benchmarkWinner;
  }
  // Zero inputs of the model's shapes: compile for the first device to
  // learn them.
  std::vector<Device> candidates = devices();
  if (candidates.empty())
    return Status(StatusCode::unavailable,
                  "no allowed, available device runs the model");
  Expected<std::shared_ptr<CompiledGraph>> first = impl_->get(candidates[0]);
  if (!first)
    return first.status();
  std::vector<std::vector<uint8_t>> storage;
  std::vector<NamedInput> inputs;
  for (const Slot *slot : (*first)->manifest().slotsWithRole(SlotRole::input)) {
    storage.emplace_back(slot->size, 0);
    inputs.push_back(
        {slot->name, storage.back().data(), slot->size, slot->dtype});
  }
  Expected<std::vector<DeviceBenchmark>> ranked =
      benchmark(inputs, policy.benchmarkRuns);
  if (!ranked)
    return ranked.status();
  if (ranked->empty())
    return Status(StatusCode::unavailable, "no device could be benchmarked");
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->benchmarkWinner = ranked->front().device;
  return ranked->front().device;
}

Expected<Device> GraphDevices::resolve(std::optional<Device> hint) {
  DevicePolicy policy = impl_->currentPolicy();
  if (!hint && !policy.device && policy.strategy == PickStrategy::benchmark)
    return fastest();
  return resolveDevice(impl_->model, hint, policy);
}

Expected<std::vector<Device>>
GraphDevices::resolveChain(std::optional<Device> hint) {
  return resolveDeviceChain(impl_->model, hint, impl_->currentPolicy());
}

Expected<CompiledGraph *> GraphDevices::compile(Device device) {
  Expected<std::shared_ptr<CompiledGraph>> graph = impl_->get(device);
  if (!graph)
    return graph.status();
  return graph->get();
}

Status GraphDevices::warmAll() {
  for (Device device : devices())
    if (Expected<CompiledGraph *> graph = compile(device); !graph)
      return graph.status();
  return Status::ok();
}

Status GraphDevices::setParam(const std::string &name, const float *data,
                              size_t count) {
  return setParamTyped(name, data, count * sizeof(float), DType::f32);
}

Status GraphDevices::setParamTyped(const std::string &name, const void *data,
                                   size_t bytes, DType dtype) {
  std::unique_lock<std::mutex> lock(impl_->mutex);
  if (impl_->compiled.empty()) {
    // Check against the model: compile it where it would run first.
    lock.unlock();
    Expected<std::vector<Device>> chain = resolveChain();
    if (!chain)
      return chain.status();
    lock.lock();
    Status first = Status::ok();
    for (Device device : *chain) {
      Expected<std::shared_ptr<CompiledGraph>> graph =
          impl_->compiledFor(device);
      if (graph)
        break;
      if (first.isOk())
        first = graph.status();
    }
    if (impl_->compiled.empty())
      return first;
  }
  // Every executable checks the same manifest rule; the first refusal is
  // the answer, before anything is stored.
  for (auto &[device, graph] : impl_->compiled)
    if (Status s = graph->setParamTyped(name, data, bytes, dtype); !s)
      return s;
  StoredParam stored;
  const auto *begin = static_cast<const uint8_t *>(data);
  stored.bytes.assign(begin, begin + bytes);
  stored.dtype = dtype;
  auto it = llvm::find_if(impl_->params,
                          [&](const auto &p) { return p.first == name; });
  if (it != impl_->params.end())
    it->second = std::move(stored);
  else
    impl_->params.emplace_back(name, std::move(stored));
  return Status::ok();
}

Expected<std::vector<NamedOutput>>
GraphDevices::run(Device device, const std::vector<NamedInput> &inputs) {
  Expected<std::shared_ptr<CompiledGraph>> graph = impl_->get(device);
  if (!graph)
    return graph.status();
  // The shared_ptr keeps the executable alive through invalidate().
  std::shared_ptr<CompiledGraph> held = *graph;
  return held->run(inputs);
}

Expected<DeviceRun>
GraphDevices::runResolved(const std::vector<NamedInput> &inputs,
                          std::optional<Device> hint) {
  return runOn(resolve(hint), inputs);
}

Expected<DeviceRun>
GraphDevices::runFastest(const std::vector<NamedInput> &inputs) {
  return runOn(fastest(), inputs);
}

Expected<DeviceRun> GraphDevices::runOn(Expected<Device> device,
                                        const std::vector<NamedInput> &inputs) {
  if (!device)
    return device.status();
  Expected<std::vector<NamedOutput>> outputs = run(*device, inputs);
  if (!outputs)
    return outputs.status();
  return DeviceRun{*device, std::move(*outputs), {}};
}

Expected<DeviceRun, DeviceFallbackError>
GraphDevices::runTry(const std::vector<Device> &chain,
                     const std::vector<NamedInput> &inputs) {
  DeviceFallbackError error;
  if (chain.empty())
    error.attempts.push_back(
        {Device::null,
         Status(StatusCode::invalid_argument, "the device chain is empty")});
  for (Device device : chain) {
    Status live = availability(device);
    if (!live) {
      error.attempts.push_back({device, live});
      continue;
    }
    Expected<std::vector<NamedOutput>> outputs = run(device, inputs);
    if (outputs)
      return DeviceRun{device, std::move(*outputs), std::move(error.attempts)};
    error.attempts.push_back({device, outputs.status()});
  }
  return error;
}

Expected<DeviceRun, DeviceFallbackError>
GraphDevices::runChain(const std::vector<NamedInput> &inputs) {
  Expected<std::vector<Device>> chain = resolveChain();
  if (!chain)
    return DeviceFallbackError{{{Device::null, chain.status()}}};
  return runTry(*chain, inputs);
}

Expected<std::vector<DeviceBenchmark>>
GraphDevices::benchmark(const std::vector<NamedInput> &inputs, int runs) {
  if (runs < 1 || runs > 1000)
    return Status(StatusCode::invalid_argument, "benchmark runs is " +
                                                    std::to_string(runs) +
                                                    "; it must be 1 to 1000");
  std::vector<DeviceBenchmark> results;
  for (Device device : devices()) {
    DeviceBenchmark b;
    b.device = device;
    Expected<std::shared_ptr<CompiledGraph>> graph = impl_->get(device);
    if (!graph)
      return graph.status();
    {
      std::lock_guard<std::mutex> lock(impl_->mutex);
      b.compileMillis = impl_->compileMillis[device];
    }
    std::shared_ptr<CompiledGraph> held = *graph;
    // Inputs by slot, as runSlots takes them (names checked by run()).
    Expected<std::vector<NamedOutput>> check = held->run(inputs);
    if (!check)
      return check.status();
    std::vector<const void *> slots;
    for (const Slot *slot : held->manifest().slotsWithRole(SlotRole::input))
      for (const NamedInput &in : inputs)
        if (in.name == slot->name)
          slots.push_back(in.data);
    Expected<double> median = medianRunMicros(*held, slots, runs);
    if (!median)
      return median.status();
    b.medianRunMicros = *median;
    results.push_back(b);
  }
  std::stable_sort(results.begin(), results.end(),
                   [](const DeviceBenchmark &a, const DeviceBenchmark &b) {
                     return a.medianRunMicros < b.medianRunMicros;
                   });
  return results;
}

void GraphDevices::invalidate() {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->compiled.clear();
  impl_->compileMillis.clear();
  impl_->benchmarkWinner.reset();
}

void GraphDevices::setPolicy(DevicePolicy policy) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->policy = std::move(policy);
  impl_->benchmarkWinner.reset();
}

DevicePolicy GraphDevices::policy() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->policy;
}

} // namespace rlx
