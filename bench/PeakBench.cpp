//===- PeakBench.cpp - This core's f32 FMA peak, measured ----------------===//
//
// The ceiling every f32 matmul figure is read against: independent chains
// of fused multiply-adds on the widest vectors the build targets (compiled
// with -march=native, as rlx's JIT compiles its kernels). Enough chains to
// cover the FMA latency on every pipe, so the loop runs at the issue rate;
// at n threads the counter sums the threads' rates.
//
//===----------------------------------------------------------------------===//
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

#if defined(__AVX512F__)
constexpr int kLanes = 16;
#elif defined(__AVX__)
constexpr int kLanes = 8;
#else
constexpr int kLanes = 4;
#endif
using Vec = float __attribute__((vector_size(kLanes * sizeof(float))));

/// Chains in flight: more than latency (4) x pipes (2) on current x86.
constexpr int kChains = 16;
constexpr int64_t kStepsPerIteration = 1 << 16;

void BM_CpuFmaPeak(benchmark::State &state) {
  Vec acc[kChains];
  for (int i = 0; i < kChains; ++i)
    acc[i] = Vec{} + 1.0f + i * 1e-3f;
  // Kept opaque so the loop cannot be folded; values stay near 1.
  Vec scale = Vec{} + 0.999999f, bias = Vec{} + 1e-6f;
  benchmark::DoNotOptimize(scale);
  benchmark::DoNotOptimize(bias);
  for (auto _ : state) {
    for (int64_t step = 0; step < kStepsPerIteration; ++step)
      for (int i = 0; i < kChains; ++i)
        acc[i] = acc[i] * scale + bias; // one FMA (fp-contract)
    for (int i = 0; i < kChains; ++i)
      benchmark::DoNotOptimize(acc[i]);
  }
  state.counters["GFLOP/s"] = benchmark::Counter(
      2.0 * kLanes * kChains * kStepsPerIteration * state.iterations() / 1e9,
      benchmark::Counter::kIsRate);
  state.counters["lanes"] =
      benchmark::Counter(kLanes, benchmark::Counter::kAvgThreads);
}

BENCHMARK(BM_CpuFmaPeak)->Threads(1)->Threads(2)->UseRealTime();

/// The streaming bound of memory-bound kernels: memcpy of 64 MiB (far
/// beyond the caches) per thread; the counter is bytes read plus written.
void BM_CpuCopyBandwidth(benchmark::State &state) {
  constexpr size_t kBytes = size_t(64) << 20;
  std::vector<char> from(kBytes, 1), to(kBytes, 0);
  for (auto _ : state) {
    std::memcpy(to.data(), from.data(), kBytes);
    benchmark::DoNotOptimize(to.data());
    benchmark::ClobberMemory();
  }
  state.counters["GB/s"] = benchmark::Counter(
      2.0 * kBytes * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

BENCHMARK(BM_CpuCopyBandwidth)->Threads(1)->Threads(2)->UseRealTime();

} // namespace
