//===- MemberSSA.h - SSA form for a body two members share ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_ALIGNED_MEMBERSSA_H
#define LMF_CORE_ALIGNED_MEMBERSSA_H

#include "llvm/ADT/DenseMap.h"

#include <cstdint>

namespace llvm {
class Argument;
class BasicBlock;
class DominatorTree;
class Function;
} // namespace llvm

namespace lmf {

/// Which members run a block of a merged body: bit 0 the left member,
/// bit 1 the right.
constexpr uint8_t LeftRuns = 1, RightRuns = 2, BothRun = 3;
using BlockRunners = llvm::DenseMap<const llvm::BasicBlock *, uint8_t>;

/// Gives Body SSA form again where a member's value no longer dominates
/// its uses in the merged control flow (MemberSSA.cpp): Id is the
/// identifier parameter (false: the left member), Runs says which members
/// run each block (blocks the repair adds are recorded), DT is Body's
/// dominator tree as the builder left it.
void repairMemberSSA(llvm::Function &Body, llvm::Argument &Id,
                     BlockRunners &Runs, llvm::DominatorTree &DT);

} // namespace lmf

#endif
