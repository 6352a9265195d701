//===- AlignedPlanner.cpp - Plan the merge of one aligned pair ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A pair of functions merges when the module's byte model (ByteModel.h,
// ModuleFacts::Bytes) says it pays: the two bodies, each rounded up to its
// function alignment, against the merged
// body (AlignedCost.cpp prices its matched and unmatched instructions,
// selects and branches) plus what each member then costs to reach it.
//
// Each member reaches the merged body as the similar stage's members reach
// theirs (SimilarPlanner.cpp), by the same rules of linkage and address
// identity (ModuleFacts.h): it stays a thunk that tail-calls the body with
// its identifier, keeping its symbol and address (a vtable slot, an
// exported name, an address someone compares), or, when nothing needs its
// symbol or address and every use is a direct call that can take one more
// argument, it disappears behind its calls, which then pass the identifier
// themselves; that wins when it has few callers, unless the member is
// built for size (-Os, -Oz) or will be (--lto-smallest-binary), where it
// keeps its thunk. The identifier costs what the byte model says putting
// an `i1` 0 or 1 in a register costs (on x86-64 a `xor` or a `mov` of an
// immediate) in each thunk or call, and a thunk costs the target's jump
// and the member's alignment padding.
//
// Each of the alignment strategies asked for is tried (Aligner.h: blocks
// paired first, or the whole functions as one sequence each); the one that
// saves more wins, the first on ties.
//
// The pair is planned on the IR as it is; planning only reads it, so the
// stage plans many pairs at once.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/AlignedPlanner.h"

#include "core/aligned/AlignedEligibility.h"
#include "core/aligned/ShapeHasher.h"
#include "core/facts/ByteModel.h"
#include "core/facts/ModuleFacts.h"
#include "core/similar/SimilarPlanner.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"

#include <algorithm>

using namespace llvm;

namespace lmf {
namespace {

/// With the MachineOutliner, a pair merges only with at least this share
/// of its instructions matched (planAlignedPair says why).
constexpr uint64_t OutlinedMatchNumerator = 3, OutlinedMatchDenominator = 5;

/// What member G with identifier K costs once its body is gone; fills Out
/// with the cheaper way.
int64_t memberCost(Function &G, unsigned K, const AlignedPlanContext &Ctx,
                   AlignedMemberPlan &Out) {
  const ByteModel &Bytes = Ctx.Facts.Bytes;
  int64_t ArgBytes = identifierBytes(K, Bytes, G.getContext());
  int64_t ThunkBytes = Bytes.thunkBytes(ArgBytes, Bytes.costsOf(G));
  Out = {&G, SimilarAction::Thunk, 0};
  // A local function only ever called directly has an address nobody sees.
  bool CanDisappear = G.hasLocalLinkage()
                          ? !Ctx.Facts.Used.count(&G)
                          : mayDisappear(G, Ctx.Facts, Ctx.Mode);
  // A member built for size keeps its thunk: at -Oz its callers, built for
  // size too, grew around calls given one more argument by more than the
  // thunk costs (CTMark's consumer-typeset: a caller 562 bytes larger).
  if (!CanDisappear || Ctx.KeepThunks || G.hasOptSize())
    return ThunkBytes;
  int Calls = countRewritableCalls(G);
  if (Calls < 0 || Calls * ArgBytes >= ThunkBytes)
    return ThunkBytes;
  Out.Action = SimilarAction::CallsRewritten;
  Out.Calls = Calls;
  return Calls * ArgBytes;
}

} // namespace

int64_t identifierBytes(unsigned K, const ByteModel &Bytes, LLVMContext &C) {
  return Bytes.argumentBytes(*ConstantInt::get(Type::getInt1Ty(C), K));
}

bool AlignedPlan::mayMerge(int64_t MinimumGain) const {
  if (!Obstacle.empty())
    return false;
  // The byte model's error grows with the body (AlignedCost.cpp): on
  // CTMark, asking a fifth of the estimated body on top of the minimum
  // kept every pair that grew the program out, at 5% of the saving.
  int64_t Margin = MinimumGain < 0 ? MinimumGain : Cost.BodyBytes / 5;
  return EstimatedBytesSaved >= std::max(MinimumGain, Margin);
}

AlignedPlan planAlignedPair(Function &Left, Function &Right,
                            const AlignedPlanContext &Ctx,
                            ShapeHasher &Hasher) {
  AlignedPlan Plan;
  Plan.Left = &Left;
  Plan.Right = &Right;
  Plan.Obstacle = pairObstacle(Left, Right, Ctx.Policy, Ctx.Facts);
  if (!Plan.Obstacle.empty())
    return Plan;
  PairContext Pair{
      Left,           Right,           Ctx.Policy,
      Ctx.LayoutLock, Ctx.Facts.Bytes, Ctx.Facts.Bytes.costsOf(Left)};
  int64_t Members = memberCost(Left, 0, Ctx, Plan.Members[0]) +
                    memberCost(Right, 1, Ctx, Plan.Members[1]);
  std::array<MemberShape, 2> Shapes = {MemberShape(Left, Hasher),
                                       MemberShape(Right, Hasher)};
  bool First = true;
  for (AlignmentStrategy Strategy : Ctx.Strategies) {
    PairAlignment Alignment =
        alignFunctions(Pair, Shapes, Strategy, Ctx.Limits);
    MergedBodyCost Cost = priceMergedBody(Alignment, Pair);
    int64_t Saved = Cost.bodiesSaved() - Members;
    if (!First && Saved <= Plan.EstimatedBytesSaved)
      continue;
    First = false;
    Plan.Alignment = std::move(Alignment);
    Plan.Cost = Cost;
    Plan.Strategy = Strategy;
    Plan.EstimatedBytesSaved = Saved;
  }
  Plan.Matched = Plan.Alignment.matchedInstructions();
  Plan.Unmatched = Plan.Alignment.unmatchedInstructions();
  // The MachineOutliner already shares much of what two alike functions
  // repeat, and the identifier's branches cut the sequences it would
  // share: at x86-64 -O3 with the outliner, clamscan's deflate_fast and
  // deflate_slow (half their instructions matched, 32 branches) made
  // .text 1,123 bytes larger where the estimate said 1,008 smaller.
  if (Ctx.OutlinerRuns &&
      Plan.Matched * OutlinedMatchDenominator <
          (Plan.Matched + Plan.Unmatched) * OutlinedMatchNumerator)
    Plan.Obstacle = "fewer than 3 in 5 instructions matched, and the "
                    "MachineOutliner runs";
  return Plan;
}

} // namespace lmf
