//===- ModelCompilePipelineTest.cpp - template -> specialize -> compile ---===//
//
// One template, many bindings: the example encoder with batch and seq both
// symbolic, specialized for batch 1-8 and seq 16-128, each against the same
// text made static (bitwise) and, at 1 x 128, the PyTorch golden; prefill
// and decode variants of one causal decoder template and a KV-cache decode
// step against their static twins; weights set once; the FIFO; binding
// manifests, weight blocks and diffs; variant keys; the errors.
//
//===----------------------------------------------------------------------===//
#include "ModelUtil.h"
#include "rlx/ModelPipeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <map>
#include <regex>
#include <thread>

namespace {

using rlx::ModelCompilePipeline;
using rlx::ModelPhase;
using rlx::ModelVariant;

std::string sourceFile(const std::string &path) {
  return rlx::test::readFile(std::string(RLX_SOURCE_DIR) + "/" + path);
}

/// `text` with every match of `pattern` replaced.
std::string replaced(std::string text, const std::string &pattern,
                     const std::string &with) {
  return std::regex_replace(text, std::regex(pattern), with);
}

/// examples/encoder.mlir with its sequence length symbolic too.
std::string symbolicEncoder() {
  std::string text =
      replaced(sourceFile("examples/encoder.mlir"), R"(\?x128x)", "?x?x");
  return replaced(text, R"(\["batch", 128, 256\])", R"(["batch", "seq", 256])");
}

/// The symbolic encoder made static at `batch` x `seq`.
std::string staticEncoder(int64_t batch, int64_t seq) {
  std::string dims = std::to_string(batch) + "x" + std::to_string(seq) + "x";
  std::string text = replaced(symbolicEncoder(), R"(\?x\?x)", dims);
  return replaced(text, R"(\["batch", "seq", 256\])",
                  "[" + std::to_string(batch) + ", " + std::to_string(seq) +
                      ", 256]");
}

/// test/Install/Inputs/linear.mlir (y = x w + b) with a symbolic batch.
std::string symbolicLinear() {
  std::string text = sourceFile("test/Install/Inputs/linear.mlir");
  text = replaced(text, "tensor<2x3xf32> \\{hir.name = \"x\"\\}",
                  "tensor<?x3xf32> {hir.name = \"x\", hir.dims = "
                  "[\"batch\", 3]}");
  text = replaced(text, "tensor<2x2xf32>", "tensor<?x2xf32>");
  text = replaced(text, "tensor<2x3xf32>", "tensor<?x3xf32>");
  return text;
}

std::vector<float> encoderInput(int64_t batch, int64_t seq) {
  return rlx::test::detValues(batch * seq * 256, 1, 1.0);
}

std::vector<rlx::NamedOutput>
runOrFail(rlx::CompiledGraph &graph, const std::vector<rlx::NamedInput> &in) {
  auto out = graph.run(in);
  EXPECT_TRUE(out.isOk()) << out.status().toString();
  return out.isOk() ? std::move(*out) : std::vector<rlx::NamedOutput>{};
}

/// The static twin compiled by a Session, with the encoder's weights.
std::vector<rlx::NamedOutput> runStaticEncoder(int64_t batch, int64_t seq,
                                               const std::vector<float> &x) {
  rlx::Session session;
  auto graph = session.compile(staticEncoder(batch, seq));
  EXPECT_TRUE(graph.isOk()) << graph.status().toString();
  if (!graph)
    return {};
  rlx::test::bindParams(*graph, rlx::test::kEncoderParams);
  return runOrFail(*graph,
                   {rlx::NamedInput::of(
                       "x", rlx::TensorView::of(x.data(), {batch, seq, 256}))});
}

/// Deterministic weights for every param of `pipeline`'s template, in
/// order (salts from 5, scale 0.2).
std::vector<std::pair<std::string, std::vector<float>>>
decoderWeights(const ModelCompilePipeline &pipeline) {
  std::vector<std::pair<std::string, std::vector<float>>> weights;
  uint64_t salt = 5;
  for (const rlx::ParamSpec &p : pipeline.params()) {
    int64_t n = 1;
    for (int64_t d : p.shape)
      n *= d;
    weights.push_back({p.name, rlx::test::detValues(n, salt++, 0.2)});
  }
  return weights;
}

TEST(ModelVariant, KeysAndBindings) {
  ModelVariant v;
  v.batch = 2;
  v.seq = 16;
  v.phase = ModelPhase::prefill;
  EXPECT_EQ(v.cacheKey(), "prefill:batch=2,seq=16");
  v.pastSeq = 15;
  v.seq = 1;
  v.phase = ModelPhase::decode;
  v.extra = {{"kv", 3}};
  EXPECT_EQ(v.cacheKey(), "decode:batch=2,kv=3,past_seq=15,seq=1");
  auto binding = v.binding();
  ASSERT_EQ(binding.size(), 4u);
  EXPECT_EQ(binding[0], (std::pair<std::string, int64_t>{"batch", 2}));
  EXPECT_EQ(binding[3], (std::pair<std::string, int64_t>{"seq", 1}));
  EXPECT_EQ(ModelVariant().cacheKey(), "inference:batch=1");
}

TEST(ModelCompilePipeline, EncoderForManyShapesMatchesStaticCompiles) {
  ModelCompilePipeline pipeline(rlx::Device::cpu, 8);
  ASSERT_TRUE(pipeline.buildTemplate(symbolicEncoder()).isOk());
  EXPECT_EQ(pipeline.symbols(), (std::vector<std::string>{"batch", "seq"}));
  ASSERT_EQ(pipeline.params().size(), rlx::test::kEncoderParams.size());
  EXPECT_EQ(pipeline.params()[0].name, "attn.wq");
  EXPECT_EQ(pipeline.params()[0].shape, (std::vector<int64_t>{256, 256}));
  // Weights once, before any specialization exists.
  rlx::test::bindParams(pipeline, rlx::test::kEncoderParams);
  uint64_t weightBytes = pipeline.weightBytes();
  EXPECT_EQ(weightBytes, 4u * (4 * (256 * 256 + 256) + 2 * 256 * 1024 + 1024 +
                               256 + 4 * 256));

  const std::pair<int64_t, int64_t> shapes[] = {
      {1, 16}, {2, 32}, {4, 64}, {8, 16}, {1, 128}};
  // Every graph the pipeline made, kept alive to add up their memory.
  std::vector<std::shared_ptr<rlx::CompiledGraph>> graphs;
  for (auto [batch, seq] : shapes) {
    ModelVariant v;
    v.batch = batch;
    v.seq = seq;
    v.phase = ModelPhase::encoder;
    auto graph = pipeline.getOrCompile(v);
    ASSERT_TRUE(graph.isOk())
        << v.cacheKey() << ": " << graph.status().toString();
    std::vector<float> x = encoderInput(batch, seq);
    auto out = runOrFail(
        **graph, {rlx::NamedInput::of(
                     "x", rlx::TensorView::of(x.data(), {batch, seq, 256}))});
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].shape, (std::vector<int64_t>{batch, seq, 256}));
    auto want = runStaticEncoder(batch, seq, x);
    ASSERT_EQ(want.size(), 1u);
    EXPECT_EQ(out[0].bytes, want[0].bytes) << v.cacheKey();
    if (batch == 1 && seq == 128)
      rlx::test::expectClose(out[0], std::string(RLX_SOURCE_DIR) +
                                         "/test/e2e/goldens/encoder_y.npy");
    // The specialization reads the pipeline's weights in place: it holds
    // no param bytes of its own, and its arena none of theirs.
    rlx::MemoryUse use = (*graph)->memoryUse();
    EXPECT_EQ(use.ownedParamBytes, 0u) << v.cacheKey();
    EXPECT_EQ(use.borrowedParamBytes, weightBytes) << v.cacheKey();
    EXPECT_LE(use.arenaBytes + weightBytes, (*graph)->manifest().arenaSize);
    graphs.push_back(*graph);
  }
  // One copy of the weights, however many specializations: the memory
  // they all hold is the weights once plus each one's working arena. The
  // six matmul weights have one packed copy more (the CPU reads them in
  // panels), made for the first specialization and shared by all.
  EXPECT_EQ(pipeline.cachedVariants().size(), 5u);
  EXPECT_EQ(pipeline.weightBytes(),
            weightBytes + 4u * (4 * 256 * 256 + 2 * 256 * 1024));
  uint64_t owned = 0;
  for (const auto &g : graphs)
    owned += g->memoryUse().ownedParamBytes;
  EXPECT_EQ(owned, 0u);
}

// A weight set again reaches every specialization; the buffer a graph
// reads lives as long as the graph, even past the pipeline.
TEST(ModelCompilePipeline, SharedWeightsOutliveThePipeline) {
  std::string linear = symbolicLinear();
  std::vector<float> x = {1, 2, 3, 4, 5, 6};
  auto run = [&](rlx::CompiledGraph &g, int64_t batch) {
    auto y = runOrFail(g, {rlx::NamedInput::of(
                              "x", rlx::TensorView::of(x.data(), {batch, 3}))});
    return y.empty()
               ? std::vector<float>{}
               : std::vector<float>(y[0].floats(), y[0].floats() + 2 * batch);
  };
  std::shared_ptr<rlx::CompiledGraph> kept;
  {
    ModelCompilePipeline pipeline;
    ASSERT_TRUE(pipeline.buildTemplate(linear).isOk());
    std::vector<float> w = {1, 0, 0, 1, 1, -1}, b = {0.5f, 0.5f};
    ASSERT_TRUE(pipeline.setParam("w", w.data(), w.size()).isOk());
    ASSERT_TRUE(pipeline.setParam("b", b.data(), b.size()).isOk());
    ModelVariant one, two;
    two.batch = 2;
    auto g1 = pipeline.getOrCompile(one);
    auto g2 = pipeline.getOrCompile(two);
    ASSERT_TRUE(g1.isOk() && g2.isOk());
    EXPECT_EQ(run(**g2, 2), (std::vector<float>{4.5f, -0.5f, 10.5f, -0.5f}));
    // The pipeline copied the caller's weights: changing them does nothing.
    w.assign(6, 0);
    EXPECT_EQ(run(**g1, 1), (std::vector<float>{4.5f, -0.5f}));
    // Set again: both specializations read the new bias.
    std::vector<float> b2 = {-1, 2};
    ASSERT_TRUE(pipeline.setParam("b", b2.data(), b2.size()).isOk());
    EXPECT_EQ(run(**g1, 1), (std::vector<float>{3.0f, 1.0f}));
    EXPECT_EQ(run(**g2, 2), (std::vector<float>{3.0f, 1.0f, 9.0f, 1.0f}));
    kept = *g2;
  }
  // The pipeline is gone; the graph still reads valid weights.
  EXPECT_EQ(run(*kept, 2), (std::vector<float>{3.0f, 1.0f, 9.0f, 1.0f}));
  EXPECT_EQ(kept->memoryUse().borrowedParamBytes, 4u * (6 + 2));
}

TEST(ModelCompilePipeline, WeightsSetLaterReachEverySpecialization) {
  ModelCompilePipeline pipeline;
  std::string linear = symbolicLinear();
  ASSERT_TRUE(pipeline.buildTemplate(linear).isOk());
  std::vector<float> w = {1, 0, 0, 1, 1, -1}, b = {0.5f, 0.5f};
  ASSERT_TRUE(pipeline.setParam("w", w.data(), w.size()).isOk());
  ModelVariant one, two;
  two.batch = 2;
  auto g1 = pipeline.getOrCompile(one);
  ASSERT_TRUE(g1.isOk()) << g1.status().toString();
  ASSERT_TRUE(pipeline.setParam("b", b.data(), b.size()).isOk());
  auto g2 = pipeline.getOrCompile(two);
  ASSERT_TRUE(g2.isOk());
  std::vector<float> x = {1, 2, 3, 4, 5, 6};
  auto y1 = runOrFail(
      **g1, {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, 3}))});
  auto y2 = runOrFail(
      **g2, {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {2, 3}))});
  ASSERT_EQ(y1.size(), 1u);
  ASSERT_EQ(y2.size(), 1u);
  // x w + b = [[4.5, -0.5], [10.5, -0.5]]: b reached the graph compiled
  // before it was set.
  EXPECT_EQ(std::vector<float>(y1[0].floats(), y1[0].floats() + 2),
            (std::vector<float>{4.5f, -0.5f}));
  EXPECT_EQ(std::vector<float>(y2[0].floats(), y2[0].floats() + 4),
            (std::vector<float>{4.5f, -0.5f, 10.5f, -0.5f}));

  // Binding manifests: exact sizes, and what moved from batch 1 to 2.
  auto c1 = pipeline.getOrCompileComponent(one);
  auto c2 = pipeline.getOrCompileComponent(two);
  ASSERT_TRUE(c1.isOk() && c2.isOk());
  const rlx::SlotBinding *x1 = c1->manifest.find(rlx::SlotRole::input, "x");
  ASSERT_NE(x1, nullptr);
  EXPECT_EQ(x1->shape, (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(x1->elements, 3);
  EXPECT_EQ(x1->bytes, 12u);
  EXPECT_EQ(c1->manifest.variantKey, "inference:batch=1");
  EXPECT_EQ(c1->manifest.graphName, "linear");
  const rlx::SlotBinding *w1 = c1->manifest.find(rlx::SlotRole::param, "w");
  ASSERT_NE(w1, nullptr);
  EXPECT_EQ(w1->bytes, 24u);
  EXPECT_FALSE(w1->isView);
  std::vector<std::string> diff =
      rlx::BindingManifest::diff(c1->manifest, c2->manifest);
  ASSERT_FALSE(diff.empty());
  EXPECT_EQ(diff[0].rfind("input x: shape [1x3] -> [2x3]", 0), 0u) << diff[0];
  bool outputLine = false;
  for (const std::string &line : diff)
    outputLine |= line.rfind("output y: shape [1x2] -> [2x2]", 0) == 0;
  EXPECT_TRUE(outputLine);
  EXPECT_TRUE(rlx::BindingManifest::diff(c1->manifest, c1->manifest).empty());
  auto blocks = c1->manifest.weightBlocks();
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].prefix, "");
  EXPECT_EQ(blocks[0].params, (std::vector<std::string>{"w", "b"}));
  EXPECT_EQ(blocks[0].bytes, 32u);
}

// Weights set again while other threads run the specializations: every
// run sees one whole bias, the old or the new (a graph rebinds between its
// runs, never during one), and no graph reads a freed copy (TSan and ASan
// builds run this too: scripts/sanitize.sh).
TEST(ModelCompilePipeline, WeightsSetWhileVariantsRun) {
  ModelCompilePipeline pipeline;
  ASSERT_TRUE(pipeline.buildTemplate(symbolicLinear()).isOk());
  std::vector<float> w = {1, 0, 0, 1, 1, -1};
  std::vector<float> biases[2] = {{0.5f, 0.5f}, {-1.0f, 2.0f}};
  ASSERT_TRUE(pipeline.setParam("w", w.data(), w.size()).isOk());
  ASSERT_TRUE(
      pipeline.setParam("b", biases[0].data(), biases[0].size()).isOk());
  std::vector<std::shared_ptr<rlx::CompiledGraph>> graphs;
  for (int64_t batch : {1, 2}) {
    ModelVariant v;
    v.batch = batch;
    auto g = pipeline.getOrCompile(v);
    ASSERT_TRUE(g.isOk()) << g.status().toString();
    graphs.push_back(*g);
  }
  // x w = [[4, -1], [10, -1]]; y = x w + b for either bias.
  std::vector<float> x = {1, 2, 3, 4, 5, 6};
  auto expected = [&](const std::vector<float> &b, int64_t batch) {
    std::vector<float> y = {4 + b[0], -1 + b[1], 10 + b[0], -1 + b[1]};
    y.resize(2 * batch);
    return y;
  };
  std::atomic<bool> stop{false};
  std::atomic<int> wrong{0}, runs{0};
  std::vector<std::thread> runners;
  for (size_t t = 0; t < graphs.size(); ++t)
    runners.emplace_back([&, t] {
      int64_t batch = static_cast<int64_t>(t) + 1;
      while (!stop.load()) {
        auto out = graphs[t]->run({rlx::NamedInput::of(
            "x", rlx::TensorView::of(x.data(), {batch, 3}))});
        std::vector<float> y;
        if (out.isOk())
          y.assign((*out)[0].floats(), (*out)[0].floats() + 2 * batch);
        if (y != expected(biases[0], batch) && y != expected(biases[1], batch))
          ++wrong;
        ++runs;
      }
    });
  // At least 200 swaps, and until the runners have run a while.
  int last = 0;
  for (int i = 0; i < 200 || runs.load() < 20; ++i) {
    last = i % 2;
    const std::vector<float> &b = biases[last];
    ASSERT_TRUE(pipeline.setParam("b", b.data(), b.size()).isOk());
  }
  stop = true;
  for (std::thread &r : runners)
    r.join();
  EXPECT_EQ(wrong.load(), 0) << "of " << runs.load() << " runs";
  EXPECT_GT(runs.load(), 0);
  // The last set is what every graph reads now.
  for (size_t t = 0; t < graphs.size(); ++t) {
    int64_t batch = static_cast<int64_t>(t) + 1;
    auto out = graphs[t]->run(
        {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {batch, 3}))});
    ASSERT_TRUE(out.isOk());
    EXPECT_EQ(
        std::vector<float>((*out)[0].floats(), (*out)[0].floats() + 2 * batch),
        expected(biases[last], batch));
  }
}

TEST(ModelCompilePipeline, FifoEvictsTheOldest) {
  ModelCompilePipeline pipeline(rlx::Device::cpu, 2);
  ASSERT_TRUE(pipeline.buildTemplate(symbolicEncoder()).isOk());
  rlx::test::bindParams(pipeline, rlx::test::kEncoderParams);
  auto variant = [](int64_t seq) {
    ModelVariant v;
    v.seq = seq;
    return v;
  };
  auto first = pipeline.getOrCompile(variant(16));
  ASSERT_TRUE(first.isOk());
  ASSERT_TRUE(pipeline.getOrCompile(variant(32)).isOk());
  // A hit returns the same graph and does not reorder.
  auto again = pipeline.getOrCompile(variant(16));
  ASSERT_TRUE(again.isOk());
  EXPECT_EQ(again->get(), first->get());
  ASSERT_TRUE(pipeline.getOrCompile(variant(48)).isOk());
  EXPECT_EQ(pipeline.cachedVariants(),
            (std::vector<std::string>{"inference:batch=1,seq=32",
                                      "inference:batch=1,seq=48"}));
  // The evicted graph stays valid while held.
  std::vector<float> x = encoderInput(1, 16);
  auto out = runOrFail(
      **first,
      {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, 16, 256}))});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].bytes, runStaticEncoder(1, 16, x)[0].bytes);
  // compile() does not touch the FIFO.
  ASSERT_TRUE(pipeline.compile(variant(64)).isOk());
  EXPECT_EQ(pipeline.cachedVariants().size(), 2u);
}

/// The causal decoder (test/Tools/Inputs/causal-decoder.mlir) at `seq` as a
/// pipeline specialization and as its static twin: bitwise equal outputs.
TEST(ModelCompilePipeline, PrefillAndDecodeOfOneCausalTemplate) {
  std::string text = sourceFile("test/Tools/Inputs/causal-decoder.mlir");
  ModelCompilePipeline pipeline;
  ASSERT_TRUE(pipeline.buildTemplate(text).isOk());
  EXPECT_EQ(pipeline.symbols(), (std::vector<std::string>{"seq"}));
  std::vector<std::pair<std::string, std::vector<float>>> weights =
      decoderWeights(pipeline);
  for (auto &[name, values] : weights)
    ASSERT_TRUE(pipeline.setParam(name, values.data(), values.size()).isOk());
  for (auto [phase, seq] : {std::make_pair(ModelPhase::prefill, int64_t(16)),
                            std::make_pair(ModelPhase::decode, int64_t(1)),
                            std::make_pair(ModelPhase::prefill, int64_t(5))}) {
    ModelVariant v;
    v.phase = phase;
    v.seq = seq;
    auto graph = pipeline.getOrCompile(v);
    ASSERT_TRUE(graph.isOk())
        << v.cacheKey() << ": " << graph.status().toString();
    std::vector<float> x = rlx::test::detValues(seq * 32, 1, 1.0);
    std::vector<int64_t> positions(seq);
    for (int64_t i = 0; i < seq; ++i)
      positions[i] = i;
    std::vector<rlx::NamedInput> inputs = {
        rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, seq, 32})),
        rlx::NamedInput::of("positions",
                            rlx::TensorView::of(positions.data(), {seq}))};
    auto out = runOrFail(**graph, inputs);

    std::string fixed = replaced(text, R"(\?)", std::to_string(seq));
    fixed = replaced(fixed, R"("seq")", std::to_string(seq));
    rlx::Session session;
    auto twin = session.compile(fixed);
    ASSERT_TRUE(twin.isOk()) << twin.status().toString();
    for (auto &[name, values] : weights)
      ASSERT_TRUE(twin->setParam(name, values.data(), values.size()).isOk());
    auto want = runOrFail(*twin, inputs);
    ASSERT_EQ(out.size(), 1u);
    ASSERT_EQ(want.size(), 1u);
    EXPECT_EQ(out[0].bytes, want[0].bytes) << v.cacheKey();
  }
}

/// test/Tools/Inputs/kv-cache-decoder.mlir with its cache length named
/// "past_seq" (the symbol ModelVariant::pastSeq binds).
std::string kvCacheDecoder() {
  return replaced(sourceFile("test/Tools/Inputs/kv-cache-decoder.mlir"),
                  R"("past")", R"("past_seq")");
}

/// A KV-cache decode step (T = past + seq keys, S = seq queries) bound
/// through ModelVariant::pastSeq, against the static twin the helper tests
/// use (kv-cache-decoder-static.mlir, seq 1, past 7).
TEST(ModelCompilePipeline, KvCacheDecodeStep) {
  ModelCompilePipeline pipeline;
  ASSERT_TRUE(pipeline.buildTemplate(kvCacheDecoder()).isOk());
  EXPECT_EQ(pipeline.symbols(), (std::vector<std::string>{"past_seq", "seq"}));
  rlx::Session session;
  auto twin = session.compile(
      sourceFile("test/Tools/Inputs/kv-cache-decoder-static.mlir"));
  ASSERT_TRUE(twin.isOk()) << twin.status().toString();
  uint64_t salt = 9;
  for (const rlx::ParamSpec &p : pipeline.params()) {
    std::vector<float> values =
        rlx::test::detValues(p.shape[0] * p.shape[1], salt++, 0.2);
    ASSERT_TRUE(pipeline.setParam(p.name, values.data(), values.size()).isOk());
    ASSERT_TRUE(twin->setParam(p.name, values.data(), values.size()).isOk());
  }
  ModelVariant v;
  v.phase = ModelPhase::decode;
  v.seq = 1;
  v.pastSeq = 7;
  auto graph = pipeline.getOrCompile(v);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  std::vector<float> x = rlx::test::detValues(32, 1, 1.0);
  std::vector<float> pk = rlx::test::detValues(7 * 16, 2, 1.0);
  std::vector<float> pv = rlx::test::detValues(7 * 16, 3, 1.0);
  std::vector<rlx::NamedInput> inputs = {
      rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, 1, 32})),
      rlx::NamedInput::of("past_k", rlx::TensorView::of(pk.data(), {1, 7, 16})),
      rlx::NamedInput::of("past_v",
                          rlx::TensorView::of(pv.data(), {1, 7, 16}))};
  auto out = runOrFail(**graph, inputs);
  auto want = runOrFail(*twin, inputs);
  ASSERT_EQ(out.size(), 1u);
  ASSERT_EQ(want.size(), 1u);
  EXPECT_EQ(out[0].bytes, want[0].bytes);
}

// The first decode step has an empty cache: `past_seq` bound to 0 through
// `extra` (ModelVariant binds pastSeq only when > 0), past_k and past_v of
// 0 rows. Attention over the token alone is its own value: y = (x Wv,
// each kv head serving 2 query heads) Wo, computed here in double.
TEST(ModelCompilePipeline, KvCacheDecodeStepWithAnEmptyCache) {
  ModelCompilePipeline pipeline;
  ASSERT_TRUE(pipeline.buildTemplate(kvCacheDecoder()).isOk());
  std::map<std::string, std::vector<float>> weights;
  uint64_t salt = 9;
  for (const rlx::ParamSpec &p : pipeline.params()) {
    weights[p.name] =
        rlx::test::detValues(p.shape[0] * p.shape[1], salt++, 0.2);
    const std::vector<float> &w = weights[p.name];
    ASSERT_TRUE(pipeline.setParam(p.name, w.data(), w.size()).isOk());
  }
  ModelVariant v;
  v.phase = ModelPhase::decode;
  v.seq = 1;
  v.extra = {{"past_seq", 0}};
  auto graph = pipeline.getOrCompile(v);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  std::vector<float> x = rlx::test::detValues(32, 1, 1.0);
  float none = 0;
  std::vector<rlx::NamedInput> inputs = {
      rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, 1, 32})),
      rlx::NamedInput::of("past_k", rlx::TensorView::of(&none, {1, 0, 16})),
      rlx::NamedInput::of("past_v", rlx::TensorView::of(&none, {1, 0, 16}))};
  auto out = runOrFail(**graph, inputs);
  ASSERT_EQ(out.size(), 1u);
  ASSERT_EQ(out[0].shape, (std::vector<int64_t>{1, 1, 32}));
  const std::vector<float> &wv = weights["attn.wv"], &wo = weights["attn.wo"];
  std::vector<double> vn(16, 0.0), a(32), want(32, 0.0);
  for (int j = 0; j < 16; ++j)
    for (int k = 0; k < 32; ++k)
      vn[j] += double(x[k]) * wv[k * 16 + j];
  for (int h = 0; h < 4; ++h) // query head h reads kv head h / 2
    for (int d = 0; d < 8; ++d)
      a[h * 8 + d] = vn[(h / 2) * 8 + d];
  double scale = 0;
  for (int j = 0; j < 32; ++j) {
    for (int k = 0; k < 32; ++k)
      want[j] += a[k] * wo[k * 32 + j];
    scale = std::max(scale, std::fabs(want[j]));
  }
  const float *got = out[0].floats();
  for (int j = 0; j < 32; ++j)
    EXPECT_NEAR(got[j], want[j], 1e-5 * scale) << "y[" << j << "]";
}

TEST(ShapeBuckets, LaddersAndRanges) {
  auto ladder = rlx::ShapeBuckets::ladder("seq", 100);
  ASSERT_TRUE(ladder.isOk());
  EXPECT_EQ(ladder->sizes(),
            (std::vector<int64_t>{1, 2, 4, 8, 16, 32, 64, 128}));
  EXPECT_EQ(*ladder->bucketFor(5), 8);
  EXPECT_EQ(*ladder->bucketFor(128), 128);
  EXPECT_EQ(ladder->bucketFor(129).status().message(),
            "'seq' = 129 is beyond the largest bucket (128)");
  EXPECT_FALSE(rlx::ShapeBuckets::ladder("seq", 0).isOk());
  auto given = rlx::ShapeBuckets::ranges("batch", {3, 10});
  ASSERT_TRUE(given.isOk());
  EXPECT_EQ(*given->bucketFor(1), 3);
  EXPECT_EQ(*given->bucketFor(4), 10);
  EXPECT_EQ(rlx::ShapeBuckets::ranges("b", {4, 4}).status().message(),
            "buckets for 'b': sizes must be >= 1 and strictly ascending, got "
            "[4x4]");
}

/// The causal decoder bucketed along seq: padded rows come after the real
/// ones and the causal mask keeps every real row from seeing them, so each
/// result equals the exact-shape specialization's (to 1e-5: the padded
/// softmax row sums over more, masked, keys).
TEST(ModelCompilePipeline, RunPaddedWithACausalMask) {
  std::string text = sourceFile("test/Tools/Inputs/causal-decoder.mlir");
  ModelCompilePipeline pipeline(rlx::Device::cpu, 16);
  ASSERT_TRUE(pipeline.buildTemplate(text).isOk());
  auto weights = decoderWeights(pipeline);
  for (auto &[name, values] : weights)
    ASSERT_TRUE(pipeline.setParam(name, values.data(), values.size()).isOk());
  auto buckets = rlx::ShapeBuckets::ladder("seq", 16);
  ASSERT_TRUE(buckets.isOk());
  for (int64_t seq : {5, 3, 16, 1}) {
    std::vector<float> x = rlx::test::detValues(seq * 32, 7, 1.0);
    std::vector<int64_t> positions(seq);
    for (int64_t i = 0; i < seq; ++i)
      positions[i] = i;
    std::vector<rlx::NamedInput> inputs = {
        rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, seq, 32})),
        rlx::NamedInput::of("positions",
                            rlx::TensorView::of(positions.data(), {seq}))};
    auto padded = pipeline.runPadded(*buckets, ModelVariant(), inputs);
    ASSERT_TRUE(padded.isOk()) << padded.status().toString();
    ModelVariant exact;
    exact.seq = seq;
    auto graph = pipeline.getOrCompile(exact);
    ASSERT_TRUE(graph.isOk());
    auto want = runOrFail(**graph, inputs);
    ASSERT_EQ(padded->size(), 1u);
    ASSERT_EQ(want.size(), 1u);
    EXPECT_EQ((*padded)[0].shape, (std::vector<int64_t>{1, seq, 32}));
    ASSERT_EQ((*padded)[0].bytes.size(), want[0].bytes.size());
    const float *got = (*padded)[0].floats(), *ref = want[0].floats();
    for (int64_t i = 0; i < seq * 32; ++i)
      ASSERT_NEAR(got[i], ref[i], 1e-5 + 1e-5 * std::fabs(ref[i]))
          << "seq " << seq << " element " << i;
  }
  // seq 5 and 3 ran on the 8 and 4 buckets' code.
  std::vector<std::string> cached = pipeline.cachedVariants();
  EXPECT_NE(std::find(cached.begin(), cached.end(), "inference:batch=1,seq=8"),
            cached.end());
  EXPECT_NE(std::find(cached.begin(), cached.end(), "inference:batch=1,seq=4"),
            cached.end());

  // The bucketed inputs must say their shapes and agree.
  std::vector<float> x(3 * 32);
  std::vector<int64_t> positions(4);
  auto disagree = pipeline.runPadded(
      *buckets, ModelVariant(),
      {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, 3, 32})),
       rlx::NamedInput::of("positions",
                           rlx::TensorView::of(positions.data(), {4}))});
  EXPECT_EQ(disagree.status().message(),
            "inputs disagree on 'seq': 3 and 4 ('positions')");
  rlx::NamedInput negative =
      rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {1, 3, 32}));
  negative.shape = {-1, -3, 32};
  EXPECT_EQ(pipeline.runPadded(*buckets, ModelVariant(), {negative})
                .status()
                .message(),
            "input 'x' has a negative dim in its shape [-1x-3x32]");
  auto none = pipeline.runPadded(*rlx::ShapeBuckets::ladder("batch", 4),
                                 ModelVariant(), {});
  EXPECT_EQ(none.status().message(),
            "no input of the template has a dim named 'batch' to bucket");
}

/// The encoder bucketed along batch: rows of a batch never meet, so the
/// padded run is exact.
TEST(ModelCompilePipeline, RunPaddedAlongBatch) {
  ModelCompilePipeline pipeline;
  ASSERT_TRUE(pipeline.buildTemplate(symbolicEncoder()).isOk());
  rlx::test::bindParams(pipeline, rlx::test::kEncoderParams);
  auto buckets = rlx::ShapeBuckets::ranges("batch", {4});
  ASSERT_TRUE(buckets.isOk());
  ModelVariant v;
  v.seq = 16;
  std::vector<float> x = encoderInput(3, 16);
  auto padded = pipeline.runPadded(
      *buckets, v,
      {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {3, 16, 256}))});
  ASSERT_TRUE(padded.isOk()) << padded.status().toString();
  ASSERT_EQ(padded->size(), 1u);
  EXPECT_EQ((*padded)[0].shape, (std::vector<int64_t>{3, 16, 256}));
  auto want = runStaticEncoder(3, 16, x);
  ASSERT_EQ(want.size(), 1u);
  EXPECT_EQ((*padded)[0].bytes, want[0].bytes);
  EXPECT_EQ(pipeline.cachedVariants(),
            (std::vector<std::string>{"inference:batch=4,seq=16"}));
}

TEST(ModelCompilePipeline, SpecializeGivesLIR) {
  ModelCompilePipeline pipeline;
  ASSERT_TRUE(pipeline.buildTemplate(symbolicEncoder()).isOk());
  ModelVariant v;
  v.batch = 2;
  v.seq = 16;
  auto lir = pipeline.specialize(v);
  ASSERT_TRUE(lir.isOk()) << lir.status().toString();
  EXPECT_EQ(lir->variantKey, "inference:batch=2,seq=16");
  EXPECT_NE(lir->lir.find("lir.program @encoder"), std::string::npos);
  EXPECT_NE(lir->lir.find("memref<2x16x256xf32>"), std::string::npos);
  EXPECT_EQ(lir->lir.find("?x"), std::string::npos);
}

/// relu(x w + b) with x [batch, 3] (`batch` symbolic, or static when
/// `batch` > 0), and the cache's last row concatenated below (Graph API).
rlx::Graph linearGraph(int64_t batch) {
  rlx::Graph g;
  rlx::Tensor x = batch > 0
                      ? g.input("x", rlx::DType::f32, {batch, 3})
                      : g.input("x", rlx::DType::f32, {-1, 3}, {"batch", ""});
  rlx::Tensor w = g.param("w", rlx::DType::f32, {3, 2});
  rlx::Tensor b = g.param("b", rlx::DType::f32, {2});
  g.setOutputs({{"y", g.linear(x, w, b, rlx::Activation::relu)}});
  return g;
}

// A Graph (or a Model holding one) is a template like text: each variant
// equals the static graph compiled by a Session, bitwise.
TEST(ModelCompilePipeline, GraphTemplatesMatchStaticGraphs) {
  const std::vector<float> w = {1, -1, 0.5f, 2, -0.25f, 1};
  const std::vector<float> b = {0.5f, -0.5f};
  ModelCompilePipeline fromGraph, fromModel;
  ASSERT_TRUE(fromGraph.buildTemplate(linearGraph(0)).isOk());
  ASSERT_TRUE(
      fromModel.buildTemplate(rlx::Model::fromGraph(linearGraph(0))).isOk());
  for (ModelCompilePipeline *pipeline : {&fromGraph, &fromModel}) {
    EXPECT_EQ(pipeline->symbols(), (std::vector<std::string>{"batch"}));
    ASSERT_TRUE(pipeline->setParam("w", w.data(), w.size()).isOk());
    ASSERT_TRUE(pipeline->setParam("b", b.data(), b.size()).isOk());
    for (int64_t batch : {1, 2, 5}) {
      SCOPED_TRACE("batch " + std::to_string(batch));
      std::vector<float> x = rlx::test::detValues(batch * 3, 7, 1.0);
      std::vector<rlx::NamedInput> in = {
          rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {batch, 3}))};
      ModelVariant v;
      v.batch = batch;
      auto variant = pipeline->getOrCompile(v);
      ASSERT_TRUE(variant.isOk()) << variant.status().toString();
      auto got = runOrFail(**variant, in);
      rlx::Session session;
      auto twin = session.compile(linearGraph(batch));
      ASSERT_TRUE(twin.isOk()) << twin.status().toString();
      ASSERT_TRUE(twin->setParam("w", w.data(), w.size()).isOk());
      ASSERT_TRUE(twin->setParam("b", b.data(), b.size()).isOk());
      auto want = runOrFail(*twin, in);
      ASSERT_EQ(got.size(), 1u);
      ASSERT_EQ(want.size(), 1u);
      EXPECT_EQ(got[0].shape, (std::vector<int64_t>{batch, 2}));
      EXPECT_EQ(got[0].bytes, want[0].bytes);
    }
  }
  // What the pipeline cannot honour is refused, not ignored.
  rlx::Model bf16 = rlx::Model::fromGraph(linearGraph(0));
  bf16.precision = rlx::Precision::autoMixedBf16;
  rlx::Status precision = fromGraph.buildTemplate(bf16);
  EXPECT_EQ(precision.code(), rlx::StatusCode::invalid_argument);
  EXPECT_NE(precision.message().find("precision"), std::string::npos)
      << precision.message();
  rlx::Graph bad = linearGraph(0);
  bad.setOutputs({});
  EXPECT_EQ(fromGraph.buildTemplate(bad).code(),
            rlx::StatusCode::invalid_argument);
}

// What a Session and a pipeline compile for, asked back; and RLX_NO_FUSION
// turning the fusion passes off for a compile (the swiglu chain stays two
// matmuls and two elementwise kernels: its dispatches' kernels say so).
TEST(CompileQueries, DevicePrecisionPolicyAndNoFusion) {
  rlx::Session session(rlx::Device::cpu, rlx::Precision::autoMixedBf16,
                       rlx::LoweringPolicy::direct);
  EXPECT_EQ(session.device(), rlx::Device::cpu);
  EXPECT_EQ(session.precision(), rlx::Precision::autoMixedBf16);
  EXPECT_EQ(session.policy(), rlx::LoweringPolicy::direct);
  ModelCompilePipeline pipeline(rlx::Device::cpu);
  EXPECT_EQ(pipeline.device(), rlx::Device::cpu);
  EXPECT_FALSE(pipeline.hasTemplate());
  EXPECT_FALSE(pipeline.buildTemplate("func.func @f(", {}, "bad.mlir").isOk());
  EXPECT_FALSE(pipeline.hasTemplate());
  ASSERT_TRUE(pipeline.buildTemplate(symbolicLinear()).isOk());
  EXPECT_TRUE(pipeline.hasTemplate());

  const char *chain = R"(
func.func @f(%x: tensor<4x8xf32> {mir.name = "x"}, %wg: tensor<8x16xf32> {mir.name = "wg"}, %wu: tensor<8x16xf32> {mir.name = "wu"}) -> tensor<4x16xf32> {
  %g = mir.matmul %x, %wg : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %s = mir.unary silu %g : tensor<4x16xf32>
  %u = mir.matmul %x, %wu : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %h = mir.binary mul %s, %u : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  return %h : tensor<4x16xf32>
})";
  auto kernels = [&]() {
    rlx::Session s;
    auto graph = s.compile(chain);
    EXPECT_TRUE(graph.isOk()) << graph.status().toString();
    std::string names;
    if (graph.isOk())
      for (const rlx::Dispatch &d : graph->manifest().dispatches)
        names += d.kernel + " ";
    return names;
  };
  EXPECT_EQ(kernels(), "swiglu_0 ");
  ::setenv("RLX_NO_FUSION", "1", 1);
  std::string unfused = kernels();
  ::unsetenv("RLX_NO_FUSION");
  EXPECT_EQ(unfused.find("swiglu"), std::string::npos) << unfused;
  EXPECT_NE(unfused.find("matmul"), std::string::npos) << unfused;
  EXPECT_EQ(kernels(), "swiglu_0 ");
}

TEST(ModelCompilePipeline, MistakesAreErrors) {
  ModelCompilePipeline noTemplate;
  EXPECT_EQ(noTemplate.getOrCompile(ModelVariant()).status().code(),
            rlx::StatusCode::failed_precondition);
  ModelCompilePipeline zero(rlx::Device::cpu, 0);
  EXPECT_EQ(zero.buildTemplate(symbolicEncoder()).code(),
            rlx::StatusCode::invalid_argument);

  ModelCompilePipeline pipeline;
  rlx::Status parse = pipeline.buildTemplate("func.func @f(", {}, "bad.mlir");
  EXPECT_EQ(parse.code(), rlx::StatusCode::invalid_argument);
  EXPECT_EQ(parse.message().rfind("bad.mlir:1:", 0), 0u) << parse.message();

  ASSERT_TRUE(pipeline.buildTemplate(symbolicEncoder()).isOk());
  ModelVariant misspelt;
  misspelt.seq = 16;
  misspelt.extra = {{"sequence", 16}};
  rlx::Status unknown = pipeline.getOrCompile(misspelt).status();
  EXPECT_EQ(unknown.code(), rlx::StatusCode::invalid_argument);
  EXPECT_EQ(unknown.message(),
            "variant inference:batch=1,seq=16,sequence=16 binds 'sequence', "
            "which the template does not have (its symbols: batch, seq)");
  // seq unbound: the specializer names the symbol.
  rlx::Status unbound = pipeline.getOrCompile(ModelVariant()).status();
  EXPECT_NE(unbound.message().find("symbol 'seq'"), std::string::npos)
      << unbound.message();

  std::vector<float> small(4);
  rlx::Status name = pipeline.setParam("attn.wx", small.data(), small.size());
  EXPECT_EQ(name.code(), rlx::StatusCode::not_found);
  EXPECT_NE(name.message().find("no param named 'attn.wx'"), std::string::npos);
  rlx::Status shape = pipeline.setParam("attn.wq", small.data(), small.size());
  EXPECT_EQ(shape.code(), rlx::StatusCode::invalid_argument);
  EXPECT_EQ(shape.message(),
            "param 'attn.wq': 16 bytes do not hold [256x256] elements of f32");
  EXPECT_EQ(pipeline.weightBytes(), 0u);
  // Still usable after every refusal.
  ModelVariant v;
  v.seq = 16;
  EXPECT_TRUE(pipeline.getOrCompile(v).isOk());
}

} // namespace
