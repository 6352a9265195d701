//===- FoldRewriter.h - Rewrite the IR for one fold -------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_FOLDREWRITER_H
#define LMF_CORE_FOLDREWRITER_H

#include "core/MergePlanner.h"
#include "core/PartitionRefinement.h"

#include "llvm/ADT/SmallPtrSet.h"

namespace lmf {

class GlobalNumbering;

/// What the rewriter needs besides the IR: the numbering it keeps up to date
/// and the set of functions whose encodings its changes may have changed
/// (to be compared again).
struct RewriteContext {
  GlobalNumbering &Globals;
  llvm::SmallPtrSetImpl<llvm::Function *> &Touched;
  /// Class tables that must forget erased functions (may be empty).
  ReferenceClasses *Tables = nullptr;
};

/// Moves F's body into a new private, unnamed_addr function placed right
/// after F and returns it. F is left without a body and must be folded into
/// the copy at once (applyFold with F's SurvivorFold plan).
llvm::Function *moveBodyToPrivateCopy(llvm::Function &F, RewriteContext &Ctx);

/// Folds Plan.Fn into Body, which has the same type and an exact body.
/// Returns what actually happened: a local function whose last caller was
/// redirected is erased rather than kept as a thunk.
FoldAction applyFold(const MemberPlan &Plan, llvm::Function &Body,
                     RewriteContext &Ctx);

} // namespace lmf

#endif
