//===- MatmulBench.cpp - f32 matmul: rlx vs OpenBLAS, same process --------===//
#include "BenchUtil.h"

#include <cblas.h>

#include <algorithm>

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

/// One row of A times a row-major B [K, N] given at run time (the
/// microkernel's M = 1 path; a param whose N is no multiple of the panel
/// width reads the same way): memory-bound, so the counters are B's GB/s
/// and its fraction of the read bandwidth the same threads measure
/// between runs (rlx::bench::readSeconds, the median).
std::string gemvModule(int64_t k, int64_t n) {
  std::string a = "tensor<1x" + std::to_string(k) + "xf32>",
              b = "tensor<" + std::to_string(k) + "x" + std::to_string(n) +
                  "xf32>",
              c = "tensor<1x" + std::to_string(n) + "xf32>";
  return "func.func @mv(%a: " + a + " {mir.name = \"a\"}, %b: " + b +
         " {mir.name = \"b\"}) -> " + c + " {\n  %c = mir.matmul %a, %b : (" +
         a + ", " + b + ") -> " + c + "\n  return %c : " + c + "\n}\n";
}

/// Times `call` per iteration, sampling the read bandwidth of `threads`
/// threads every 8 runs (outside the timing), and sets the counters: B's
/// GB/s, the median bandwidth and their ratio.
template <typename Call>
void timeGemv(benchmark::State &state, int64_t k, int64_t n, int threads,
              Call call) {
  std::vector<double> bandwidth;
  double seconds = 0;
  int64_t runs = 0;
  for (auto _ : state) {
    if (runs++ % 8 == 0) {
      state.PauseTiming();
      bandwidth.push_back(double(rlx::bench::kReadBytes) /
                          rlx::bench::readSeconds(threads) / 1e9);
      state.ResumeTiming();
    }
    auto start = std::chrono::steady_clock::now();
    call();
    seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  }
  std::sort(bandwidth.begin(), bandwidth.end());
  double bytes = 4.0 * k * n * state.iterations();
  double readGBps = bandwidth[bandwidth.size() / 2];
  state.counters["GB/s"] = bytes / seconds / 1e9;
  state.counters["read_GBps"] = readGBps;
  state.counters["bw_fraction"] = bytes / seconds / 1e9 / readGBps;
}

void BM_RlxGemv(benchmark::State &state) {
  int64_t k = state.range(0), n = state.range(1);
  int threads = static_cast<int>(state.range(2));
  rlx::CompiledGraph g = rlx::bench::compileOrDie(gemvModule(k, n), threads);
  auto in = rlx::bench::inputsFor(g);
  std::vector<const void *> ptrs = {in[0].data(), in[1].data()};
  rlx::bench::warmUp(g, ptrs);
  timeGemv(state, k, n, threads,
           [&] { benchmark::DoNotOptimize(g.runSlots(ptrs)); });
}

void BM_OpenBlasSgemv(benchmark::State &state) {
  int64_t k = state.range(0), n = state.range(1);
  int threads = static_cast<int>(state.range(2));
  openblas_set_num_threads(threads);
  std::vector<float> a(k, 0.5f), b(k * n, 0.5f), c(n);
  // y = B^T x for row-major B [K, N].
  auto call = [&] {
    cblas_sgemv(CblasRowMajor, CblasTrans, k, n, 1.0f, b.data(), n, a.data(), 1,
                0.0f, c.data(), 1);
    benchmark::DoNotOptimize(c.data());
  };
  call();
  timeGemv(state, k, n, threads, call);
}

/// (K, N): GPT-2's MLP (in L3 on large hosts), its LM head, a Llama MLP.
void gemvSizes(benchmark::internal::Benchmark *b) {
  for (int threads : {1, 2})
    for (auto [k, n] :
         {std::pair<int64_t, int64_t>{768, 3072}, {768, 50257}, {4096, 11008}})
      b->Args({k, n, threads});
  b->Unit(benchmark::kMillisecond)->UseRealTime();
}

BENCHMARK(BM_RlxGemv)->Apply(gemvSizes);
BENCHMARK(BM_OpenBlasSgemv)->Apply(gemvSizes);

} // namespace
