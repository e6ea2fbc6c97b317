//===- ThreadPoolTest.cpp - parallelFor coverage and concurrency ----------===//
#include "runtime/ThreadPool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

using rlx::runtime::ThreadPool;

namespace {

/// Runs parallelFor(count) and checks every index ran exactly once.
void expectEachIndexOnce(ThreadPool &pool, int64_t count) {
  std::unique_ptr<std::atomic<int>[]> hits(new std::atomic<int>[count + 1]);
  for (int64_t i = 0; i <= count; ++i)
    hits[i] = 0;
  pool.parallelFor(count, [&](int64_t i) {
    if (i >= 0 && i < count)
      hits[i].fetch_add(1);
    else
      hits[count].fetch_add(1); // out of range: must never happen
  });
  for (int64_t i = 0; i < count; ++i)
    ASSERT_EQ(hits[i].load(), 1) << "index " << i << " of " << count;
  EXPECT_EQ(hits[count].load(), 0) << "out-of-range indices were visited";
}

class ThreadPoolCounts : public ::testing::TestWithParam<unsigned> {};

TEST_P(ThreadPoolCounts, EveryIndexExactlyOnce) {
  ThreadPool pool(GetParam());
  EXPECT_EQ(pool.numThreads(), GetParam());
  for (int64_t count : {0, 1, 7, 1000}) {
    SCOPED_TRACE("count " + std::to_string(count));
    expectEachIndexOnce(pool, count);
  }
  // The pool stays usable job after job.
  for (int round = 0; round < 50; ++round)
    expectEachIndexOnce(pool, 7);
}

INSTANTIATE_TEST_SUITE_P(Threads, ThreadPoolCounts, ::testing::Values(1, 2, 4));

TEST(ThreadPool, NegativeCountIsANoOp) {
  ThreadPool pool(2);
  bool called = false;
  pool.parallelFor(-5, [&](int64_t) { called = true; });
  EXPECT_FALSE(called);
}

TEST(ThreadPool, DefaultSizeIsHardwareConcurrency) {
  ThreadPool pool;
  EXPECT_EQ(pool.numThreads(),
            std::max(1u, std::thread::hardware_concurrency()));
  expectEachIndexOnce(pool, 100);
}

TEST(ThreadPool, OneThreadRunsInlineInOrder) {
  ThreadPool pool(1);
  std::thread::id caller = std::this_thread::get_id();
  std::vector<int64_t> order;
  pool.parallelFor(5, [&](int64_t i) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    order.push_back(i);
  });
  EXPECT_EQ(order, (std::vector<int64_t>{0, 1, 2, 3, 4}));
}

TEST(ThreadPool, UsesSeveralThreads) {
  ThreadPool pool(4);
  // Each task waits until two threads are inside at once (bounded, so a
  // failure is a clear count rather than a hang).
  std::atomic<int> inside{0};
  std::atomic<int> maxInside{0};
  pool.parallelFor(4, [&](int64_t) {
    int now = inside.fetch_add(1) + 1;
    int prev = maxInside.load();
    while (now > prev && !maxInside.compare_exchange_weak(prev, now)) {
    }
    for (int spin = 0; spin < 2000 && maxInside.load() < 2; ++spin)
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    inside.fetch_sub(1);
  });
  EXPECT_GE(maxInside.load(), 2);
}

TEST(ThreadPool, RawFunctionPointerForm) {
  ThreadPool pool(3);
  std::atomic<int64_t> sum{0};
  pool.parallelFor(
      100,
      [](void *context, int64_t index) {
        static_cast<std::atomic<int64_t> *>(context)->fetch_add(index);
      },
      &sum);
  EXPECT_EQ(sum.load(), 4950);
}

TEST(ThreadPool, ConcurrentCallers) {
  ThreadPool pool(4);
  constexpr int kCallers = 6;
  constexpr int kRounds = 40;
  constexpr int64_t kCount = 257;
  std::atomic<int> failures{0};
  std::vector<std::thread> callers;
  for (int c = 0; c < kCallers; ++c) {
    callers.emplace_back([&] {
      for (int round = 0; round < kRounds; ++round) {
        std::vector<std::atomic<int>> hits(kCount);
        pool.parallelFor(kCount, [&](int64_t i) { hits[i].fetch_add(1); });
        for (int64_t i = 0; i < kCount; ++i)
          if (hits[i].load() != 1)
            failures.fetch_add(1);
      }
    });
  }
  for (std::thread &t : callers)
    t.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(ThreadPool, NestedCallRunsInline) {
  ThreadPool pool(4);
  std::vector<std::atomic<int>> hits(8 * 8);
  pool.parallelFor(8, [&](int64_t i) {
    pool.parallelFor(8, [&](int64_t j) { hits[i * 8 + j].fetch_add(1); });
  });
  for (size_t k = 0; k < hits.size(); ++k)
    EXPECT_EQ(hits[k].load(), 1) << "index " << k;
}

/// Workers spin between jobs (kSpinMicros) and sleep after: jobs in quick
/// succession (workers still spinning), jobs after a pause longer than the
/// spin (workers asleep), and pools destroyed in both states. A lost wakeup
/// would hang here; a worker joining a finished job would miscount.
TEST(ThreadPool, SpinningAndSleepingWorkersTakeEveryJob) {
  for (int round = 0; round < 20; ++round) {
    ThreadPool pool(3);
    std::atomic<int64_t> sum{0};
    for (int job = 0; job < 500; ++job) {
      pool.parallelFor(7, [&](int64_t i) { sum.fetch_add(i + 1); });
      if (job % 100 == 99)
        std::this_thread::sleep_for(
            std::chrono::microseconds(3 * ThreadPool::kSpinMicros));
    }
    EXPECT_EQ(sum.load(), 500 * 28) << "round " << round;
    if (round % 2)
      std::this_thread::sleep_for(
          std::chrono::microseconds(3 * ThreadPool::kSpinMicros));
  }
}

} // namespace
