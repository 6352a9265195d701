//===- WalkOrder.cpp - The block order every phase agrees on --------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Layout order is not a property of a function's meaning: two twins may place
// their blocks differently. A depth-first walk from the entry, following
// successors in the order the terminator lists them, is. Unreachable blocks
// are appended in layout order so that equal encodings mean fully identical
// bodies, not just identical reachable parts.
//
//===----------------------------------------------------------------------===//

#include "core/equality/WalkOrder.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace lmf {

void blocksInWalkOrder(const Function &F,
                       SmallVectorImpl<const BasicBlock *> &Order,
                       std::vector<char> &Seen) {
  if (F.empty())
    return;
  // Most functions left after the LTO pipeline have one block.
  if (&F.front() == &F.back()) {
    Order.push_back(&F.front());
    return;
  }
  // Blocks carry a number unique in their function: a flag per number is
  // cheaper than a set of pointers.
  Seen.assign(F.getMaxBlockNumber(), 0);
  size_t First = Order.size();
  SmallVector<const BasicBlock *, 16> Stack;
  Stack.push_back(&F.getEntryBlock());
  while (!Stack.empty()) {
    const BasicBlock *BB = Stack.pop_back_val();
    if (Seen[BB->getNumber()])
      continue;
    Seen[BB->getNumber()] = 1;
    Order.push_back(BB);
    // Push in reverse so the first successor is visited first.
    const Instruction *Term = BB->getTerminator();
    if (!Term)
      continue;
    for (unsigned I = Term->getNumSuccessors(); I-- > 0;)
      Stack.push_back(Term->getSuccessor(I));
  }
  if (Order.size() - First == F.size())
    return;
  for (const BasicBlock &BB : F)
    if (!Seen[BB.getNumber()])
      Order.push_back(&BB);
}

} // namespace lmf
