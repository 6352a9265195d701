//===- TaskRunner.cpp - The serial task runner ----------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The serial runner is what small inputs and single-threaded runs use; it is
// also the reference the parallel runner's results are tested against. It
// has one worker, 0, the calling thread.
//
//===----------------------------------------------------------------------===//

#include "core/TaskRunner.h"

namespace lmf {
namespace {
class SerialRunner final : public TaskRunner {
public:
  unsigned concurrency() const override { return 1; }
  void forEachRangeWithWorker(
      size_t Count,
      llvm::function_ref<void(size_t, size_t, unsigned)> Body) override {
    if (Count)
      Body(0, Count, 0);
  }
};
} // namespace

TaskRunner &serialRunner() {
  static SerialRunner Runner;
  return Runner;
}

void forEachIndexWithWorker(
    TaskRunner &Runner, size_t Count, size_t SerialThreshold,
    llvm::function_ref<void(size_t I, unsigned Worker)> Body) {
  // The serial runner's only worker, 0, is below every runner's
  // concurrency(), so Body's scratch is indexed the same either way.
  TaskRunner &R = Count < SerialThreshold ? serialRunner() : Runner;
  R.forEachRangeWithWorker(Count,
                           [&](size_t Begin, size_t End, unsigned Worker) {
                             for (size_t I = Begin; I != End; ++I)
                               Body(I, Worker);
                           });
}

void forEachIndex(TaskRunner &Runner, size_t Count, size_t SerialThreshold,
                  llvm::function_ref<void(size_t)> Body) {
  forEachIndexWithWorker(Runner, Count, SerialThreshold,
                         [&](size_t I, unsigned) { Body(I); });
}

} // namespace lmf
