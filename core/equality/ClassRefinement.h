//===- ClassRefinement.h - Split classes by their references ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_EQUALITY_CLASSREFINEMENT_H
#define LMF_CORE_EQUALITY_CLASSREFINEMENT_H

#include "core/TaskRunner.h"
#include "core/equality/ClassSplitting.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace lmf {

/// One list of item ids per item, all in one array with 32-bit prefix
/// offsets, the way mold keeps its edges: list Id is
/// Items[Begin[Id], Begin[Id + 1]). Refinement keeps each member's
/// references so, and reads them every iteration without a pointer chase.
class CandidateLists {
public:
  /// Replaces the lists with copies of Lists, list Id from Lists[Id]. Fails
  /// when they hold more than 2^32 items together, which 32-bit offsets
  /// cannot index.
  llvm::Error assign(llvm::ArrayRef<llvm::ArrayRef<CandidateId>> Lists);
  size_t size() const { return Begin.empty() ? 0 : Begin.size() - 1; }
  /// Every list's items, list after list.
  llvm::ArrayRef<CandidateId> items() const { return Items; }
  llvm::ArrayRef<CandidateId> operator[](CandidateId Id) const {
    return llvm::ArrayRef(Items).slice(Begin[Id], Begin[Id + 1] - Begin[Id]);
  }

private:
  std::vector<uint32_t> Begin;
  std::vector<CandidateId> Items;
};

/// The iterations of partition refinement (ClassRefinement.cpp): classes
/// of items are split by the classes their references point to, until no
/// class splits. The one engine for it, in one module
/// (PartitionRefinement.cpp) and across the modules of a ThinLTO link
/// (CrossModulePlanner.cpp).
class ClassRefinement {
public:
  /// ClassOf holds every item's class id, the id of its class's smallest
  /// member, and is kept up to date; Refs holds every item's references by
  /// item id. Both outlive the engine. Classes run on Runner, serially below
  /// SerialThreshold classes.
  ClassRefinement(std::vector<CandidateId> &ClassOf, const CandidateLists &Refs,
                  TaskRunner &Runner, size_t SerialThreshold);

  /// Starts from First, the classes of two or more items (members
  /// ascending), and names each after its first member in ClassOf. An item
  /// in no class of First is alone in its class: its ClassOf must be its
  /// own id.
  void start(const ClassList &First);
  /// Splits until no class splits; returns how many iterations split.
  uint64_t refineToFixpoint();
  /// The classes of two or more items at the fixpoint, members ascending,
  /// ordered by first member.
  ClassList finalClasses();

private:
  size_t classBegin(size_t C) const { return C ? ClassEnds[C - 1] : 0; }
  llvm::MutableArrayRef<CandidateId> classMembers(size_t C);
  int compareReferenceClasses(CandidateId L, CandidateId R) const;
  bool splitClass(size_t C);
  void renameSplitMembers();
  size_t endOfRun(size_t Begin, size_t End) const;
  void keepClassesOfTwoOrMore();
  bool iterate();

  std::vector<CandidateId> &ClassOf;
  const CandidateLists &Refs;
  TaskRunner &Runner;
  size_t SerialThreshold;
  /// The current classes of two or more members: class C is
  /// Members[classBegin(C), ClassEnds[C]).
  std::vector<CandidateId> Members;
  std::vector<uint32_t> ClassEnds, NextClassEnds;
  /// The new class id of the member at each position of Members, written
  /// by splitClass for the classes that split.
  std::vector<CandidateId> NewClassOf;
  /// Whether each current class split in this iteration.
  std::vector<uint8_t> Split;
};

} // namespace lmf

#endif
