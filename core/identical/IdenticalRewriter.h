//===- IdenticalRewriter.h - Rewrite the IR for one fold --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_IDENTICAL_IDENTICALREWRITER_H
#define LMF_CORE_IDENTICAL_IDENTICALREWRITER_H

#include "core/identical/IdenticalPlanner.h"
#include "core/rewrite/RewriteContext.h"

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

/// Moves F's body into a new internal, unnamed_addr function named
/// `<F>.lmf.body`, placed right after F, and returns it. F is left without a
/// body and must be folded into the copy at once (applyFold with F's
/// KeptMemberFold plan).
llvm::Function *moveBodyToPrivateCopy(llvm::Function &F, RewriteContext &Ctx);

/// Folds Plan.Fn into Body, which has the same type and an exact body.
/// Returns what actually happened: a function that may go when unused
/// (discardableAndUnused) is erased rather than kept as a thunk.
FoldAction applyFold(const IdenticalMemberPlan &Plan, llvm::Function &Body,
                     RewriteContext &Ctx);

} // namespace lmf

#endif
