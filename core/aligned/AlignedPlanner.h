//===- AlignedPlanner.h - Plan the merge of one aligned pair ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_ALIGNED_ALIGNEDPLANNER_H
#define LMF_CORE_ALIGNED_ALIGNEDPLANNER_H

#include "core/MergeActions.h"
#include "core/MergeOptions.h"
#include "core/aligned/AlignedCost.h"
#include "core/aligned/Aligner.h"

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <mutex>

namespace llvm {
class Function;
class LLVMContext;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;
class ByteModel;
class ShapeHasher;
struct ModuleFacts;

/// How one member reaches the merged body.
struct AlignedMemberPlan {
  llvm::Function *Fn = nullptr;
  MergeAction Action = MergeAction::Thunk;
  /// Direct calls to rewrite (CallsRewritten).
  unsigned Calls = 0;
};

/// What merging one pair would do and save. Left is the earlier in module
/// order; it passes identifier 0 (false), Right passes 1 (true).
struct AlignedPlan {
  llvm::Function *Left = nullptr, *Right = nullptr;
  /// Why the pair cannot merge at all (pairObstacle), or "".
  llvm::StringRef Obstacle;
  PairAlignment Alignment;
  /// The strategy that gave Alignment.
  AlignmentStrategy Strategy = AlignmentStrategy::Blocks;
  MergedBodyCost Cost;
  /// Alignment.matchedInstructions() and unmatchedInstructions(), kept
  /// when a plan that does not merge drops its alignment.
  uint64_t Matched = 0, Unmatched = 0;
  std::array<AlignedMemberPlan, 2> Members;
  /// The byte model's estimate: bodies saved less thunks or grown calls.
  int64_t EstimatedBytesSaved = 0;

  /// Why the estimate is not trusted (a shape of pair where the byte
  /// model's prices are measured to be far off, AlignedPlanner.cpp), or "".
  llvm::StringRef distrustedEstimate() const;

  /// The pair can merge and, unless MinimumGain is negative (pairs that
  /// lose up to that much merge), its estimate is trusted and saves at least
  /// MinimumGain and a fifth of the merged body's estimated size
  /// (AlignedPlanner.cpp says why).
  bool mayMerge(int64_t MinimumGain) const;
};

/// What planning reads besides the pair.
struct AlignedPlanContext {
  const ModuleFacts &Facts;
  MergeMode Mode;
  const AnnotationPolicy &Policy;
  std::mutex &LayoutLock;
  AlignerLimits Limits;
  /// Members keep their thunks rather than disappear behind rewritten
  /// calls: set when code generation will build the module's code that
  /// merges for size (MergeOptions::OptimizeOtherCodeForSize), as it does
  /// for functions built for size (AlignedPlanner.cpp says why).
  bool KeepThunks = false;
  /// The alignment strategies to try, in order (ties to the first).
  llvm::SmallVector<AlignmentStrategy, 2> Strategies = {
      AlignmentStrategy::Linear, AlignmentStrategy::Blocks};
};

/// Aligns Left and Right and prices the merge (AlignedPlanner.cpp). Only
/// reads IR: pairs are planned on many threads, each with its own Hasher.
AlignedPlan planAlignedPair(llvm::Function &Left, llvm::Function &Right,
                            const AlignedPlanContext &Ctx,
                            ShapeHasher &Hasher);

/// Bytes to pass identifier K (0 or 1, an `i1`) in a register, by the
/// module's byte model (ByteModel::argumentBytes; on x86-64 an `xor` for 0,
/// a `mov` of an immediate for 1).
int64_t identifierBytes(unsigned K, const ByteModel &Bytes,
                        llvm::LLVMContext &C);

} // namespace lmf

#endif
