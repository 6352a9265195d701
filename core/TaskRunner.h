//===- TaskRunner.h - How the merger runs independent work ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// core/ does not know about TBB. It hands index ranges of independent,
// read-only work to a TaskRunner; parallel/ provides one backed by a
// tbb::task_arena, and serialRunner() runs everything on the calling thread.
// A runner only decides *where* work runs: every task writes to its own
// preallocated slot, so results never depend on the runner.
//
// A task may also need scratch memory (an encoding buffer, a sort key, the
// encoder's value numbers) that outlives one index but must not be shared
// between threads. Runners number the threads they run tasks on, 0 to
// concurrency() - 1, and tell each task its worker: a phase allocates one
// scratch per worker up front and each task uses its worker's (bucket
// splitting, the encoder's EncoderScratch, partition refinement). This is
// the only way core/ keeps scratch: it has no `thread_local` and no mutable
// static state.
//
// One question is not the worker's alone: the stride of an aggregate array
// element, which DataLayout answers from a cache of structure layouts that
// it fills without locking. The encoding context owns the one lock of core/
// for it (EncodingContext::LayoutLock, ParameterPositions.cpp). Neither the
// scratch nor the lock shows in the output.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_TASKRUNNER_H
#define LMF_CORE_TASKRUNNER_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>

namespace lmf {

class TaskRunner {
public:
  virtual ~TaskRunner() = default;
  /// Number of threads that may run tasks at once.
  virtual unsigned concurrency() const = 0;
  /// Calls Body(Begin, End, Worker) on disjoint subranges covering
  /// [0, Count). Worker, below concurrency(), names the thread running the
  /// body: two bodies with the same worker never run at once.
  virtual void forEachRangeWithWorker(
      size_t Count,
      llvm::function_ref<void(size_t Begin, size_t End, unsigned Worker)>
          Body) = 0;
  /// Calls Body(Begin, End) on disjoint subranges covering [0, Count).
  void forEachRange(size_t Count,
                    llvm::function_ref<void(size_t Begin, size_t End)> Body) {
    forEachRangeWithWorker(
        Count, [&](size_t Begin, size_t End, unsigned) { Body(Begin, End); });
  }
};

/// A runner that does everything on the calling thread.
TaskRunner &serialRunner();

/// Calls Body(I) for every I in [0, Count): on Runner, or serially when
/// Count is below SerialThreshold (small inputs are not worth the threads).
void forEachIndex(TaskRunner &Runner, size_t Count, size_t SerialThreshold,
                  llvm::function_ref<void(size_t)> Body);

/// Like forEachIndex, and tells Body the worker that runs it (below
/// Runner.concurrency()), so that Body can use that worker's scratch.
void forEachIndexWithWorker(
    TaskRunner &Runner, size_t Count, size_t SerialThreshold,
    llvm::function_ref<void(size_t I, unsigned Worker)> Body);

} // namespace lmf

#endif
