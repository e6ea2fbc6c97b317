//===- CompiledGraph.cpp - A compiled graph, ready to run -----------------===//
//
// Checks every parameter and input against the manifest before the
// executable sees it; loads artifacts from files and memory. Part of the
// runtime library: no compiler involved.
//
//===----------------------------------------------------------------------===//
#include "runtime/CompiledGraphImpl.h"
#include "runtime/Files.h"
#include "runtime/HalfFloat.h"
#include "runtime/KernelAbi.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>

namespace rlx {

namespace runtime {
ThreadPool &sharedThreadPool() {
  // Never destroyed: graphs may run from static destructors.
  static ThreadPool *pool = new ThreadPool(0);
  return *pool;
}

Expected<LoadedExecutable> loadWithThreads(const Artifact &artifact,
                                           int threads) {
  if (threads < 0 || threads > kMaxThreads)
    return Status(StatusCode::invalid_argument,
                  "threads is " + std::to_string(threads) +
                      "; it must be 0 (one per core) to " +
                      std::to_string(kMaxThreads));
  LoadedExecutable loaded;
  LoadOptions options;
  // Only CPU code runs its workgroups on host threads: the process's
  // shared pool, or a pool of its own when a count is asked for.
  if (artifact.device == "cpu") {
    if (threads == 0) {
      options.pool = &sharedThreadPool();
    } else {
      loaded.pool = std::make_unique<ThreadPool>(threads);
      options.pool = loaded.pool.get();
    }
  }
  Expected<std::unique_ptr<Executable>> exe = load(artifact, options);
  if (!exe)
    return exe.status();
  loaded.executable = std::move(*exe);
  return loaded;
}
} // namespace runtime

CompiledGraph CompiledGraphFactory::make(runtime::LoadedExecutable loaded,
                                         runtime::Artifact artifact,
                                         Device device) {
  auto impl = std::make_unique<CompiledGraph::Impl>();
  impl->pool = std::move(loaded.pool);
  impl->executable = std::move(loaded.executable);
  impl->device = device;
  impl->artifact = std::move(artifact);
  const Manifest &m = impl->executable->manifest();
  impl->bound.assign(m.slots.size(), false);
  impl->keepAlive.assign(m.slots.size(), nullptr);
  impl->inputSlots = m.slotsWithRole(SlotRole::input);
  impl->boundInputs.assign(impl->inputSlots.size(), nullptr);
  for (const Slot *slot : m.slotsWithRole(SlotRole::output))
    impl->outputViews.push_back({slot, impl->executable->slotData(*slot)});
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

Status CompiledGraph::setParam(const std::string &name,
                               const TensorView &value) {
  return impl_->setParam(name, value.data, value.bytes, value.dtype,
                         value.shape);
}

Status CompiledGraph::setParamTyped(const std::string &name, const void *data,
                                    size_t bytes, DType dtype) {
  return impl_->setParam(name, data, bytes, dtype, {});
}

int64_t TensorView::elementCount() const {
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  return count;
}

/// The row-major tensor of `shape` whose dim i is dim permutation[i] of
/// the row-major `given` (elements of `size` bytes).
static std::vector<uint8_t> permuted(const uint8_t *given,
                                     const std::vector<int64_t> &givenShape,
                                     const std::vector<int64_t> &permutation,
                                     size_t size) {
  size_t rank = givenShape.size();
  // The given tensor's strides, in elements, taken in the stored order.
  std::vector<int64_t> givenStrides(rank, 1), strides(rank), shape(rank);
  for (size_t d = rank; d-- > 1;)
    givenStrides[d - 1] = givenStrides[d] * givenShape[d];
  int64_t count = 1;
  for (size_t i = 0; i < rank; ++i) {
    shape[i] = givenShape[static_cast<size_t>(permutation[i])];
    strides[i] = givenStrides[static_cast<size_t>(permutation[i])];
    count *= shape[i];
  }
  std::vector<uint8_t> out(static_cast<size_t>(count) * size);
  std::vector<int64_t> index(rank, 0);
  int64_t from = 0;
  for (int64_t n = 0; n < count; ++n) {
    std::memcpy(out.data() + static_cast<size_t>(n) * size,
                given + static_cast<size_t>(from) * size, size);
    // The next stored index, and where it lies in the given tensor.
    for (size_t d = rank; d-- > 0;) {
      from += strides[d];
      if (++index[d] < shape[d])
        break;
      from -= strides[d] * shape[d];
      index[d] = 0;
    }
  }
  return out;
}

/// `slot.size` bytes of row-major `data` as given (checked against the
/// slot) in the slot's layout and dtype: permuted (Slot::permutation),
/// converted (f32 given, f16 or bf16 stored; runtime/HalfFloat.h), then
/// packed into panels (f32 [K, N] or bf16 pair panels with K even, W
/// dividing N; runtime/KernelAbi.h), as the manifest verifier admitted.
/// `data` has the element's alignment (TensorView), and a vector's storage
/// more.
static std::vector<uint8_t> storedBytes(const Slot &slot, const void *data) {
  std::vector<uint8_t> transposed;
  if (!slot.permutation.empty()) {
    transposed = permuted(static_cast<const uint8_t *>(data), slot.givenShape(),
                          slot.permutation, dtypeSize(slot.givenDType()));
    if (!slot.convertsWhenSet() && slot.panelWidth == 0)
      return transposed;
    data = transposed.data();
  }
  std::vector<uint8_t> converted;
  if (slot.convertsWhenSet()) {
    converted.resize(slot.size);
    runtime::convertFromF32(static_cast<const float *>(data), slot.dtype,
                            converted.data(),
                            static_cast<size_t>(slot.elementCount()));
    if (slot.panelWidth == 0)
      return converted;
    data = converted.data();
  }
  std::vector<uint8_t> stored(slot.size);
  if (slot.panelWidth == 0) {
    if (slot.size)
      std::memcpy(stored.data(), data, slot.size);
  } else if (slot.dtype == DType::bf16) {
    rlx_pack_pair_panels(static_cast<const uint16_t *>(data),
                         reinterpret_cast<uint16_t *>(stored.data()),
                         slot.shape[0], slot.shape[1], slot.panelWidth);
  } else {
    rlx_pack_panels(static_cast<const float *>(data),
                    reinterpret_cast<float *>(stored.data()), slot.shape[0],
                    slot.shape[1], slot.panelWidth);
  }
  return stored;
}

Status packParam(const Slot &slot, const TensorView &value,
                 std::vector<uint8_t> &stored) {
  if (Status s = CompiledGraph::Impl::checkData(slot, value.data, value.bytes,
                                                value.dtype, value.shape);
      !s)
    return s;
  stored = storedBytes(slot, value.data);
  return Status::ok();
}

Status CompiledGraph::Impl::setParam(const std::string &name, const void *data,
                                     size_t bytes, DType dtype,
                                     const std::vector<int64_t> &shape) {
  std::lock_guard<std::mutex> lock(mutex);
  Expected<size_t> index = findSlot(SlotRole::param, name);
  if (!index)
    return index.status();
  const Slot &slot = manifest().slots[*index];
  if (slot.state)
    return notAParam(slot, "setState");
  if (Status s = checkData(slot, data, bytes, dtype, shape); !s)
    return s;
  std::vector<uint8_t> packed;
  if (slot.storedDiffersFromGiven()) {
    packed = storedBytes(slot, data);
    data = packed.data();
  }
  if (Status s = executable->writeSlot(slot, data); !s)
    return s;
  bound[*index] = true;
  keepAlive[*index].reset();
  return Status::ok();
}

Status CompiledGraph::Impl::bindParam(const std::string &name,
                                      const TensorView &value,
                                      std::shared_ptr<const void> owner,
                                      bool stored) {
  // The code does not read a panel or converted param's bytes as given: the
  // graph packs its own copy, as setParam does. (The manifest is
  // immutable.)
  const Slot *laidOut = manifest().findSlot(SlotRole::param, name);
  if (!stored && laidOut && laidOut->storedDiffersFromGiven())
    return setParam(name, value.data, value.bytes, value.dtype, value.shape);
  std::lock_guard<std::mutex> lock(mutex);
  Expected<size_t> index = findSlot(SlotRole::param, name);
  if (!index)
    return index.status();
  const Slot &slot = manifest().slots[*index];
  if (slot.state)
    return notAParam(slot, "bindState");
  // Packed bytes have no shape of their own.
  if (Status s =
          checkData(slot, value.data, value.bytes, value.dtype,
                    stored ? std::vector<int64_t>{} : value.shape, stored);
      !s)
    return s;
  Expected<bool> inPlace = executable->bindSlot(slot, value.data);
  if (!inPlace)
    return inPlace.status();
  bound[*index] = true;
  // The code reads `value.data` from now on only when bound in place.
  keepAlive[*index] = *inPlace ? std::move(owner) : nullptr;
  return Status::ok();
}

Status CompiledGraph::bindParam(const std::string &name,
                                const TensorView &value,
                                std::shared_ptr<const void> keepAlive) {
  return impl_->bindParam(name, value, std::move(keepAlive), /*stored=*/false);
}

Status CompiledGraph::bindStoredParam(const std::string &name,
                                      const TensorView &stored,
                                      std::shared_ptr<const void> keepAlive) {
  return impl_->bindParam(name, stored, std::move(keepAlive), /*stored=*/true);
}

Status CompiledGraph::setState(const std::string &name,
                               const TensorView &value) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  Expected<size_t> index = impl_->findState(name);
  if (!index)
    return index.status();
  const Slot &slot = impl_->manifest().slots[*index];
  if (Status s = Impl::checkData(slot, value.data, value.bytes, value.dtype,
                                 value.shape);
      !s)
    return s;
  if (Status s = impl_->executable->writeSlot(slot, value.data); !s)
    return s;
  impl_->keepAlive[*index].reset();
  return Status::ok();
}

Status CompiledGraph::readState(const std::string &name, void *out,
                                size_t bytes) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  Expected<size_t> index = impl_->findState(name);
  if (!index)
    return index.status();
  const Slot &slot = impl_->manifest().slots[*index];
  if (Status s = Impl::checkData(slot, out, bytes, slot.dtype, {}); !s)
    return s;
  return impl_->executable->readSlot(slot, out);
}

Status CompiledGraph::bindState(const std::string &name, void *data,
                                size_t bytes, DType dtype,
                                std::shared_ptr<void> keepAlive) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  Expected<size_t> index = impl_->findState(name);
  if (!index)
    return index.status();
  const Slot &slot = impl_->manifest().slots[*index];
  if (Status s = Impl::checkData(slot, data, bytes, dtype, {}); !s)
    return s;
  if (impl_->device != Device::cpu)
    return Status(StatusCode::unimplemented,
                  "state '" + name + "' cannot be bound to host memory on " +
                      deviceName(impl_->device) +
                      ": its states live in the device's memory (use "
                      "setState and readState)");
  Expected<bool> inPlace = impl_->executable->bindSlot(slot, data);
  if (!inPlace)
    return inPlace.status();
  impl_->keepAlive[*index] = std::move(keepAlive);
  return Status::ok();
}

Status CompiledGraph::resetStates() {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  for (const Slot &slot : impl_->manifest().slots)
    if (slot.state)
      if (Status s = impl_->executable->zeroSlot(slot); !s)
        return s;
  return Status::ok();
}

std::vector<std::string> CompiledGraph::stateNames() const {
  std::vector<std::string> names;
  for (const Slot &slot : impl_->manifest().slots)
    if (slot.state)
      names.push_back(slot.name);
  return names;
}

MemoryUse CompiledGraph::memoryUse() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->executable->memoryUse();
}

Expected<std::vector<NamedOutput>>
CompiledGraph::run(const std::vector<NamedInput> &inputs) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  if (Status s = impl_->runNamed(inputs); !s)
    return s;
  const runtime::Executable &exe = *impl_->executable;
  std::vector<NamedOutput> outputs;
  for (const Slot *slot : impl_->manifest().slotsWithRole(SlotRole::output)) {
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

Status CompiledGraph::runInto(const std::vector<NamedInput> &inputs,
                              const std::vector<OutputBuffer> &outputs) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  const Manifest &m = impl_->manifest();
  std::vector<const Slot *> targets;
  for (const OutputBuffer &out : outputs) {
    Expected<size_t> index = impl_->findSlot(SlotRole::output, out.name);
    if (!index)
      return index.status();
    const Slot &slot = m.slots[*index];
    if (std::find(targets.begin(), targets.end(), &slot) != targets.end())
      return Status(StatusCode::invalid_argument,
                    "output '" + out.name + "' is given more than once");
    // A buffer too small is out_of_range (RELIABILITY.md's run table);
    // any other mismatch invalid_argument.
    if (out.dtype == slot.dtype && out.bytes < slot.size)
      return Status(StatusCode::out_of_range,
                    "output '" + out.name + "' needs " +
                        std::to_string(slot.size) + " bytes, the buffer has " +
                        std::to_string(out.bytes));
    if (Status s = Impl::checkData(slot, out.data, out.bytes, out.dtype, {});
        !s)
      return s;
    targets.push_back(&slot);
  }
  if (Status s = impl_->runNamed(inputs); !s)
    return s;
  for (size_t i = 0; i < outputs.size(); ++i)
    std::memcpy(outputs[i].data, impl_->executable->slotData(*targets[i]),
                targets[i]->size);
  return Status::ok();
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

Device CompiledGraph::device() const { return impl_->device; }

Status CompiledGraph::save(const std::string &path) const {
  const std::vector<uint8_t> &bytes = artifactBytes();
  return files::writeAtomically(path, bytes.data(), bytes.size());
}

/// The device an artifact names, as the public enum.
static Expected<Device> deviceOf(const runtime::Artifact &artifact) {
  Expected<Device> device = parseDevice(artifact.device);
  if (!device)
    return Status(StatusCode::incompatible,
                  "artifact '" + artifact.manifest.name + "' is for device '" +
                      artifact.device + "', which rlx does not know");
  return device;
}

static Expected<CompiledGraph> loadDecoded(runtime::Artifact artifact,
                                           const LoadOptions &options) {
  Expected<Device> device = deviceOf(artifact);
  if (!device)
    return device.status();
  Expected<runtime::LoadedExecutable> loaded =
      runtime::loadWithThreads(artifact, options.threads);
  if (!loaded)
    return loaded.status();
  return CompiledGraphFactory::make(std::move(*loaded), std::move(artifact),
                                    *device);
}

Expected<CompiledGraph> loadBytes(const uint8_t *data, size_t size,
                                  const LoadOptions &options) {
  if (!data && size)
    return Status(StatusCode::invalid_argument,
                  "loadBytes: null data with nonzero size");
  Expected<runtime::Artifact> artifact =
      runtime::deserializeArtifact(data, size);
  if (!artifact)
    return artifact.status();
  return loadDecoded(std::move(*artifact), options);
}

Expected<CompiledGraph> load(const std::string &path,
                             const LoadOptions &options) {
  Expected<std::vector<uint8_t>> bytes =
      files::readRegular(path, runtime::kMaxArtifactFileBytes);
  if (!bytes)
    return bytes.status();
  Expected<runtime::Artifact> artifact =
      runtime::deserializeArtifact(bytes->data(), bytes->size());
  if (!artifact)
    return Status(artifact.status().code(),
                  path + ": " + artifact.status().message());
  return loadDecoded(std::move(*artifact), options);
}

} // namespace rlx
