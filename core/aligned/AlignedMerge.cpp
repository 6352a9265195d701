//===- AlignedMerge.cpp - Merge functions that differ in instructions -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The third stage of the pass, after identical merging (which folds equal
// functions) and similar merging (which folds functions equal but for
// constants). It merges pairs of functions whose bodies differ in
// instructions: the instructions they share are emitted once, a `select` on
// a new identifier parameter picks the operands they give differently, and
// what only one of them does runs in blocks only it reaches
// (MergedBodyBuilder.cpp). FMSA, SalSSA, HyFM and F3M showed what such
// merging saves; this stage is built so that it cannot be wrong, cannot
// grow the program and cannot take long:
//
//  1. candidates: every function the earlier stages left with a body of its
//     own that may take part (AlignedEligibility.h; the similar stage's
//     rules and more) and does not run hot code by the profile (the
//     hot-function policy, widened to functions with a hot block as code
//     generation for size widens it: a branch on the identifier in a hot
//     loop is run time), in module order; each is fingerprinted in
//     parallel (a MinHash signature of its instruction shapes);
//  2. pairs: locality-sensitive hashing of the signatures proposes, for
//     each function, a bounded number of partners with the same type
//     (CandidateSearch.h): sub-quadratic in the module's functions;
//  3. plans: each proposed pair is aligned (Aligner.h: blocks paired by
//     fingerprint, a banded alignment inside each pair) and priced by the
//     byte model (AlignedCost.h, AlignedPlanner.h), in parallel, reading IR
//     only; every pair's work is bounded;
//  4. choice: pairs are taken by estimated saving, highest first (ties to
//     the earlier functions), each function in one pair per round, while
//     they save at least AlignedOptions::MinimumGain;
//  5. merge: serially, in that order: a pair a previous merge changed (its
//     calls were rewritten) is aligned and priced again first; the merged
//     body is built and verified, and the members become thunks or
//     disappear behind their calls (AlignedRewriter.h);
//  6. rounds: a merged body may merge again with another function of its
//     type or another merged body (its identifier is then one more
//     parameter), up to AlignedOptions::Rounds rounds or until a round
//     merges nothing. A pair that did not pay is not planned again while
//     neither function changes (its body, or the uses of what it calls):
//     only pairs with a new body or a changed function are, which halves
//     the planning of later rounds (bench/notebook/2026-11-28.md).
//
// Steps 1 to 3 only read IR, each task writing its own slot; every order
// that reaches the output derives from module order and from hashes of the
// IR (never from pointers or thread timing), so the module is byte-identical
// for any thread count.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/AlignedMerge.h"

#include "core/MergeOptions.h"
#include "core/MergeResult.h"
#include "core/OptionRow.h"
#include "core/facts/ModuleFacts.h"

#include "core/MergeRemarks.h"
#include "core/PhaseTimer.h"
#include "core/TaskRunner.h"
#include "core/aligned/AlignedEligibility.h"
#include "core/aligned/AlignedPlanner.h"
#include "core/aligned/AlignedRewriter.h"
#include "core/aligned/AlignedStage.h"
#include "core/aligned/CandidateSearch.h"
#include "core/aligned/MergedBodyBuilder.h"
#include "core/aligned/ShapeHasher.h"
#include "core/equality/Eligibility.h"
#include "core/facts/ProfileFacts.h"
#include "core/facts/SizeCodegen.h"
#include "core/rewrite/FunctionRewrites.h"

#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <mutex>
#include <numeric>
#include <optional>

using namespace llvm;

namespace lmf {
namespace {

/// True when F runs hot code by the module's profile: it is hot under the
/// policy, or one of its blocks is hot by the line code generation for
/// size draws (SizeCodegen.h).
bool runsHotCode(Function &F, const ProfileSummaryInfo &PSI,
                 const ModuleFacts &Facts, const MergeOptions &Opts) {
  return Facts.Hot.count(&F) || hasHotBlockByProfile(F, PSI, Opts);
}

class AlignedRun {
public:
  explicit AlignedRun(StageContext &Ctx)
      : Ctx(Ctx), PlanCtx{Ctx.Facts,       Ctx.Opts.Mode,
                          Ctx.Policy,      LayoutLock,
                          AlignerLimits(), Ctx.Opts.OptimizeOtherCodeForSize} {}

  void run();

private:
  void findHotFunctions();
  void collectCandidates();
  std::vector<AlignedPlan>
  planPairs(ArrayRef<std::pair<unsigned, unsigned>> Found);
  std::vector<size_t> choose(ArrayRef<AlignedPlan> Plans);
  void forgetUnpaying(function_ref<bool(const Function *)> Changed);
  void explainMissed(const AlignedPlan &Plan);
  bool apply(AlignedPlan Plan);
  void refuse(const Function &F, const Function &Other, StringRef Reason);
  void record(const AlignedPlan &Plan, Function &Body,
              ArrayRef<std::string> Names, ArrayRef<MergeAction> Outcomes);

  StageContext &Ctx;
  std::mutex LayoutLock;
  AlignedPlanContext PlanCtx;
  SmallPtrSet<const Function *, 16> Hot;
  std::vector<Function *> Candidates;
  std::vector<FunctionFingerprint> Prints;
  /// Functions whose bodies this round changed: pairs planned before must
  /// be planned again.
  SmallPtrSet<Function *, 32> Touched;
  /// What collectCandidates found for each function it looked at: its
  /// fingerprint, or nothing when it may not take part. Functions a round
  /// changed (Touched) are looked at again; erased ones are never asked
  /// about again, as collectCandidates only asks about the module's.
  DenseMap<const Function *, std::optional<FunctionFingerprint>> Seen;
  DenseSet<const Function *> Refused;
  DenseSet<std::pair<const Function *, const Function *>> Explained;
  /// Pairs planned in an earlier round that did not pay, neither function
  /// changed since: a later round does not plan them again (planning is
  /// most of the stage's time, and each round would plan them all again).
  DenseSet<std::pair<const Function *, const Function *>> Unpaying;
  unsigned Round = 0;
};

void AlignedRun::findHotFunctions() {
  if (Ctx.Opts.Hot == HotPolicy::Off)
    return;
  // Without a summary to read, the hot functions are those of the facts.
  if (!Ctx.Facts.ProfileReadable) {
    Hot.insert(Ctx.Facts.Hot.begin(), Ctx.Facts.Hot.end());
    Ctx.Result.Stats.AlignedHotExcluded = Hot.size();
    return;
  }
  ProfileSummaryInfo PSI(Ctx.M);
  for (Function &F : Ctx.M)
    if (!F.isDeclaration() && isEligible(F) &&
        runsHotCode(F, PSI, Ctx.Facts, Ctx.Opts))
      Hot.insert(&F);
  Ctx.Result.Stats.AlignedHotExcluded = Hot.size();
}

void AlignedRun::collectCandidates() {
  std::vector<Function *> InOrder;
  for (Function &F : Ctx.M)
    if (!F.isDeclaration() && !Hot.count(&F))
      InOrder.push_back(&F);
  std::vector<char> Keep(InOrder.size(), 0);
  std::vector<FunctionFingerprint> Found(InOrder.size());
  std::vector<ShapeHasher> Hashers(Ctx.Runner.concurrency(),
                                   ShapeHasher(Ctx.Globals));
  // A function no merge changed keeps its verdict and fingerprint from the
  // previous round.
  std::vector<char> Known(InOrder.size(), 0);
  for (size_t I = 0; I < InOrder.size(); ++I) {
    auto It = Seen.find(InOrder[I]);
    if (It == Seen.end() || Touched.count(InOrder[I]))
      continue;
    Known[I] = 1;
    Keep[I] = It->second.has_value();
    if (Keep[I])
      Found[I] = *It->second;
  }
  forEachIndexWithWorker(
      Ctx.Runner, InOrder.size(), Ctx.Opts.SerialThreshold,
      [&](size_t I, unsigned Worker) {
        if (Known[I])
          return;
        const Function &F = *InOrder[I];
        if (!isEligible(F))
          return;
        FunctionFingerprint Print = fingerprintOf(F, Hashers[Worker]);
        bool AnySize = Ctx.Opts.Aligned.MinimumGain < 0;
        if (!alignedIneligibilityReason(F, Print.Instructions, AnySize).empty())
          return;
        Keep[I] = 1;
        Found[I] = Print;
      });
  for (size_t I = 0; I < InOrder.size(); ++I)
    if (!Known[I])
      Seen[InOrder[I]] =
          Keep[I] ? std::optional<FunctionFingerprint>(Found[I]) : std::nullopt;
  Candidates.clear();
  Prints.clear();
  for (size_t I = 0; I < InOrder.size(); ++I)
    if (Keep[I]) {
      Candidates.push_back(InOrder[I]);
      Prints.push_back(Found[I]);
    }
  if (Round == 0)
    Ctx.Result.Stats.AlignedConsidered = Candidates.size();
}

std::vector<AlignedPlan>
AlignedRun::planPairs(ArrayRef<std::pair<unsigned, unsigned>> Found) {
  std::vector<std::pair<unsigned, unsigned>> Pairs;
  for (auto [L, R] : Found)
    if (!Unpaying.count({Candidates[L], Candidates[R]}))
      Pairs.push_back({L, R});
  std::vector<AlignedPlan> Plans(Pairs.size());
  std::vector<ShapeHasher> Hashers(Ctx.Runner.concurrency(),
                                   ShapeHasher(Ctx.Globals));
  // Few pairs are worth threads; each one is far more work than hashing a
  // function.
  forEachIndexWithWorker(Ctx.Runner, Pairs.size(), /*SerialThreshold=*/8,
                         [&](size_t I, unsigned Worker) {
                           auto [L, R] = Pairs[I];
                           AlignedPlan &P = Plans[I];
                           P = planAlignedPair(*Candidates[L], *Candidates[R],
                                               PlanCtx, Hashers[Worker]);
                           // Only pairs that may merge keep their alignment:
                           // a large module plans thousands.
                           if (!P.mayMerge(Ctx.Opts.Aligned.MinimumGain))
                             P.Alignment = PairAlignment();
                         });
  Ctx.Result.Stats.AlignedPairsPlanned += Plans.size();
  for (const AlignedPlan &P : Plans)
    if (!P.mayMerge(Ctx.Opts.Aligned.MinimumGain))
      Unpaying.insert({P.Left, P.Right});
  return Plans;
}

/// The plans to carry out, in order: by estimated saving, highest first,
/// each function in one of them.
std::vector<size_t> AlignedRun::choose(ArrayRef<AlignedPlan> Plans) {
  std::vector<size_t> Order(Plans.size());
  std::iota(Order.begin(), Order.end(), 0);
  // Plans come in order of their pairs (I, J), so equal savings keep that.
  llvm::stable_sort(Order, [&](size_t A, size_t B) {
    return Plans[A].EstimatedBytesSaved > Plans[B].EstimatedBytesSaved;
  });
  SmallPtrSet<const Function *, 32> Taken;
  std::vector<size_t> Chosen;
  for (size_t I : Order) {
    const AlignedPlan &P = Plans[I];
    if (!P.mayMerge(Ctx.Opts.Aligned.MinimumGain))
      continue;
    if (Taken.count(P.Left) || Taken.count(P.Right))
      continue;
    Taken.insert(P.Left);
    Taken.insert(P.Right);
    Chosen.push_back(I);
  }
  return Chosen;
}

/// A missed remark on the left member of a pair planned and not merged,
/// once per pair (a later round may plan it again).
void AlignedRun::explainMissed(const AlignedPlan &Plan) {
  if (!Explained.insert({Plan.Left, Plan.Right}).second)
    return;
  emitMissedMergeRemark(
      *Plan.Left, "AlignedPairNotMerged", [&](OptimizationRemarkMissed &R) {
        R << "did not merge '" << Plan.Left->getName() << "' with '"
          << Plan.Right->getName() << "': ";
        if (!Plan.Obstacle.empty()) {
          R << Plan.Obstacle;
          return;
        }
        // The shape is named where it, not the estimate, kept the pair out.
        StringRef Distrusted = Plan.distrustedEstimate();
        if (Ctx.Opts.Aligned.MinimumGain >= 0 && !Distrusted.empty() &&
            Plan.EstimatedBytesSaved >= Ctx.Opts.Aligned.MinimumGain) {
          R << "the estimate of " << std::to_string(Plan.EstimatedBytesSaved)
            << " bytes saved is not trusted: " << Distrusted;
          return;
        }
        R << "about " << std::to_string(Plan.EstimatedBytesSaved)
          << " bytes saved (at least "
          << std::to_string(Ctx.Opts.Aligned.MinimumGain) << " needed, or a "
          << "partner taken by a better pair); " << std::to_string(Plan.Matched)
          << " matched, " << std::to_string(Plan.Unmatched)
          << " unmatched instructions, " << std::to_string(Plan.Cost.Selects)
          << " selects, "
          << std::to_string(Plan.Cost.Splits + Plan.Cost.Dispatches)
          << " branches";
      });
}

/// Records a refusal once per function.
void AlignedRun::refuse(const Function &F, const Function &Other,
                        StringRef Reason) {
  if (!Refused.insert(&F).second)
    return;
  Ctx.Result.AlignedRefusals.push_back(
      {F.getName().str(), Other.getName().str(), Reason.str()});
  ++Ctx.Result.Stats.AlignedRefused;
}

void AlignedRun::record(const AlignedPlan &Plan, Function &Body,
                        ArrayRef<std::string> Names,
                        ArrayRef<MergeAction> Outcomes) {
  AlignedGroup Group;
  Group.Round = Round;
  Group.KeptBody = Body.getName().str();
  Group.MatchedInstructions = Plan.Matched;
  Group.UnmatchedInstructions = Plan.Unmatched;
  Group.Selects = Plan.Cost.Selects;
  Group.Branches = Plan.Cost.Splits + Plan.Cost.Dispatches;
  Group.BodyInstructions = Body.getInstructionCount();
  Group.EstimatedBytesSaved = Plan.EstimatedBytesSaved;
  for (auto [MemberName, MemberOutcome] : zip(Names, Outcomes)) {
    // Named copies: a lambda may not capture a structured binding (C++17).
    StringRef Name = MemberName;
    MergeAction Outcome = MemberOutcome;
    Group.Members.push_back({Name.str(), Outcome});
    emitMergeRemark(
        Body, "AlignedFunctionMerged", [&](OptimizationRemark &Remark) {
          Remark << "merged aligned function '" << Name << "' into '"
                 << Body.getName() << "' (" << mergeActionName(Outcome) << ")";
        });
  }
  MergeStats &S = Ctx.Result.Stats;
  ++S.AlignedClasses;
  S.AlignedMembers += Group.Members.size();
  S.AlignedEstimatedBytes += Group.EstimatedBytesSaved;
  Ctx.Result.Aligned.push_back(std::move(Group));
}

/// Pairs with a function in Changed are planned again when found: the
/// function's body or uses changed, or its memory went to a new function.
void AlignedRun::forgetUnpaying(function_ref<bool(const Function *)> Changed) {
  SmallVector<std::pair<const Function *, const Function *>, 16> Stale;
  for (const auto &Pair : Unpaying)
    if (Changed(Pair.first) || Changed(Pair.second))
      Stale.push_back(Pair);
  for (const auto &Pair : Stale)
    Unpaying.erase(Pair);
}

/// Merges one chosen pair: planned again if an earlier merge changed a
/// member. False when the pair no longer merges.
bool AlignedRun::apply(AlignedPlan Plan) {
  if (Touched.count(Plan.Left) || Touched.count(Plan.Right)) {
    ShapeHasher Hasher(Ctx.Globals);
    Plan = planAlignedPair(*Plan.Left, *Plan.Right, PlanCtx, Hasher);
    if (!Plan.mayMerge(Ctx.Opts.Aligned.MinimumGain))
      return false;
  }
  // The members change, and so do the uses of what they call (a matched
  // call is one call in the body).
  SmallPtrSet<const Function *, 16> Changed = {Plan.Left, Plan.Right};
  for (const Function *F : {Plan.Left, Plan.Right})
    for (const BasicBlock &BB : *F)
      for (const Instruction &I : BB)
        if (const auto *CB = dyn_cast<CallBase>(&I))
          if (const Function *Callee = CB->getCalledFunction())
            Changed.insert(Callee);
  forgetUnpaying([&](const Function *F) { return Changed.count(F) != 0; });
  RewriteContext RC{Ctx.Globals, Touched, nullptr};
  Expected<Function *> Body = buildMergedBody(Plan, Ctx.Policy, RC);
  if (!Body) {
    std::string Why = toString(Body.takeError());
    refuse(*Plan.Left, *Plan.Right, "merged body did not verify");
    refuse(*Plan.Right, *Plan.Left, "merged body did not verify");
    Ctx.M.getContext().diagnose(DiagnosticInfoGeneric(
        "lto-merge-functions: aligned merging skipped a pair: " + Why,
        DS_Warning));
    return false;
  }
  SmallVector<std::string, 2> Names = {Plan.Left->getName().str(),
                                       Plan.Right->getName().str()};
  // An erased member's memory may come back as a new function.
  Seen.erase(Plan.Left);
  Seen.erase(Plan.Right);
  Seen.erase(*Body);
  std::array<MergeAction, 2> Outcomes = rewriteMembers(Plan, **Body, RC);
  record(Plan, **Body, Names, Outcomes);
  return true;
}

void AlignedRun::run() {
  Ctx.Result.AlignedRan = true;
  findHotFunctions();
  for (Round = 0; Round < Ctx.Opts.Aligned.Rounds; ++Round) {
    collectCandidates();
    forgetUnpaying([&](const Function *F) { return Touched.count(F) != 0; });
    Touched.clear();
    std::vector<std::pair<unsigned, unsigned>> Pairs =
        findCandidatePairs(Prints);
    std::vector<AlignedPlan> Plans = planPairs(Pairs);
    bool Merged = false;
    std::vector<size_t> Chosen = choose(Plans);
    std::vector<char> IsChosen(Plans.size(), 0);
    for (size_t I : Chosen)
      IsChosen[I] = 1;
    for (size_t I = 0; I < Plans.size(); ++I)
      if (!IsChosen[I])
        explainMissed(Plans[I]);
    for (size_t I : Chosen)
      Merged |= apply(std::move(Plans[I]));
    if (!Merged)
      break;
  }
}

constexpr LinkerSwitch AlignedLinkerSwitch = {
    "lto-merge-aligned-functions",
    "With --lto-merge-functions, also merge pairs of functions that differ "
    "in instructions (aligned merging; off by default, on with "
    "--lto-smallest-binary)",
    "Do not merge functions that differ in instructions (default)"};

constexpr OptionRow AlignedOptionRows[] = {
    {"lto-merge-functions-aligned", OptionKind::Switch,
     "Also merge pairs of functions that differ in instructions (aligned "
     "merging; off unless given)",
     [](MergeOptions &O) -> OptionField { return &O.Aligned.Enabled; },
     /*Hidden=*/false, 0, UINT32_MAX, &AlignedLinkerSwitch},
    {"lto-merge-functions-aligned-min-gain", OptionKind::Integer,
     "Bytes an aligned pair must save to be merged (tests lower it to "
     "exercise the stage)",
     [](MergeOptions &O) -> OptionField { return &O.Aligned.MinimumGain; },
     /*Hidden=*/true},
    {"lto-merge-functions-aligned-rounds", OptionKind::Count,
     "Rounds of aligned merging (a merged body may merge again in a later "
     "round)",
     [](MergeOptions &O) -> OptionField { return &O.Aligned.Rounds; },
     /*Hidden=*/true},
};

} // namespace

bool AlignedStage::runsOn(const Module &, const MergeOptions &Opts) const {
  return alignedMergingOn(Opts.Aligned.Enabled);
}

Error AlignedStage::run(StageContext &Ctx) const {
  PhaseTimer Timer(Ctx.Result.Times.AlignedSeconds,
                   "LTOMergeFunctions.Aligned");
  AlignedRun(Ctx).run();
  return Error::success();
}

ArrayRef<OptionRow> AlignedStage::options() const { return AlignedOptionRows; }

const MergeStage &alignedStage() {
  static const AlignedStage Stage;
  return Stage;
}

bool alignedMergingOn(std::optional<bool> Asked) {
  return Asked.value_or(false);
}

} // namespace lmf
