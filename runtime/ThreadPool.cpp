//===- ThreadPool.cpp - A fixed pool that splits index ranges over threads ===//
#include "runtime/ThreadPool.h"

#include <algorithm>

namespace rlx::runtime {

namespace {
/// The pool whose job this thread is working on (as a worker or as the
/// caller), so a nested parallelFor on it runs inline instead of waiting on
/// itself.
thread_local const ThreadPool *currentPool = nullptr;
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
    open = true;
  }
  workCv.notify_all();

  const ThreadPool *outer = currentPool;
  currentPool = this;
  runChunks();
  currentPool = outer;

  // Every index is claimed; wait for the workers still running theirs.
  std::unique_lock<std::mutex> lock(mutex);
  open = false;
  doneCv.wait(lock, [this] { return active == 0; });
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
    workCv.wait(lock, [&] { return stopping || (open && generation != seen); });
    if (stopping)
      return;
    seen = generation;
    ++active;
    lock.unlock();
    runChunks();
    lock.lock();
    if (--active == 0)
      doneCv.notify_all();
  }
}

} // namespace rlx::runtime
