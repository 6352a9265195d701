//===- ClassSplitting.h - Group candidates into classes ---------*- C++ -*-===//
#ifndef LMF_CORE_CLASSSPLITTING_H
#define LMF_CORE_CLASSSPLITTING_H

#include "core/StructuralEncoding.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace lmf {

/// Candidate indices, in increasing order.
using CandidateClass = llvm::SmallVector<size_t, 4>;

/// Groups Indices by Key (stable), keeps the groups with at least two
/// members and returns them ordered by their first member.
std::vector<CandidateClass>
groupByKey(llvm::ArrayRef<size_t> Indices,
           llvm::function_ref<std::pair<uint64_t, uint64_t>(size_t)> Key);

/// Splits Group into classes of equal encodings, each in increasing index
/// order, ordered by first member. Singletons are kept only on request.
std::vector<CandidateClass>
splitByEncoding(llvm::ArrayRef<size_t> Group,
                llvm::function_ref<void(size_t, Encoding &)> Encode,
                bool KeepSingletons);

/// Bucket statistics of one grouping: groups of two or more, the pure ones
/// (all members equal) and collisions (members outside their group's
/// largest class).
struct GroupStats {
  uint64_t MultiMember = 0, Pure = 0, Collisions = 0;
  void add(const CandidateClass &Group,
           llvm::ArrayRef<CandidateClass> ClassesOfGroup);
};

} // namespace lmf

#endif
