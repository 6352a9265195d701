//===- PartitionRefinement.cpp - Equal modulo equal callees ---------------===//
//
// LLVM's MergeFunctions compares a call to another function by that
// function's identity, so it can never fold `ping`/`pong` twins, or any two
// cycles of equal functions: each cycle's members call each other, and
// "equal" would require the callees to be equal first. lld's ICF solves this
// with partition refinement, and so do we, at IR level:
//
//  1. Start optimistic: every candidate is in one class. References to
//     candidates that may be compared by class (see below) are encoded as
//     their class id, so under this first table all such references look
//     alike. Hash every candidate, bucket by hash, split the buckets exactly
//     with the total order: these are the first classes. Each class is
//     named after its first member, a stable and deterministic id.
//  2. A class can only split again if one of its members refers, by class,
//     to a function whose class id just changed. Re-encode the members of
//     exactly those classes under the new table and split them exactly.
//  3. Repeat until no class id changes. The result is the greatest fixpoint:
//     the coarsest partition that is consistent with itself.
//
// Every iteration reads the previous table and writes a new one (double
// buffering), so encoding runs in parallel on an immutable table and the
// result is the same for any thread count. After the first iteration only
// the classes that can still split are encoded again, so a deep call graph
// costs little more than one hashing pass.
//
// At the fixpoint, the members of each class encode to exactly the same list
// under the final table, so the comparator, which is a total order for any
// fixed table, still calls them equal. That is the exactness guarantee: a
// class is folded only when every member compares equal under the final
// classes.
//
// Which references may stand for their class: a direct call to a function
// whose body cannot be replaced (an exact, non-interposable definition), since
// calling either of two bisimilar bodies does the same thing; and, besides,
// the address of such a function when its address is not significant
// (unnamed_addr and not in llvm.used, or any function in `all` mode). A
// function's own address never stands for its class (see
// StructuralEncoding.cpp), and everything else keeps its identity.
//
//===----------------------------------------------------------------------===//

#include "core/PartitionRefinement.h"

#include "core/StructuralHash.h"
#include "core/UserFunctions.h"

#include "llvm/IR/Function.h"
#include "llvm/Support/TimeProfiler.h"

using namespace llvm;

namespace lmf {
namespace {

class Refiner {
public:
  explicit Refiner(const RefinementInput &In) : In(In) {}
  RefinementResult run();

private:
  void buildTables();
  EncodingContext context() const;
  std::vector<CandidateClass> firstSplit();
  std::vector<size_t> assign(const std::vector<CandidateClass> &NewClasses,
                             ArrayRef<size_t> Reset);
  std::vector<size_t> classesToResplit(ArrayRef<size_t> Changed) const;
  void encodeInto(size_t Index, Encoding &Out) const;

  const RefinementInput &In;
  RefinementResult Result;
  /// Class id of each candidate: the index of its class's first member.
  std::vector<uint64_t> ClassOf;
  /// The current classes of two or more members, and where each id sits.
  std::vector<CandidateClass> Classes;
  DenseMap<uint64_t, size_t> SlotOf;
  DenseMap<const Function *, size_t> IndexOf;
};

EncodingContext Refiner::context() const {
  EncodingContext Ctx = In.Base;
  Ctx.CalleeClasses = &Result.Tables.Callee;
  Ctx.AddressClasses = &Result.Tables.Address;
  return Ctx;
}

void Refiner::encodeInto(size_t Index, Encoding &Out) const {
  encodeFunction(*In.Candidates[Index], context(), Out);
}

void Refiner::buildTables() {
  ReferenceClasses &T = Result.Tables;
  T.Callee.clear();
  T.Address.clear();
  for (size_t I = 0; I < In.Candidates.size(); ++I) {
    const Function *F = In.Candidates[I];
    if (!F || !In.CalleeByClass(*F))
      continue;
    T.Callee[F] = ClassOf[I];
    if (In.AddressByClass(*F))
      T.Address[F] = ClassOf[I];
  }
}

/// Iteration 1: hash everything under the optimistic table, then split the
/// buckets exactly.
std::vector<CandidateClass> Refiner::firstSplit() {
  std::vector<size_t> Live;
  for (size_t I = 0; I < In.Candidates.size(); ++I)
    if (In.Candidates[I])
      Live.push_back(I);
  EncodingContext Ctx = context();
  std::vector<uint64_t> Hash(In.Candidates.size());
  forEachIndex(In.Runner, Live.size(), In.SerialThreshold, [&](size_t I) {
    Encoding Scratch;
    Hash[Live[I]] = hashFunction(*In.Candidates[Live[I]], Ctx, Scratch);
  });
  std::vector<CandidateClass> Buckets = groupByKey(Live, [&](size_t Index) {
    return std::make_pair(Hash[Index], uint64_t(0));
  });
  std::vector<std::vector<CandidateClass>> Split(Buckets.size());
  forEachIndex(In.Runner, Buckets.size(), In.SerialThreshold, [&](size_t B) {
    Split[B] = splitByEncoding(
        Buckets[B], [&](size_t I, Encoding &Out) { encodeInto(I, Out); },
        /*KeepSingletons=*/false);
  });
  std::vector<CandidateClass> NewClasses;
  for (size_t B = 0; B < Buckets.size(); ++B) {
    Result.FirstIteration.add(Buckets[B], Split[B]);
    for (CandidateClass &C : Split[B])
      NewClasses.push_back(std::move(C));
  }
  return NewClasses;
}

/// Makes every candidate in Reset a singleton, then installs NewClasses of
/// two or more members. Returns the candidates whose class id changed, in
/// increasing order.
std::vector<size_t>
Refiner::assign(const std::vector<CandidateClass> &NewClasses,
                ArrayRef<size_t> Reset) {
  std::vector<uint64_t> Before(Reset.size());
  for (size_t I = 0; I < Reset.size(); ++I) {
    Before[I] = ClassOf[Reset[I]];
    ClassOf[Reset[I]] = Reset[I];
  }
  for (const CandidateClass &C : NewClasses) {
    for (size_t Index : C)
      ClassOf[Index] = C.front();
    if (C.size() >= 2) {
      SlotOf[C.front()] = Classes.size();
      Classes.push_back(C);
    }
  }
  std::vector<size_t> Changed;
  for (size_t I = 0; I < Reset.size(); ++I)
    if (ClassOf[Reset[I]] != Before[I])
      Changed.push_back(Reset[I]);
  return Changed;
}

/// The classes (as slots) that hold a function referring, by class, to a
/// function whose class id changed.
std::vector<size_t> Refiner::classesToResplit(ArrayRef<size_t> Changed) const {
  SmallPtrSet<Function *, 32> Users;
  for (size_t Index : Changed)
    if (Result.Tables.Callee.count(In.Candidates[Index]))
      collectUserFunctions(*In.Candidates[Index], Users);
  std::vector<size_t> Slots;
  for (Function *U : Users) {
    auto It = IndexOf.find(U);
    if (It == IndexOf.end())
      continue;
    auto Slot = SlotOf.find(ClassOf[It->second]);
    if (Slot != SlotOf.end())
      Slots.push_back(Slot->second);
  }
  llvm::sort(Slots);
  Slots.erase(std::unique(Slots.begin(), Slots.end()), Slots.end());
  return Slots;
}

RefinementResult Refiner::run() {
  TimeTraceScope Trace("LTOMergeFunctions.Refine");
  ClassOf.assign(In.Candidates.size(), ~0ULL);
  std::vector<size_t> Live;
  for (size_t I = 0; I < In.Candidates.size(); ++I) {
    if (!In.Candidates[I])
      continue;
    Live.push_back(I);
    IndexOf[In.Candidates[I]] = I;
  }
  // The optimistic start: one class, named after its first member.
  for (size_t Index : Live)
    ClassOf[Index] = Live.empty() ? 0 : Live.front();
  buildTables();
  std::vector<size_t> Changed = assign(firstSplit(), Live);
  Result.Iterations = 1;

  // Each iteration splits at least one class, so this ends after at most as
  // many iterations as there are candidates.
  while (!Changed.empty()) {
    buildTables();
    std::vector<size_t> Slots = classesToResplit(Changed);
    if (Slots.empty())
      break;
    ++Result.Iterations;
    std::vector<std::vector<CandidateClass>> Split(Slots.size());
    forEachIndex(In.Runner, Slots.size(), In.SerialThreshold, [&](size_t S) {
      Split[S] = splitByEncoding(
          Classes[Slots[S]],
          [&](size_t I, Encoding &Out) { encodeInto(I, Out); },
          /*KeepSingletons=*/true);
    });
    std::vector<size_t> Reset;
    std::vector<CandidateClass> NewClasses;
    for (size_t S = 0; S < Slots.size(); ++S) {
      CandidateClass &Old = Classes[Slots[S]];
      SlotOf.erase(Old.front());
      Reset.insert(Reset.end(), Old.begin(), Old.end());
      Old.clear();
      for (CandidateClass &C : Split[S])
        NewClasses.push_back(std::move(C));
    }
    llvm::sort(Reset);
    Changed = assign(NewClasses, Reset);
  }
  buildTables();

  for (CandidateClass &C : Classes)
    if (C.size() >= 2)
      Result.Classes.push_back(std::move(C));
  llvm::sort(Result.Classes,
             [](const CandidateClass &L, const CandidateClass &R) {
               return L.front() < R.front();
             });
  return std::move(Result);
}

} // namespace

RefinementResult refinePartition(const RefinementInput &In) {
  return Refiner(In).run();
}

} // namespace lmf
