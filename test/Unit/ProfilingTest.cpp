//===- ProfilingTest.cpp - Per-dispatch times of CompiledGraph runs -------===//
#include "rlx/Session.h"

#include <gtest/gtest.h>

#include <chrono>
#include <vector>

namespace {

// Two dispatches: a matmul and a softmax over its rows.
const char *kModel = R"(
func.func @f(%x: tensor<32x64xf32> {mir.name = "x"}, %w: tensor<64x48xf32> {mir.name = "w"}) -> (tensor<32x48xf32> {mir.name = "y"}) {
  %h = mir.matmul %x, %w : (tensor<32x64xf32>, tensor<64x48xf32>) -> tensor<32x48xf32>
  %y = mir.softmax %h axis = -1 : tensor<32x48xf32>
  return %y : tensor<32x48xf32>
})";

} // namespace

namespace {

// Profiling: off by default (no times); on, one time per dispatch in
// manifest order with its symbol, kernel and grid, each positive and at
// most the whole run; turning it on again clears the sums.
TEST(Profiling, DispatchTimesFollowTheManifest) {
  rlx::Session session;
  auto graph = session.compile(kModel);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  std::vector<float> x(32 * 64, 0.5f), w(64 * 48, 0.25f);
  std::vector<const void *> in = {x.data(), w.data()};
  ASSERT_TRUE(graph->runSlots(in).isOk());
  EXPECT_TRUE(graph->dispatchTimes().empty());

  graph->setProfiling(true);
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(graph->runSlots(in).isOk());
  double wall = std::chrono::duration<double, std::micro>(
                    std::chrono::steady_clock::now() - start)
                    .count();
  std::vector<rlx::DispatchTime> times = graph->dispatchTimes();
  const auto &dispatches = graph->manifest().dispatches;
  ASSERT_EQ(times.size(), dispatches.size());
  ASSERT_FALSE(times.empty());
  double sum = 0;
  for (size_t i = 0; i < times.size(); ++i) {
    EXPECT_EQ(times[i].symbol, dispatches[i].symbol);
    EXPECT_EQ(times[i].kernel, dispatches[i].kernel);
    EXPECT_FALSE(times[i].kernel.empty());
    EXPECT_EQ(times[i].grid, dispatches[i].grid);
    EXPECT_GT(times[i].meanMicros, 0.0);
    sum += times[i].meanMicros;
  }
  EXPECT_LE(sum * 3, wall);

  graph->setProfiling(true);
  EXPECT_TRUE(graph->dispatchTimes().empty());
  graph->setProfiling(false);
  ASSERT_TRUE(graph->runSlots(in).isOk());
  EXPECT_TRUE(graph->dispatchTimes().empty());
}

} // namespace
