//===- MergeDriver.cpp - Merge identical functions in a module ------------===//
//
// The driver reads like the algorithm:
//
//   1. collect the candidates (Eligibility.h), numbered in module order;
//   2. hash every candidate in parallel (StructuralHash.h), each task writing
//      its own slot of a preallocated vector;
//   3. group candidates by hash into buckets, ordered by their first member;
//   4. resolve each bucket with two or more members in parallel: encode each
//      member once, sort the encodings with the total order, cut the sorted
//      list into classes of equal functions;
//   5. plan and apply each class serially, in bucket order (MergePlan.h,
//      AnnotationIntersector.h, FoldRewriter.h);
//   6. the functions whose bodies the folds changed (callers of a folded
//      function) are rehashed, and only buckets holding one of them are
//      resolved again; repeat until a round folds nothing.
//
// Only steps 2 and 4 run in parallel, and they only read IR. Every order that
// reaches the output derives from candidate indices, that is from module
// order, never from thread timing or pointer values, so the resulting module
// is byte-identical for any thread count.
//
// A class member whose body was changed earlier in the same round (because
// it called a function folded by an earlier class) no longer has the
// encoding that put it in its class. It is left for the next round, when it
// is rehashed and compared again.
//
//===----------------------------------------------------------------------===//

#include "core/MergeDriver.h"

#include "core/AnnotationIntersector.h"
#include "core/AnnotationPolicy.h"
#include "core/Eligibility.h"
#include "core/FoldRewriter.h"
#include "core/FunctionComparator.h"
#include "core/GlobalNumbering.h"
#include "core/StructuralHash.h"

#define LLVM_FORCE_ENABLE_STATS 1
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <numeric>

#define DEBUG_TYPE "lto-merge-functions"

using namespace llvm;

STATISTIC(NumConsidered, "Functions considered for merging");
STATISTIC(NumFolded, "Functions folded");
STATISTIC(NumErased, "Folded functions erased");
STATISTIC(NumAliases, "Folded functions turned into aliases");
STATISTIC(NumThunks, "Folded functions turned into thunks");
STATISTIC(NumRedirected, "Folded functions whose callers were redirected");
STATISTIC(NumRefused, "Equal functions not folded");
STATISTIC(NumRounds, "Merge rounds");

namespace lmf {
namespace {

using Clock = std::chrono::steady_clock;

/// Adds the seconds since construction to a phase counter when destroyed,
/// and shows the phase in `--time-trace`.
class PhaseTimer {
public:
  PhaseTimer(double &Total, StringRef Name)
      : Total(Total), Trace(Name), Start(Clock::now()) {}
  ~PhaseTimer() {
    Total += std::chrono::duration<double>(Clock::now() - Start).count();
  }

private:
  double &Total;
  TimeTraceScope Trace;
  Clock::time_point Start;
};

/// A class of equal candidates, as indices in module order.
using CandidateClass = SmallVector<size_t, 4>;

class MergeSession {
public:
  MergeSession(Module &M, const MergeOptions &Opts, TaskRunner &Runner)
      : M(M), Opts(Opts), Runner(Runner), Globals(M), Policy(M) {}

  Expected<MergeResult> run();

private:
  void collectCandidates();
  void hashCandidates(ArrayRef<size_t> Indices);
  std::vector<CandidateClass> buildBuckets(bool Everything) const;
  std::vector<CandidateClass>
  resolveBuckets(const std::vector<CandidateClass> &Buckets, bool CountPurity);
  std::vector<CandidateClass> resolveBucket(const CandidateClass &Bucket) const;
  bool applyClass(const CandidateClass &Class,
                  SmallPtrSetImpl<Function *> &Touched);
  void recordGroup(const ClassPlan &Plan, Function &Body,
                   ArrayRef<std::string> Names, ArrayRef<FoldAction> Outcomes);
  void emitRemark(Function &G, const Function &Survivor, FoldAction Action);
  void addCandidate(Function *F);
  void forEachIndex(size_t Count, function_ref<void(size_t)> Body);
  bool finishRound(SmallPtrSetImpl<Function *> &Touched);

  Module &M;
  const MergeOptions &Opts;
  TaskRunner &Runner;
  GlobalNumbering Globals;
  AnnotationPolicy Policy;
  ModuleFacts Facts;
  EncodingContext EncodeCtx{Globals, Policy};

  /// Candidate functions by index; null once folded away or made a thunk.
  std::vector<Function *> Candidates;
  std::vector<uint64_t> Hashes;
  std::vector<char> Dirty;
  DenseMap<const Function *, size_t> IndexOf;
  unsigned Round = 0;
  MergeResult Result;
};

void MergeSession::forEachIndex(size_t Count, function_ref<void(size_t)> Body) {
  TaskRunner &R = Count < Opts.SerialThreshold ? serialRunner() : Runner;
  R.forEachRange(Count, [&](size_t Begin, size_t End) {
    for (size_t I = Begin; I != End; ++I)
      Body(I);
  });
}

void MergeSession::addCandidate(Function *F) {
  IndexOf[F] = Candidates.size();
  Candidates.push_back(F);
  Hashes.push_back(0);
  Dirty.push_back(1);
}

void MergeSession::collectCandidates() {
  PhaseTimer Timer(Result.Times.CollectSeconds, "LTOMergeFunctions.Collect");
  for (Function &F : M) {
    ++Result.Stats.FunctionsInModule;
    if (isEligible(F))
      addCandidate(&F);
  }
  Result.Stats.Considered = Candidates.size();
  NumConsidered += Candidates.size();
}

void MergeSession::hashCandidates(ArrayRef<size_t> Indices) {
  PhaseTimer Timer(Result.Times.HashSeconds, "LTOMergeFunctions.Hash");
  TaskRunner &R =
      Indices.size() < Opts.SerialThreshold ? serialRunner() : Runner;
  R.forEachRange(Indices.size(), [&](size_t Begin, size_t End) {
    Encoding Scratch;
    for (size_t I = Begin; I != End; ++I) {
      size_t Index = Indices[I];
      Hashes[Index] = hashFunction(*Candidates[Index], EncodeCtx, Scratch);
    }
  });
}

/// Buckets of two or more live candidates with equal hashes. After the first
/// round only buckets that hold a dirty candidate can fold anything new.
std::vector<CandidateClass> MergeSession::buildBuckets(bool Everything) const {
  std::vector<size_t> Order;
  for (size_t I = 0; I < Candidates.size(); ++I)
    if (Candidates[I])
      Order.push_back(I);
  llvm::stable_sort(Order,
                    [&](size_t L, size_t R) { return Hashes[L] < Hashes[R]; });
  std::vector<CandidateClass> Buckets;
  for (size_t Begin = 0; Begin < Order.size();) {
    size_t End = Begin + 1;
    while (End < Order.size() && Hashes[Order[End]] == Hashes[Order[Begin]])
      ++End;
    bool Wanted = Everything;
    for (size_t I = Begin; I < End && !Wanted; ++I)
      Wanted = Dirty[Order[I]];
    if (End - Begin >= 2 && Wanted)
      Buckets.emplace_back(Order.begin() + Begin, Order.begin() + End);
    Begin = End;
  }
  // Members are in index order already (stable sort); order buckets by their
  // first member so that plans are applied in module order.
  llvm::sort(Buckets, [](const CandidateClass &L, const CandidateClass &R) {
    return L.front() < R.front();
  });
  return Buckets;
}

std::vector<CandidateClass>
MergeSession::resolveBucket(const CandidateClass &Bucket) const {
  std::vector<Encoding> Encodings(Bucket.size());
  for (size_t I = 0; I < Bucket.size(); ++I)
    encodeFunction(*Candidates[Bucket[I]], EncodeCtx, Encodings[I]);
  SmallVector<size_t, 8> Sorted(Bucket.size());
  std::iota(Sorted.begin(), Sorted.end(), 0);
  llvm::stable_sort(Sorted, [&](size_t L, size_t R) {
    return compareEncodings(Encodings[L], Encodings[R]) < 0;
  });
  std::vector<CandidateClass> Classes;
  for (size_t Begin = 0; Begin < Sorted.size();) {
    size_t End = Begin + 1;
    while (End < Sorted.size() && compareEncodings(Encodings[Sorted[Begin]],
                                                   Encodings[Sorted[End]]) == 0)
      ++End;
    if (End - Begin >= 2) {
      CandidateClass Class;
      for (size_t I = Begin; I < End; ++I)
        Class.push_back(Bucket[Sorted[I]]);
      llvm::sort(Class);
      Classes.push_back(std::move(Class));
    }
    Begin = End;
  }
  return Classes;
}

std::vector<CandidateClass>
MergeSession::resolveBuckets(const std::vector<CandidateClass> &Buckets,
                             bool CountPurity) {
  PhaseTimer Timer(Result.Times.ResolveSeconds, "LTOMergeFunctions.Resolve");
  std::vector<std::vector<CandidateClass>> PerBucket(Buckets.size());
  forEachIndex(Buckets.size(),
               [&](size_t B) { PerBucket[B] = resolveBucket(Buckets[B]); });
  std::vector<CandidateClass> Classes;
  for (size_t B = 0; B < Buckets.size(); ++B) {
    bool Pure = PerBucket[B].size() == 1 &&
                PerBucket[B].front().size() == Buckets[B].size();
    if (CountPurity) {
      ++Result.Stats.MultiMemberBuckets;
      Result.Stats.PureBuckets += Pure;
    }
    // Members of a bucket that fall in different classes are collisions of
    // the hash; only the first round counts them, over the whole module.
    if (CountPurity && !Pure) {
      size_t InClasses = 0;
      for (const CandidateClass &C : PerBucket[B])
        InClasses += C.size();
      Result.Stats.Collisions +=
          Buckets[B].size() - InClasses + PerBucket[B].size() - 1;
    }
    for (CandidateClass &C : PerBucket[B])
      Classes.push_back(std::move(C));
  }
  return Classes;
}

void MergeSession::emitRemark(Function &G, const Function &Survivor,
                              FoldAction Action) {
  LLVMContext &Ctx = G.getContext();
  if (!Ctx.getLLVMRemarkStreamer() &&
      !Ctx.getDiagHandlerPtr()->isPassedOptRemarkEnabled(DEBUG_TYPE))
    return;
  OptimizationRemark Remark(DEBUG_TYPE, "FunctionFolded", &G);
  Remark << "folded '" << G.getName() << "' into identical '"
         << Survivor.getName() << "' (" << foldActionName(Action) << ")";
  Ctx.diagnose(Remark);
}

void MergeSession::recordGroup(const ClassPlan &Plan, Function &Body,
                               ArrayRef<std::string> Names,
                               ArrayRef<FoldAction> Outcomes) {
  FoldGroup Group;
  Group.Round = Round;
  Group.Body = Body.getName().str();
  Group.BodyInstructions = Body.getInstructionCount();
  Group.SurvivorForwarded = Plan.NeedsPrivateBody;
  Group.SurvivorAction = Plan.SurvivorFold.Action;
  MergeStats &S = Result.Stats;
  for (auto [Name, Outcome] : zip(Names, Outcomes)) {
    Group.Members.push_back({Name, Outcome});
    ++S.Folded;
    ++NumFolded;
    switch (Outcome) {
    case FoldAction::Erased:
      ++S.FoldedErased, ++NumErased;
      break;
    case FoldAction::Alias:
      ++S.FoldedAlias, ++NumAliases;
      break;
    case FoldAction::Thunk:
      ++S.FoldedThunk, ++NumThunks;
      break;
    case FoldAction::CallersRedirected:
      ++S.FoldedCallersRedirected, ++NumRedirected;
      break;
    }
    S.InstructionsRemoved += Group.BodyInstructions;
  }
  Result.Groups.push_back(std::move(Group));
}

bool MergeSession::applyClass(const CandidateClass &Class,
                              SmallPtrSetImpl<Function *> &Touched) {
  SmallVector<Function *, 4> Members;
  for (size_t Index : Class)
    if (Candidates[Index] && !Touched.count(Candidates[Index]))
      Members.push_back(Candidates[Index]);
  if (Members.size() < 2)
    return false;

  ClassPlan Plan = planClass(Members, Facts, Opts.Mode);
  Function &Survivor = *Plan.Survivor;
  // Attributes the survivor cannot intersect with (rare: custom merges that
  // fail) keep that member out.
  llvm::erase_if(Plan.Folded, [&](const MemberPlan &P) {
    if (canIntersectAnnotations(Survivor, *P.Fn))
      return false;
    Plan.Refused.push_back({P.Fn, "attributes cannot be intersected"});
    return true;
  });
  for (const Refusal &R : Plan.Refused) {
    Result.Refusals.push_back(
        {R.Fn->getName().str(), Survivor.getName().str(), R.Reason.str()});
    ++Result.Stats.Refused;
    ++NumRefused;
  }
  if (!Plan.foldsAnything())
    return false;

  for (const MemberPlan &P : Plan.Folded)
    intersectAnnotations(Survivor, *P.Fn, Policy);

  std::string SurvivorName = Survivor.getName().str();
  RewriteContext RC{Globals, Touched};
  Function *Body = &Survivor;
  if (Plan.NeedsPrivateBody) {
    Body = moveBodyToPrivateCopy(Survivor, RC);
    Candidates[IndexOf[&Survivor]] = nullptr;
    IndexOf.erase(&Survivor);
    addCandidate(Body);
    applyFold(Plan.SurvivorFold, *Body, RC);
  }
  SmallVector<FoldAction, 4> Outcomes;
  SmallVector<std::string, 4> Names;
  for (const MemberPlan &P : Plan.Folded) {
    emitRemark(*P.Fn, *Body, P.Action);
    Names.push_back(P.Fn->getName().str());
    Candidates[IndexOf[P.Fn]] = nullptr;
    IndexOf.erase(P.Fn);
    Outcomes.push_back(applyFold(P, *Body, RC));
  }
  recordGroup(Plan, *Body, Names, Outcomes);
  Result.Groups.back().Survivor = SurvivorName;
  return true;
}

/// Marks every changed live candidate dirty and rehashes them. Returns
/// whether anything changed.
bool MergeSession::finishRound(SmallPtrSetImpl<Function *> &Touched) {
  std::fill(Dirty.begin(), Dirty.end(), 0);
  std::vector<size_t> ToHash;
  for (Function *F : Touched) {
    auto It = IndexOf.find(F);
    if (It == IndexOf.end() || !Candidates[It->second])
      continue;
    Dirty[It->second] = 1;
    ToHash.push_back(It->second);
  }
  llvm::sort(ToHash);
  hashCandidates(ToHash);
  return !ToHash.empty();
}

Expected<MergeResult> MergeSession::run() {
  auto Start = Clock::now();
  TimeTraceScope Trace("LTOMergeFunctions");
  Result.ModuleName = M.getModuleIdentifier();
  Result.Mode = mergeModeName(Opts.Mode).str();
  Result.Stats.Threads = Runner.concurrency();
  Facts = collectModuleFacts(M);
  collectCandidates();
  std::vector<size_t> All(Candidates.size());
  std::iota(All.begin(), All.end(), 0);
  hashCandidates(All);

  for (Round = 0; Round < Opts.MaxRounds; ++Round) {
    std::vector<CandidateClass> Buckets = buildBuckets(Round == 0);
    if (Buckets.empty())
      break;
    std::vector<CandidateClass> Classes =
        resolveBuckets(Buckets, /*CountPurity=*/Round == 0);
    SmallPtrSet<Function *, 32> Touched;
    bool Folded = false;
    {
      PhaseTimer Timer(Result.Times.ApplySeconds, "LTOMergeFunctions.Apply");
      for (const CandidateClass &Class : Classes)
        Folded |= applyClass(Class, Touched);
    }
    ++Result.Stats.Rounds;
    ++NumRounds;
    if (!Folded || !finishRound(Touched))
      break;
  }

  if (Opts.Verify) {
    PhaseTimer Timer(Result.Times.VerifySeconds, "LTOMergeFunctions.Verify");
    std::string Message;
    raw_string_ostream OS(Message);
    if (verifyModule(M, &OS))
      return createStringError(inconvertibleErrorCode(),
                               "module is invalid after merging functions: " +
                                   OS.str());
  }
  Result.Times.TotalSeconds =
      std::chrono::duration<double>(Clock::now() - Start).count();
  return std::move(Result);
}

} // namespace

Expected<MergeResult> mergeFunctions(Module &M, const MergeOptions &Opts,
                                     TaskRunner &Runner) {
  return MergeSession(M, Opts, Runner).run();
}

} // namespace lmf
