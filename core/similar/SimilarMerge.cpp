//===- SimilarMerge.cpp - Merge functions that differ in constants --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The second stage of the pass, after identical merging has reached its
// fixpoint, when similar merging is on for the module (SimilarOptions::
// Enabled, or unset and the module carries a profile: similarMergingOn). Two
// functions are similar when they are equal except for constants at
// parameter positions (ParameterPositions.h): they then do the same work on
// different data and can share one body that takes the data as arguments.
//
// It reuses the identical stage's machinery with one change of view: the
// encoder writes every operand at a parameter position as a wildcard of its
// type. Equal encodings then mean "equal except at those positions", the
// lexicographic order of encodings is still a total order, and the same
// splitting finds the classes exactly, with no hash trusted:
//
//   1. candidates: the functions the identical stage left with a body of
//      their own that may gain parameters and are large enough to pay for a
//      thunk, in module order; their shapes are hashed in parallel;
//   2. each bucket of equal shapes is split by the wildcard encoding, in
//      parallel (only reads IR), into classes;
//   3. serially, in order of each class's first member: the members are
//      encoded once more, recording their positions, because an earlier
//      class may have rewritten calls in their bodies; the class is split
//      again if they no longer agree; the planner (SimilarPlanner.h) picks
//      the parameters, drops members that do not pay (SimilarPruner.h), and
//      decides each member's fate; the kept member's body is weakened to the
//      meet of everyone's annotations (as identical merging does) and the
//      rewriter (SimilarRewriter.h) builds the shared body.
//
// The references of a member are compared by identity, not by class: the
// identical stage already folded every class of equal functions into one, so
// two calls to twins are two calls to the same function by now.
//
//===----------------------------------------------------------------------===//

#include "core/similar/SimilarMerge.h"

#include "core/MergeOptions.h"
#include "core/MergeResult.h"
#include "core/OptionRow.h"
#include "core/facts/ModuleFacts.h"

#include "core/MergeRemarks.h"
#include "core/PhaseTimer.h"
#include "core/TaskRunner.h"
#include "core/equality/ClassSplitting.h"
#include "core/equality/GlobalNumbering.h"
#include "core/equality/ParameterPositions.h"
#include "core/equality/StructuralHash.h"
#include "core/facts/AnnotationIntersector.h"
#include "core/facts/ProfileFacts.h"
#include "core/similar/SimilarRewriter.h"
#include "core/similar/SimilarStage.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <numeric>

using namespace llvm;

namespace lmf {
namespace {

class SimilarRun {
public:
  explicit SimilarRun(StageContext &Ctx)
      : Ctx(Ctx), EncodeCtx{Ctx.Globals, Ctx.Policy} {
    EncodeCtx.ParameterWildcards = true;
    EncodeCtx.CalleeWildcards =
        Ctx.Opts.Similar.Callees && !protectsIndirectCalls(Ctx.M);
    EncodeCtx.IntegerWildcards = Ctx.Opts.Similar.Integers;
    std::vector<std::string> &Kinds = Ctx.Result.SimilarPositions;
    Kinds = {"data"};
    if (EncodeCtx.IntegerWildcards)
      Kinds.push_back("integers");
    if (EncodeCtx.CalleeWildcards)
      Kinds.push_back("callees");
  }

  void run();

private:
  void collectCandidates();
  ClassList findClasses();
  bool holdsChangedFunction(ArrayRef<CandidateId> Bucket) const;
  void applyClass(ArrayRef<CandidateId> Class);
  void mergeClass(ArrayRef<Function *> Members,
                  ArrayRef<std::vector<const Use *>> Positions);
  bool refuse(Function &F, const Function &Kept, StringRef Reason);
  void record(const SimilarPlan &Plan, Function &Body, StringRef Kept,
              ArrayRef<std::string> Names, ArrayRef<MergeAction> Outcomes);
  void emitRemark(Function &Body, StringRef Member, MergeAction Action);
  void forgetRefusals(const SimilarGroup &Group);

  StageContext &Ctx;
  EncodingContext EncodeCtx;
  /// The encoder's scratch for the serial phase (applyClass); findClasses
  /// gives each worker its own.
  EncoderScratch SerialEncoder;
  /// The functions the identical stage left with a body of their own, less
  /// the members this stage erased (their addresses may come back as new
  /// functions): every round draws its candidates from them, in module
  /// order. Members made thunks stay, though a thunk is too small to be a
  /// candidate unless SimilarMinimumGain is below zero; the shared bodies
  /// are never added.
  DenseSet<Function *> Live;
  std::vector<Function *> Candidates;
  std::vector<uint64_t> Shapes;
  /// Functions whose bodies the current round changed (callers of merged
  /// members and new shared bodies): the next round looks only at shape
  /// buckets that hold one.
  SmallPtrSet<Function *, 32> Touched, ChangedBefore;
  DenseSet<const Function *> Refused;
  unsigned Round = 0;
};

void SimilarRun::collectCandidates() {
  Candidates.clear();
  Shapes.clear();
  std::vector<Function *> InOrder;
  for (Function &F : Ctx.M)
    if (Live.contains(&F))
      InOrder.push_back(&F);
  std::vector<char> Keep(InOrder.size(), 0);
  std::vector<uint64_t> Shape(InOrder.size(), 0);
  forEachIndex(Ctx.Runner, InOrder.size(), Ctx.Opts.SerialThreshold,
               [&](size_t I) {
                 const Function &F = *InOrder[I];
                 bool MayPay = Ctx.Opts.Similar.MinimumGain < 0 ||
                               mayPayAsSimilar(F, Ctx.Facts.Bytes);
                 if (!similarIneligibilityReason(F).empty() || !MayPay)
                   return;
                 Keep[I] = 1;
                 Shape[I] = shapeHash(F);
               });
  for (size_t I = 0; I < InOrder.size(); ++I) {
    if (!Keep[I])
      continue;
    Candidates.push_back(InOrder[I]);
    Shapes.push_back(Shape[I]);
  }
  if (Round == 0)
    Ctx.Result.Stats.SimilarConsidered = Candidates.size();
}

bool SimilarRun::holdsChangedFunction(ArrayRef<CandidateId> Bucket) const {
  return llvm::any_of(Bucket, [&](CandidateId Id) {
    return ChangedBefore.count(Candidates[Id]) != 0;
  });
}

/// Splits every bucket of equal shapes by the wildcard encoding, in
/// parallel, and orders the classes by their first member. After the first
/// round, only buckets and classes holding a function the previous round
/// changed can hold anything new.
ClassList SimilarRun::findClasses() {
  std::vector<CandidateId> Ids(Candidates.size());
  std::iota(Ids.begin(), Ids.end(), 0);
  ClassList AllBuckets = groupByKey(Ids, Shapes), Buckets;
  for (ArrayRef<CandidateId> Bucket : AllBuckets)
    if (Round == 0 || holdsChangedFunction(Bucket))
      Buckets.add(Bucket);
  std::vector<ClassList> PerBucket(Buckets.size());
  std::vector<SplitScratch> Scratch(Ctx.Runner.concurrency());
  std::vector<EncoderScratch> Encoders(Ctx.Runner.concurrency());
  forEachIndexWithWorker(Ctx.Runner, Buckets.size(), Ctx.Opts.SerialThreshold,
                         [&](size_t B, unsigned Worker) {
                           PerBucket[B] = splitByEncoding(
                               Buckets[B],
                               [&](CandidateId Id, Encoding &Out) {
                                 encodeWithParameterWildcards(*Candidates[Id],
                                                              EncodeCtx, Out,
                                                              Encoders[Worker]);
                               },
                               /*KeepSingletons=*/false, Scratch[Worker]);
                         });
  ClassList Classes;
  for (const ClassList &Part : PerBucket)
    for (ArrayRef<CandidateId> Class : Part)
      if (Round == 0 || holdsChangedFunction(Class))
        Classes.add(Class);
  Classes.finish();
  return Classes;
}

/// Encodes the members as they are now, with their positions, and merges
/// the run of equal encodings that starts earliest in module order; then
/// the rest again, as merging rewrites calls and so may change them.
void SimilarRun::applyClass(ArrayRef<CandidateId> Class) {
  std::vector<CandidateId> Left(Class.begin(), Class.end());
  std::vector<Encoding> Encodings;
  std::vector<std::vector<const Use *>> Positions;
  while (Left.size() >= 2) {
    Encodings.assign(Left.size(), Encoding());
    Positions.assign(Left.size(), {});
    for (size_t K = 0; K < Left.size(); ++K)
      encodeWithParameterWildcards(*Candidates[Left[K]], EncodeCtx,
                                   Encodings[K], SerialEncoder, &Positions[K]);
    SmallVector<Function *, 4> Members;
    std::vector<std::vector<const Use *>> RunPositions;
    std::vector<CandidateId> Rest;
    for (size_t K = 0; K < Left.size(); ++K) {
      if (Encodings[K] != Encodings.front()) {
        Rest.push_back(Left[K]);
        continue;
      }
      Members.push_back(Candidates[Left[K]]);
      RunPositions.push_back(std::move(Positions[K]));
    }
    if (Members.size() >= 2)
      mergeClass(Members, RunPositions);
    Left = std::move(Rest);
  }
}

/// Records a refusal once per function: a later round may plan the class
/// of an unchanged member again. True when F had no refusal yet.
bool SimilarRun::refuse(Function &F, const Function &Kept, StringRef Reason) {
  if (!Refused.insert(&F).second)
    return false;
  Ctx.Result.SimilarRefusals.push_back(
      {F.getName().str(), Kept.getName().str(), Reason.str()});
  ++Ctx.Result.Stats.SimilarRefused;
  return true;
}

void SimilarRun::mergeClass(ArrayRef<Function *> Members,
                            ArrayRef<std::vector<const Use *>> Positions) {
  SimilarPlan Plan = planSimilarClass(Members, Positions, Ctx.Facts, Ctx.Opts);
  bool NewHotRefusal = false;
  for (const Refusal &R : Plan.Refusals)
    if (refuse(*R.Fn, *Members.front(), R.Reason) && R.Hot) {
      ++Ctx.Result.Stats.HotRefused;
      NewHotRefusal = true;
    }
  // A later round may plan the class again: its price is counted once.
  if (NewHotRefusal)
    Ctx.Result.Stats.HotKeptBytes += Plan.HotKeptBytes;
  if (Plan.Members.empty())
    return;
  Function &Kept = *Plan.Members.front().Fn;
  // Equal encodings imply intersectable annotations; should one list still
  // refuse, nothing merges (the kept member is only weakened, which is sound).
  for (const SimilarMemberPlan &M : ArrayRef(Plan.Members).drop_front())
    if (!intersectAnnotations(Kept, *M.Fn, Ctx.Policy)) {
      for (const SimilarMemberPlan &Each : Plan.Members)
        refuse(*Each.Fn, Kept, "attributes cannot be intersected");
      return;
    }
  size_t KeptIndex = llvm::find(Members, &Kept) - Members.begin();
  std::string KeptMemberName = Kept.getName().str();
  SmallVector<std::string, 4> Names;
  for (const SimilarMemberPlan &M : Plan.Members)
    Names.push_back(M.Fn->getName().str());
  RewriteContext RC{Ctx.Globals, Touched, nullptr};
  SmallVector<MergeAction, 4> Outcomes;
  Function *Body = applySimilarPlan(Plan, Positions[KeptIndex], RC, Outcomes);
  for (auto [M, Outcome] : zip(Plan.Members, Outcomes))
    if (Outcome == MergeAction::CallsRewritten)
      Live.erase(M.Fn);
  record(Plan, *Body, KeptMemberName, Names, Outcomes);
}

/// A member refused in an earlier round that merges now is no refusal.
void SimilarRun::forgetRefusals(const SimilarGroup &Group) {
  StringSet<> Names;
  for (const MergedMember &M : Group.Members)
    Names.insert(M.Name);
  std::vector<RefusedMember> &List = Ctx.Result.SimilarRefusals;
  size_t Before = List.size();
  llvm::erase_if(
      List, [&](const RefusedMember &R) { return Names.contains(R.Name); });
  Ctx.Result.Stats.SimilarRefused -= Before - List.size();
}

void SimilarRun::emitRemark(Function &Body, StringRef Member,
                            MergeAction Action) {
  emitMergeRemark(
      Body, "SimilarFunctionMerged", [&](OptimizationRemark &Remark) {
        Remark << "merged similar function '" << Member << "' into '"
               << Body.getName() << "' (" << mergeActionName(Action) << ")";
      });
}

void SimilarRun::record(const SimilarPlan &Plan, Function &Body, StringRef Kept,
                        ArrayRef<std::string> Names,
                        ArrayRef<MergeAction> Outcomes) {
  SimilarGroup Group;
  Group.Round = Round;
  Group.KeptBody = Body.getName().str();
  Group.KeptMember = Kept.str();
  Group.Parameters = Plan.Parameters.size();
  Group.TableParameters = llvm::count_if(
      Plan.Parameters, [](const SimilarParameter &P) { return P.InTable; });
  Group.BodyInstructions = Plan.BodyInstructions;
  Group.EstimatedBytesSaved = Plan.EstimatedBytesSaved;
  for (auto [Name, Outcome] : zip(Names, Outcomes)) {
    Group.Members.push_back({Name, Outcome});
    emitRemark(Body, Name, Outcome);
  }
  MergeStats &S = Ctx.Result.Stats;
  if (Round > 0)
    forgetRefusals(Group);
  ++S.SimilarClasses;
  S.SimilarMembers += Group.Members.size();
  S.SimilarParameters += Group.Parameters;
  S.SimilarEstimatedBytes += Group.EstimatedBytesSaved;
  Ctx.Result.Similar.push_back(std::move(Group));
}

/// Merging a class rewrites calls in other functions, which may make them
/// similar in turn (their calls now differ only in constant arguments):
/// rounds repeat, each over the shape buckets the previous one changed,
/// until one merges nothing.
void SimilarRun::run() {
  Ctx.Result.SimilarRan = true;
  Live = Ctx.Remaining;
  for (Round = 0; Round < Ctx.Opts.MaxRounds; ++Round) {
    size_t Before = Ctx.Result.Similar.size();
    collectCandidates();
    for (ArrayRef<CandidateId> Class : findClasses())
      applyClass(Class);
    if (Ctx.Result.Similar.size() == Before)
      break;
    ChangedBefore = std::move(Touched);
    Touched.clear();
  }
}

constexpr LinkerSwitch SimilarLinkerSwitch = {
    "lto-merge-similar-functions",
    "With --lto-merge-functions, also merge functions that differ only in "
    "constants (similar merging; the default in modules with a profile)",
    "Do not merge similar functions (the default in modules without a "
    "profile)"};

constexpr OptionRow SimilarOptionRows[] = {
    {"lto-merge-functions-similar", OptionKind::Switch,
     "Also merge functions that differ only in constants (similar merging; "
     "when not given: on in modules with a profile)",
     [](MergeOptions &O) -> OptionField { return &O.Similar.Enabled; },
     /*Hidden=*/false, 0, UINT32_MAX, &SimilarLinkerSwitch},
    {"lto-merge-functions-similar-callees", OptionKind::Switch,
     "With -lto-merge-functions-similar: functions may also differ in the "
     "callees of direct calls, which become indirect calls",
     [](MergeOptions &O) -> OptionField { return &O.Similar.Callees; }},
    {"lto-merge-functions-similar-integers", OptionKind::Switch,
     "With -lto-merge-functions-similar: functions may also differ in "
     "integer constants of compares, simple arithmetic, selects, phis and "
     "array indices",
     [](MergeOptions &O) -> OptionField { return &O.Similar.Integers; }},
    {"lto-merge-functions-similar-constant-tables", OptionKind::Switch,
     "With -lto-merge-functions-similar: values that do not fit in argument "
     "registers may travel in a constant table per member, passed by "
     "address",
     [](MergeOptions &O) -> OptionField { return &O.Similar.ConstantTables; }},
    {"lto-merge-functions-similar-min-gain", OptionKind::Integer,
     "Bytes a similar class must save to be merged (tests lower it to "
     "exercise the stage)",
     [](MergeOptions &O) -> OptionField { return &O.Similar.MinimumGain; },
     /*Hidden=*/true},
};

} // namespace

bool SimilarStage::runsOn(const Module &M, const MergeOptions &Opts) const {
  return similarMergingOn(Opts.Similar.Enabled, M);
}

Error SimilarStage::run(StageContext &Ctx) const {
  PhaseTimer Timer(Ctx.Result.Times.SimilarSeconds,
                   "LTOMergeFunctions.Similar");
  SimilarRun(Ctx).run();
  return Error::success();
}

ArrayRef<OptionRow> SimilarStage::options() const { return SimilarOptionRows; }

const MergeStage &similarStage() {
  static const SimilarStage Stage;
  return Stage;
}

} // namespace lmf
