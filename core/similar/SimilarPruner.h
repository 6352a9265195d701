//===- SimilarPruner.h - Which members a similar class keeps ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_SIMILAR_SIMILARPRUNER_H
#define LMF_CORE_SIMILAR_SIMILARPRUNER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace lmf {

/// A parameter of a similar class's shared body, as the pruner groups
/// them: the positions whose values it replaces and the value each member
/// passes.
struct PrunedParameter {
  /// Positions (indices into each member's positions) that read it, in
  /// position order.
  llvm::SmallVector<unsigned, 2> Positions;
  /// Positions whose values are an address the body computes from it
  /// (SimilarClassModel::derivedColumn), in position order.
  llvm::SmallVector<unsigned, 2> DerivedPositions;
  /// The value id (SimilarClassModel::valueId) each member passes, member
  /// by member in the order of the members planned.
  std::vector<uint32_t> Column;
  /// It travels in each member's constant table (ConstantTables.h) instead
  /// of a register of its own (SimilarClassModel::place).
  bool InTable = false;

  unsigned readCount() const {
    return Positions.size() + DerivedPositions.size();
  }
};

/// What the pruner asks of a class of similar functions, one implementation
/// per planner (in one module, SimilarPlanner.cpp; across modules,
/// CrossModuleSimilarPlanner.cpp). Members and positions are numbered from
/// 0; a set of members is given as their numbers, ascending.
class SimilarClassModel {
public:
  virtual ~SimilarClassModel() = default;
  virtual unsigned numPositions() const = 0;
  /// The value of Member at Position, numbered so that equal values (as
  /// the planner compares them) have equal ids.
  virtual uint32_t valueId(unsigned Member, unsigned Position) const = 0;
  /// When the values of Members at Position are all derived alike from a
  /// value of each member's own (the same field of a different global),
  /// replaces Column with the ids of those values and returns true: the
  /// parameter is then that value, and the body derives the position's.
  virtual bool derivedColumn(llvm::ArrayRef<unsigned> Members,
                             unsigned Position,
                             std::vector<uint32_t> &Column) const {
    return false;
  }
  /// Places Parameters in argument registers next to the members' own
  /// arguments, and in a table those that do not fit there (InTable[I] for
  /// parameter I, all false when they all fit; placeParameters,
  /// ConstantTables.h); false when they cannot be placed even so.
  virtual bool place(llvm::ArrayRef<unsigned> Members,
                     llvm::ArrayRef<PrunedParameter> Parameters,
                     llvm::MutableArrayRef<bool> InTable) const = 0;
  /// The bytes Members save by sharing one body that takes Parameters (the
  /// byte model).
  virtual int64_t gain(llvm::ArrayRef<unsigned> Members,
                       llvm::ArrayRef<PrunedParameter> Parameters) const = 0;
  /// False when Members cannot be a class on their own whatever they save
  /// (across modules: they no longer span two modules).
  virtual bool mayStandAlone(llvm::ArrayRef<unsigned> Members) const {
    return true;
  }
};

/// The members of a similar class that share a body, and the ones left out.
struct PrunedClass {
  /// The members that share the body, ascending; empty when no class
  /// remains.
  llvm::SmallVector<unsigned, 8> Members;
  std::vector<PrunedParameter> Parameters;
  int64_t EstimatedBytesSaved = 0;
  /// The members left out, in the order they were, and why.
  llvm::SmallVector<std::pair<unsigned, llvm::StringRef>, 4> Refusals;

  bool usesTable() const;
};

/// The parameters Members need: the positions whose values differ among
/// them, grouped by their column of values (or of the values they derive
/// from), in position order. Not placed yet.
std::vector<PrunedParameter>
parametersOfClass(const SimilarClassModel &Model,
                  llvm::ArrayRef<unsigned> Members);

/// The member of Members whose values differ from each position's most
/// common value most often: its slot in Members, the latest on ties.
size_t mostDeviatingMember(const SimilarClassModel &Model,
                           llvm::ArrayRef<unsigned> Members);

/// Plans the class of Members: drops members, the most deviating first,
/// until the parameters fit in argument registers and the class saves at
/// least MinimumGain bytes, as long as dropping one helps. When the
/// parameters of all Members do not fit and MayUseTables, the class is
/// planned a second time with a constant table for what does not fit, and
/// the plan that saves more wins (the one without a table on ties; a plan
/// that keeps no class saves 0).
PrunedClass pruneSimilarClass(const SimilarClassModel &Model,
                              llvm::ArrayRef<unsigned> Members,
                              int64_t MinimumGain, bool MayUseTables);

} // namespace lmf

#endif
