//===- TBBTaskRunner.h - Parallel phases on oneTBB --------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_PARALLEL_TBBTASKRUNNER_H
#define LMF_PARALLEL_TBBTASKRUNNER_H

#include "core/TaskRunner.h"

#include <memory>

namespace lmf {

/// The number of threads to use when the user asked for Requested (0: follow
/// llvm::parallel::strategy, which lld sets from `--threads`).
unsigned resolveThreadCount(unsigned Requested);

/// A runner on a tbb::task_arena of Threads threads; with one thread it runs
/// serially and creates no arena.
std::unique_ptr<TaskRunner> createTaskRunner(unsigned Threads);

} // namespace lmf

#endif
