//===- PartitionRefinement.cpp - Equal modulo equal callees ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM's MergeFunctions compares a call to another function by that
// function's identity, so it can never fold `ping`/`pong` twins, or any two
// cycles of equal functions: each cycle's members call each other, and
// "equal" would require the callees to be equal first. lld's ICF solves this
// with partition refinement, and so do we, at IR level:
//
//  1. Encode every function that may have a twin once, as a skeleton in
//     which each reference to a candidate that may be compared by class is
//     a placeholder, plus the list of those references (encodeSkeleton).
//     Bucket by skeleton hash and split the buckets exactly with the total
//     order: these are the first classes, the optimistic start in which
//     every such reference is assumed to be equal. Each class is named
//     after its first member, a stable and deterministic id.
//  2. Split every class by the class ids its members' references point to,
//     read from the previous iteration's ids.
//  3. Repeat until no class id changes. The result is the greatest fixpoint:
//     the coarsest partition that is consistent with itself.
//
// After step 1 the iterations only compare integer lists; no IR is read
// again, so a deep call graph costs little more than one encoding pass.
// Every iteration reads the previous ids and writes new ones (double
// buffering), and classes are named by their first member, so the result is
// the same for any thread count.
//
// Members of one class must also be able to share their optimizer facts:
// a caller folded because its callee's class matched may now reach any
// member of that class, so every member is later weakened to the meet of the
// class's annotations (MergeModule.cpp). Equal encodings guarantee that the
// meet exists: every attribute whose intersection can fail (ABI attributes,
// string attributes, the alignment of by-value arguments) is encoded.
//
// At the fixpoint, the members of each class encode to exactly the same list
// under the final table, so the comparator, which is a total order for any
// fixed table, still calls them equal. That is the exactness guarantee: a
// class is folded only when every member compares equal under the final
// classes.
//
// Which references may stand for their class: a direct call to a function
// whose body cannot be replaced (exact, not interposable, not preemptible),
// since calling either of two bisimilar bodies does the same thing; and,
// besides, the address of such a function when its address is not significant
// (unnamed_addr and not in llvm.used, or any function in `all` mode). A
// function's own address never stands for its class (see
// StructuralEncoding.cpp), and everything else keeps its identity.
//
//===----------------------------------------------------------------------===//

#include "core/PartitionRefinement.h"

#include "core/StructuralHash.h"

#include "llvm/IR/Function.h"
#include "llvm/Support/TimeProfiler.h"

#include <atomic>

using namespace llvm;

namespace lmf {
namespace {

/// A member's references, as candidate ids.
using ReferenceList = SmallVector<CandidateId, 4>;

class Refiner {
public:
  explicit Refiner(const RefinementInput &In) : In(In) {}
  RefinementResult run();

private:
  void classifyReferences();
  void buildTables();
  void encodeMembers();
  ClassList skeletonClasses();
  ClassList splitByReferences(ArrayRef<CandidateId> Class) const;
  bool iterate();

  const RefinementInput &In;
  RefinementResult Result;
  /// Class id of each candidate: the id of its class's first member.
  std::vector<CandidateId> ClassOf;
  std::vector<uint64_t> SkeletonHash;
  std::vector<ReferenceList> Refs;
  /// Skeletons kept from encodeMembers for the exact split, within budget.
  std::vector<Encoding> Skeletons;
  std::atomic<uint64_t> CachedTokens{0};
  static constexpr uint64_t CacheBudgetTokens = 64ull << 20; // 512 MiB
  /// The current classes of two or more members.
  ClassList Classes;
  enum : uint8_t { NotByClass, CalleeOnly, CalleeAndAddress };
  /// How each candidate may be referred to by class.
  std::vector<uint8_t> ByClass;
};

/// Which candidates may be compared by class, asked once.
void Refiner::classifyReferences() {
  ByClass.assign(In.Candidates.size(), NotByClass);
  for (CandidateId I = 0; I < In.Candidates.size(); ++I) {
    const Function *F = In.Candidates[I];
    if (!F || !In.CalleeByClass(*F))
      continue;
    ByClass[I] = In.AddressByClass(*F) ? CalleeAndAddress : CalleeOnly;
  }
}

/// Every candidate that may be compared by class gets its current id.
void Refiner::buildTables() {
  ReferenceClasses &T = Result.Tables;
  T.Callee.clear();
  T.Address.clear();
  for (CandidateId I = 0; I < In.Candidates.size(); ++I) {
    if (ByClass[I] == NotByClass)
      continue;
    const Function *F = In.Candidates[I];
    T.Callee[F] = ClassOf[I];
    if (ByClass[I] == CalleeAndAddress)
      T.Address[F] = ClassOf[I];
  }
}

void Refiner::encodeMembers() {
  TimeTraceScope Trace("LTOMergeFunctions.Refine.Encode");
  EncodingContext Ctx = In.Base;
  Ctx.CalleeClasses = &Result.Tables.Callee;
  Ctx.AddressClasses = &Result.Tables.Address;
  forEachIndex(In.Runner, In.Members.size(), In.SerialThreshold, [&](size_t M) {
    // Encoded into per-thread buffers that keep their capacity; what is
    // kept is copied once, at its exact size.
    static thread_local Encoding Skeleton;
    static thread_local std::vector<CandidateId> ClassIds;
    CandidateId Id = In.Members[M];
    encodeSkeleton(*In.Candidates[Id], Ctx, Skeleton, ClassIds);
    SkeletonHash[Id] = hashEncoding(Skeleton);
    // Until the first split every candidate is its own class, named by its
    // id (see run), so a reference's class id is its target's id.
    Refs[Id].assign(ClassIds.begin(), ClassIds.end());
    // Keep the skeleton for the exact split while memory allows; past the
    // budget, the split encodes again. Either way the result is the same.
    if (CachedTokens.fetch_add(Skeleton.size()) + Skeleton.size() <=
        CacheBudgetTokens)
      Skeletons[Id].assign(Skeleton.begin(), Skeleton.end());
  });
}

ClassList Refiner::skeletonClasses() {
  TimeTraceScope Trace("LTOMergeFunctions.Refine.Split");
  EncodingContext Ctx = In.Base;
  Ctx.CalleeClasses = &Result.Tables.Callee;
  Ctx.AddressClasses = &Result.Tables.Address;
  ClassList Buckets = groupByKey(In.Members, SkeletonHash);
  std::vector<ClassList> Split(Buckets.size());
  forEachIndex(In.Runner, Buckets.size(), In.SerialThreshold, [&](size_t B) {
    std::vector<CandidateId> Unused;
    Split[B] = splitByEncoding(
        Buckets[B],
        [&](CandidateId Id, Encoding &Out) {
          if (!Skeletons[Id].empty())
            Out = std::move(Skeletons[Id]);
          else
            encodeSkeleton(*In.Candidates[Id], Ctx, Out, Unused);
        },
        /*KeepSingletons=*/false);
  });
  ClassList Found;
  for (size_t B = 0; B < Buckets.size(); ++B) {
    Result.SkeletonBuckets.add(Buckets[B], Split[B]);
    Found.append(Split[B]);
  }
  return Found;
}

/// Splits a class by the current class ids of its members' references;
/// every part, singletons included, in increasing id order.
ClassList Refiner::splitByReferences(ArrayRef<CandidateId> Class) const {
  using Keyed = std::pair<SmallVector<CandidateId, 8>, CandidateId>;
  SmallVector<Keyed, 8> Members;
  for (CandidateId Id : Class) {
    Keyed &K = Members.emplace_back();
    for (CandidateId Target : Refs[Id])
      K.first.push_back(ClassOf[Target]);
    K.second = Id;
  }
  ClassList Parts;
  SmallVector<CandidateId, 8> Part;
  forEachRunOfEquals(
      MutableArrayRef(Members),
      [](const Keyed &L, const Keyed &R) {
        return L.first < R.first ? -1 : R.first < L.first;
      },
      [&](ArrayRef<Keyed> Run) {
        Part.clear();
        for (const Keyed &K : Run)
          Part.push_back(K.second);
        llvm::sort(Part);
        Parts.add(Part);
      });
  return Parts;
}

/// One step: splits every class by the previous ids. Returns whether any
/// class split.
bool Refiner::iterate() {
  TimeTraceScope Trace("LTOMergeFunctions.Refine.Iterate");
  std::vector<ClassList> Split(Classes.size());
  forEachIndex(In.Runner, Classes.size(), In.SerialThreshold,
               [&](size_t C) { Split[C] = splitByReferences(Classes[C]); });
  bool Changed = false;
  ClassList Next;
  for (const ClassList &Parts : Split) {
    Changed |= Parts.size() > 1;
    for (ArrayRef<CandidateId> Part : Parts) {
      for (CandidateId Id : Part)
        ClassOf[Id] = Part.front();
      if (Part.size() >= 2)
        Next.add(Part);
    }
  }
  Classes = std::move(Next);
  return Changed;
}

RefinementResult Refiner::run() {
  TimeTraceScope Trace("LTOMergeFunctions.Refine");
  size_t N = In.Candidates.size();
  ClassOf.resize(N);
  SkeletonHash.assign(N, 0);
  Refs.resize(N);
  Skeletons.resize(N);
  for (CandidateId I = 0; I < N; ++I)
    ClassOf[I] = I;
  classifyReferences();
  buildTables();
  encodeMembers();
  Classes = skeletonClasses();
  Skeletons.clear();
  Skeletons.shrink_to_fit();
  for (ArrayRef<CandidateId> C : Classes)
    for (CandidateId Id : C)
      ClassOf[Id] = C.front();
  Result.Iterations = 1;
  // Each changing iteration adds a class, so this ends after at most as many
  // iterations as there are candidates.
  while (iterate())
    ++Result.Iterations;
  buildTables();
  Result.Classes = std::move(Classes);
  Result.Classes.finish();
  return std::move(Result);
}

} // namespace

RefinementResult refinePartition(const RefinementInput &In) {
  return Refiner(In).run();
}

} // namespace lmf
