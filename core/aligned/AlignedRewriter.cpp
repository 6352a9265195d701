//===- AlignedRewriter.cpp - Members reach the merged body ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Once the merged body exists, each member either becomes a thunk that
// tail-calls it with the member's identifier (keeping the member's symbol,
// address and debug subprogram), or, as planned where nothing needs its
// symbol or address, disappears: each direct call of it calls the body
// with the identifier instead. This is how the similar stage's members
// reach their shared body (SimilarRewriter.cpp), from the same pieces
// (core/rewrite: makeThunk, rewriteCallsAndErase), with the identifier as
// the one extra argument. Functions whose calls were rewritten are recorded in
// the rewrite context: their bodies changed.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/AlignedRewriter.h"

#include "core/aligned/AlignedPlanner.h"
#include "core/rewrite/CallRewrites.h"
#include "core/rewrite/FunctionRewrites.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace lmf {
std::array<MergeAction, 2>
rewriteMembers(const AlignedPlan &Plan, Function &Body, RewriteContext &RC) {
  std::array<MergeAction, 2> Outcomes;
  for (unsigned K = 0; K < 2; ++K) {
    const AlignedMemberPlan &Member = Plan.Members[K];
    Value *Id = ConstantInt::get(Type::getInt1Ty(Body.getContext()), K);
    if (Member.Action == MergeAction::CallsRewritten &&
        rewriteCallsAndErase(*Member.Fn, Body, {Id}, ModRefInfo::NoModRef,
                             RC)) {
      Outcomes[K] = MergeAction::CallsRewritten;
      continue;
    }
    makeThunk(*Member.Fn, Body, {Id});
    RC.Touched.insert(Member.Fn);
    Outcomes[K] = MergeAction::Thunk;
  }
  return Outcomes;
}

} // namespace lmf
