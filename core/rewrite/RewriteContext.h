//===- RewriteContext.h - What every rewrite keeps up to date ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_REWRITE_REWRITECONTEXT_H
#define LMF_CORE_REWRITE_REWRITECONTEXT_H

#include "core/equality/PartitionRefinement.h"

#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

class GlobalNumbering;

/// What a rewrite needs besides the IR: the numbering it keeps up to date
/// and the set of functions whose encodings its changes may have changed
/// (to be compared again).
struct RewriteContext {
  GlobalNumbering &Globals;
  llvm::SmallPtrSetImpl<llvm::Function *> &Touched;
  /// Class tables that must forget erased functions (may be empty).
  ReferenceClasses *Tables = nullptr;
};

} // namespace lmf

#endif
