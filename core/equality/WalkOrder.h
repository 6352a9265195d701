//===- WalkOrder.h - The block order every phase agrees on ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Hash, comparator and intersector all visit blocks in one order: depth-first
// preorder from the entry block, successors in terminator order, then the
// unreachable blocks in layout order. Two equal functions therefore line up
// instruction by instruction, whatever their block layout.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_EQUALITY_WALKORDER_H
#define LMF_CORE_EQUALITY_WALKORDER_H

#include "llvm/ADT/SmallVector.h"

#include <vector>

#include "llvm/IR/Function.h"

namespace llvm {
class BasicBlock;
} // namespace llvm

namespace lmf {

/// Appends F's blocks in walk order to Order. Seen is the caller's scratch
/// (a flag per block number), reused from one function to the next; the
/// encoder keeps it in its EncoderScratch.
void blocksInWalkOrder(const llvm::Function &F,
                       llvm::SmallVectorImpl<const llvm::BasicBlock *> &Order,
                       std::vector<char> &Seen);

inline llvm::SmallVector<const llvm::BasicBlock *, 16>
blocksInWalkOrder(const llvm::Function &F) {
  llvm::SmallVector<const llvm::BasicBlock *, 16> Order;
  std::vector<char> Seen;
  blocksInWalkOrder(F, Order, Seen);
  return Order;
}

/// Calls Visit(BodyInst, MemberInst) for the instructions of two functions
/// of one shape, paired in walk order (block by block, the shorter block
/// deciding); nothing when their block counts differ.
template <typename BodyFn, typename MemberFn, typename Callback>
void forEachInstructionPair(BodyFn &Body, MemberFn &Member, Callback Visit) {
  auto BodyBlocks = blocksInWalkOrder(Body);
  auto MemberBlocks = blocksInWalkOrder(Member);
  if (BodyBlocks.size() != MemberBlocks.size())
    return;
  for (size_t B = 0; B < BodyBlocks.size(); ++B) {
    auto BI = BodyBlocks[B]->begin(), BE = BodyBlocks[B]->end();
    auto MI = MemberBlocks[B]->begin(), ME = MemberBlocks[B]->end();
    for (; BI != BE && MI != ME; ++BI, ++MI)
      Visit(const_cast<llvm::Instruction &>(*BI), *MI);
  }
}

} // namespace lmf

#endif
