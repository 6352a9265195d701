//===- ClassSplitting.cpp - Group candidates into classes -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The two steps that partition refinement's first split, the later rounds
// and the similar stage share: group candidates by a cheap key (a shape or
// skeleton hash; groupByKey numbers the keys in a hash table, without
// sorting), then split each group exactly by comparing encodings with the
// total order: sort, then visit the runs of equal encodings
// (forEachRunOfEquals). Sorting the encodings costs n encodings and
// O(n log n) comparisons per group, instead of the O(n^2) pairwise
// comparisons a naive split would make. (Refinement's iterations split
// classes by the classes their references point to, with a sort of their
// own: ClassRefinement.cpp.)
//
// Their results are ClassLists, classes as ranges of one array of candidate
// ids, ordered by candidate id only, so they never depend on hash values'
// order or thread timing.
//
//===----------------------------------------------------------------------===//

#include "core/equality/ClassSplitting.h"

#include "core/equality/TotalOrder.h"

#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace llvm;

namespace lmf {

/// Whether the classes are already ordered by their first member.
static bool isOrderedByFirstMember(const ClassList &Classes) {
  for (size_t I = 1; I < Classes.size(); ++I)
    if (Classes[I - 1].front() > Classes[I].front())
      return false;
  return true;
}

void ClassList::finish() {
  if (isOrderedByFirstMember(*this))
    return;
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

namespace {

/// Numbers distinct keys in order of first appearance, with an
/// open-addressing table of at most half load: one probe or two per key,
/// where sorting the keys costs log n comparisons each.
class KeyNumbering {
public:
  explicit KeyNumbering(size_t MaxKeys)
      : Slots(llvm::PowerOf2Ceil(2 * MaxKeys + 1), NoKey) {}

  uint32_t numberOf(uint64_t Key) {
    size_t Mask = Slots.size() - 1;
    for (size_t S = spread(Key) & Mask;; S = (S + 1) & Mask) {
      if (Slots[S] == NoKey) {
        Slots[S] = Keys.size();
        Keys.push_back(Key);
        return Slots[S];
      }
      if (Keys[Slots[S]] == Key)
        return Slots[S];
    }
  }
  size_t size() const { return Keys.size(); }

private:
  static constexpr uint32_t NoKey = ~0u;
  /// Keys are hashes, but not all of them mix their low bits well.
  static uint64_t spread(uint64_t Key) {
    Key ^= Key >> 31;
    Key *= 0x7fb5d329728ea185ULL;
    return Key ^ (Key >> 27);
  }

  std::vector<uint32_t> Slots;
  std::vector<uint64_t> Keys;
};

} // namespace

ClassList groupByKey(ArrayRef<CandidateId> Ids, ArrayRef<uint64_t> KeyOf) {
  assert(llvm::is_sorted(Ids) && "ids must be in increasing order");
  // Groups are numbered by first member, and members placed in input order:
  // the groups come out as finish() would order them, ids ascending.
  KeyNumbering Numbers(Ids.size());
  std::vector<uint32_t> GroupOf(Ids.size());
  for (size_t I = 0; I < Ids.size(); ++I)
    GroupOf[I] = Numbers.numberOf(KeyOf[Ids[I]]);
  std::vector<uint32_t> Size(Numbers.size(), 0), End(Numbers.size(), 0);
  for (uint32_t G : GroupOf)
    ++Size[G];
  uint32_t Placed = 0;
  for (size_t G = 0; G < Numbers.size(); ++G)
    if (Size[G] >= 2)
      End[G] = Placed += Size[G];
  std::vector<CandidateId> ById(Placed);
  for (size_t I = Ids.size(); I-- > 0;)
    if (Size[GroupOf[I]] >= 2)
      ById[--End[GroupOf[I]]] = Ids[I];
  ClassList Groups;
  for (size_t G = 0; G < Numbers.size(); ++G)
    if (Size[G] >= 2)
      Groups.add(ArrayRef(ById).slice(End[G], Size[G]));
  return Groups;
}

/// Reads every member's encoding into Scratch.Views, encoding into the
/// buffers of Scratch.Encodings, which keep their capacity from earlier
/// groups. Members of a bucket nearly always encode to the same length, so
/// each buffer is given the first member's length up front instead of
/// growing token by token.
static ArrayRef<ArrayRef<uint64_t>> viewGroup(ArrayRef<CandidateId> Group,
                                              EncodingView View,
                                              SplitScratch &Scratch) {
  if (Scratch.Encodings.size() < Group.size())
    Scratch.Encodings.resize(Group.size());
  Scratch.Views.clear();
  for (size_t I = 0; I < Group.size(); ++I) {
    if (I)
      Scratch.Encodings[I].reserve(Scratch.Views[0].size());
    Scratch.Views.push_back(View(Group[I], Scratch.Encodings[I]));
  }
  return Scratch.Views;
}

/// Adds the members of Group at Positions as one class, in increasing order.
static void addClassAt(ArrayRef<CandidateId> Group,
                       ArrayRef<uint32_t> Positions,
                       std::vector<CandidateId> &Class, ClassList &Classes) {
  Class.clear();
  for (uint32_t Position : Positions)
    Class.push_back(Group[Position]);
  if (!llvm::is_sorted(Class))
    llvm::sort(Class);
  Classes.add(Class);
}

size_t appendClassesByEncoding(ArrayRef<CandidateId> Group, EncodingView View,
                               bool KeepSingletons, SplitScratch &Scratch,
                               ClassList &Out) {
  ArrayRef<ArrayRef<uint64_t>> Encodings = viewGroup(Group, View, Scratch);
  std::vector<uint32_t> &Order = Scratch.Order;
  Order.resize(Group.size());
  std::iota(Order.begin(), Order.end(), 0);
  // Buckets are nearly always pure: one equality test per member then
  // settles them without sorting.
  if (llvm::all_of(Encodings, [&](ArrayRef<uint64_t> E) {
        return sameEncoding(E, Encodings.front());
      })) {
    if (Group.size() >= 2 || KeepSingletons)
      addClassAt(Group, Order, Scratch.Class, Out);
    return Group.size();
  }
  size_t Largest = 1;
  forEachRunOfEquals(
      MutableArrayRef(Order),
      [&](uint32_t L, uint32_t R) {
        return compareEncodings(Encodings[L], Encodings[R]);
      },
      [&](ArrayRef<uint32_t> Run) {
        Largest = std::max(Largest, Run.size());
        if (Run.size() >= 2 || KeepSingletons)
          addClassAt(Group, Run, Scratch.Class, Out);
      });
  return Largest;
}

ClassList splitByEncoding(ArrayRef<CandidateId> Group,
                          function_ref<void(CandidateId, Encoding &)> Encode,
                          bool KeepSingletons, SplitScratch &Scratch) {
  ClassList Classes;
  appendClassesByEncoding(
      Group,
      [&](CandidateId Id, Encoding &Buffer) {
        Encode(Id, Buffer);
        return ArrayRef<uint64_t>(Buffer);
      },
      KeepSingletons, Scratch, Classes);
  Classes.finish();
  return Classes;
}

ClassList splitByEncoding(ArrayRef<CandidateId> Group,
                          function_ref<void(CandidateId, Encoding &)> Encode,
                          bool KeepSingletons) {
  SplitScratch Scratch;
  return splitByEncoding(Group, Encode, KeepSingletons, Scratch);
}

void GroupStats::add(size_t GroupSize, size_t Largest) {
  ++MultiMember;
  Pure += Largest == GroupSize;
  Collisions += GroupSize - Largest;
}

void GroupStats::add(const GroupStats &Other) {
  MultiMember += Other.MultiMember;
  Pure += Other.Pure;
  Collisions += Other.Collisions;
}

} // namespace lmf
