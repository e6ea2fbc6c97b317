//===- InputBindingTest.cpp - Inputs are read where the caller holds them -===//
//
// run() and runSlots() bind the caller's input memory into the dispatch
// input table instead of copying it into the arena (docs/CPUBackend.md).
// These tests check what that must preserve: results from unaligned caller
// memory, inputs never written, an input returned as an output, and a new
// binding on every call.
//
//===----------------------------------------------------------------------===//
#include "rlx/Session.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

namespace {

// y = relu(x * a + b) over 1000 elements (vector loop and scalar rest), and
// x returned as it is.
const char *kAxpb = R"(
func.func @f(%x: tensor<1000xf32> {mir.name = "x"}, %a: tensor<1000xf32> {mir.name = "a"}, %b: tensor<1000xf32> {mir.name = "b"}) -> (tensor<1000xf32> {mir.name = "y"}, tensor<1000xf32> {mir.name = "x_again"}) {
  %m = mir.binary mul %x, %a : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s = mir.binary add %m, %b : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %r = mir.unary relu %s : tensor<1000xf32>
  return %r, %x : tensor<1000xf32>, tensor<1000xf32>
})";

constexpr int kN = 1000;

std::vector<float> pattern(int seed) {
  std::vector<float> v(kN);
  for (int i = 0; i < kN; ++i)
    v[i] = static_cast<float>((i * 37 + seed * 11) % 101) / 25.0f - 2.0f;
  return v;
}

class InputBinding : public ::testing::Test {
protected:
  void SetUp() override {
    auto compiled = session.compile(kAxpb);
    ASSERT_TRUE(compiled.isOk()) << compiled.status().toString();
    graph = std::make_unique<rlx::CompiledGraph>(std::move(*compiled));
  }
  /// Checks the views against x, a, b (exact: one fma-free mul and add in
  /// f32, as the reference computes them).
  void expectOutputs(const rlx::OutputViews &views, const float *x,
                     const float *a, const float *b) {
    ASSERT_EQ(views.size(), 2u);
    const float *y = static_cast<const float *>(views[0].data);
    const float *again = static_cast<const float *>(views[1].data);
    for (int i = 0; i < kN; ++i) {
      float s = x[i] * a[i];
      s = s + b[i];
      ASSERT_EQ(y[i], std::fmax(s, 0.0f)) << i;
      ASSERT_EQ(again[i], x[i]) << i;
    }
  }
  rlx::Session session;
  std::unique_ptr<rlx::CompiledGraph> graph;
};

TEST_F(InputBinding, UnalignedCallerMemoryIsReadInPlaceAndNotWritten) {
  // Each input starts one float past a 64-byte boundary.
  std::vector<float> storage(3 * (kN + 16));
  float *x = storage.data() + 1, *a = x + kN + 16, *b = a + kN + 16;
  std::vector<float> px = pattern(1), pa = pattern(2), pb = pattern(3);
  std::memcpy(x, px.data(), kN * sizeof(float));
  std::memcpy(a, pa.data(), kN * sizeof(float));
  std::memcpy(b, pb.data(), kN * sizeof(float));
  auto views = graph->runSlots({x, a, b});
  ASSERT_TRUE(views.isOk()) << views.status().toString();
  expectOutputs(*views, x, a, b);
  EXPECT_EQ(std::memcmp(x, px.data(), kN * sizeof(float)), 0);
  EXPECT_EQ(std::memcmp(a, pa.data(), kN * sizeof(float)), 0);
  EXPECT_EQ(std::memcmp(b, pb.data(), kN * sizeof(float)), 0);
}

TEST_F(InputBinding, EveryCallBindsItsOwnBuffers) {
  std::vector<float> x1 = pattern(4), x2 = pattern(5), a = pattern(6),
                     b = pattern(7);
  auto first = graph->runSlots({x1.data(), a.data(), b.data()});
  ASSERT_TRUE(first.isOk());
  expectOutputs(*first, x1.data(), a.data(), b.data());
  // The first buffer is gone before the second call: nothing may read it.
  std::fill(x1.begin(), x1.end(), std::nanf(""));
  auto second = graph->runSlots({x2.data(), a.data(), b.data()});
  ASSERT_TRUE(second.isOk());
  expectOutputs(*second, x2.data(), a.data(), b.data());
  // run() with named inputs binds too.
  auto named = graph->run({{"x", x1.data(), kN * sizeof(float)},
                           {"a", a.data(), kN * sizeof(float)},
                           {"b", b.data(), kN * sizeof(float)}});
  ASSERT_TRUE(named.isOk());
  EXPECT_TRUE(std::isnan((*named)[1].floats()[0]));
}

} // namespace
