//===- ClassSplitting.cpp - Group candidates into classes -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The two steps every round and every refinement iteration share: group
// candidates by a cheap key (a structural hash), then split each group
// exactly by comparing encodings with the total order. Sorting the encodings
// costs n encodings and O(n log n) comparisons per group, instead of the
// O(n^2) pairwise comparisons a naive split would make.
//
// Both steps, and the refinement's split by referenced classes, are one
// loop: sort, then visit the runs of equal elements (forEachRunOfEquals).
// Their results are ClassLists, classes as ranges of one array of candidate
// ids, ordered by candidate id only, so they never depend on hash values'
// order or thread timing.
//
//===----------------------------------------------------------------------===//

#include "core/ClassSplitting.h"

#include "core/TotalOrder.h"

#include <numeric>

using namespace llvm;

namespace lmf {

void ClassList::finish() {
  std::vector<size_t> Order(size());
  std::iota(Order.begin(), Order.end(), 0);
  llvm::sort(Order, [&](size_t L, size_t R) {
    return (*this)[L].front() < (*this)[R].front();
  });
  ClassList Sorted;
  Sorted.Ids.reserve(Ids.size());
  Sorted.Ends.reserve(Ends.size());
  for (size_t I : Order)
    Sorted.add((*this)[I]);
  *this = std::move(Sorted);
}

ClassList groupByKey(ArrayRef<CandidateId> Ids, ArrayRef<uint64_t> KeyOf) {
  std::vector<std::pair<uint64_t, CandidateId>> Keyed;
  Keyed.reserve(Ids.size());
  for (CandidateId Id : Ids)
    Keyed.push_back({KeyOf[Id], Id});
  ClassList Groups;
  std::vector<CandidateId> Group;
  forEachRunOfEquals(
      MutableArrayRef(Keyed),
      [](const auto &L, const auto &R) {
        return L.first < R.first ? -1 : L.first > R.first;
      },
      [&](ArrayRef<std::pair<uint64_t, CandidateId>> Run) {
        if (Run.size() < 2)
          return;
        Group.clear();
        for (const auto &KeyAndId : Run)
          Group.push_back(KeyAndId.second);
        Groups.add(Group);
      });
  Groups.finish();
  return Groups;
}

ClassList splitByEncoding(ArrayRef<CandidateId> Group,
                          function_ref<void(CandidateId, Encoding &)> Encode,
                          bool KeepSingletons) {
  std::vector<Encoding> Encodings(Group.size());
  for (size_t I = 0; I < Group.size(); ++I)
    Encode(Group[I], Encodings[I]);
  ClassList Classes;
  // Buckets are nearly always pure: one equality test per member then
  // settles them without sorting.
  if (llvm::all_of(Encodings, [&](const Encoding &E) {
        return sameEncoding(E, Encodings.front());
      })) {
    if (Group.size() >= 2 || KeepSingletons) {
      std::vector<CandidateId> All(Group.begin(), Group.end());
      llvm::sort(All);
      Classes.add(All);
    }
    return Classes;
  }
  std::vector<uint32_t> Order(Group.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::vector<CandidateId> Class;
  forEachRunOfEquals(
      MutableArrayRef(Order),
      [&](uint32_t L, uint32_t R) {
        return compareEncodings(Encodings[L], Encodings[R]);
      },
      [&](ArrayRef<uint32_t> Run) {
        if (Run.size() < 2 && !KeepSingletons)
          return;
        Class.clear();
        for (uint32_t Position : Run)
          Class.push_back(Group[Position]);
        llvm::sort(Class);
        Classes.add(Class);
      });
  Classes.finish();
  return Classes;
}

void GroupStats::add(ArrayRef<CandidateId> Group,
                     const ClassList &ClassesOfGroup) {
  ++MultiMember;
  size_t Largest = 1;
  for (ArrayRef<CandidateId> C : ClassesOfGroup)
    Largest = std::max(Largest, C.size());
  Pure += Largest == Group.size();
  Collisions += Group.size() - Largest;
}

} // namespace lmf
