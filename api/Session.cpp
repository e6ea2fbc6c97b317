//===- Session.cpp - Compile graphs and run them --------------------------===//
//
// The glue between compiler and runtime: Session owns the MLIRContext and
// turns a Graph or module text into an Artifact (Compiler.cpp), which it
// hands to the runtime in memory (runtime/Runtime.h); a CompiledGraph owns
// the executable and checks every input against the manifest before a run.
//
//===----------------------------------------------------------------------===//
#include "rlx/Session.h"
#include "api/Backend.h"
#include "api/Compiler.h"
#include "api/GraphToHIR.h"
#include "api/SessionInternals.h"
#include "runtime/Runtime.h"

#include "mlir/IR/MLIRContext.h"

#include <algorithm>
#include <cstring>
#include <mutex>

namespace rlx {

//===----------------------------------------------------------------------===//
// CompiledGraph
//===----------------------------------------------------------------------===//

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

  /// Checks that `bytes` of `dtype` fit `slot` exactly.
  static Status checkData(const Slot &slot, const void *data, size_t bytes,
                          DType dtype) {
    std::string what =
        std::string(slotRoleName(slot.role)) + " '" + slot.name + "'";
    if (dtype != slot.dtype)
      return Status(StatusCode::invalid_argument,
                    what + " has dtype " + dtypeName(slot.dtype) + ", got " +
                        dtypeName(dtype));
    if (bytes != slot.size)
      return Status(StatusCode::invalid_argument,
                    what + " needs " + std::to_string(slot.elementCount()) +
                        " elements (" + std::to_string(slot.size) +
                        " bytes), got " + std::to_string(bytes) + " bytes");
    if (!data && bytes != 0)
      return Status(StatusCode::invalid_argument,
                    what + ": null data pointer with nonzero size");
    return Status::ok();
  }

  Status checkParamsBound() const {
    const auto &slots = manifest().slots;
    for (size_t i = 0; i < slots.size(); ++i)
      if (slots[i].role == SlotRole::param && !bound[i])
        return Status(StatusCode::not_found,
                      "parameter '" + slots[i].name +
                          "' was never bound (call setParam)");
    return Status::ok();
  }
};

CompiledGraph
CompiledGraphFactory::make(std::unique_ptr<CompiledGraph::Impl> impl) {
  return CompiledGraph(std::move(impl));
}

CompiledGraph::CompiledGraph(std::unique_ptr<Impl> impl)
    : impl_(std::move(impl)) {}
CompiledGraph::CompiledGraph(CompiledGraph &&) noexcept = default;
CompiledGraph &CompiledGraph::operator=(CompiledGraph &&) noexcept = default;
CompiledGraph::~CompiledGraph() = default;

const Manifest &CompiledGraph::manifest() const { return impl_->manifest(); }

const std::vector<uint8_t> &CompiledGraph::artifactBytes() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  if (impl_->artifactBytes.empty())
    impl_->artifactBytes = runtime::serializeArtifact(impl_->artifact);
  return impl_->artifactBytes;
}

Status CompiledGraph::setParam(const std::string &name, const float *data,
                               size_t count) {
  return setParamTyped(name, data, count * sizeof(float), DType::f32);
}

Status CompiledGraph::setParamTyped(const std::string &name, const void *data,
                                    size_t bytes, DType dtype) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  Expected<size_t> index = impl_->findSlot(SlotRole::param, name);
  if (!index)
    return index.status();
  const Slot &slot = impl_->manifest().slots[*index];
  if (Status s = Impl::checkData(slot, data, bytes, dtype); !s)
    return s;
  if (Status s = impl_->executable->writeSlot(slot, data); !s)
    return s;
  impl_->bound[*index] = true;
  return Status::ok();
}

Expected<std::vector<NamedOutput>>
CompiledGraph::run(const std::vector<NamedInput> &inputs) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  const Manifest &m = impl_->manifest();
  std::vector<bool> given(m.slots.size(), false);
  for (const NamedInput &in : inputs) {
    Expected<size_t> index = impl_->findSlot(SlotRole::input, in.name);
    if (!index)
      return index.status();
    if (given[*index])
      return Status(StatusCode::invalid_argument,
                    "input '" + in.name + "' is given more than once");
    const Slot &slot = m.slots[*index];
    if (Status s = Impl::checkData(slot, in.data, in.bytes, in.dtype); !s)
      return s;
    given[*index] = true;
  }
  for (size_t i = 0; i < m.slots.size(); ++i)
    if (m.slots[i].role == SlotRole::input && !given[i])
      return Status(StatusCode::invalid_argument,
                    "input '" + m.slots[i].name + "' is missing");
  if (Status s = impl_->checkParamsBound(); !s)
    return s;
  // Validated: the code reads each input where the caller holds it.
  std::vector<const void *> &bound = impl_->boundInputs;
  for (const NamedInput &in : inputs) {
    const Slot *slot = m.findSlot(SlotRole::input, in.name);
    bound[impl_->inputIndex(slot)] = in.data;
  }
  runtime::Executable &exe = *impl_->executable;
  if (Status s = exe.run(impl_->inputTable()); !s)
    return s;
  std::vector<NamedOutput> outputs;
  for (const Slot *slot : m.slotsWithRole(SlotRole::output)) {
    NamedOutput out;
    out.name = slot->name;
    out.dtype = slot->dtype;
    out.shape = slot->shape;
    const uint8_t *data = exe.slotData(*slot);
    out.bytes.assign(data, data + slot->size);
    outputs.push_back(std::move(out));
  }
  return outputs;
}

Expected<OutputViews>
CompiledGraph::runSlots(const std::vector<const void *> &inputs) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  const std::vector<const Slot *> &slots = impl_->inputSlots;
  if (inputs.size() != slots.size())
    return Status(StatusCode::invalid_argument,
                  "runSlots got " + std::to_string(inputs.size()) +
                      " inputs, the graph has " + std::to_string(slots.size()));
  for (size_t i = 0; i < slots.size(); ++i)
    if (!inputs[i] && slots[i]->size)
      return Status(StatusCode::invalid_argument,
                    "input " + std::to_string(i) + " ('" + slots[i]->name +
                        "'): null data pointer with nonzero size");
  if (Status s = impl_->checkParamsBound(); !s)
    return s;
  for (size_t i = 0; i < slots.size(); ++i)
    impl_->boundInputs[i] = inputs[i];
  if (Status s = impl_->executable->run(impl_->inputTable()); !s)
    return s;
  return OutputViews{impl_->outputViews.data(), impl_->outputViews.size()};
}

void CompiledGraph::setProfiling(bool on) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->executable->setProfiling(on);
}

std::vector<DispatchTime> CompiledGraph::dispatchTimes() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  const runtime::Executable &exe = *impl_->executable;
  std::vector<DispatchTime> times;
  if (exe.profiledRuns() == 0)
    return times;
  const auto &dispatches = exe.manifest().dispatches;
  for (size_t i = 0; i < dispatches.size(); ++i) {
    DispatchTime t;
    t.symbol = dispatches[i].symbol;
    t.kernel = dispatches[i].kernel;
    t.grid = dispatches[i].grid;
    t.meanMicros = static_cast<double>(exe.dispatchNanos()[i]) / 1000.0 /
                   static_cast<double>(exe.profiledRuns());
    times.push_back(std::move(t));
  }
  return times;
}

//===----------------------------------------------------------------------===//
// Session
//===----------------------------------------------------------------------===//

struct Session::Impl {
  Device device;
  Precision precision;
  LoweringPolicy policy;
  std::unique_ptr<mlir::MLIRContext> context;
  /// One compilation at a time: the context's diagnostic handler collects
  /// the messages of the compilation that holds this lock, so concurrent
  /// compiles on one Session each get their own (Session.h).
  std::mutex compileMutex;

  Impl(Device device, Precision precision, LoweringPolicy policy)
      : device(device), precision(precision), policy(policy),
        context(mlir::rlx::makeCompilerContext()) {}

  mlir::rlx::CompilerOptions compilerOptions(const CompileOptions &o) const {
    mlir::rlx::CompilerOptions c;
    c.device = device;
    c.options = o;
    c.precision = precision;
    c.policy = policy;
    return c;
  }

  /// Hands a compiled artifact to the runtime as it is: no serialization.
  Expected<CompiledGraph> finish(mlir::rlx::Backend &backend,
                                 Expected<runtime::Artifact> artifact,
                                 int threads) {
    if (!artifact)
      return artifact.status();
    return loadArtifact(backend, std::move(*artifact), threads);
  }
};

Expected<CompiledGraph> loadArtifact(mlir::rlx::Backend &backend,
                                     runtime::Artifact artifact, int threads) {
  Expected<mlir::rlx::LoadedExecutable> loaded =
      backend.load(artifact, threads);
  if (!loaded)
    return loaded.status();
  auto impl = std::make_unique<CompiledGraph::Impl>();
  impl->pool = std::move(loaded->pool);
  impl->executable = std::move(loaded->executable);
  impl->device = backend.device();
  impl->artifact = std::move(artifact);
  const Manifest &m = impl->executable->manifest();
  impl->bound.assign(m.slots.size(), false);
  impl->inputSlots = m.slotsWithRole(SlotRole::input);
  impl->boundInputs.assign(impl->inputSlots.size(), nullptr);
  for (const Slot *slot : m.slotsWithRole(SlotRole::output))
    impl->outputViews.push_back({slot, impl->executable->slotData(*slot)});
  return CompiledGraphFactory::make(std::move(impl));
}

Session::Session(Device device, Precision precision, LoweringPolicy policy)
    : impl_(std::make_unique<Impl>(device, precision, policy)) {}
Session::Session(Session &&) noexcept = default;
Session::~Session() = default;

Expected<CompiledGraph> Session::compile(const Graph &graph) {
  return compileWith(graph, CompileOptions());
}

Expected<CompiledGraph> Session::compile(std::string_view text) {
  return compileWith(text, CompileOptions());
}

Expected<CompiledGraph> Session::compileWith(const Graph &graph,
                                             const CompileOptions &options) {
  Expected<mlir::rlx::Backend *> backend =
      mlir::rlx::usableBackend(impl_->device);
  if (!backend)
    return backend.status();
  std::lock_guard<std::mutex> lock(impl_->compileMutex);
  auto module =
      mlir::rlx::translateGraphToHIR(impl_->context.get(), graph, "graph");
  if (!module)
    return module.status();
  return impl_->finish(
      **backend,
      mlir::rlx::compileModule(**module, impl_->compilerOptions(options)),
      options.threads);
}

Expected<CompiledGraph> Session::compileWith(std::string_view text,
                                             const CompileOptions &options) {
  Expected<mlir::rlx::Backend *> backend =
      mlir::rlx::usableBackend(impl_->device);
  if (!backend)
    return backend.status();
  std::lock_guard<std::mutex> lock(impl_->compileMutex);
  return impl_->finish(**backend,
                       mlir::rlx::compileText(impl_->context.get(), text,
                                              impl_->compilerOptions(options)),
                       options.threads);
}

Expected<CompiledGraph> Session::load(const std::vector<uint8_t> &artifact,
                                      int threads) {
  Expected<mlir::rlx::Backend *> backend =
      mlir::rlx::usableBackend(impl_->device);
  if (!backend)
    return backend.status();
  Expected<runtime::Artifact> decoded =
      runtime::deserializeArtifact(artifact.data(), artifact.size());
  if (!decoded)
    return decoded.status();
  return loadArtifact(**backend, std::move(*decoded), threads);
}

Expected<CompiledGraph> compileModel(Device device, const Model &model) {
  Session session(device, model.precision, model.policy);
  return model.isGraph ? session.compileWith(model.graph, model.options)
                       : session.compileWith(model.text, model.options);
}

} // namespace rlx
