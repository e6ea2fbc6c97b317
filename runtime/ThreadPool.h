//===- ThreadPool.h - A fixed pool that splits index ranges over threads --===//
//
// The CPU runtime spreads the grid points of one dispatch over this pool.
// parallelFor blocks until every index has run; the calling thread works too,
// so a pool of N threads starts N - 1 workers and a pool of 1 runs inline.
// A call allocates nothing: the job is a function pointer and a context
// pointer stored in the pool.
//
// Thread safety: parallelFor may be called from several threads at once. Jobs
// are serialized: a second caller blocks until the running job finishes, then
// gets the whole pool (no oversubscription, and a job's indices all run before
// the next job starts). A call made from inside a task of the same pool runs
// its indices inline on the calling thread instead of deadlocking. Tasks of
// one job run concurrently, so the callable must be safe to call from several
// threads at once with different indices.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_THREADPOOL_H
#define RLX_RUNTIME_THREADPOOL_H

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace rlx::runtime {

class ThreadPool {
public:
  /// How long an idle worker spins for the next job before it sleeps on a
  /// condition variable, and a caller for its job's last workers before it
  /// does: a sleeping thread takes tens of µs to wake, longer than a small
  /// dispatch runs, while a spinning one starts in well under 1 µs. The
  /// cost is a core kept busy for up to this long after each job
  /// (docs/CPUBackend.md, "Threads").
  static constexpr int kSpinMicros = 100;

  /// The form a task takes inside the pool: `fn(context, index)`.
  using TaskFn = void (*)(void *context, int64_t index);

  /// A pool of `numThreads` threads counting the caller of parallelFor
  /// (numThreads - 1 workers are started); 0 means
  /// std::thread::hardware_concurrency().
  explicit ThreadPool(unsigned numThreads = 0);
  /// Joins the workers. No parallelFor may be running.
  ~ThreadPool();

  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  /// The number of threads a job runs on, the caller included.
  unsigned numThreads() const {
    return static_cast<unsigned>(workers.size()) + 1;
  }

  /// Calls `fn(index)` once for every index in [0, count), spread over the
  /// pool, and returns when all calls have returned. Indices are handed out
  /// in increasing order but may run in any order on any thread. `fn` is
  /// borrowed for the duration of the call, never copied.
  template <typename Fn> void parallelFor(int64_t count, Fn &&fn) {
    using Callable = std::remove_reference_t<Fn>;
    parallelFor(
        count,
        [](void *context, int64_t index) {
          (*static_cast<Callable *>(context))(index);
        },
        const_cast<void *>(static_cast<const void *>(std::addressof(fn))));
  }

  /// parallelFor with the task as a plain function and context pointer.
  void parallelFor(int64_t count, TaskFn fn, void *context);

private:
  void workerLoop();
  /// Claims chunks of the current job until none are left.
  void runChunks();

  std::vector<std::thread> workers;
  /// Held by a caller for the whole of its job: jobs run one at a time.
  std::mutex jobMutex;

  /// Guards everything below except `next`.
  std::mutex mutex;
  std::condition_variable workCv;
  std::condition_variable doneCv;
  /// Bumped for every job, so a worker joins each job at most once.
  uint64_t generation = 0;
  /// True from a job's start until its caller ran out of chunks; workers
  /// join only while it is open, so none touches a finished job.
  bool open = false;
  /// Workers inside runChunks for the current job (changed under `mutex`;
  /// read without it by a caller spinning for the end of its job).
  std::atomic<int> active{0};
  bool stopping = false;
  /// `generation` and `stopping` for workers spinning without the lock.
  std::atomic<uint64_t> published{0};
  std::atomic<bool> stopRequested{false};
  /// Workers blocked on workCv (under `mutex`), and its copy a caller reads
  /// to skip the notify when every worker is still spinning.
  int sleepersWaiting = 0;
  std::atomic<int> sleepers{0};

  // The current job, written under `mutex` before `generation` moves.
  TaskFn taskFn = nullptr;
  void *taskContext = nullptr;
  uint64_t taskCount = 0;
  uint64_t taskChunk = 1;
  /// The first unclaimed index. Unsigned: the overshoot past `taskCount` by
  /// the last claims cannot wrap around.
  std::atomic<uint64_t> next{0};
};

} // namespace rlx::runtime

#endif // RLX_RUNTIME_THREADPOOL_H
