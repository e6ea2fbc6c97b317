//===- FusedBench.cpp - fused kernels vs hand-written C loops -------------===//
#include "BenchUtil.h"

#include <cmath>

namespace {

constexpr int64_t kN = 1 << 20;

// relu(x * a + b) on 1M floats, one fused region.
const char *kAxpbRelu = R"(
func.func @f(%x: tensor<1048576xf32> {mir.name = "x"}, %a: tensor<1048576xf32> {mir.name = "a"}, %b: tensor<1048576xf32> {mir.name = "b"}) -> tensor<1048576xf32> {
  %m = mir.binary mul %x, %a : (tensor<1048576xf32>, tensor<1048576xf32>) -> tensor<1048576xf32>
  %s = mir.binary add %m, %b : (tensor<1048576xf32>, tensor<1048576xf32>) -> tensor<1048576xf32>
  %r = mir.unary relu %s : tensor<1048576xf32>
  return %r : tensor<1048576xf32>
})";

// Row softmax of 1024 x 1024.
const char *kSoftmax = R"(
func.func @f(%x: tensor<1024x1024xf32> {mir.name = "x"}) -> tensor<1024x1024xf32> {
  %y = mir.softmax %x axis = -1 : tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
})";

void BM_RlxAxpbRelu(benchmark::State &state) {
  rlx::CompiledGraph g =
      rlx::bench::compileOrDie(kAxpbRelu, static_cast<int>(state.range(0)));
  auto in = rlx::bench::inputsFor(g);
  std::vector<const void *> ptrs = {in[0].data(), in[1].data(), in[2].data()};
  for (auto _ : state)
    benchmark::DoNotOptimize(g.runSlots(ptrs));
}

void BM_HandAxpbRelu(benchmark::State &state) {
  std::vector<float> x(kN, 0.5f), a(kN, 0.5f), b(kN, 0.5f), y(kN);
  for (auto _ : state) {
    for (int64_t i = 0; i < kN; ++i)
      y[i] = std::fmax(x[i] * a[i] + b[i], 0.0f);
    benchmark::DoNotOptimize(y.data());
  }
}

void BM_RlxSoftmax(benchmark::State &state) {
  rlx::CompiledGraph g =
      rlx::bench::compileOrDie(kSoftmax, static_cast<int>(state.range(0)));
  auto in = rlx::bench::inputsFor(g);
  std::vector<const void *> ptrs = {in[0].data()};
  for (auto _ : state)
    benchmark::DoNotOptimize(g.runSlots(ptrs));
}

void BM_HandSoftmax(benchmark::State &state) {
  constexpr int64_t n = 1024;
  std::vector<float> x(n * n, 0.5f), y(n * n);
  for (auto _ : state) {
    for (int64_t r = 0; r < n; ++r) {
      const float *row = &x[r * n];
      float *out = &y[r * n];
      float m = row[0];
      for (int64_t i = 1; i < n; ++i)
        m = std::fmax(m, row[i]);
      float s = 0;
      for (int64_t i = 0; i < n; ++i)
        s += out[i] = std::exp(row[i] - m);
      float inv = 1.0f / s;
      for (int64_t i = 0; i < n; ++i)
        out[i] *= inv;
    }
    benchmark::DoNotOptimize(y.data());
  }
}

BENCHMARK(BM_RlxAxpbRelu)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(BM_HandAxpbRelu)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RlxSoftmax)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(BM_HandSoftmax)->Unit(benchmark::kMicrosecond);

} // namespace
