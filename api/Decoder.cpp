//===- Decoder.cpp - Token-by-token decoding over a runtime-owned KV cache ===//
//
// One ModelCompilePipeline holds the template and the one copy of the
// weights; the Decoder compiles its decode graph (seq = 1) and each prefill
// bucket up front, so the FIFO (sized to hold them all) never compiles
// again. The caches are the graphs' states: on the CPU one buffer per
// state, owned here and bound into every graph (bindState), so every graph
// reads and writes the same cache; on a device with memory of its own each
// graph keeps its states and the Decoder copies them to the graph that runs
// next when it is another one (once per prefill).
//
//===----------------------------------------------------------------------===//
#include "rlx/Decoder.h"
#include "api/AxisRows.h"
#include "rlx/ModelPipeline.h"

#include <algorithm>
#include <map>

namespace rlx {

namespace {
/// The symbol a decoder's new tokens run along (dim 1 of their inputs).
constexpr const char *kTokens = "seq";

} // namespace

struct Decoder::Impl {
  explicit Impl(const Model &model, Device device, size_t graphs)
      : pipeline(device, graphs, model.precision, model.policy) {}

  ModelCompilePipeline pipeline;
  DecoderOptions options;
  Device device = Device::cpu;
  ShapeBuckets buckets;
  /// Inputs with the tokens' dim, and that dim.
  std::map<std::string, size_t> tokenAxis;
  /// The decode graph, then one per bucket (options.prefillBuckets' order).
  std::vector<std::shared_ptr<CompiledGraph>> graphs;
  std::vector<std::string> states;
  /// CPU: each state's one buffer, bound into every graph.
  std::vector<std::shared_ptr<std::vector<uint8_t>>> caches;
  /// Elsewhere: the graph whose states are current (null: all zeros).
  CompiledGraph *holder = nullptr;
  int64_t capacity = 0;
  int64_t position = 0;

  ModelVariant variant(int64_t tokens) const {
    ModelVariant v;
    v.batch = options.batch;
    v.seq = tokens;
    v.phase = tokens == 1 ? ModelPhase::decode : ModelPhase::prefill;
    return v;
  }

  /// Makes `graph`'s states the current cache (a copy from the graph that
  /// ran last, off the CPU).
  Status takeStates(CompiledGraph &graph) {
    if (!caches.empty() || holder == &graph)
      return Status::ok();
    if (holder) {
      for (const std::string &name : states) {
        const Slot *slot = holder->manifest().findSlot(SlotRole::param, name);
        std::vector<uint8_t> bytes(slot->size);
        if (Status s = holder->readState(name, bytes.data(), bytes.size()); !s)
          return s;
        if (Status s = graph.setState(
                name, {slot->dtype, slot->shape, bytes.data(), bytes.size()});
            !s)
          return s;
      }
    } else if (Status s = graph.resetStates(); !s) {
      return s;
    }
    holder = &graph;
    return Status::ok();
  }

  /// `inputs` with the position appended.
  std::vector<NamedInput> withPosition(std::vector<NamedInput> inputs,
                                       const int32_t &at) const {
    inputs.emplace_back(options.positionInput, &at, sizeof(int32_t), DType::i32,
                        std::vector<int64_t>{1});
    return inputs;
  }

  /// The tokens `inputs` carry along their tokens' dim (all must agree).
  Expected<int64_t> tokenCount(const std::vector<NamedInput> &inputs) const {
    int64_t count = -1;
    for (const NamedInput &in : inputs) {
      if (in.name == options.positionInput)
        return Status(StatusCode::invalid_argument,
                      "input '" + in.name +
                          "' is the position: the Decoder gives it");
      auto it = tokenAxis.find(in.name);
      if (it == tokenAxis.end())
        continue;
      if (in.shape.size() <= it->second)
        return Status(StatusCode::invalid_argument,
                      "input '" + in.name + "' needs its shape (dim " +
                          std::to_string(it->second) + " is the tokens)");
      int64_t n = in.shape[it->second];
      if (count >= 0 && n != count)
        return Status(
            StatusCode::invalid_argument,
            "inputs disagree on the token count: " + std::to_string(count) +
                " and " + std::to_string(n) + " ('" + in.name + "')");
      count = n;
    }
    if (count < 0)
      return Status(StatusCode::invalid_argument,
                    "no input given carries the tokens (dim '" +
                        std::string(kTokens) + "')");
    return count;
  }

  /// Runs one chunk of `count` tokens at `position` on its graph.
  Expected<std::vector<NamedOutput>> runChunk(std::vector<NamedInput> inputs,
                                              int64_t count) {
    size_t index = 0;
    int64_t bucket = 1;
    if (count > 1) {
      Expected<int64_t> fits = buckets.bucketFor(count);
      if (!fits)
        return fits.status();
      bucket = *fits;
      index = 1 + static_cast<size_t>(std::find(options.prefillBuckets.begin(),
                                                options.prefillBuckets.end(),
                                                bucket) -
                                      options.prefillBuckets.begin());
    }
    CompiledGraph &graph = *graphs[index];
    if (Status s = takeStates(graph); !s)
      return s;
    int32_t at = static_cast<int32_t>(position);
    Expected<std::vector<NamedOutput>> out =
        count == 1 ? graph.run(withPosition(std::move(inputs), at))
                   : pipeline.runPadded(buckets, variant(bucket),
                                        withPosition(std::move(inputs), at));
    if (out)
      position += count;
    return out;
  }
};

Decoder::Decoder(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Decoder::~Decoder() = default;

Expected<std::unique_ptr<Decoder>>
Decoder::create(const Model &model, Device device,
                const DecoderOptions &options) {
  const std::vector<int64_t> &sizes = options.prefillBuckets;
  for (size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] < 2 || (i && sizes[i] <= sizes[i - 1]))
      return Status(StatusCode::invalid_argument,
                    "prefill buckets must be strictly ascending and >= 2 "
                    "(one token runs on the decode graph), got " +
                        std::to_string(sizes[i]) + " at " + std::to_string(i));
  if (options.batch < 1)
    return Status(StatusCode::invalid_argument,
                  "batch must be >= 1, got " + std::to_string(options.batch));
  auto impl = std::make_unique<Impl>(model, device, sizes.size() + 1);
  impl->options = options;
  impl->device = device;
  if (!sizes.empty()) {
    Expected<ShapeBuckets> buckets = ShapeBuckets::ranges(kTokens, sizes);
    if (!buckets)
      return buckets.status();
    impl->buckets = std::move(*buckets);
  }
  if (Status s = impl->pipeline.buildTemplate(model); !s)
    return s;
  for (const auto &[name, dims] : impl->pipeline.inputDims())
    for (size_t d = 0; d < dims.size(); ++d)
      if (dims[d] == kTokens)
        impl->tokenAxis[name] = d;
  if (impl->tokenAxis.empty())
    return Status(StatusCode::invalid_argument,
                  "the model has no input with a dim named '" +
                      std::string(kTokens) + "' for its new tokens");

  // Every graph now: decode, then the buckets.
  std::vector<int64_t> counts = {1};
  counts.insert(counts.end(), sizes.begin(), sizes.end());
  for (int64_t count : counts) {
    Expected<std::shared_ptr<CompiledGraph>> graph =
        impl->pipeline.getOrCompile(impl->variant(count));
    if (!graph)
      return graph.status();
    impl->graphs.push_back(*graph);
  }

  // The contract: a position input, states of one capacity in every graph.
  const Manifest &decode = impl->graphs[0]->manifest();
  const Slot *position =
      decode.findSlot(SlotRole::input, options.positionInput);
  if (!position || position->dtype != DType::i32 ||
      position->shape != std::vector<int64_t>{1})
    return Status(StatusCode::invalid_argument,
                  "the model needs an input '" + options.positionInput +
                      "' of i32 [1] (the position of the first new token)");
  for (const Slot &slot : decode.slots) {
    if (!slot.state)
      continue;
    if (slot.shape.size() < 2)
      return Status(StatusCode::invalid_argument,
                    "state '" + slot.name +
                        "' has rank < 2; a cache is [batch, capacity, ...]");
    if (impl->capacity && slot.shape[1] != impl->capacity)
      return Status(StatusCode::invalid_argument,
                    "states disagree on the capacity (dim 1): " +
                        std::to_string(impl->capacity) + " and " +
                        std::to_string(slot.shape[1]) + " ('" + slot.name +
                        "')");
    impl->capacity = slot.shape[1];
    impl->states.push_back(slot.name);
  }
  if (impl->states.empty())
    return Status(StatusCode::invalid_argument,
                  "the model has no state (Graph::state, mir.state) to hold "
                  "its KV cache");
  for (size_t g = 1; g < impl->graphs.size(); ++g)
    if (impl->graphs[g]->stateNames() != impl->states)
      return Status(StatusCode::invalid_argument,
                    "the prefill graph of " + std::to_string(sizes[g - 1]) +
                        " tokens has other states than the decode graph");

  if (device == Device::cpu) {
    for (const std::string &name : impl->states) {
      const Slot *slot = decode.findSlot(SlotRole::param, name);
      auto cache = std::make_shared<std::vector<uint8_t>>(slot->size, 0);
      for (const auto &graph : impl->graphs)
        if (Status s = graph->bindState(name, cache->data(), cache->size(),
                                        slot->dtype, cache);
            !s)
          return s;
      impl->caches.push_back(std::move(cache));
    }
  }
  return std::unique_ptr<Decoder>(new Decoder(std::move(impl)));
}

Status Decoder::setParam(const std::string &name, const TensorView &value) {
  return impl_->pipeline.setParam(name, value);
}

Expected<std::vector<NamedOutput>>
Decoder::prefill(const std::vector<NamedInput> &inputs) {
  Expected<int64_t> count = impl_->tokenCount(inputs);
  if (!count)
    return count.status();
  if (*count < 1)
    return Status(StatusCode::invalid_argument,
                  "prefill needs at least one token");
  if (*count > impl_->capacity - impl_->position)
    return Status(
        StatusCode::out_of_range,
        std::to_string(*count) + " tokens at position " +
            std::to_string(impl_->position) + " pass the cache's capacity of " +
            std::to_string(impl_->capacity) + " (reset() empties it)");
  int64_t largest = impl_->options.prefillBuckets.empty()
                        ? 1
                        : impl_->options.prefillBuckets.back();
  Expected<std::vector<NamedOutput>> out = std::vector<NamedOutput>();
  for (int64_t first = 0; first < *count;) {
    int64_t chunk = std::min(largest, *count - first);
    std::vector<std::vector<uint8_t>> held;
    std::vector<NamedInput> part = inputs;
    if (chunk != *count)
      for (NamedInput &in : part) {
        auto it = impl_->tokenAxis.find(in.name);
        if (it == impl_->tokenAxis.end())
          continue;
        // Caller data: its bytes must hold its shape before rows are read.
        Expected<AxisLayout> layout =
            checkedLayout("input '" + in.name + "'", in.shape, it->second,
                          in.dtype, in.bytes);
        if (!layout)
          return layout.status();
        held.push_back(copyRows(static_cast<const uint8_t *>(in.data), *layout,
                                first, chunk, chunk));
        in.shape[it->second] = chunk;
        in.data = held.back().data();
        in.bytes = held.back().size();
      }
    out = impl_->runChunk(std::move(part), chunk);
    if (!out)
      return out.status();
    first += chunk;
  }
  return out;
}

Expected<std::vector<NamedOutput>>
Decoder::step(const std::vector<NamedInput> &inputs) {
  Expected<int64_t> count = impl_->tokenCount(inputs);
  if (!count)
    return count.status();
  if (*count != 1)
    return Status(StatusCode::invalid_argument, "step takes one token, got " +
                                                    std::to_string(*count) +
                                                    " (prefill takes more)");
  if (impl_->position >= impl_->capacity)
    return Status(StatusCode::out_of_range,
                  "the cache is full: " + std::to_string(impl_->capacity) +
                      " tokens (reset() empties it)");
  return impl_->runChunk(inputs, 1);
}

Status Decoder::reset() {
  for (const auto &cache : impl_->caches)
    std::fill(cache->begin(), cache->end(), 0);
  impl_->holder = nullptr;
  impl_->position = 0;
  return Status::ok();
}

int64_t Decoder::position() const { return impl_->position; }
int64_t Decoder::capacity() const { return impl_->capacity; }
size_t Decoder::graphCount() const { return impl_->graphs.size(); }
uint64_t Decoder::compiles() const { return impl_->pipeline.compiles(); }

MemoryUse Decoder::memoryUse() const {
  MemoryUse use;
  use.ownedParamBytes = impl_->pipeline.weightBytes();
  for (const auto &cache : impl_->caches)
    use.ownedStateBytes += cache->size();
  for (const auto &graph : impl_->graphs) {
    MemoryUse g = graph->memoryUse();
    use.arenaBytes += g.arenaBytes;
    if (impl_->caches.empty())
      use.ownedStateBytes += g.ownedStateBytes;
  }
  return use;
}

} // namespace rlx
