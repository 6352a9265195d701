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
// Steps 2 and 3 are the engine of ClassRefinement.cpp, which the planner
// across ThinLTO modules runs too. After step 1 the iterations only compare
// integer lists; no IR is read again, so a deep call graph costs little
// more than one encoding pass. Every iteration reads the previous ids and
// writes new ones (double buffering), and classes are named by their first
// member, so the result is the same for any thread count.
//
// The data of step 1 are laid out so that it is linear in the module:
//
//  - References: one flat array of candidate ids with 32-bit prefix offsets
//    per candidate (CandidateLists, as mold keeps edges), built once from
//    what the encoders staged; the iterations read them there.
//  - Skeletons: encoded once each, and compared at once, while the encoding
//    is still in cache, with the representative skeleton that the worker
//    keeps for the same hash: the first it encoded, copied into its arena
//    (the task runner tells a task its worker, so this scratch is the
//    worker's, and so is the encoder's EncoderScratch, see TaskRunner.h).
//    Most members have a twin, so one skeleton per hash and worker is a
//    fraction of all of them, and fresh memory is what copying costs most:
//    every page is faulted in (the peak this saves: bench/notebook/
//    2026-11-24.md, "Speed: one skeleton per hash"). A bucket whose
//    members all equal one representative (and whose workers'
//    representatives are equal) is one class. Any other bucket (a hash
//    collision, or a representative past the cache budget) is split exactly
//    by encoding its members again.
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

#include "core/equality/PartitionRefinement.h"

#include "core/equality/StructuralHash.h"
#include "core/equality/TotalOrder.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/TimeProfiler.h"

#include <atomic>

using namespace llvm;

namespace lmf {

namespace {

/// Copies Items into Arena, where they stay until the arena is freed.
template <typename T>
ArrayRef<T> copyToArena(ArrayRef<T> Items, BumpPtrAllocator &Arena) {
  if (Items.empty())
    return {};
  T *Copy = Arena.Allocate<T>(Items.size());
  llvm::copy(Items, Copy);
  return ArrayRef(Copy, Items.size());
}

/// What one worker of the runner reuses from one member to the next.
struct WorkerScratch {
  Encoding Skeleton;
  std::vector<CandidateId> ClassIds;
  EncoderScratch Encoder;
  /// The references this worker encoded and its representative skeletons,
  /// until the first classes are found.
  BumpPtrAllocator Arena;
  /// The first skeleton of each hash this worker encoded, or none when it
  /// did not fit the cache budget.
  DenseMap<uint64_t, ArrayRef<uint64_t>> Representatives;
  SplitScratch Split;
  /// The classes this worker found among the skeleton buckets, and the
  /// buckets' statistics.
  ClassList Found;
  GroupStats Buckets;
};

class Refiner {
public:
  explicit Refiner(const RefinementInput &In);
  Expected<RefinementResult> run();

private:
  void classifyReferences();
  void buildTables();
  void renameTablesToClasses();
  Error encodeMembers();
  void encodeMember(CandidateId Id, WorkerScratch &W);
  void compareWithRepresentative(CandidateId Id, WorkerScratch &W);
  bool equalToOneRepresentative(ArrayRef<CandidateId> Bucket) const;
  void splitBucket(ArrayRef<CandidateId> Bucket, WorkerScratch &W);
  ClassList skeletonClasses();

  const RefinementInput &In;
  RefinementResult Result;
  /// The base context with refinement's class tables.
  EncodingContext Ctx;
  /// Class id of each candidate: the id of its class's first member.
  std::vector<CandidateId> ClassOf;
  std::vector<uint64_t> SkeletonHash;
  /// Each candidate's references, as candidate ids (empty for others).
  CandidateLists Refs;

  /// Scratch of each worker of In.Runner, until the first classes exist.
  std::vector<WorkerScratch> Workers;
  /// Where each member's references were staged by encodeMembers, in some
  /// worker's arena.
  std::vector<ArrayRef<CandidateId>> StagedRefs;
  /// For each member, the representative skeleton (in some worker's arena)
  /// that its own skeleton equals; empty when none is known to.
  std::vector<ArrayRef<uint64_t>> RepresentativeOf;
  std::atomic<uint64_t> CachedTokens{0};

  enum : uint8_t { NotByClass, CalleeOnly, CalleeAndAddress };
  /// How each candidate may be referred to by class.
  std::vector<uint8_t> ByClass;
};

Refiner::Refiner(const RefinementInput &In) : In(In), Ctx(In.Base) {
  Ctx.CalleeClasses = &Result.Tables.Callee;
  Ctx.AddressClasses = &Result.Tables.Address;
}

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
  T.Callee.reserve(ByClass.size() - llvm::count(ByClass, NotByClass));
  T.Address.reserve(llvm::count(ByClass, CalleeAndAddress));
  for (CandidateId I = 0; I < In.Candidates.size(); ++I) {
    if (ByClass[I] == NotByClass)
      continue;
    const Function *F = In.Candidates[I];
    T.Callee[F] = ClassOf[I];
    if (ByClass[I] == CalleeAndAddress)
      T.Address[F] = ClassOf[I];
  }
}

/// The tables still name every candidate by its own id; at the fixpoint,
/// only members of a class that are not its first have another.
void Refiner::renameTablesToClasses() {
  ReferenceClasses &T = Result.Tables;
  for (CandidateId Id : Result.Classes.ids()) {
    if (ClassOf[Id] == Id || ByClass[Id] == NotByClass)
      continue;
    const Function *F = In.Candidates[Id];
    T.Callee.find(F)->second = ClassOf[Id];
    if (ByClass[Id] == CalleeAndAddress)
      T.Address.find(F)->second = ClassOf[Id];
  }
}

void Refiner::encodeMember(CandidateId Id, WorkerScratch &W) {
  encodeSkeleton(*In.Candidates[Id], Ctx, W.Skeleton, W.ClassIds, W.Encoder);
  SkeletonHash[Id] = hashEncoding(W.Skeleton);
  // Until the first split every candidate is its own class, named by its
  // id (see run), so a reference's class id is its target's id.
  StagedRefs[Id] = copyToArena<CandidateId>(W.ClassIds, W.Arena);
  compareWithRepresentative(Id, W);
}

/// Compares Id's skeleton, just encoded, with the worker's representative
/// for its hash, or makes it the representative if there is none yet and
/// the cache budget allows.
void Refiner::compareWithRepresentative(CandidateId Id, WorkerScratch &W) {
  uint64_t Hash = SkeletonHash[Id];
  // DenseMap reserves its two largest keys; such a member is split exactly.
  if (Hash >= DenseMapInfo<uint64_t>::getTombstoneKey())
    return;
  auto [It, Inserted] = W.Representatives.try_emplace(Hash);
  if (!Inserted) {
    if (!It->second.empty() && sameEncoding(It->second, W.Skeleton))
      RepresentativeOf[Id] = It->second;
    return;
  }
  uint64_t Size = W.Skeleton.size();
  if (CachedTokens.fetch_add(Size) + Size > In.SkeletonCacheTokens)
    return;
  It->second = copyToArena<uint64_t>(W.Skeleton, W.Arena);
  RepresentativeOf[Id] = It->second;
}

Error Refiner::encodeMembers() {
  TimeTraceScope Trace("LTOMergeFunctions.Refine.Encode");
  forEachIndexWithWorker(In.Runner, In.Members.size(), In.SerialThreshold,
                         [&](size_t M, unsigned Worker) {
                           encodeMember(In.Members[M], Workers[Worker]);
                         });
  Error E = Refs.assign(StagedRefs);
  StagedRefs = {};
  return E;
}

/// Whether every member of a skeleton hash bucket is known to equal a
/// representative, and the representatives are equal.
bool Refiner::equalToOneRepresentative(ArrayRef<CandidateId> Bucket) const {
  ArrayRef<uint64_t> First = RepresentativeOf[Bucket.front()];
  if (First.empty())
    return false;
  // A bucket is one hash, and each worker keeps one representative per hash,
  // so its members share at most one representative per worker (by address):
  // each is compared with the first once.
  SmallVector<const uint64_t *, 4> EqualToFirst = {First.data()};
  return llvm::all_of(Bucket, [&](CandidateId Id) {
    ArrayRef<uint64_t> Rep = RepresentativeOf[Id];
    if (llvm::is_contained(EqualToFirst, Rep.data()))
      return true;
    if (Rep.empty() || !sameEncoding(Rep, First))
      return false;
    EqualToFirst.push_back(Rep.data());
    return true;
  });
}

/// Splits one skeleton hash bucket exactly into the worker's classes.
void Refiner::splitBucket(ArrayRef<CandidateId> Bucket, WorkerScratch &W) {
  if (equalToOneRepresentative(Bucket)) {
    W.Found.add(Bucket);
    W.Buckets.add(Bucket.size(), Bucket.size());
    return;
  }
  size_t Largest = appendClassesByEncoding(
      Bucket,
      [&](CandidateId Id, Encoding &Buffer) {
        encodeSkeleton(*In.Candidates[Id], Ctx, Buffer, W.ClassIds, W.Encoder);
        return ArrayRef<uint64_t>(Buffer);
      },
      /*KeepSingletons=*/false, W.Split, W.Found);
  W.Buckets.add(Bucket.size(), Largest);
}

/// Splits each skeleton hash bucket exactly. Each worker collects the
/// classes it finds; together, ordered by first member, they are the first
/// classes whichever worker found them.
ClassList Refiner::skeletonClasses() {
  TimeTraceScope Trace("LTOMergeFunctions.Refine.Split");
  ClassList Buckets = groupByKey(In.Members, SkeletonHash);
  forEachIndexWithWorker(In.Runner, Buckets.size(), In.SerialThreshold,
                         [&](size_t B, unsigned Worker) {
                           splitBucket(Buckets[B], Workers[Worker]);
                         });
  ClassList Found;
  for (WorkerScratch &W : Workers) {
    Found.append(W.Found);
    Result.SkeletonBuckets.add(W.Buckets);
  }
  Found.finish();
  return Found;
}

Expected<RefinementResult> Refiner::run() {
  TimeTraceScope Trace("LTOMergeFunctions.Refine");
  size_t N = In.Candidates.size();
  ClassOf.resize(N);
  SkeletonHash.assign(N, 0);
  StagedRefs.resize(N);
  RepresentativeOf.resize(N);
  Workers = std::vector<WorkerScratch>(In.Runner.concurrency());
  for (CandidateId I = 0; I < N; ++I)
    ClassOf[I] = I;
  classifyReferences();
  buildTables();
  if (Error E = encodeMembers())
    return E;
  ClassRefinement Iterations(ClassOf, Refs, In.Runner, In.SerialThreshold);
  Iterations.start(skeletonClasses());
  RepresentativeOf = {};
  Workers.clear(); // Frees the arenas.
  Result.Iterations = 1 + Iterations.refineToFixpoint();
  Result.Classes = Iterations.finalClasses();
  renameTablesToClasses();
  return std::move(Result);
}

} // namespace

Expected<RefinementResult> refinePartition(const RefinementInput &In) {
  return Refiner(In).run();
}

} // namespace lmf
