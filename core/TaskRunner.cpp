//===- TaskRunner.cpp - The serial task runner ----------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The serial runner is what small inputs and single-threaded runs use; it is
// also the reference the parallel runner's results are tested against.
//
//===----------------------------------------------------------------------===//

#include "core/TaskRunner.h"

namespace lmf {
namespace {
class SerialRunner final : public TaskRunner {
public:
  unsigned concurrency() const override { return 1; }
  void forEachRange(size_t Count,
                    llvm::function_ref<void(size_t, size_t)> Body) override {
    if (Count)
      Body(0, Count);
  }
};
} // namespace

TaskRunner &serialRunner() {
  static SerialRunner Runner;
  return Runner;
}

void forEachIndex(TaskRunner &Runner, size_t Count, size_t SerialThreshold,
                  llvm::function_ref<void(size_t)> Body) {
  TaskRunner &R = Count < SerialThreshold ? serialRunner() : Runner;
  R.forEachRange(Count, [&](size_t Begin, size_t End) {
    for (size_t I = Begin; I != End; ++I)
      Body(I);
  });
}

} // namespace lmf
