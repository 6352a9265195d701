//===- TBBTaskRunner.cpp - Parallel phases on oneTBB ----------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Hashing and bucket resolution are embarrassingly parallel: each task reads
// IR and writes its own preallocated slot. We run them in a tbb::task_arena
// whose size the linker decides: lld's `--threads=N` sets
// llvm::parallel::strategy, and we follow it unless the user overrides the
// merger's thread count. An arena of our own keeps the merger from spreading
// over more cores than the link was allowed, whatever other TBB users in the
// process do.
//
// Ranges are split by tbb::parallel_for with a simple partitioner and a small
// grain, so uneven functions (a few huge ones among many small ones) balance
// across threads. Which thread runs which range never shows in the output:
// results are written by index. A range's worker is the arena slot of the
// thread that runs it (tbb::this_task_arena::current_thread_index()): the
// arena has as many slots as threads, and a slot holds one thread at a
// time, so per-worker scratch is never shared. Should TBB ever run a range
// on a thread without a slot of the arena, that range is not run there: it
// runs as worker 0 once the others are done, so no error aborts the link.
//
//===----------------------------------------------------------------------===//

#include "parallel/TBBTaskRunner.h"

#include "llvm/Support/Parallel.h"

#include <algorithm>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace lmf {
namespace {

class TBBTaskRunner final : public TaskRunner {
public:
  explicit TBBTaskRunner(unsigned Threads)
      : Threads(Threads), Arena(static_cast<int>(Threads)) {}

  unsigned concurrency() const override { return Threads; }

  void forEachRangeWithWorker(
      size_t Count,
      llvm::function_ref<void(size_t, size_t, unsigned)> Body) override {
    if (!Count)
      return;
    // Aim for several ranges per thread so that stragglers even out.
    size_t Grain = std::max<size_t>(1, Count / (Threads * 16));
    std::mutex StrayLock;
    std::vector<std::pair<size_t, size_t>> Strays;
    Arena.execute([&] {
      tbb::parallel_for(
          tbb::blocked_range<size_t>(0, Count, Grain),
          [&](const tbb::blocked_range<size_t> &R) {
            if (std::optional<unsigned> Worker = currentWorker()) {
              Body(R.begin(), R.end(), *Worker);
              return;
            }
            std::lock_guard<std::mutex> Guard(StrayLock);
            Strays.emplace_back(R.begin(), R.end());
          },
          tbb::simple_partitioner());
    });
    // Once every other range is done, worker 0's scratch is free.
    for (auto [Begin, End] : Strays)
      Body(Begin, End, 0);
  }

private:
  /// The arena slot of the calling thread, which runs one of our tasks, or
  /// none should TBB ever run a task on a thread outside the arena (such a
  /// range waits and runs as worker 0 after the others). Asks TBB only: a
  /// worker reads none of the runner's fields before its task starts
  /// (ThreadSanitizer would see that read as unordered, since the arena's
  /// handoff happens in uninstrumented libtbb).
  static std::optional<unsigned> currentWorker() {
    int Slot = tbb::this_task_arena::current_thread_index();
    if (Slot < 0 || Slot >= tbb::this_task_arena::max_concurrency())
      return std::nullopt;
    return static_cast<unsigned>(Slot);
  }

  unsigned Threads;
  tbb::task_arena Arena;
};

class OwnedSerialRunner final : public TaskRunner {
public:
  unsigned concurrency() const override { return 1; }
  void forEachRangeWithWorker(
      size_t Count,
      llvm::function_ref<void(size_t, size_t, unsigned)> Body) override {
    serialRunner().forEachRangeWithWorker(Count, Body);
  }
};

} // namespace

unsigned resolveThreadCount(unsigned Requested) {
  if (Requested)
    return Requested;
  unsigned FromStrategy = llvm::parallel::strategy.compute_thread_count();
  return FromStrategy ? FromStrategy : 1;
}

/// oneTBB never runs more threads than its global limit (by default the
/// machine's cores) and warns on stderr when an arena asks for more, as
/// `--threads=8` on two cores would. Asking for at most the limit runs the
/// same threads without the warning; the output does not depend on it.
static unsigned capToTBBLimit(unsigned Threads) {
  size_t Limit = tbb::global_control::active_value(
      tbb::global_control::max_allowed_parallelism);
  return static_cast<unsigned>(
      std::max<size_t>(1, std::min<size_t>(Threads, Limit)));
}

std::unique_ptr<TaskRunner> createTaskRunner(unsigned Threads) {
  Threads = capToTBBLimit(Threads);
  if (Threads <= 1)
    return std::make_unique<OwnedSerialRunner>();
  return std::make_unique<TBBTaskRunner>(Threads);
}

} // namespace lmf
