//===- DeferredDeletion.h - Delete folded bodies in parallel ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_DEFERREDDELETION_H
#define LMF_CORE_DEFERREDDELETION_H

#include "core/TaskRunner.h"

#include <cstddef>
#include <vector>

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

/// Takes the functions and bodies that folding throws away, cuts at once
/// every tie they have to the rest of the module and to the LLVMContext,
/// and deletes what is left later, all together, on the task runner.
class DeferredDeletion {
public:
  DeferredDeletion() = default;
  DeferredDeletion(const DeferredDeletion &) = delete;
  DeferredDeletion &operator=(const DeferredDeletion &) = delete;
  /// Deletes what is still pending, on the calling thread.
  ~DeferredDeletion();

  /// Erases F from its module. F must have no uses other than from its own
  /// body. When this returns, F is gone from the module and from every use
  /// list, symbol table and context table; its memory is freed later.
  void eraseFunction(llvm::Function &F);

  /// Removes F's body, leaving F a declaration with the same attributes,
  /// ready to receive a new body.
  void dropBody(llvm::Function &F);

  /// Deletes everything pending: on Runner, or serially when fewer than
  /// SerialThreshold functions wait.
  void deletePending(TaskRunner &Runner, size_t SerialThreshold);

  /// Functions waiting to be deleted.
  size_t pending() const { return Pending.size(); }

private:
  std::vector<llvm::Function *> Pending;
};

} // namespace lmf

#endif
