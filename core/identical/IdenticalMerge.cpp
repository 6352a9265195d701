//===- IdenticalMerge.cpp - Fold classes of identical functions ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The identical stage, the first of mergeModule's stages (MergeStage.h):
//
//   1. collect the candidates (Eligibility.h), numbered in module order;
//   2. hash every candidate's shape in parallel (StructuralHash.h), each task
//      writing its own slot of a preallocated vector; a function alone in
//      its shape and operand values cannot have a twin and is never encoded;
//   3. find the classes of equal functions among the others by partition
//      refinement (PartitionRefinement.h), which compares references to
//      other candidates by class and so folds cycles of twins;
//   4. weaken every class to the meet of its members' annotations (a
//      member left unfolded too, when callers may have been found equal
//      through it), then plan and apply each class serially, in order of
//      its first member (IdenticalPlanner.h, AnnotationIntersector.h,
//      IdenticalRewriter.h);
//   5. the functions whose bodies the folds changed (callers of a folded
//      function) get their shape rehashed, and only shape buckets holding
//      one of them are split again by encoding, under refinement's class
//      tables; repeat until a round folds nothing.
//
// The candidates left with a body of their own are the similar stage's.
//
// Eligibility, the hashes and the splits of steps 3 and 5 run in parallel,
// and they only read IR. Every order that reaches the output derives from
// candidate indices, that is from module order, never from thread timing or
// pointer values, so the resulting module is byte-identical for any thread
// count.
//
// A class member whose body was changed earlier in the same round (because
// it called a function folded by an earlier class) may no longer have the
// encoding that put it in its class; such classes are compared again,
// exactly, against the IR as it is at that moment, before anything folds.
//
//===----------------------------------------------------------------------===//

#include "core/identical/IdenticalMerge.h"

#include "core/MergeOptions.h"
#include "core/MergeRemarks.h"
#include "core/MergeResult.h"
#include "core/PhaseTimer.h"
#include "core/TaskRunner.h"
#include "core/equality/AnnotationPolicy.h"
#include "core/equality/ClassSplitting.h"
#include "core/equality/Eligibility.h"
#include "core/equality/GlobalNumbering.h"
#include "core/equality/PartitionRefinement.h"
#include "core/equality/StructuralHash.h"
#include "core/equality/TotalOrder.h"
#include "core/facts/AnnotationIntersector.h"
#include "core/facts/ModuleFacts.h"
#include "core/facts/ProfileFacts.h"
#include "core/identical/IdenticalPlanner.h"
#include "core/identical/IdenticalRewriter.h"
#include "core/rewrite/FunctionRewrites.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;

namespace lmf {
namespace {

class IdenticalRun {
public:
  explicit IdenticalRun(StageContext &Ctx)
      : Ctx(Ctx), M(Ctx.M), Opts(Ctx.Opts), Runner(Ctx.Runner),
        Globals(Ctx.Globals), Policy(Ctx.Policy), Facts(Ctx.Facts),
        Result(Ctx.Result) {}

  Error run();

private:
  std::vector<uint64_t> collectCandidates();
  void hashShapes(ArrayRef<CandidateId> Ids);
  std::vector<CandidateId> liveCandidates() const;
  std::vector<CandidateId>
  candidatesWithTwinShape(ArrayRef<uint64_t> ShapesAndOperands) const;
  Expected<ClassList> refineClasses(ArrayRef<CandidateId> Members);
  ClassList dirtyShapeBuckets() const;
  ClassList resolveBuckets(const ClassList &Buckets);
  void weakenToMeet(ArrayRef<Function *> Members);
  bool standsForItsClass(const Function &F) const;
  bool applyClass(ArrayRef<CandidateId> Class,
                  SmallPtrSetImpl<Function *> &Touched);
  bool foldClass(ArrayRef<Function *> Members,
                 SmallPtrSetImpl<Function *> &Touched);
  void recordGroup(const IdenticalPlan &Plan, Function &Body,
                   ArrayRef<std::string> Names, ArrayRef<FoldAction> Outcomes);
  void emitRemark(const IdenticalMemberPlan &P, const Function &KeptMember);
  void addCandidate(Function *F);
  void removeCandidate(Function *F);
  void markDirty(const SmallPtrSetImpl<Function *> &Touched);
  bool calleeByClass(const Function &F) const;
  bool addressByClass(const Function &F) const;

  StageContext &Ctx;
  Module &M;
  const MergeOptions &Opts;
  TaskRunner &Runner;
  GlobalNumbering &Globals;
  const AnnotationPolicy &Policy;
  const ModuleFacts &Facts;
  EncodingContext EncodeCtx{Globals, Policy};
  /// The encoder's scratch for the serial phases; a parallel phase gives
  /// each worker its own.
  EncoderScratch SerialEncoder;
  /// Class tables from partition refinement, which the later rounds encode
  /// with too; empty when no candidate may be referred to by class.
  ReferenceClasses Tables;

  /// Candidate functions by id; null once folded away or made a thunk.
  std::vector<Function *> Candidates;
  /// Shape hashes (shapeHash), kept up to date for the later rounds, which
  /// bucket by them alone so that their classes come in the order they
  /// always did.
  std::vector<uint64_t> Shapes;
  /// Instructions of each candidate, counted while hashing its shape.
  std::vector<size_t> InstructionCounts;
  std::vector<char> Dirty;
  DenseMap<const Function *, CandidateId> IdOf;
  unsigned Round = 0;
  MergeResult &Result;
};

void IdenticalRun::addCandidate(Function *F) {
  IdOf[F] = Candidates.size();
  Candidates.push_back(F);
  Shapes.push_back(0);
  InstructionCounts.push_back(0);
  Dirty.push_back(1);
}

void IdenticalRun::removeCandidate(Function *F) {
  auto It = IdOf.find(F);
  if (It == IdOf.end())
    return;
  Candidates[It->second] = nullptr;
  IdOf.erase(It);
}

/// Lists the candidates in module order. Eligibility and both shape hashes
/// are read in one parallel walk over each function; only the numbering is
/// serial. Returns each candidate's ShapeAndOperands, which only round 0
/// needs.
std::vector<uint64_t> IdenticalRun::collectCandidates() {
  std::vector<Function *> Functions;
  {
    PhaseTimer Timer(Result.Times.CollectSeconds, "LTOMergeFunctions.Collect");
    for (Function &F : M)
      Functions.push_back(&F);
  }
  std::vector<char> Eligible(Functions.size(), 0);
  std::vector<ShapeHashes> Shape(Functions.size());
  {
    PhaseTimer Timer(Result.Times.HashSeconds, "LTOMergeFunctions.Hash");
    forEachIndex(Runner, Functions.size(), Opts.SerialThreshold, [&](size_t I) {
      if (!isEligible(*Functions[I]))
        return;
      Eligible[I] = 1;
      Shape[I] = shapeHashes(*Functions[I], Globals);
    });
  }
  PhaseTimer Timer(Result.Times.CollectSeconds, "LTOMergeFunctions.Collect");
  size_t NumEligible = llvm::count(Eligible, 1);
  IdOf.reserve(NumEligible);
  Candidates.reserve(NumEligible);
  Shapes.reserve(NumEligible);
  InstructionCounts.reserve(NumEligible);
  Dirty.reserve(NumEligible);
  std::vector<uint64_t> ShapesAndOperands;
  ShapesAndOperands.reserve(NumEligible);
  for (size_t I = 0; I < Functions.size(); ++I) {
    if (!Eligible[I])
      continue;
    addCandidate(Functions[I]);
    Shapes.back() = Shape[I].Shape;
    ShapesAndOperands.push_back(Shape[I].ShapeAndOperands);
    InstructionCounts.back() = Shape[I].Instructions;
  }
  Result.Stats.FunctionsInModule = Functions.size();
  Result.Stats.Considered = Candidates.size();
  return ShapesAndOperands;
}

void IdenticalRun::hashShapes(ArrayRef<CandidateId> Ids) {
  PhaseTimer Timer(Result.Times.HashSeconds, "LTOMergeFunctions.Hash");
  forEachIndex(Runner, Ids.size(), Opts.SerialThreshold, [&](size_t I) {
    CandidateId Id = Ids[I];
    Shapes[Id] = shapeHash(*Candidates[Id], &InstructionCounts[Id]);
  });
}

std::vector<CandidateId> IdenticalRun::liveCandidates() const {
  std::vector<CandidateId> Live;
  for (CandidateId I = 0; I < Candidates.size(); ++I)
    if (Candidates[I])
      Live.push_back(I);
  return Live;
}

/// The candidates that share their shape and operand values with another
/// one: only they can have a twin. (Equal skeletons imply equal such
/// hashes, so the others are alone in their skeleton too: leaving them out
/// changes no class and no class order.)
std::vector<CandidateId> IdenticalRun::candidatesWithTwinShape(
    ArrayRef<uint64_t> ShapesAndOperands) const {
  ClassList Buckets = groupByKey(liveCandidates(), ShapesAndOperands);
  std::vector<CandidateId> Members(Buckets.ids().begin(), Buckets.ids().end());
  llvm::sort(Members);
  return Members;
}

/// A direct call may stand for its class when the callee's body is the one
/// that runs: an exact definition nothing may replace (see bodyIsFinal).
bool IdenticalRun::calleeByClass(const Function &F) const {
  return bodyIsFinal(F, Facts);
}

/// An address may stand for its class when, besides, it is not significant.
bool IdenticalRun::addressByClass(const Function &F) const {
  return calleeByClass(F) && globalAddressFree(F, Facts, Opts.Mode);
}

Expected<ClassList> IdenticalRun::refineClasses(ArrayRef<CandidateId> Members) {
  PhaseTimer Timer(Result.Times.ResolveSeconds, "LTOMergeFunctions.Refine");
  auto CalleeByClass = [&](const Function &F) { return calleeByClass(F); };
  auto AddressByClass = [&](const Function &F) { return addressByClass(F); };
  RefinementInput In{Candidates,           Members,       EncodeCtx,     Runner,
                     Opts.SerialThreshold, CalleeByClass, AddressByClass};
  Expected<RefinementResult> Refined = refinePartition(In);
  if (!Refined)
    return Refined.takeError();
  RefinementResult &R = *Refined;
  Tables = std::move(R.Tables);
  EncodeCtx.CalleeClasses = &Tables.Callee;
  EncodeCtx.AddressClasses = &Tables.Address;
  Result.Stats.MultiMemberBuckets = R.SkeletonBuckets.MultiMember;
  Result.Stats.PureBuckets = R.SkeletonBuckets.Pure;
  Result.Stats.Collisions = R.SkeletonBuckets.Collisions;
  Result.Stats.RefinementIterations = R.Iterations;
  return std::move(R.Classes);
}

/// Shape buckets that hold a candidate the previous round changed: only
/// they can hold a new pair of equal functions.
ClassList IdenticalRun::dirtyShapeBuckets() const {
  DenseSet<uint64_t> DirtyShapes;
  for (CandidateId I = 0; I < Candidates.size(); ++I)
    if (Candidates[I] && Dirty[I])
      DirtyShapes.insert(Shapes[I]);
  std::vector<CandidateId> InDirtyShape;
  for (CandidateId I = 0; I < Candidates.size(); ++I)
    if (Candidates[I] && DirtyShapes.contains(Shapes[I]))
      InDirtyShape.push_back(I);
  return groupByKey(InDirtyShape, Shapes);
}

ClassList IdenticalRun::resolveBuckets(const ClassList &Buckets) {
  PhaseTimer Timer(Result.Times.ResolveSeconds, "LTOMergeFunctions.Resolve");
  std::vector<ClassList> PerBucket(Buckets.size());
  std::vector<SplitScratch> Scratch(Runner.concurrency());
  std::vector<EncoderScratch> Encoders(Runner.concurrency());
  forEachIndexWithWorker(Runner, Buckets.size(), Opts.SerialThreshold,
                         [&](size_t B, unsigned Worker) {
                           PerBucket[B] = splitByEncoding(
                               Buckets[B],
                               [&](CandidateId Id, Encoding &Out) {
                                 encodeFunction(*Candidates[Id], EncodeCtx, Out,
                                                Encoders[Worker]);
                               },
                               /*KeepSingletons=*/false, Scratch[Worker]);
                         });
  ClassList Classes;
  for (const ClassList &Part : PerBucket)
    Classes.append(Part);
  return Classes;
}

void IdenticalRun::emitRemark(const IdenticalMemberPlan &P,
                              const Function &KeptMember) {
  Function &G = *P.Fn;
  emitMergeRemark(G, "FunctionFolded", [&](OptimizationRemark &Remark) {
    Remark << "folded '" << G.getName() << "' into identical '"
           << KeptMember.getName() << "' (" << foldActionName(P.Action)
           << (P.AddressCompared ? ", address compared: it keeps its own" : "")
           << ")";
  });
}

void IdenticalRun::recordGroup(const IdenticalPlan &Plan, Function &Body,
                               ArrayRef<std::string> Names,
                               ArrayRef<FoldAction> Outcomes) {
  FoldGroup Group;
  Group.Round = Round;
  Group.KeptBody = Body.getName().str();
  Group.BodyInstructions = InstructionCounts[IdOf.find(&Body)->second];
  Group.KeptMemberForwarded = Plan.NeedsPrivateBody;
  Group.KeptMemberAction = Plan.KeptMemberFold.Action;
  MergeStats &S = Result.Stats;
  for (auto [Name, Outcome, P] : zip(Names, Outcomes, Plan.Members)) {
    Group.Members.push_back({Name, Outcome, P.AddressCompared});
    S.AddressCompared += P.AddressCompared;
    ++S.Folded;
    switch (Outcome) {
    case FoldAction::Erased:
      ++S.FoldedErased;
      break;
    case FoldAction::Alias:
      ++S.FoldedAlias;
      break;
    case FoldAction::Thunk:
      ++S.FoldedThunk;
      break;
    case FoldAction::CallersRedirected:
      ++S.FoldedCallersRedirected;
      break;
    }
    S.InstructionsRemoved += Group.BodyInstructions;
  }
  Result.Groups.push_back(std::move(Group));
}

/// Folds a class found by the parallel phase. Members whose bodies an
/// earlier fold of this round changed are compared again, exactly, against
/// the IR as it is now; the class may split.
bool IdenticalRun::applyClass(ArrayRef<CandidateId> Class,
                              SmallPtrSetImpl<Function *> &Touched) {
  SmallVector<Function *, 4> Members;
  bool AnyTouched = false;
  for (CandidateId Id : Class) {
    if (!Candidates[Id])
      continue;
    Members.push_back(Candidates[Id]);
    AnyTouched |= Touched.count(Candidates[Id]) != 0;
  }
  if (Members.size() < 2)
    return false;
  if (!AnyTouched)
    return foldClass(Members, Touched);

  // An earlier fold of this round changed some members: give all of them
  // the meet first (they were equal when the class was formed, and callers
  // may rely on that), then compare them again, exactly, as they are now.
  weakenToMeet(Members);
  SmallVector<CandidateId, 4> Live;
  for (Function *F : Members)
    Live.push_back(IdOf.find(F)->second);
  bool Folded = false;
  for (ArrayRef<CandidateId> C : splitByEncoding(
           Live,
           [&](CandidateId Id, Encoding &Out) {
             encodeFunction(*Candidates[Id], EncodeCtx, Out, SerialEncoder);
           },
           /*KeepSingletons=*/false)) {
    SmallVector<Function *, 4> Part;
    for (CandidateId Id : C)
      Part.push_back(Candidates[Id]);
    Folded |= foldClass(Part, Touched);
  }
  return Folded;
}

/// Gives every member of a class the annotations that hold for all of
/// them. With partition refinement a caller may be folded because its
/// callee's class matched; it then reaches another member of that class,
/// which must not promise more than the callee it replaced, even if that
/// member itself is never folded.
void IdenticalRun::weakenToMeet(ArrayRef<Function *> Members) {
  if (none_of(Members, [&](Function *F) { return standsForItsClass(*F); }))
    return;
  Function &First = *Members.front();
  for (Function *F : Members.drop_front())
    intersectAnnotations(First, *F, Policy);
  for (Function *F : Members.drop_front())
    intersectAnnotations(*F, First, Policy);
}

/// True when a caller of F may have been found equal to a caller of another
/// member of F's class only because the encoding named F by its class
/// (partition refinement, as a callee or as an address): F is in a
/// reference table and something uses it. Such an F must not promise more
/// than the others, folded or not; any other F keeps what it promised.
bool IdenticalRun::standsForItsClass(const Function &F) const {
  bool ByClass = Tables.Callee.count(&F) || Tables.Address.count(&F);
  return ByClass && !F.use_empty();
}

/// Plans and folds one class of equal functions. The kept member takes the
/// meet of every member's annotations; a member that is not folded takes it
/// too when callers may have been equated through it (standsForItsClass).
bool IdenticalRun::foldClass(ArrayRef<Function *> Members,
                             SmallPtrSetImpl<Function *> &Touched) {
  IdenticalPlan Plan = planIdenticalClass(Members, Facts, Opts.Mode);
  Function &KeptMember = *Plan.KeptMember;
  // Equal encodings imply intersectable attributes; a member for which the
  // intersection still fails stays out rather than weaken nothing.
  llvm::erase_if(Plan.Members, [&](const IdenticalMemberPlan &P) {
    if (intersectAnnotations(KeptMember, *P.Fn, Policy))
      return false;
    Plan.Refusals.push_back({P.Fn, "attributes cannot be intersected"});
    return true;
  });
  for (const Refusal &R : Plan.Refusals) {
    if (standsForItsClass(*R.Fn))
      intersectAnnotations(KeptMember, *R.Fn, Policy);
    Result.Refusals.push_back(
        {R.Fn->getName().str(), KeptMember.getName().str(), R.Reason.str()});
    ++Result.Stats.Refused;
    Result.Stats.HotRefused += R.Hot;
  }
  Result.Stats.HotKeptBytes += Plan.HotKeptBytes;
  for (const Refusal &R : Plan.Refusals)
    if (standsForItsClass(*R.Fn))
      intersectAnnotations(*R.Fn, KeptMember, Policy);
  if (!Plan.foldsAnything())
    return false;

  std::string KeptMemberName = KeptMember.getName().str();
  RewriteContext RC{Globals, Touched, &Tables};
  Function *Body = &KeptMember;
  if (Plan.NeedsPrivateBody) {
    Body = moveBodyToPrivateCopy(KeptMember, RC);
    size_t Instructions = InstructionCounts[IdOf.find(&KeptMember)->second];
    removeCandidate(&KeptMember);
    addCandidate(Body);
    InstructionCounts.back() = Instructions;
    if (!Tables.Callee.empty()) {
      // A fresh class of its own: nothing else is known to equal it yet.
      Tables.Callee[Body] = Candidates.size() - 1;
      if (addressByClass(*Body))
        Tables.Address[Body] = Candidates.size() - 1;
    }
    Plan.KeptMemberFold.Action = applyFold(Plan.KeptMemberFold, *Body, RC);
  }
  SmallVector<FoldAction, 4> Outcomes;
  SmallVector<std::string, 4> Names;
  for (const IdenticalMemberPlan &P : Plan.Members) {
    emitRemark(P, *Body);
    addProfileCounts(*Body, *P.Fn);
    Names.push_back(P.Fn->getName().str());
    removeCandidate(P.Fn);
    Outcomes.push_back(applyFold(P, *Body, RC));
  }
  recordGroup(Plan, *Body, Names, Outcomes);
  Result.Groups.back().KeptMember = KeptMemberName;
  if (Body != &KeptMember && discardableAndUnused(*Body)) {
    removeCandidate(Body);
    eraseFunction(*Body, RC);
  }
  return true;
}

/// Marks every changed live candidate dirty; the others keep their hashes.
void IdenticalRun::markDirty(const SmallPtrSetImpl<Function *> &Touched) {
  std::fill(Dirty.begin(), Dirty.end(), 0);
  for (Function *F : Touched) {
    auto It = IdOf.find(F);
    if (It != IdOf.end() && Candidates[It->second])
      Dirty[It->second] = 1;
  }
}

/// Round 0 compares every function whose shape has a twin; later rounds
/// only shape buckets holding a function that the previous round changed.
Error IdenticalRun::run() {
  std::vector<uint64_t> ShapesAndOperands = collectCandidates();
  std::vector<CandidateId> Members = candidatesWithTwinShape(ShapesAndOperands);
  Expected<ClassList> FirstClasses = refineClasses(Members);
  if (!FirstClasses)
    return FirstClasses.takeError();
  ClassList Classes = std::move(*FirstClasses);
  for (Round = 0;; ++Round) {
    SmallPtrSet<Function *, 32> Touched;
    bool Folded = false;
    {
      PhaseTimer Timer(Result.Times.ApplySeconds, "LTOMergeFunctions.Apply");
      for (ArrayRef<CandidateId> Class : Classes)
        Folded |= applyClass(Class, Touched);
    }
    ++Result.Stats.Rounds;
    markDirty(Touched);
    std::vector<CandidateId> Changed;
    for (CandidateId I = 0; I < Dirty.size(); ++I)
      if (Dirty[I])
        Changed.push_back(I);
    if (!Folded || Changed.empty() || Round + 1 >= Opts.MaxRounds)
      break;
    hashShapes(Changed);
    ClassList Buckets = dirtyShapeBuckets();
    if (Buckets.empty())
      break;
    Classes = resolveBuckets(Buckets);
  }

  for (Function *F : Candidates)
    if (F)
      Ctx.Remaining.insert(F);
  return Error::success();
}

class IdenticalStage final : public MergeStage {
public:
  StringRef name() const override { return "identical"; }
  bool runsOn(const Module &, const MergeOptions &) const override {
    return true;
  }
  Error run(StageContext &Ctx) const override {
    return IdenticalRun(Ctx).run();
  }
};

} // namespace

const MergeStage &identicalStage() {
  static const IdenticalStage Stage;
  return Stage;
}

} // namespace lmf
