//===- ClassSplitting.h - Group candidates into classes ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_CLASSSPLITTING_H
#define LMF_CORE_CLASSSPLITTING_H

#include "core/StructuralEncoding.h"

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

/// The one sort-then-group-runs step every grouping uses: stably sorts Items
/// with Compare (a three-way comparison, <0, 0 or >0) and calls Run on each
/// maximal range of items that compare equal, in sorted order.
template <typename T, typename CompareT, typename RunT>
void forEachRunOfEquals(llvm::MutableArrayRef<T> Items, CompareT Compare,
                        RunT Run) {
  llvm::stable_sort(Items,
                    [&](const T &L, const T &R) { return Compare(L, R) < 0; });
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

/// Splits Group into classes of equal encodings, ordered by first member.
/// Singletons are kept only on request.
ClassList
splitByEncoding(llvm::ArrayRef<CandidateId> Group,
                llvm::function_ref<void(CandidateId, Encoding &)> Encode,
                bool KeepSingletons);

/// Bucket statistics of one grouping: groups of two or more, the pure ones
/// (all members equal) and collisions (members outside their group's
/// largest class).
struct GroupStats {
  uint64_t MultiMember = 0, Pure = 0, Collisions = 0;
  void add(llvm::ArrayRef<CandidateId> Group, const ClassList &ClassesOfGroup);
};

} // namespace lmf

#endif
