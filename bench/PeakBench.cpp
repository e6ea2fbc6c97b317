//===- PeakBench.cpp - This core's f32 FMA peak, measured ----------------===//
//
// The ceiling every f32 matmul figure is read against: independent chains
// of fused multiply-adds on the widest vectors the build targets (compiled
// with -march=native, as rlx's JIT compiles its kernels). Enough chains to
// cover the FMA latency on every pipe, so the loop runs at the issue rate;
// at n threads the counter sums the threads' rates.
//
//===----------------------------------------------------------------------===//
#include "BenchUtil.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <thread>
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

void BM_CpuReadBandwidth(benchmark::State &state) {
  int threads = static_cast<int>(state.range(0));
  for (auto _ : state)
    state.SetIterationTime(rlx::bench::readSeconds(threads));
  state.counters["GB/s"] = benchmark::Counter(double(rlx::bench::kReadBytes) *
                                                  state.iterations() / 1e9,
                                              benchmark::Counter::kIsRate);
}

BENCHMARK(BM_CpuReadBandwidth)->Arg(1)->Arg(2)->UseManualTime();

} // namespace

namespace rlx::bench {

double readSeconds(int threads) {
  // One buffer, touched once so its pages exist; each thread sums a share
  // with independent vector accumulators (the loop streams at the read
  // bound, not at the add latency).
  static std::vector<Vec> data = [] {
    std::vector<Vec> v(kReadBytes / sizeof(Vec));
    for (Vec &x : v)
      x = Vec{} + 1.0f;
    return v;
  }();
  size_t per = data.size() / threads;
  std::vector<float> sums(threads);
  auto part = [&](int t) {
    constexpr int kAcc = 8;
    Vec acc[kAcc] = {};
    const Vec *p = data.data() + t * per;
    for (size_t i = 0; i + kAcc <= per; i += kAcc)
      for (int a = 0; a < kAcc; ++a)
        acc[a] += p[i + a];
    Vec total = Vec{};
    for (const Vec &a : acc)
      total += a;
    float sum = 0;
    for (int lane = 0; lane < kLanes; ++lane)
      sum += total[lane];
    sums[t] = sum;
  };
  auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t)
    workers.emplace_back(part, t);
  part(0);
  for (std::thread &w : workers)
    w.join();
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  benchmark::DoNotOptimize(sums.data());
  return seconds;
}

} // namespace rlx::bench
