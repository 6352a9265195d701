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

#ifndef LMF_CORE_WALKORDER_H
#define LMF_CORE_WALKORDER_H

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class Function;
} // namespace llvm

namespace lmf {

/// Appends F's blocks in walk order to Order.
void blocksInWalkOrder(const llvm::Function &F,
                       llvm::SmallVectorImpl<const llvm::BasicBlock *> &Order);

inline llvm::SmallVector<const llvm::BasicBlock *, 16>
blocksInWalkOrder(const llvm::Function &F) {
  llvm::SmallVector<const llvm::BasicBlock *, 16> Order;
  blocksInWalkOrder(F, Order);
  return Order;
}

} // namespace lmf

#endif
