//===- ClassRefinement.cpp - Split classes by their references ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Partition refinement, as lld's ICF does it, once the first classes are
// known: every class is split by the classes its members' references point
// to, read from the previous iteration's ids, and this repeats until no
// class splits. The result is the greatest fixpoint: the coarsest partition
// finer than the first one that is consistent with itself (two items share
// a class exactly when their references point to equal classes, in turn).
// Both users start from classes of equal encodings with references left as
// placeholders: the merger of one module (PartitionRefinement.cpp) and the
// planner across the modules of a ThinLTO link (CrossModulePlanner.cpp).
//
// The iterations only compare integer lists, and are laid out so that each
// is linear in the items and allocates nothing:
//
//  - References: one flat array of item ids with 32-bit prefix offsets per
//    item (CandidateLists, as mold keeps edges).
//  - Classes: as in lld's ICF, ranges of one permuted array of members.
//    A class whose members all point to the same classes, as nearly every
//    class does, is settled by one comparison per member. Any other is
//    sorted within its range by the classes its members' references point
//    to (read through ClassOf, the previous ids), then by member id, so the
//    first member of each run of equals is its smallest: the new class id.
//    New ids go to a buffer parallel to the array and are copied to ClassOf
//    once every class is split (double buffering, so classes may split in
//    parallel); then the array is compacted in place to the classes that
//    still have two or more members. An item alone in its class can never
//    split again: its id stays its own.
//
// Classes are named by their smallest member, and every iteration reads
// only the previous ids, so the result is the same for any thread count.
//
//===----------------------------------------------------------------------===//

#include "core/equality/ClassRefinement.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/TimeProfiler.h"

#include <limits>

using namespace llvm;

namespace lmf {

Error CandidateLists::assign(ArrayRef<ArrayRef<CandidateId>> Lists) {
  Begin.resize(Lists.size() + 1);
  uint64_t Total = 0;
  for (size_t Id = 0; Id < Lists.size(); ++Id) {
    Begin[Id] = static_cast<uint32_t>(Total);
    Total += Lists[Id].size();
  }
  if (Total > std::numeric_limits<uint32_t>::max())
    return createStringError(inconvertibleErrorCode(),
                             "more than 2^32 references between candidates");
  Begin.back() = static_cast<uint32_t>(Total);
  Items.resize(Total);
  for (size_t Id = 0; Id < Lists.size(); ++Id)
    llvm::copy(Lists[Id], Items.begin() + Begin[Id]);
  return Error::success();
}

ClassRefinement::ClassRefinement(std::vector<CandidateId> &ClassOf,
                                 const CandidateLists &Refs, TaskRunner &Runner,
                                 size_t SerialThreshold)
    : ClassOf(ClassOf), Refs(Refs), Runner(Runner),
      SerialThreshold(SerialThreshold) {}

/// Lays out the first classes as ranges of Members and names each after
/// its first member. Every later class has two or more members, so the
/// buffers never grow again.
void ClassRefinement::start(const ClassList &First) {
  Members.assign(First.ids().begin(), First.ids().end());
  NewClassOf.resize(Members.size());
  ClassEnds.clear();
  for (ArrayRef<CandidateId> C : First) {
    ClassEnds.push_back(classBegin(ClassEnds.size()) + C.size());
    for (CandidateId Id : C)
      ClassOf[Id] = C.front();
  }
  ClassEnds.reserve(Members.size() / 2);
  NextClassEnds.reserve(Members.size() / 2);
  Split.reserve(Members.size() / 2);
}

MutableArrayRef<CandidateId> ClassRefinement::classMembers(size_t C) {
  size_t Begin = classBegin(C);
  return MutableArrayRef(Members).slice(Begin, ClassEnds[C] - Begin);
}

/// Orders members by the classes their references point to, in turn.
int ClassRefinement::compareReferenceClasses(CandidateId L,
                                             CandidateId R) const {
  ArrayRef<CandidateId> LRefs = Refs[L], RRefs = Refs[R];
  for (size_t I = 0; I < LRefs.size() && I < RRefs.size(); ++I)
    if (ClassOf[LRefs[I]] != ClassOf[RRefs[I]])
      return ClassOf[LRefs[I]] < ClassOf[RRefs[I]] ? -1 : 1;
  return LRefs.size() < RRefs.size() ? -1 : LRefs.size() > RRefs.size();
}

/// Splits class C by the classes its members' references point to. When it
/// splits, sorts its range so that each part is a run starting with its
/// smallest member, writes the parts' ids to NewClassOf and returns true.
bool ClassRefinement::splitClass(size_t C) {
  MutableArrayRef<CandidateId> Class = classMembers(C);
  CandidateId First = Class.front();
  if (llvm::all_of(Class.drop_front(), [&](CandidateId Id) {
        return compareReferenceClasses(Id, First) == 0;
      }))
    return false;
  llvm::sort(Class, [&](CandidateId L, CandidateId R) {
    int Order = compareReferenceClasses(L, R);
    return Order ? Order < 0 : L < R;
  });
  CandidateId *NewIds = NewClassOf.data() + classBegin(C);
  NewIds[0] = Class[0];
  for (size_t I = 1; I < Class.size(); ++I)
    NewIds[I] = compareReferenceClasses(Class[I - 1], Class[I]) == 0
                    ? NewIds[I - 1]
                    : Class[I];
  return true;
}

/// Gives the members of the classes that split their new ids, once every
/// class has read the previous ones.
void ClassRefinement::renameSplitMembers() {
  for (size_t C = 0; C < ClassEnds.size(); ++C)
    if (Split[C])
      for (size_t P = classBegin(C); P < ClassEnds[C]; ++P)
        ClassOf[Members[P]] = NewClassOf[P];
}

/// The end of the part of a split class that starts at Begin.
size_t ClassRefinement::endOfRun(size_t Begin, size_t End) const {
  size_t RunEnd = Begin + 1;
  while (RunEnd < End && NewClassOf[RunEnd] == NewClassOf[Begin])
    ++RunEnd;
  return RunEnd;
}

/// Compacts Members, in place, to the parts of two or more members.
void ClassRefinement::keepClassesOfTwoOrMore() {
  NextClassEnds.clear();
  size_t Kept = 0;
  for (size_t C = 0; C < ClassEnds.size(); ++C) {
    for (size_t Begin = classBegin(C), End = ClassEnds[C], RunEnd; Begin < End;
         Begin = RunEnd) {
      RunEnd = Split[C] ? endOfRun(Begin, End) : End;
      if (RunEnd - Begin < 2)
        continue;
      if (Kept != Begin)
        std::copy(Members.begin() + Begin, Members.begin() + RunEnd,
                  Members.begin() + Kept);
      Kept += RunEnd - Begin;
      NextClassEnds.push_back(Kept);
    }
  }
  Members.resize(Kept);
  std::swap(ClassEnds, NextClassEnds);
}

/// One step: splits every class by the previous ids. Returns whether any
/// class split.
bool ClassRefinement::iterate() {
  TimeTraceScope Trace("LTOMergeFunctions.Refine.Iterate");
  Split.assign(ClassEnds.size(), false);
  forEachIndex(Runner, ClassEnds.size(), SerialThreshold,
               [&](size_t C) { Split[C] = splitClass(C); });
  if (!llvm::is_contained(Split, true))
    return false;
  renameSplitMembers();
  keepClassesOfTwoOrMore();
  return true;
}

uint64_t ClassRefinement::refineToFixpoint() {
  // Each changing iteration adds a class, so this ends after at most as
  // many iterations as there are items.
  uint64_t Splitting = 0;
  while (iterate())
    ++Splitting;
  return Splitting;
}

ClassList ClassRefinement::finalClasses() {
  ClassList Classes;
  for (size_t C = 0; C < ClassEnds.size(); ++C) {
    MutableArrayRef<CandidateId> Class = classMembers(C);
    if (!llvm::is_sorted(Class))
      llvm::sort(Class);
    Classes.add(Class);
  }
  Classes.finish();
  return Classes;
}

} // namespace lmf
