//===- MemoryPlan.cpp - Liveness-based best-fit arena planning ------------===//
#include "conversion/MIRToLIR/MemoryPlan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir::rlx;

/// `value` rounded up to a multiple of `alignment`, or nullopt on overflow.
static std::optional<int64_t> alignUp(int64_t value, int64_t alignment) {
  int64_t bumped = 0;
  if (llvm::AddOverflow(value, alignment - 1, bumped))
    return std::nullopt;
  return bumped & ~(alignment - 1);
}

static std::optional<int64_t> endOf(int64_t offset, int64_t bytes) {
  int64_t end = 0;
  if (llvm::AddOverflow(offset, bytes, end))
    return std::nullopt;
  return end;
}

std::optional<MemoryPlan>
mlir::rlx::planMemory(llvm::ArrayRef<BufferRequest> requests,
                      int64_t alignment) {
  MemoryPlan plan;
  plan.offsets.assign(requests.size(), 0);

  // Places the pinned requests with `trailing` one after the other, in
  // request order, from `cursor`; false on overflow.
  auto placeConsecutive = [&](bool trailing, int64_t &cursor) {
    for (auto [i, request] : llvm::enumerate(requests)) {
      if (!request.pinned || request.trailing != trailing)
        continue;
      std::optional<int64_t> offset = alignUp(cursor, alignment);
      std::optional<int64_t> end =
          offset ? endOf(*offset, request.bytes) : std::nullopt;
      if (!end)
        return false;
      plan.offsets[i] = *offset;
      cursor = *end;
    }
    return true;
  };
  int64_t cursor = 0;
  if (!placeConsecutive(/*trailing=*/false, cursor))
    return std::nullopt;
  int64_t arenaSize = cursor;
  std::optional<int64_t> base = alignUp(cursor, alignment);
  if (!base)
    return std::nullopt;

  // Intermediates, by first step.
  llvm::SmallVector<size_t> order;
  for (auto [i, request] : llvm::enumerate(requests))
    if (!request.pinned)
      order.push_back(i);
  llvm::stable_sort(order, [&](size_t a, size_t b) {
    return requests[a].firstStep < requests[b].firstStep;
  });

  llvm::SmallVector<size_t> placed;
  for (size_t i : order) {
    const BufferRequest &request = requests[i];
    // An empty buffer touches no byte: offset 0 is inside every arena
    // (the base can lie past the end when nothing else is placed there).
    if (request.bytes == 0) {
      plan.offsets[i] = 0;
      continue;
    }
    // The placed buffers alive at some step of this one's lifetime.
    llvm::SmallVector<size_t> live;
    for (size_t j : placed)
      if (requests[j].firstStep <= request.lastStep &&
          request.firstStep <= requests[j].lastStep)
        live.push_back(j);
    llvm::sort(live, [&](size_t a, size_t b) {
      return plan.offsets[a] < plan.offsets[b];
    });

    // Best fit among the gaps between them; else above them all.
    std::optional<int64_t> best;
    int64_t bestGap = 0;
    int64_t busyEnd = *base;
    for (size_t j : live) {
      std::optional<int64_t> start = alignUp(busyEnd, alignment);
      if (!start)
        return std::nullopt;
      int64_t gap = plan.offsets[j] - *start;
      if (gap >= request.bytes && (!best || gap < bestGap)) {
        best = *start;
        bestGap = gap;
      }
      busyEnd = std::max(busyEnd, plan.offsets[j] + requests[j].bytes);
    }
    if (!best) {
      best = alignUp(busyEnd, alignment);
      if (!best)
        return std::nullopt;
    }
    std::optional<int64_t> end = endOf(*best, request.bytes);
    if (!end)
      return std::nullopt;
    plan.offsets[i] = *best;
    arenaSize = std::max(arenaSize, *end);
    placed.push_back(i);
  }
  // Trailing slots (params) above everything else.
  if (!placeConsecutive(/*trailing=*/true, arenaSize))
    return std::nullopt;
  plan.arenaSize = arenaSize;
  return plan;
}
