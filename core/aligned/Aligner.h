//===- Aligner.h - Line up two functions instruction by instruction -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_ALIGNED_ALIGNER_H
#define LMF_CORE_ALIGNED_ALIGNER_H

#include "core/aligned/InstructionMatch.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <cstdint>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class PHINode;
class Use;
} // namespace llvm

namespace lmf {

class ShapeHasher;

/// One column of an alignment: a left and a right instruction emitted once
/// (matched), or an instruction of one side only (the other is null).
struct AlignedColumn {
  const llvm::Instruction *Left = nullptr;
  const llvm::Instruction *Right = nullptr;
  bool matched() const { return Left && Right; }
  const llvm::Instruction *side(unsigned K) const { return K ? Right : Left; }
};

/// A run of the alignment in which each member stays within one block: a
/// segment of that block (its start, its end, both or neither). A range
/// with both members becomes one head block of the merged body that both
/// enter, with branches on the identifier around what they do not share;
/// a range of one member is copied into a block only it enters.
struct AlignedRange {
  /// The block of each member, null when the member has no instruction in
  /// the range.
  std::array<const llvm::BasicBlock *, 2> Blocks{};
  /// The range starts the member's block (its phis are here, its block's
  /// predecessors branch here) / ends it (with its terminator).
  std::array<bool, 2> Starts{}, Ends{};
  /// For a member whose segment does not end its block: the index of the
  /// range with its next segment, where it falls through to; else -1.
  std::array<int, 2> Next{-1, -1};
  /// The phis of the blocks the range starts: merged in pairs of one type
  /// (both set) or kept apart (one set).
  llvm::SmallVector<std::pair<const llvm::PHINode *, const llvm::PHINode *>, 2>
      Phis;
  /// The other instructions, each member's in its order; a landing pad
  /// first, a terminator last.
  std::vector<AlignedColumn> Columns;

  bool has(unsigned K) const { return Blocks[K] != nullptr; }
  bool paired() const { return Blocks[0] && Blocks[1]; }
};

/// How two functions line up.
struct PairAlignment {
  /// The ranges in the order the merged body lays them out.
  std::vector<AlignedRange> Ranges;
  /// The constant-size allocas of the entry blocks, matched where they
  /// allocate alike: the merged body allocates them all in its entry
  /// block, so that they stay static.
  std::vector<AlignedColumn> EntryAllocas;
  /// For each member, the range that starts each of its reachable blocks.
  std::array<llvm::DenseMap<const llvm::BasicBlock *, unsigned>, 2>
      StartRange;

  /// Instructions emitted once for both members, and those of one member.
  uint64_t matchedInstructions() const;
  uint64_t unmatchedInstructions() const;
};

/// Which instructions the aligner tries to line up.
enum class AlignmentStrategy {
  /// Pair blocks by the shapes of their instructions, then align each pair
  /// (HyFM): finds blocks in another order.
  Blocks,
  /// Align the functions' instructions in walk order as one sequence each
  /// (FMSA, SalSSA), within a band of the diagonal: finds code that one
  /// member splits into more blocks than the other.
  Linear,
};

/// Bounds on the aligner's work, so that the stage's time is bounded per
/// pair: block pairs look this far from the diagonal for a partner, and
/// alignments of more than FullCells cells look this far from the
/// diagonal.
struct AlignerLimits {
  unsigned BlockWindow = 16;
  uint64_t FullCells = 1 << 16;
  unsigned Band = 48;
};

/// One member as the aligner sees it: its reachable blocks in walk order,
/// each with the instructions it aligns (no phis, no static allocas of the
/// entry block) and their shapes. Computed once per pair, for every
/// strategy.
struct MemberShape {
  struct Block {
    const llvm::BasicBlock *BB;
    bool LandingPad = false;
    std::vector<const llvm::Instruction *> Seq;
    std::vector<uint64_t> Hashes;
    /// Hashes, sorted: the block's fingerprint.
    std::vector<uint64_t> Sorted;
    uint64_t FingerprintHash = 0;
  };
  std::vector<Block> Blocks;
  /// The first aligned instruction of each block.
  llvm::SmallPtrSet<const llvm::Instruction *, 32> Starts;

  MemberShape(const llvm::Function &F, ShapeHasher &Hasher);
};

/// Aligns Ctx.Left with Ctx.Right (which must pass pairObstacle; Shapes are
/// theirs) with Strategy, then keeps only matches whose operands that must
/// be equal are and that the merged control flow allows, and splits no
/// block for less than a branch saves (Aligner.cpp). Only reads IR.
PairAlignment alignFunctions(const PairContext &Ctx,
                             const std::array<MemberShape, 2> &Shapes,
                             AlignmentStrategy Strategy,
                             const AlignerLimits &Limits = {});

/// The matched instructions of an alignment, left to right (phis and entry
/// allocas included).
using MatchMap =
    llvm::DenseMap<const llvm::Instruction *, const llvm::Instruction *>;
MatchMap matchesOf(const PairAlignment &Alignment);

/// True when the left operand LU and the right operand RU (of matched
/// instructions) are one value of the merged body under Matches: the same
/// constant or argument, matched instructions, or, as the callees of
/// matched calls, each side's own function (the merged body calls itself).
bool sameMergedValue(const llvm::Use &LU, const llvm::Use &RU,
                     const MatchMap &Matches, const PairContext &Ctx);

} // namespace lmf

#endif
