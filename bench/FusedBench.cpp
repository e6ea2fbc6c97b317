//===- FusedBench.cpp - fused kernels vs hand-written C loops -------------===//
#include "BenchUtil.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

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

/// 16 floats / ints as one value (clang / GCC vector extensions: the
/// compiler keeps them in vector registers, 512-bit with -march=native on
/// AVX-512).
typedef float V16 __attribute__((vector_size(64)));
typedef int32_t I16 __attribute__((vector_size(64)));

inline V16 load16(const float *p) {
  V16 v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}
inline void store16(float *p, V16 v) { std::memcpy(p, &v, sizeof(v)); }
inline V16 splat16(float x) { return V16{} + x; }
inline V16 max16(V16 a, V16 b) { return a > b ? a : b; }

/// expf on 16 lanes: range reduction by ln 2 (k rounded to nearest through
/// an integer conversion, which -ffast-math cannot reassociate away) and a
/// degree-6 polynomial, about 2 ulp on [-87, 88].
inline V16 exp16(V16 x) {
  x = max16(x, splat16(-87.0f));
  x = x < splat16(88.0f) ? x : splat16(88.0f);
  V16 t = x * 1.44269504088896341f;
  V16 half = t < splat16(0.0f) ? splat16(-0.5f) : splat16(0.5f);
  I16 ki = __builtin_convertvector(t + half, I16);
  V16 k = __builtin_convertvector(ki, V16);
  V16 r = x - k * 0.693359375f + k * 2.12194440e-4f;
  V16 p = splat16(1.9875691500e-4f);
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  I16 bits = (ki + 127) << 23;
  V16 scale;
  std::memcpy(&scale, &bits, sizeof(scale));
  return p * scale;
}

inline float sum16(V16 v) {
  float s = 0;
  for (int i = 0; i < 16; ++i)
    s += v[i];
  return s;
}

/// One row (n a multiple of 32): max, exp stored and summed, scale; each
/// pass over the row (in L1) with two independent accumulators.
__attribute__((noinline)) void handSoftmaxRow(const float *row, float *out,
                                              int64_t n) {
  V16 m0 = load16(row), m1 = load16(row + 16);
  for (int64_t i = 32; i < n; i += 32) {
    m0 = max16(m0, load16(row + i));
    m1 = max16(m1, load16(row + i + 16));
  }
  V16 mv = max16(m0, m1);
  float m = mv[0];
  for (int i = 1; i < 16; ++i)
    m = mv[i] > m ? mv[i] : m;
  V16 s0{}, s1{};
  for (int64_t i = 0; i < n; i += 32) {
    V16 e0 = exp16(load16(row + i) - m), e1 = exp16(load16(row + i + 16) - m);
    store16(out + i, e0);
    store16(out + i + 16, e1);
    s0 += e0;
    s1 += e1;
  }
  float inv = 1.0f / sum16(s0 + s1);
  for (int64_t i = 0; i < n; i += 16)
    store16(out + i, load16(out + i) * inv);
}

void BM_HandSoftmax(benchmark::State &state) {
  constexpr int64_t n = 1024;
  std::vector<float> x(n * n), y(n * n);
  for (int64_t i = 0; i < n * n; ++i)
    x[i] = static_cast<float>((i * 7919) % 1000) / 250.0f - 2.0f;
  // The bound must compute softmax: row 0 against std::exp in double.
  handSoftmaxRow(x.data(), y.data(), n);
  double m = x[0], sum = 0;
  for (int64_t i = 0; i < n; ++i)
    m = std::max<double>(m, x[i]);
  for (int64_t i = 0; i < n; ++i)
    sum += std::exp(x[i] - m);
  for (int64_t i = 0; i < n; ++i)
    if (std::fabs(y[i] - std::exp(x[i] - m) / sum) > 1e-6 * (1 + y[i])) {
      state.SkipWithError("hand softmax is wrong");
      return;
    }
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
