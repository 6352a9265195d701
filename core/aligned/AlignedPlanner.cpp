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
#include "core/rewrite/CallRewrites.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"

#include <algorithm>

using namespace llvm;

namespace lmf {
namespace {

/// With at least BranchyPairBranches branches on the identifier, a pair
/// merges only with at least this share matched (distrustedEstimate says
/// why).
constexpr uint64_t BranchyMatchNumerator = 13, BranchyMatchDenominator = 25;
constexpr unsigned BranchyPairBranches = 16;
/// A pair merges only with at most one select per this many matched
/// instructions (distrustedEstimate says why).
constexpr uint64_t MatchedPerSelect = 4;

/// At least Numerator in Denominator of the pair's instructions matched.
bool matchedShare(const AlignedPlan &Plan, uint64_t Numerator,
                  uint64_t Denominator) {
  return Plan.Matched * Denominator >=
         (Plan.Matched + Plan.Unmatched) * Numerator;
}

/// What member G with identifier K costs once its body is gone; fills Out
/// with the cheaper way.
int64_t memberCost(Function &G, unsigned K, const AlignedPlanContext &Ctx,
                   AlignedMemberPlan &Out) {
  const ByteModel &Bytes = Ctx.Facts.Bytes;
  int64_t ArgBytes = identifierBytes(K, Bytes, G.getContext());
  int64_t ThunkBytes = Bytes.thunkBytes(ArgBytes, Bytes.costsOf(G));
  Out = {&G, MergeAction::Thunk, 0};
  // A local function only ever called directly has an address nobody sees.
  bool CanDisappear = G.hasLocalLinkage()
                          ? !Ctx.Facts.Used.count(&G) &&
                                !addressCompared(G, Ctx.Facts)
                          : mayDisappear(G, Ctx.Facts, Ctx.Mode);
  // A member built for size keeps its thunk: at -Oz its callers, built for
  // size too, grew around calls given one more argument by more than the
  // thunk costs (CTMark's consumer-typeset: a caller 562 bytes larger).
  if (!CanDisappear || Ctx.KeepThunks || G.hasOptSize())
    return ThunkBytes;
  int Calls = countRewritableCalls(G);
  if (Calls < 0 || Calls * ArgBytes >= ThunkBytes)
    return ThunkBytes;
  Out.Action = MergeAction::CallsRewritten;
  Out.Calls = Calls;
  return Calls * ArgBytes;
}

} // namespace

int64_t identifierBytes(unsigned K, const ByteModel &Bytes, LLVMContext &C) {
  return Bytes.argumentBytes(*ConstantInt::get(Type::getInt1Ty(C), K));
}

StringRef AlignedPlan::distrustedEstimate() const {
  // A pair about half matched with many branches is where the branch's
  // price is furthest off: each branch keeps both members' values live
  // across it. On CTMark's x86-64 modules the two pairs of this kind the
  // stage merged (51.5% matched) saved 80 and 96 bytes of 1,008 and 1,318
  // estimated (clamscan's deflate_fast and deflate_slow, 32 branches; one
  // of tramp3d-v4's, 42), and in ThinLTO backends 64 and 128 bytes *more*,
  // making clamscan's x86-64 -O3 ThinLTO link 96 bytes larger (and its
  // --lto-smallest-binary link 1,123 bytes larger, the MachineOutliner
  // sharing less of the members once the branches cut them). Just above
  // 13 in 25 matched the estimate errs the other way: every such pair
  // with 16 branches or more (52-55% matched: 3 on x86-64, 7 on AArch64,
  // every pair merged) saved more than estimated, and consumer-typeset's
  // TransferComponent pair (53.4%, 32 branches) 900 of 1,321 bytes at
  // x86-64 -Oz ThinLTO.
  if (Cost.Splits + Cost.Dispatches >= BranchyPairBranches &&
      !matchedShare(*this, BranchyMatchNumerator, BranchyMatchDenominator))
    return "fewer than 13 in 25 instructions matched, with 16 branches on "
           "the identifier or more";
  // Where selects are dense, each costs more than its price: on the same
  // modules, pairs with more than one select per four matched
  // instructions (174 of them, every pair merged) took 6.5 to 10 bytes
  // more per select than estimated, and the one such pair the stage
  // merged (tramp3d-v4's MultiArgEvaluator, 633 selects, 2,395 matched)
  // took 864 bytes more than its two functions, 4,793 estimated saved.
  // Below that density the estimate errs the other way.
  if (uint64_t(Cost.Selects) * MatchedPerSelect > Matched)
    return "more than one select on the identifier per 4 matched "
           "instructions";
  return "";
}

bool AlignedPlan::mayMerge(int64_t MinimumGain) const {
  if (!Obstacle.empty())
    return false;
  // A negative minimum merges pairs that lose up to that much (tests,
  // csmith), whatever the estimate's shape.
  if (MinimumGain < 0)
    return EstimatedBytesSaved >= MinimumGain;
  if (!distrustedEstimate().empty())
    return false;
  // The byte model's error grows with the body (AlignedCost.cpp): on
  // CTMark, asking a fifth of the estimated body on top of the minimum
  // kept every pair that grew the program out, at 5% of the saving.
  return EstimatedBytesSaved >= std::max(MinimumGain, Cost.BodyBytes / 5);
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
  return Plan;
}

} // namespace lmf
