//===- MatmulBench.cpp - f32 matmul: rlx vs OpenBLAS, same process --------===//
#include "BenchUtil.h"

#include <cblas.h>

namespace {

void setFlops(benchmark::State &state, int64_t n) {
  state.counters["GFLOP/s"] = benchmark::Counter(
      2.0 * n * n * n * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

void BM_RlxMatmul(benchmark::State &state) {
  int64_t n = state.range(0);
  int threads = static_cast<int>(state.range(1));
  rlx::CompiledGraph g =
      rlx::bench::compileOrDie(rlx::bench::matmulModule(n), threads);
  auto in = rlx::bench::inputsFor(g);
  std::vector<const void *> ptrs = {in[0].data(), in[1].data()};
  rlx::bench::warmUp(g, ptrs);
  for (auto _ : state) {
    auto out = g.runSlots(ptrs);
    benchmark::DoNotOptimize(out);
  }
  setFlops(state, n);
}

void BM_OpenBlasSgemm(benchmark::State &state) {
  int64_t n = state.range(0);
  openblas_set_num_threads(static_cast<int>(state.range(1)));
  std::vector<float> a(n * n, 0.5f), b(n * n, 0.5f), c(n * n);
  // Warm, as rlx's: OpenBLAS allocates its buffers on the first call.
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f,
              a.data(), n, b.data(), n, 0.0f, c.data(), n);
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f,
                a.data(), n, b.data(), n, 0.0f, c.data(), n);
    benchmark::DoNotOptimize(c.data());
  }
  setFlops(state, n);
}

void sizes(benchmark::internal::Benchmark *b) {
  for (int threads : {1, 2})
    for (int n : {256, 512, 1024, 2048})
      b->Args({n, threads});
  b->Unit(benchmark::kMillisecond)->UseRealTime();
}

BENCHMARK(BM_RlxMatmul)->Apply(sizes);
BENCHMARK(BM_OpenBlasSgemm)->Apply(sizes);

} // namespace
