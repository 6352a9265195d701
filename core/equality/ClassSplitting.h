//===- ClassSplitting.h - Group candidates into classes ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_EQUALITY_CLASSSPLITTING_H
#define LMF_CORE_EQUALITY_CLASSSPLITTING_H

#include "core/equality/StructuralEncoding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <vector>

namespace lmf {

/// Classes of candidates, kept the way lld's ICF keeps sections: one array
/// of candidate ids in which each class is a contiguous range. Each range
/// holds its ids in increasing order; the ranges are in the order they were
/// added (finish() orders them by first member).
class ClassList {
public:
  size_t size() const { return Ends.size(); }
  bool empty() const { return Ends.empty(); }
  llvm::ArrayRef<CandidateId> operator[](size_t I) const {
    size_t Begin = I ? Ends[I - 1] : 0;
    return llvm::ArrayRef(Ids).slice(Begin, Ends[I] - Begin);
  }
  /// Every candidate of every class, class after class.
  llvm::ArrayRef<CandidateId> ids() const { return Ids; }

  /// Adds a class; its ids must be in increasing order.
  void add(llvm::ArrayRef<CandidateId> Class) {
    Ids.insert(Ids.end(), Class.begin(), Class.end());
    Ends.push_back(Ids.size());
  }
  void append(const ClassList &Other) {
    for (size_t I = 0; I < Other.size(); ++I)
      add(Other[I]);
  }
  /// Orders the classes by their first member.
  void finish();

  class iterator
      : public llvm::iterator_facade_base<iterator, std::forward_iterator_tag,
                                          llvm::ArrayRef<CandidateId>> {
  public:
    iterator(const ClassList *L, size_t I) : L(L), I(I) {}
    bool operator==(const iterator &R) const { return I == R.I; }
    llvm::ArrayRef<CandidateId> operator*() const { return (*L)[I]; }
    iterator &operator++() {
      ++I;
      return *this;
    }

  private:
    const ClassList *L;
    size_t I;
  };
  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, size()); }

private:
  std::vector<CandidateId> Ids;
  std::vector<size_t> Ends;
};

/// The sort-then-group-runs step of the splits by encoding: sorts Items with
/// Compare (a three-way comparison, <0, 0 or >0) and calls Run on each
/// maximal range of items that compare equal, in sorted order. The order
/// within a run is unspecified: callers sort runs by candidate id.
template <typename T, typename CompareT, typename RunT>
void forEachRunOfEquals(llvm::MutableArrayRef<T> Items, CompareT Compare,
                        RunT Run) {
  llvm::sort(Items, [&](const T &L, const T &R) { return Compare(L, R) < 0; });
  for (size_t Begin = 0; Begin < Items.size();) {
    size_t End = Begin + 1;
    while (End < Items.size() && Compare(Items[Begin], Items[End]) == 0)
      ++End;
    Run(Items.slice(Begin, End - Begin));
    Begin = End;
  }
}

/// Groups Ids (in increasing order) by KeyOf[Id] and returns the groups of
/// at least two members, ordered by their first member.
ClassList groupByKey(llvm::ArrayRef<CandidateId> Ids,
                     llvm::ArrayRef<uint64_t> KeyOf);

/// Buffers the splits keep from one group to the next, so that a worker
/// splitting many groups allocates only while its largest group grows. One
/// per worker (see forEachIndexWithWorker).
struct SplitScratch {
  std::vector<Encoding> Encodings;
  std::vector<llvm::ArrayRef<uint64_t>> Views;
  std::vector<uint32_t> Order;
  std::vector<CandidateId> Class;
};

/// How a split reads a member's encoding: View(Id, Buffer) returns it,
/// either encoded into Buffer or kept elsewhere for as long as the split.
using EncodingView =
    llvm::function_ref<llvm::ArrayRef<uint64_t>(CandidateId, Encoding &)>;

/// Appends to Out the classes of equal encodings in Group, members
/// ascending (the classes are not ordered among themselves). Singletons are
/// kept only on request. Returns the size of the largest class, singletons
/// included.
size_t appendClassesByEncoding(llvm::ArrayRef<CandidateId> Group,
                               EncodingView View, bool KeepSingletons,
                               SplitScratch &Scratch, ClassList &Out);

/// Splits Group into classes of equal encodings, ordered by first member.
/// Encode(Id, Out) replaces Out with Id's encoding. Singletons are kept
/// only on request.
ClassList
splitByEncoding(llvm::ArrayRef<CandidateId> Group,
                llvm::function_ref<void(CandidateId, Encoding &)> Encode,
                bool KeepSingletons, SplitScratch &Scratch);

/// The same with buffers of its own.
ClassList
splitByEncoding(llvm::ArrayRef<CandidateId> Group,
                llvm::function_ref<void(CandidateId, Encoding &)> Encode,
                bool KeepSingletons);

/// Bucket statistics of one grouping: groups of two or more, the pure ones
/// (all members equal) and collisions (members outside their group's
/// largest class).
struct GroupStats {
  uint64_t MultiMember = 0, Pure = 0, Collisions = 0;
  /// Adds a group of GroupSize members whose largest class has Largest.
  void add(size_t GroupSize, size_t Largest);
  void add(const GroupStats &Other);
};

} // namespace lmf

#endif
