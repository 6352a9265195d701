//===- AlignedRewriter.h - Members reach the merged body --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_ALIGNED_ALIGNEDREWRITER_H
#define LMF_CORE_ALIGNED_ALIGNEDREWRITER_H

#include "core/MergeActions.h"

#include <array>

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

struct AlignedPlan;
struct RewriteContext;

/// Makes each member of Plan reach Body, the merged body built for it
/// (MergedBodyBuilder.h), as planned: a thunk passing its identifier, or
/// gone behind its rewritten direct calls (then a thunk anyway if some use
/// remains). Returns what became of each member, left first.
std::array<MergeAction, 2> rewriteMembers(const AlignedPlan &Plan,
                                            llvm::Function &Body,
                                            RewriteContext &RC);

} // namespace lmf

#endif
