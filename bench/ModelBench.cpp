//===- ModelBench.cpp - example models: latency, compile time, fixed cost -===//
#include "BenchUtil.h"

#include <unistd.h>

namespace {

void runModel(benchmark::State &state, const char *file, int64_t batch) {
  rlx::bench::runExample(state, file, batch, rlx::Device::cpu,
                         static_cast<int>(state.range(0)));
}

void BM_MlpBatch64(benchmark::State &state) { runModel(state, "mlp.mlir", 64); }
void BM_EncoderSeq128(benchmark::State &state) {
  runModel(state, "encoder.mlir", 1);
}

/// Source text -> runnable, encoder layer.
void BM_EncoderColdCompile(benchmark::State &state) {
  std::string text = rlx::bench::exampleText("encoder.mlir");
  for (auto _ : state) {
    rlx::Session session;
    rlx::CompileOptions options;
    options.dims = {{"batch", 1}};
    benchmark::DoNotOptimize(session.compileWith(text, options));
  }
}

/// Source text -> runnable from the AOT cache (a hit), encoder layer: a new
/// Session each time, as a new process would have.
void BM_EncoderCacheHit(benchmark::State &state) {
  std::string text = rlx::bench::exampleText("encoder.mlir");
  std::string root = "/tmp/rlx-bench-aot-" + std::to_string(::getpid());
  auto cache = rlx::AotCache::open(root);
  if (!cache) {
    state.SkipWithError(cache.status().message().c_str());
    return;
  }
  rlx::CompileOptions options;
  options.dims = {{"batch", 1}};
  {
    rlx::Session warm;
    warm.setCache(*cache);
    if (!warm.compileWith(text, options)) {
      state.SkipWithError("the encoder did not compile");
      return;
    }
  }
  for (auto _ : state) {
    rlx::Session session;
    session.setCache(*cache);
    benchmark::DoNotOptimize(session.compileWith(text, options));
  }
  state.counters["hits"] = static_cast<double>((*cache)->stats().hits);
  (void)(*cache)->clear();
}

/// The fixed cost of one run: a 4-element graph.
void BM_RunFixedCost(benchmark::State &state) {
  rlx::CompiledGraph g = rlx::bench::compileOrDie(R"(
func.func @f(%x: tensor<4xf32> {mir.name = "x"}) -> tensor<4xf32> {
  %y = mir.unary relu %x : tensor<4xf32>
  return %y : tensor<4xf32>
})",
                                                  1);
  float x[4] = {1, -1, 2, -2};
  std::vector<const void *> ptrs = {x};
  for (auto _ : state)
    benchmark::DoNotOptimize(g.runSlots(ptrs));
}

BENCHMARK(BM_MlpBatch64)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(BM_EncoderSeq128)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(BM_EncoderColdCompile)->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(BM_EncoderCacheHit)->Unit(benchmark::kMillisecond)->Iterations(20);
BENCHMARK(BM_RunFixedCost)->Unit(benchmark::kMicrosecond);

} // namespace
