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
  /// Calls Body(Begin, End) on disjoint subranges covering [0, Count).
  virtual void
  forEachRange(size_t Count,
               llvm::function_ref<void(size_t Begin, size_t End)> Body) = 0;
};

/// A runner that does everything on the calling thread.
TaskRunner &serialRunner();

/// Calls Body(I) for every I in [0, Count): on Runner, or serially when
/// Count is below SerialThreshold (small inputs are not worth the threads).
void forEachIndex(TaskRunner &Runner, size_t Count, size_t SerialThreshold,
                  llvm::function_ref<void(size_t)> Body);

} // namespace lmf

#endif
