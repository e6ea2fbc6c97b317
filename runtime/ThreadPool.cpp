//===- ThreadPool.cpp - A fixed pool that splits index ranges over threads ===//
#include "runtime/ThreadPool.h"

#include <algorithm>
#include <chrono>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace rlx::runtime {

namespace {
/// The pool whose job this thread is working on (as a worker or as the
/// caller), so a nested parallelFor on it runs inline instead of waiting on
/// itself.
thread_local const ThreadPool *currentPool = nullptr;

/// Tells the core this is a spin-wait (lets the sibling hyperthread run).
inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#endif
}

/// Spins until `done()` or ThreadPool::kSpinMicros have passed; whether
/// `done()` became true.
template <typename Done> bool spinUntil(Done done) {
  using Clock = std::chrono::steady_clock;
  auto deadline =
      Clock::now() + std::chrono::microseconds(ThreadPool::kSpinMicros);
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (done())
        return true;
      cpuRelax();
    }
    if (Clock::now() >= deadline)
      return done();
  }
}
} // namespace

ThreadPool::ThreadPool(unsigned numThreads) {
  if (numThreads == 0)
    numThreads = std::max(1u, std::thread::hardware_concurrency());
  workers.reserve(numThreads - 1);
  for (unsigned i = 1; i < numThreads; ++i)
    workers.emplace_back([this] { workerLoop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
    stopRequested.store(true, std::memory_order_release);
  }
  workCv.notify_all();
  for (std::thread &worker : workers)
    worker.join();
}

void ThreadPool::parallelFor(int64_t count, TaskFn fn, void *context) {
  if (count <= 0)
    return;
  if (workers.empty() || count == 1 || currentPool == this) {
    for (int64_t i = 0; i < count; ++i)
      fn(context, i);
    return;
  }

  std::lock_guard<std::mutex> jobLock(jobMutex);
  {
    std::lock_guard<std::mutex> lock(mutex);
    taskFn = fn;
    taskContext = context;
    taskCount = static_cast<uint64_t>(count);
    // A few chunks per thread: fewer atomic claims for many tiny tasks, yet
    // enough chunks to even out uneven ones.
    taskChunk = std::max<uint64_t>(1, taskCount / (4 * numThreads()));
    next.store(0, std::memory_order_relaxed);
    ++generation;
    published.store(generation, std::memory_order_release);
    open = true;
  }
  // Spinning workers see `published` move; only sleeping ones need waking.
  if (sleepers.load(std::memory_order_acquire) > 0)
    workCv.notify_all();

  const ThreadPool *outer = currentPool;
  currentPool = this;
  runChunks();
  currentPool = outer;

  // Every index is claimed; wait for the workers still running theirs,
  // spinning first: a worker's notify takes as long to arrive as a small
  // dispatch takes to run.
  {
    std::lock_guard<std::mutex> lock(mutex);
    open = false;
  }
  if (spinUntil([this] { return active.load(std::memory_order_acquire) == 0; }))
    return;
  std::unique_lock<std::mutex> lock(mutex);
  doneCv.wait(lock, [this] { return active.load() == 0; });
}

void ThreadPool::runChunks() {
  for (;;) {
    uint64_t begin = next.fetch_add(taskChunk, std::memory_order_relaxed);
    if (begin >= taskCount)
      return;
    uint64_t end = std::min(begin + taskChunk, taskCount);
    for (uint64_t i = begin; i < end; ++i)
      taskFn(taskContext, static_cast<int64_t>(i));
  }
}

void ThreadPool::workerLoop() {
  currentPool = this;
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mutex);
  for (;;) {
    // Spin a little before sleeping: the next dispatch usually follows at
    // once, and waking from the condition variable takes tens of µs.
    lock.unlock();
    spinUntil([&] {
      return published.load(std::memory_order_acquire) != seen ||
             stopRequested.load(std::memory_order_acquire);
    });
    lock.lock();
    ++sleepersWaiting;
    sleepers.store(sleepersWaiting, std::memory_order_release);
    workCv.wait(lock, [&] { return stopping || (open && generation != seen); });
    --sleepersWaiting;
    sleepers.store(sleepersWaiting, std::memory_order_release);
    if (stopping)
      return;
    seen = generation;
    active.fetch_add(1, std::memory_order_acq_rel);
    lock.unlock();
    runChunks();
    lock.lock();
    if (active.fetch_sub(1, std::memory_order_acq_rel) == 1)
      doneCv.notify_all();
  }
}

} // namespace rlx::runtime
