//===- DecoderTest.cpp - Decoding over a runtime-owned KV cache -----------===//
//
// A one-layer attention decoder whose K and V caches are states written in
// place at a run-time position (Graph::state, cacheWrite, attention with a
// position): one compiled graph steps through every position, and the
// Decoder's prefill buckets and decode graph give, token by token, what a
// static compile of the whole sequence gives (causal attention, no cache),
// within 5e-7 of the output's scale (4 f32 ulps of it: the two sum the keys
// in other blocks), on every device. Across bucket and
// chunk edges, after reset, at the capacity and past it; the states' API
// and its errors.
//
//===----------------------------------------------------------------------===//
#include "rlx/Decoder.h"
#include "rlx/Devices.h"
#include "rlx/Session.h"
#include "runtime/Artifact.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>

namespace {

constexpr int64_t kDim = 16, kHeads = 2, kCapacity = 40;
/// Past the CPU kernel's key blocks of 128: two whole blocks and a tail.
constexpr int64_t kLongCapacity = 300;

/// x [1, seq, d] -> q, k, v projections; k and v written into the caches
/// at `position`; causal attention over the caches; the output projection.
rlx::Graph decoderGraph(int64_t capacity = kCapacity) {
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {1, -1, kDim}, {"", "seq", ""});
  rlx::Tensor pos = g.input("position", rlx::DType::i32, {1});
  auto weight = [&](const char *name) {
    return g.param(name, rlx::DType::f32, {kDim, kDim});
  };
  rlx::Tensor q = g.linear(x, weight("wq"));
  rlx::Tensor k = g.linear(x, weight("wk"));
  rlx::Tensor v = g.linear(x, weight("wv"));
  rlx::Tensor kc = g.cacheWrite(
      g.state("k_cache", rlx::DType::f32, {1, capacity, kDim}), k, pos, 1);
  rlx::Tensor vc = g.cacheWrite(
      g.state("v_cache", rlx::DType::f32, {1, capacity, kDim}), v, pos, 1);
  rlx::AttentionOptions opts;
  opts.heads = kHeads;
  opts.headDim = kDim / kHeads;
  opts.mask = rlx::MaskKind::causal;
  rlx::Tensor a = g.attention(q, kc, vc, opts, {}, pos);
  g.setOutputs({{"y", g.linear(a, weight("wo"))}});
  return g;
}

/// The same layer over a whole sequence of `tokens`, no cache.
rlx::Graph staticGraph(int64_t tokens) {
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {1, tokens, kDim});
  auto weight = [&](const char *name) {
    return g.param(name, rlx::DType::f32, {kDim, kDim});
  };
  rlx::Tensor q = g.linear(x, weight("wq"));
  rlx::Tensor k = g.linear(x, weight("wk"));
  rlx::Tensor v = g.linear(x, weight("wv"));
  rlx::AttentionOptions opts;
  opts.heads = kHeads;
  opts.headDim = kDim / kHeads;
  opts.mask = rlx::MaskKind::causal;
  g.setOutputs({{"y", g.linear(g.attention(q, k, v, opts), weight("wo"))}});
  return g;
}

struct Weights {
  std::map<std::string, std::vector<float>> values;
  Weights() {
    std::mt19937 rng(7);
    std::normal_distribution<float> normal(0.0f, 0.4f);
    for (const char *name : {"wq", "wk", "wv", "wo"}) {
      std::vector<float> w(kDim * kDim);
      for (float &x : w)
        x = normal(rng);
      values[name] = w;
    }
  }
  template <typename G> void setOn(G &graph) const {
    for (const auto &[name, w] : values)
      ASSERT_TRUE(
          graph.setParam(name, rlx::TensorView::of(w.data(), {kDim, kDim}))
              .isOk());
  }
};

std::vector<float> tokens(int64_t count, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<float> x(count * kDim);
  for (float &v : x)
    v = normal(rng);
  return x;
}

/// The static compile's output for all `count` tokens of `x`.
std::vector<float> reference(rlx::Device device, const Weights &weights,
                             const std::vector<float> &x, int64_t count) {
  rlx::Session session(device);
  auto graph = session.compile(staticGraph(count));
  EXPECT_TRUE(graph.isOk()) << graph.status().toString();
  if (!graph.isOk())
    return {};
  weights.setOn(*graph);
  auto out = graph->run({rlx::NamedInput::of(
      "x", rlx::TensorView::of(x.data(), {1, count, kDim}))});
  EXPECT_TRUE(out.isOk()) << out.status().toString();
  if (!out.isOk())
    return {};
  return {(*out)[0].floats(), (*out)[0].floats() + count * kDim};
}

/// Rows [first, first + rows) of `want` against `got` (rows x d).
void expectRows(const std::vector<float> &want, int64_t first,
                const rlx::NamedOutput &got, int64_t rows) {
  ASSERT_EQ(got.shape, (std::vector<int64_t>{1, rows, kDim}));
  float scale = 0;
  for (float v : want)
    scale = std::max(scale, std::fabs(v));
  for (int64_t i = 0; i < rows * kDim; ++i)
    ASSERT_NEAR(got.floats()[i], want[first * kDim + i], 5e-7f * scale)
        << "token " << first + i / kDim << " feature " << i % kDim;
}

std::vector<rlx::Device> devices() {
  std::vector<rlx::Device> out;
  for (rlx::Device d : rlx::availableDevices())
    if (d == rlx::Device::cpu || d == rlx::Device::vulkan)
      out.push_back(d);
  return out;
}

/// The decode graph of `capacity` on `device`, stepped through every
/// position with token p of `x` at position p, each step's output against
/// the static compile's row p; returns the graph (null after a failure).
std::unique_ptr<rlx::CompiledGraph>
stepEveryPosition(rlx::Device device, const Weights &weights,
                  const std::vector<float> &x, int64_t capacity) {
  std::vector<float> want = reference(device, weights, x, capacity);
  rlx::Session session(device);
  rlx::CompileOptions options;
  options.dims = {{"seq", 1}};
  auto graph = session.compileWith(decoderGraph(capacity), options);
  EXPECT_TRUE(graph.isOk()) << graph.status().toString();
  if (!graph.isOk())
    return nullptr;
  weights.setOn(*graph);
  for (int32_t p = 0; p < capacity; ++p) {
    auto out = graph->run(
        {rlx::NamedInput::of(
             "x", rlx::TensorView::of(x.data() + p * kDim, {1, 1, kDim})),
         rlx::NamedInput::of("position", rlx::TensorView::of(&p, {1}))});
    EXPECT_TRUE(out.isOk()) << out.status().toString();
    if (!out.isOk())
      return nullptr;
    expectRows(want, p, (*out)[0], 1);
    if (::testing::Test::HasFatalFailure())
      return nullptr;
  }
  return std::make_unique<rlx::CompiledGraph>(std::move(*graph));
}

TEST(DecodeGraph, OneGraphServesEveryPosition) {
  Weights weights;
  std::vector<float> x = tokens(kCapacity, 11);
  for (rlx::Device device : devices()) {
    SCOPED_TRACE(rlx::deviceName(device));
    std::unique_ptr<rlx::CompiledGraph> graph =
        stepEveryPosition(device, weights, x, kCapacity);
    ASSERT_TRUE(graph);
    EXPECT_EQ(graph->stateNames(),
              (std::vector<std::string>{"k_cache", "v_cache"}));
    // The cache holds every token's key: k = x wk, row by row.
    std::vector<float> cache(kCapacity * kDim);
    ASSERT_TRUE(
        graph->readState("k_cache", cache.data(), cache.size() * sizeof(float))
            .isOk());
    const std::vector<float> &wk = weights.values.at("wk");
    for (int64_t t = 0; t < kCapacity; t += 13)
      for (int64_t j = 0; j < kDim; ++j) {
        float k = 0;
        for (int64_t i = 0; i < kDim; ++i)
          k += x[t * kDim + i] * wk[i * kDim + j];
        EXPECT_NEAR(cache[t * kDim + j], k, 1e-5f) << t << "," << j;
      }
    // A position past the capacity writes nothing.
    int32_t past = kCapacity;
    auto out = graph->run(
        {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, 1, kDim})),
         rlx::NamedInput::of("position", rlx::TensorView::of(&past, {1}))});
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    std::vector<float> after(cache.size());
    ASSERT_TRUE(
        graph->readState("k_cache", after.data(), after.size() * sizeof(float))
            .isOk());
    EXPECT_EQ(after, cache);
    // Reset zeros the states.
    ASSERT_TRUE(graph->resetStates().isOk());
    ASSERT_TRUE(
        graph->readState("k_cache", after.data(), after.size() * sizeof(float))
            .isOk());
    EXPECT_TRUE(std::all_of(after.begin(), after.end(),
                            [](float v) { return v == 0.0f; }));
  }
}

TEST(DecodeGraph, StepsAcrossKeyBlocks) {
  Weights weights;
  std::vector<float> x = tokens(kLongCapacity, 13);
  for (rlx::Device device : devices()) {
    SCOPED_TRACE(rlx::deviceName(device));
    EXPECT_TRUE(stepEveryPosition(device, weights, x, kLongCapacity));
  }
}

TEST(DecodeGraph, StatesAreNotParams) {
  rlx::Session session;
  rlx::CompileOptions options;
  options.dims = {{"seq", 1}};
  auto graph = session.compileWith(decoderGraph(), options);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  std::vector<float> cache(kCapacity * kDim, 1.0f);
  auto view = rlx::TensorView::of(cache.data(), {1, kCapacity, kDim});
  rlx::Status s = graph->setParam("k_cache", view);
  EXPECT_EQ(s.code(), rlx::StatusCode::invalid_argument);
  EXPECT_NE(s.message().find("is a state, not a param: use setState"),
            std::string::npos)
      << s.message();
  s = graph->bindParam("v_cache", view);
  EXPECT_NE(s.message().find("use bindState"), std::string::npos)
      << s.message();
  s = graph->setState("wq", view);
  EXPECT_EQ(s.code(), rlx::StatusCode::invalid_argument);
  EXPECT_NE(s.message().find("'wq' is a param, not a state"), std::string::npos)
      << s.message();
  s = graph->setState("q_cache", view);
  EXPECT_EQ(s.code(), rlx::StatusCode::not_found);
  EXPECT_NE(s.message().find("the graph's states: k_cache, v_cache"),
            std::string::npos)
      << s.message();
  s = graph->readState("k_cache", cache.data(), 12);
  EXPECT_EQ(s.code(), rlx::StatusCode::invalid_argument) << s.message();
  // Set, read back, and memory: the graph's own states.
  ASSERT_TRUE(graph->setState("k_cache", view).isOk());
  std::vector<float> back(cache.size());
  ASSERT_TRUE(graph->readState("k_cache", back.data(), back.size() * 4).isOk());
  EXPECT_EQ(back, cache);
  EXPECT_EQ(graph->memoryUse().ownedStateBytes,
            2u * kCapacity * kDim * sizeof(float));
  // Params still need setting; states do not.
  int32_t p = 0;
  std::vector<float> x(kDim, 1.0f);
  auto out = graph->run(
      {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, 1, kDim})),
       rlx::NamedInput::of("position", rlx::TensorView::of(&p, {1}))});
  EXPECT_EQ(out.status().code(), rlx::StatusCode::not_found);
  EXPECT_NE(out.status().message().find("'wq' was never bound"),
            std::string::npos)
      << out.status().message();
}

// An artifact keeps which params are states: loaded again, the graph's
// states start as zeros and step as the compiled one did; a manifest edited
// to mark an input or an output as state is refused at load, naming the
// slot.
TEST(DecodeGraph, ArtifactsKeepTheStates) {
  Weights weights;
  rlx::Session session;
  rlx::CompileOptions options;
  options.dims = {{"seq", 1}};
  auto graph = session.compileWith(decoderGraph(), options);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  std::vector<uint8_t> bytes = graph->artifactBytes();
  auto loaded = rlx::loadBytes(bytes.data(), bytes.size());
  ASSERT_TRUE(loaded.isOk()) << loaded.status().toString();
  EXPECT_EQ(loaded->stateNames(),
            (std::vector<std::string>{"k_cache", "v_cache"}));
  weights.setOn(*loaded);
  std::vector<float> x = tokens(3, 21);
  std::vector<float> want = reference(rlx::Device::cpu, weights, x, 3);
  for (int32_t p = 0; p < 3; ++p) {
    auto out = loaded->run(
        {rlx::NamedInput::of(
             "x", rlx::TensorView::of(x.data() + p * kDim, {1, 1, kDim})),
         rlx::NamedInput::of("position", rlx::TensorView::of(&p, {1}))});
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    expectRows(want, p, (*out)[0], 1);
  }

  auto artifact = rlx::runtime::deserializeArtifact(bytes.data(), bytes.size());
  ASSERT_TRUE(artifact.isOk()) << artifact.status().toString();
  for (const char *name : {"x", "y"}) {
    rlx::runtime::Artifact a = *artifact;
    for (rlx::Slot &slot : a.manifest.slots)
      if (slot.name == name)
        slot.state = true;
    std::vector<uint8_t> tampered = rlx::runtime::serializeArtifact(a);
    auto refused = rlx::loadBytes(tampered.data(), tampered.size());
    ASSERT_FALSE(refused.isOk()) << name;
    EXPECT_NE(refused.status().message().find(
                  "only a param stored as given (no panels, no conversion) "
                  "can be state"),
              std::string::npos)
        << refused.status().message();
    EXPECT_NE(refused.status().message().find(std::string("'") + name + "'"),
              std::string::npos)
        << refused.status().message();
  }
}

TEST(Decoder, PrefillAndStepsMatchAStaticCompile) {
  Weights weights;
  constexpr int64_t kTokens = 37;
  std::vector<float> x = tokens(kTokens, 5);
  for (rlx::Device device : devices()) {
    SCOPED_TRACE(rlx::deviceName(device));
    std::vector<float> want = reference(device, weights, x, kTokens);
    rlx::DecoderOptions options;
    options.prefillBuckets = {4, 8};
    auto decoder = rlx::Decoder::create(rlx::Model::fromGraph(decoderGraph()),
                                        device, options);
    ASSERT_TRUE(decoder.isOk()) << decoder.status().toString();
    rlx::Decoder &d = **decoder;
    EXPECT_EQ(d.capacity(), kCapacity);
    EXPECT_EQ(d.graphCount(), 3u);
    weights.setOn(d);
    // Twice, with a reset between: the caches start over.
    for (int round = 0; round < 2; ++round) {
      SCOPED_TRACE(round);
      // 19 tokens: chunks of 8, 8 and 3 (bucket 4, padded).
      constexpr int64_t kPrompt = 19;
      auto out = d.prefill({rlx::NamedInput::of(
          "x", rlx::TensorView::of(x.data(), {1, kPrompt, kDim}))});
      ASSERT_TRUE(out.isOk()) << out.status().toString();
      expectRows(want, 16, (*out)[0], 3);
      EXPECT_EQ(d.position(), kPrompt);
      // 5 more as one prompt (bucket 8, padded), then steps.
      out = d.prefill({rlx::NamedInput::of(
          "x", rlx::TensorView::of(x.data() + kPrompt * kDim, {1, 5, kDim}))});
      ASSERT_TRUE(out.isOk()) << out.status().toString();
      expectRows(want, kPrompt, (*out)[0], 5);
      for (int64_t t = kPrompt + 5; t < kTokens; ++t) {
        out = d.step({rlx::NamedInput::of(
            "x", rlx::TensorView::of(x.data() + t * kDim, {1, 1, kDim}))});
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        expectRows(want, t, (*out)[0], 1);
      }
      EXPECT_EQ(d.compiles(), 3u); // nothing compiled after create
      ASSERT_TRUE(d.reset().isOk());
      EXPECT_EQ(d.position(), 0);
    }
  }
}

TEST(Decoder, LongPromptsAcrossQueryAndKeyBlocks) {
  Weights weights;
  constexpr int64_t kTokens = 290;
  std::vector<float> x = tokens(kTokens, 17);
  for (rlx::Device device : devices()) {
    SCOPED_TRACE(rlx::deviceName(device));
    std::vector<float> want = reference(device, weights, x, kTokens);
    rlx::DecoderOptions options;
    options.prefillBuckets = {32, 160};
    auto decoder = rlx::Decoder::create(
        rlx::Model::fromGraph(decoderGraph(kLongCapacity)), device, options);
    ASSERT_TRUE(decoder.isOk()) << decoder.status().toString();
    rlx::Decoder &d = **decoder;
    weights.setOn(d);
    // 3 tokens (bucket 32), then 200 (chunks of 160 and 40, each on bucket
    // 160: a query block of 128 and a tail), then 80, then steps to 290.
    int64_t at = 0;
    for (int64_t count : {3, 200, 80}) {
      auto out = d.prefill({rlx::NamedInput::of(
          "x", rlx::TensorView::of(x.data() + at * kDim, {1, count, kDim}))});
      ASSERT_TRUE(out.isOk()) << out.status().toString();
      int64_t last = count == 200 ? 40 : count;
      expectRows(want, at + count - last, (*out)[0], last);
      at += count;
    }
    for (; at < kTokens; ++at) {
      auto out = d.step({rlx::NamedInput::of(
          "x", rlx::TensorView::of(x.data() + at * kDim, {1, 1, kDim}))});
      ASSERT_TRUE(out.isOk()) << out.status().toString();
      expectRows(want, at, (*out)[0], 1);
    }
    // 290 tokens, nothing compiled after create: the decode graph and the
    // two buckets.
    EXPECT_EQ(d.compiles(), 3u);
  }
}

TEST(Decoder, TheCapacityIsABoundNotAGuess) {
  Weights weights;
  rlx::DecoderOptions options;
  options.prefillBuckets = {8};
  auto decoder = rlx::Decoder::create(rlx::Model::fromGraph(decoderGraph()),
                                      rlx::Device::cpu, options);
  ASSERT_TRUE(decoder.isOk()) << decoder.status().toString();
  rlx::Decoder &d = **decoder;
  weights.setOn(d);
  std::vector<float> x = tokens(kCapacity + 1, 3);
  auto prompt = [&](int64_t count) {
    return std::vector<rlx::NamedInput>{rlx::NamedInput::of(
        "x", rlx::TensorView::of(x.data(), {1, count, kDim}))};
  };
  auto out = d.prefill(prompt(kCapacity + 1));
  EXPECT_EQ(out.status().code(), rlx::StatusCode::out_of_range);
  EXPECT_NE(out.status().message().find("pass the cache's capacity of 40"),
            std::string::npos)
      << out.status().message();
  EXPECT_EQ(d.position(), 0);
  ASSERT_TRUE(d.prefill(prompt(kCapacity)).isOk());
  out = d.step(prompt(1));
  EXPECT_EQ(out.status().code(), rlx::StatusCode::out_of_range);
  EXPECT_NE(out.status().message().find("the cache is full: 40 tokens"),
            std::string::npos)
      << out.status().message();
  out = d.step(prompt(2));
  EXPECT_EQ(out.status().code(), rlx::StatusCode::invalid_argument);
  // A prompt cut into chunks is read row by row: bytes that do not hold
  // its shape are refused before any is read (nothing runs).
  ASSERT_TRUE(d.reset().isOk());
  rlx::NamedInput shortData = prompt(20)[0];
  shortData.bytes -= 4;
  out = d.prefill({shortData});
  EXPECT_EQ(out.status().code(), rlx::StatusCode::invalid_argument);
  EXPECT_NE(
      out.status().message().find("bytes do not hold its shape [1x20x16]"),
      std::string::npos)
      << out.status().message();
  EXPECT_EQ(d.position(), 0);
  int32_t p = 0;
  out = d.prefill(
      {prompt(1)[0],
       rlx::NamedInput::of("position", rlx::TensorView::of(&p, {1}))});
  EXPECT_NE(out.status().message().find("the Decoder gives it"),
            std::string::npos)
      << out.status().message();
  // Memory: the caches once, the weights once.
  rlx::MemoryUse use = d.memoryUse();
  EXPECT_EQ(use.ownedStateBytes, 2u * kCapacity * kDim * sizeof(float));
  EXPECT_GE(use.ownedParamBytes, 4u * kDim * kDim * sizeof(float));
}

TEST(Decoder, AModelWithoutTheContractIsRefused) {
  rlx::Graph g = staticGraph(4);
  auto decoder = rlx::Decoder::create(rlx::Model::fromGraph(g));
  ASSERT_FALSE(decoder.isOk());
  EXPECT_NE(decoder.status().message().find("no input with a dim named 'seq'"),
            std::string::npos)
      << decoder.status().message();
  rlx::DecoderOptions bad;
  bad.prefillBuckets = {8, 4};
  decoder = rlx::Decoder::create(rlx::Model::fromGraph(decoderGraph()),
                                 rlx::Device::cpu, bad);
  ASSERT_FALSE(decoder.isOk());
  EXPECT_NE(decoder.status().message().find("strictly ascending"),
            std::string::npos);
}

} // namespace
