//===- SimilarPlanner.h - Plan one class of similar functions ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_SIMILAR_SIMILARPLANNER_H
#define LMF_CORE_SIMILAR_SIMILARPLANNER_H

#include "core/MergeActions.h"
#include "core/MergeOptions.h"
#include "core/facts/ModuleFacts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <vector>

namespace llvm {
class CallBase;
class Constant;
class Type;
class Use;
} // namespace llvm

namespace lmf {

/// One new parameter of the shared body: the positions it replaces (indices
/// into each member's position list) and the value each kept member passes.
struct SimilarParameter {
  llvm::Type *Ty = nullptr;
  llvm::SmallVector<unsigned, 2> Positions;
  /// Positions whose constants are the same constant `getelementptr` of a
  /// different global in each member (fields of per-member structures): the
  /// parameter is the global, and the body computes the address from it
  /// with the first member's indices.
  llvm::SmallVector<unsigned, 2> DerivedPositions;
  /// Values[K] is what kept member K passes.
  std::vector<llvm::Constant *> Values;
  /// Passed in each member's constant table (ConstantTables.h) instead of
  /// a register of its own.
  bool InTable = false;
};

struct SimilarMemberPlan {
  llvm::Function *Fn = nullptr;
  MergeAction Action = MergeAction::Thunk;
  /// Direct calls to rewrite (CallsRewritten).
  unsigned Calls = 0;
};

struct SimilarPlan {
  /// The members that share the body, in module order; the first one's
  /// body becomes the shared one.
  llvm::SmallVector<SimilarMemberPlan, 4> Members;
  std::vector<SimilarParameter> Parameters;
  /// The byte model's estimate of what the class saves (see
  /// SimilarPlanner.cpp); positive whenever Members is not empty.
  int64_t EstimatedBytesSaved = 0;
  /// What the class would save more with its hot members merged too (the
  /// byte model's estimate): the price of the hot-function policy.
  int64_t HotKeptBytes = 0;
  uint64_t BodyInstructions = 0;
  llvm::SmallVector<Refusal, 2> Refusals;
  /// A member's table joins the member's comdat, so that the copy of an
  /// inline member the link keeps keeps its table. Only where the link has
  /// already chosen the copy of each comdat that prevails (the LTO
  /// pipeline: full LTO, each ThinLTO backend); see applySimilarPlan.
  bool TablesJoinMemberComdats = true;

  /// Some parameters travel in a table: the shared body takes one more
  /// parameter after the others, the address of the member's table.
  bool usesTable() const;
};

/// False for bodies too small to pay for any thunk (by Bytes, the module's
/// byte model): they are never considered.
bool mayPayAsSimilar(const llvm::Function &F, const ByteModel &Bytes);

/// Plans a class of functions whose encodings with parameter wildcards are
/// equal, given in module order with each one's positions (in encoding
/// order). Members are dropped, the one needing the most distinct values
/// first, until the parameters fit in argument registers (with the values
/// that do not fit in a constant table, if allowed and if that saves more)
/// and the class saves bytes; the plan is empty when no two members remain.
SimilarPlan
planSimilarClass(llvm::ArrayRef<llvm::Function *> Members,
                 llvm::ArrayRef<std::vector<const llvm::Use *>> Positions,
                 const ModuleFacts &Facts, const MergeOptions &Opts);

} // namespace lmf

#endif
