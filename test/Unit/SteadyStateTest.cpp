//===- SteadyStateTest.cpp - runSlots makes no heap allocation ------------===//
//
// PERFORMANCE.md: "zero heap allocations per run in steady state". This
// binary replaces the global operator new (its own binary, so no other test
// sees the counting) and counts the allocations made while runSlots runs,
// after warm-up, on one and on two threads (the pool's workers included).
//
//===----------------------------------------------------------------------===//
#include "rlx/Session.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

namespace {
std::atomic<bool> counting{false};
std::atomic<long> allocations{0};
} // namespace

void *operator new(std::size_t size) {
  if (counting.load(std::memory_order_relaxed))
    allocations.fetch_add(1, std::memory_order_relaxed);
  if (void *p = std::malloc(size ? size : 1))
    return p;
  std::abort(); // no exceptions in rlx: out of memory ends the test
}
void *operator new[](std::size_t size) { return operator new(size); }
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
void operator delete[](void *p, std::size_t) noexcept { std::free(p); }

namespace {

// A matmul with a bias and relu epilogue, a softmax over its rows and an
// elementwise op: microkernel, row kernel and vectorized loop, each split
// into workgroups.
const char *kModel = R"(
func.func @f(%x: tensor<64x96xf32> {mir.name = "x"}, %s: tensor<64x128xf32> {mir.name = "s"}) -> (tensor<64x128xf32> {mir.name = "y"}) {
  %w = mir.param "w" : tensor<96x128xf32>
  %b = mir.param "b" : tensor<128xf32>
  %h = mir.fused_matmul %x, %w, %b act = relu : (tensor<64x96xf32>, tensor<96x128xf32>, tensor<128xf32>) -> tensor<64x128xf32>
  %p = mir.softmax %h axis = -1 : tensor<64x128xf32>
  %y = mir.binary mul %p, %s : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
})";

class SteadyState : public ::testing::TestWithParam<int> {};

TEST_P(SteadyState, RunSlotsAllocatesNothing) {
  rlx::Session session;
  rlx::CompileOptions options;
  options.threads = GetParam();
  auto graph = session.compileWith(kModel, options);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  std::vector<float> w(96 * 128, 0.01f), b(128, 0.5f);
  ASSERT_TRUE(graph->setParam("w", w.data(), w.size()).isOk());
  ASSERT_TRUE(graph->setParam("b", b.data(), b.size()).isOk());
  std::vector<float> x(64 * 96, 1.0f), s(64 * 128, 2.0f);
  std::vector<const void *> inputs = {x.data(), s.data()};
  for (int i = 0; i < 2; ++i) // warm-up
    ASSERT_TRUE(graph->runSlots(inputs).isOk());

  counting = true;
  bool ok = true;
  for (int i = 0; i < 10; ++i)
    ok = ok && graph->runSlots(inputs).isOk();
  counting = false;
  ASSERT_TRUE(ok);
  EXPECT_EQ(allocations.load(), 0) << "heap allocations in 10 runs";
  allocations = 0;

  // The counter works: run() returns owned copies of the outputs.
  counting = true;
  auto copies = graph->run({{"x", x.data(), x.size() * sizeof(float)},
                            {"s", s.data(), s.size() * sizeof(float)}});
  counting = false;
  ASSERT_TRUE(copies.isOk());
  EXPECT_GT(allocations.load(), 0);
  allocations = 0;
  // Each row of the softmax sums to 1, times 2.
  double sum = 0;
  for (int j = 0; j < 128; ++j)
    sum += (*copies)[0].floats()[j];
  EXPECT_NEAR(sum, 2.0, 1e-5);
}

INSTANTIATE_TEST_SUITE_P(Threads, SteadyState, ::testing::Values(1, 2));

} // namespace
