//===- FusedBench.cpp - fused kernels vs hand-written C loops -------------===//
#include "BenchUtil.h"

#include <cmath>
#include <cstdint>

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

/// expf for the hand loop: range reduction by ln 2 and a degree-6
/// polynomial (about 2 ulp on [-87, 88]), written so that the compiler
/// vectorizes the loops that call it (std::exp is a libm call per element).
inline float fastExp(float x) {
  x = x < -87.0f ? -87.0f : (x > 88.0f ? 88.0f : x);
  float k = std::floor(x * 1.44269504088896341f + 0.5f);
  float r = x - k * 0.693359375f + k * 2.12194440e-4f;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  int32_t bits = (static_cast<int32_t>(k) + 127) << 23;
  return p * __builtin_bit_cast(float, bits);
}

/// One row: max, exp and sum, scale; each loop vectorized, the row in L1.
__attribute__((noinline)) void handSoftmaxRow(const float *row, float *out,
                                              int64_t n) {
  float m = row[0];
  for (int64_t i = 1; i < n; ++i)
    m = row[i] > m ? row[i] : m;
  for (int64_t i = 0; i < n; ++i)
    out[i] = fastExp(row[i] - m);
  float s = 0;
  for (int64_t i = 0; i < n; ++i)
    s += out[i];
  float inv = 1.0f / s;
  for (int64_t i = 0; i < n; ++i)
    out[i] *= inv;
}

void BM_HandSoftmax(benchmark::State &state) {
  constexpr int64_t n = 1024;
  std::vector<float> x(n * n), y(n * n);
  for (int64_t i = 0; i < n * n; ++i)
    x[i] = static_cast<float>((i * 7919) % 1000) / 250.0f - 2.0f;
  for (auto _ : state) {
    for (int64_t r = 0; r < n; ++r)
      handSoftmaxRow(&x[r * n], &y[r * n], n);
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
