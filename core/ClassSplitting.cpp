//===- ClassSplitting.cpp - Group candidates into classes -----------------===//
//
// The two steps every round and every refinement iteration share: group
// candidates by a cheap key (the structural hash, with the current class),
// then split each group exactly by comparing encodings with the total order.
// Sorting the encodings costs n encodings and O(n log n) comparisons per
// group, instead of the O(n^2) pairwise comparisons a naive split would
// make. Both steps order their output by candidate index only, so their
// results never depend on hash values' order or thread timing.
//
//===----------------------------------------------------------------------===//

#include "core/ClassSplitting.h"

#include "core/TotalOrder.h"

#include "llvm/ADT/STLExtras.h"

#include <numeric>

using namespace llvm;

namespace lmf {

std::vector<CandidateClass>
groupByKey(ArrayRef<size_t> Indices,
           function_ref<std::pair<uint64_t, uint64_t>(size_t)> Key) {
  std::vector<std::pair<std::pair<uint64_t, uint64_t>, size_t>> Keyed;
  Keyed.reserve(Indices.size());
  for (size_t Index : Indices)
    Keyed.push_back({Key(Index), Index});
  llvm::sort(Keyed);
  std::vector<CandidateClass> Groups;
  for (size_t Begin = 0; Begin < Keyed.size();) {
    size_t End = Begin + 1;
    while (End < Keyed.size() && Keyed[End].first == Keyed[Begin].first)
      ++End;
    if (End - Begin >= 2) {
      CandidateClass Group;
      for (size_t I = Begin; I < End; ++I)
        Group.push_back(Keyed[I].second);
      Groups.push_back(std::move(Group));
    }
    Begin = End;
  }
  llvm::sort(Groups, [](const CandidateClass &L, const CandidateClass &R) {
    return L.front() < R.front();
  });
  return Groups;
}

std::vector<CandidateClass>
splitByEncoding(ArrayRef<size_t> Group,
                function_ref<void(size_t, Encoding &)> Encode,
                bool KeepSingletons) {
  std::vector<Encoding> Encodings(Group.size());
  for (size_t I = 0; I < Group.size(); ++I)
    Encode(Group[I], Encodings[I]);
  // Buckets are nearly always pure: one equality test per member then
  // settles them without sorting.
  if (llvm::all_of(Encodings, [&](const Encoding &E) {
        return sameEncoding(E, Encodings.front());
      })) {
    if (Group.size() < 2 && !KeepSingletons)
      return {};
    CandidateClass All(Group.begin(), Group.end());
    llvm::sort(All);
    return {std::move(All)};
  }
  SmallVector<size_t, 8> Order(Group.size());
  std::iota(Order.begin(), Order.end(), 0);
  llvm::stable_sort(Order, [&](size_t L, size_t R) {
    return compareEncodings(Encodings[L], Encodings[R]) < 0;
  });
  std::vector<CandidateClass> Classes;
  for (size_t Begin = 0; Begin < Order.size();) {
    size_t End = Begin + 1;
    while (End < Order.size() && compareEncodings(Encodings[Order[Begin]],
                                                  Encodings[Order[End]]) == 0)
      ++End;
    if (End - Begin >= 2 || KeepSingletons) {
      CandidateClass Class;
      for (size_t I = Begin; I < End; ++I)
        Class.push_back(Group[Order[I]]);
      llvm::sort(Class);
      Classes.push_back(std::move(Class));
    }
    Begin = End;
  }
  llvm::sort(Classes, [](const CandidateClass &L, const CandidateClass &R) {
    return L.front() < R.front();
  });
  return Classes;
}

void GroupStats::add(const CandidateClass &Group,
                     ArrayRef<CandidateClass> ClassesOfGroup) {
  ++MultiMember;
  size_t Largest = 1;
  for (const CandidateClass &C : ClassesOfGroup)
    Largest = std::max(Largest, C.size());
  Pure += Largest == Group.size();
  Collisions += Group.size() - Largest;
}

} // namespace lmf
