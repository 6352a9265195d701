//===- SimilarRewriter.h - Rewrite the IR for one similar class -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_SIMILAR_SIMILARREWRITER_H
#define LMF_CORE_SIMILAR_SIMILARREWRITER_H

#include "core/rewrite/RewriteContext.h"
#include "core/similar/SimilarPlanner.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

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
    RewriteContext &Ctx, llvm::SmallVectorImpl<MergeAction> &Outcomes);

} // namespace lmf

#endif
