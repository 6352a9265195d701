//===- SimilarRewriter.h - Rewrite the IR for one similar class -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_SIMILAR_SIMILARREWRITER_H
#define LMF_CORE_SIMILAR_SIMILARREWRITER_H

#include "core/identical/IdenticalRewriter.h"
#include "core/similar/SimilarPlanner.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/ModRef.h"

#include <vector>

namespace llvm {
class CallBase;
class Use;
class Value;
} // namespace llvm

namespace lmf {

/// Carries out a plan that merges something: moves the first member's body
/// into a new internal function with the plan's parameters appended
/// (SourcePositions are that member's positions, in encoding order, and its
/// annotations must already hold for every member), then makes each member
/// a thunk or rewrites its calls, as planned. Returns the shared body and
/// fills Outcomes with what became of each member, in plan order.
llvm::Function *applySimilarPlan(
    const SimilarPlan &Plan, llvm::ArrayRef<const llvm::Use *> SourcePositions,
    RewriteContext &Ctx, llvm::SmallVectorImpl<SimilarAction> &Outcomes);

/// Calls Body, passing Extra after G's arguments, instead of G from every
/// other function (a call Body cannot take stays), then deletes G if
/// nothing else refers to it. Returns false, with G's body gone, when
/// something still does: G must become a thunk. The similar and the
/// aligned stage rewrite their members' callers with it.
bool rewriteCallsAndErase(llvm::Function &G, llvm::Function &Body,
                          llvm::ArrayRef<llvm::Value *> Extra,
                          llvm::ModRefInfo Access, RewriteContext &Ctx);

/// Replaces CB, a direct call or invoke, by one of Callee with CB's
/// arguments followed by Extra, and returns it; attributes, bundles,
/// metadata, calling convention and tail-call kind carry over, and a
/// `memory` attribute of the call lets argument memory be accessed as
/// Access says (Callee accesses memory that way through Extra).
llvm::CallBase *callWithExtraArguments(llvm::CallBase &CB,
                                       llvm::Function &Callee,
                                       llvm::ArrayRef<llvm::Value *> Extra,
                                       llvm::ModRefInfo Access);

} // namespace lmf

#endif
