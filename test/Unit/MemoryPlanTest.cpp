//===- MemoryPlanTest.cpp - The convert-mir-to-lir memory planner ---------===//
#include "conversion/MIRToLIR/MemoryPlan.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

using mlir::rlx::BufferRequest;
using mlir::rlx::MemoryPlan;
using mlir::rlx::planMemory;

namespace {

BufferRequest slot(int64_t bytes) { return {bytes, true, 0, 0}; }
BufferRequest temp(int64_t bytes, int64_t first, int64_t last) {
  return {bytes, false, first, last};
}

/// No two intermediates whose lifetimes overlap share a byte, and nothing
/// overlaps a slot.
void expectDisjoint(llvm::ArrayRef<BufferRequest> requests,
                    const MemoryPlan &plan) {
  for (size_t i = 0; i < requests.size(); ++i)
    for (size_t j = i + 1; j < requests.size(); ++j) {
      const BufferRequest &a = requests[i], &b = requests[j];
      if (a.bytes == 0 || b.bytes == 0)
        continue;
      bool together = a.pinned || b.pinned ||
                      (a.firstStep <= b.lastStep && b.firstStep <= a.lastStep);
      bool overlap = plan.offsets[i] < plan.offsets[j] + b.bytes &&
                     plan.offsets[j] < plan.offsets[i] + a.bytes;
      EXPECT_FALSE(together && overlap) << "buffers " << i << " and " << j;
    }
}

TEST(MemoryPlan, SlotsInOrderAligned) {
  std::vector<BufferRequest> requests = {slot(12), slot(100), slot(1)};
  auto plan = planMemory(requests, 64);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->offsets, (llvm::SmallVector<int64_t>{0, 64, 192}));
  EXPECT_EQ(plan->arenaSize, 193);
}

BufferRequest trailing(int64_t bytes) { return {bytes, true, 0, 0, true}; }

TEST(MemoryPlan, TrailingSlotsGoAboveEverythingElse) {
  // Slot, param, temp, param, slot: the slots first, then the temporary,
  // then the params in request order (MemoryPlan.h).
  std::vector<BufferRequest> requests = {slot(10), trailing(100),
                                         temp(70, 0, 0), trailing(1), slot(64)};
  auto plan = planMemory(requests, 64);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->offsets, (llvm::SmallVector<int64_t>{0, 256, 128, 384, 64}));
  EXPECT_EQ(plan->arenaSize, 385);
  expectDisjoint(requests, *plan);
}

TEST(MemoryPlan, TrailingSlotsOnlyStartAtZero) {
  std::vector<BufferRequest> requests = {trailing(8), trailing(8)};
  auto plan = planMemory(requests, 16);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->offsets, (llvm::SmallVector<int64_t>{0, 16}));
  EXPECT_EQ(plan->arenaSize, 24);
}

TEST(MemoryPlan, ChainReusesDeadBuffer) {
  // a [0,1], b [1,2], c [2,3]: c takes a's bytes.
  std::vector<BufferRequest> requests = {slot(64), temp(64, 0, 1),
                                         temp(64, 1, 2), temp(64, 2, 3)};
  auto plan = planMemory(requests, 64);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->offsets, (llvm::SmallVector<int64_t>{0, 64, 128, 64}));
  EXPECT_EQ(plan->arenaSize, 192);
  expectDisjoint(requests, *plan);
}

TEST(MemoryPlan, BestFitPicksSmallestGap) {
  // At step 2, a 256-byte gap (dead r0) and a 64-byte gap (dead r2) are
  // free; the 64-byte buffer takes the 64-byte gap.
  std::vector<BufferRequest> requests = {temp(256, 0, 1), temp(64, 0, 3),
                                         temp(64, 0, 1), temp(64, 0, 3),
                                         temp(64, 2, 3)};
  auto plan = planMemory(requests, 64);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->offsets, (llvm::SmallVector<int64_t>{0, 256, 320, 384, 320}));
  EXPECT_EQ(plan->arenaSize, 448);
  expectDisjoint(requests, *plan);
}

TEST(MemoryPlan, TooLargeGapIsSkipped) {
  // The only gap (64 bytes) is too small for 128: go above everything.
  std::vector<BufferRequest> requests = {temp(64, 0, 1), temp(64, 0, 2),
                                         temp(128, 2, 2)};
  auto plan = planMemory(requests, 64);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->offsets, (llvm::SmallVector<int64_t>{0, 64, 128}));
  expectDisjoint(requests, *plan);
}

TEST(MemoryPlan, AlignmentAppliesToIntermediates) {
  std::vector<BufferRequest> requests = {slot(10), temp(3, 0, 1),
                                         temp(5, 1, 1)};
  auto plan16 = planMemory(requests, 16);
  ASSERT_TRUE(plan16);
  EXPECT_EQ(plan16->offsets, (llvm::SmallVector<int64_t>{0, 16, 32}));
  EXPECT_EQ(plan16->arenaSize, 37);
  auto plan1 = planMemory(requests, 1);
  ASSERT_TRUE(plan1);
  EXPECT_EQ(plan1->offsets, (llvm::SmallVector<int64_t>{0, 10, 13}));
  EXPECT_EQ(plan1->arenaSize, 18);
}

TEST(MemoryPlan, ZeroByteBuffersTakeNoSpace) {
  std::vector<BufferRequest> requests = {slot(0), temp(0, 0, 5), temp(8, 0, 5)};
  auto plan = planMemory(requests, 8);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->arenaSize, 8);
}

// An empty intermediate after slots that end unaligned lies inside the arena
// (its aligned base, 64 here, would be past the arena's end of 12).
TEST(MemoryPlan, ZeroByteBuffersLieInsideTheArena) {
  std::vector<BufferRequest> requests = {slot(12), temp(0, 0, 1)};
  auto plan = planMemory(requests, 64);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->arenaSize, 12);
  EXPECT_LE(plan->offsets[1], plan->arenaSize);
}

TEST(MemoryPlan, OverflowIsReported) {
  int64_t half = std::numeric_limits<int64_t>::max() / 2 + 1;
  std::vector<BufferRequest> requests = {slot(half), slot(half)};
  EXPECT_FALSE(planMemory(requests, 64));
  std::vector<BufferRequest> trailingPast = {slot(half), trailing(half)};
  EXPECT_FALSE(planMemory(trailingPast, 64));
}

TEST(MemoryPlan, ManyRandomLifetimesStayDisjoint) {
  std::vector<BufferRequest> requests = {slot(100), trailing(9), slot(7)};
  uint64_t state = 12345;
  auto next = [&](int64_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int64_t>((state >> 33) % bound);
  };
  for (int i = 0; i < 200; ++i) {
    int64_t first = next(50);
    requests.push_back(temp(1 + next(500), first, first + next(10)));
  }
  auto plan = planMemory(requests, 32);
  ASSERT_TRUE(plan);
  for (size_t i = 0; i < requests.size(); ++i) {
    EXPECT_EQ(plan->offsets[i] % 32, 0);
    EXPECT_LE(plan->offsets[i] + requests[i].bytes, plan->arenaSize);
  }
  expectDisjoint(requests, *plan);
}

} // namespace
