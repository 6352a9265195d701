//===- MergedBodyBuilder.h - Emit the body two functions share --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_ALIGNED_MERGEDBODYBUILDER_H
#define LMF_CORE_ALIGNED_MERGEDBODYBUILDER_H

#include "llvm/Support/Error.h"

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;
struct AlignedPlan;
struct RewriteContext;

/// Builds the body Plan.Left and Plan.Right share, as Plan.Alignment lines
/// them up (MergedBodyBuilder.cpp says how), in a new internal function
/// placed after Plan.Left: Plan.Left's parameters and an `i1` identifier,
/// false when Plan.Left runs, true when Plan.Right does. The members keep
/// their bodies (the rewriter turns them into thunks) except for their
/// debug subprograms: Plan.Left's goes to the new function and Plan.Left
/// gets a copy. Returns an error, and leaves the module as it was, when the
/// new function does not verify.
llvm::Expected<llvm::Function *> buildMergedBody(const AlignedPlan &Plan,
                                                 const AnnotationPolicy &Policy,
                                                 RewriteContext &RC);

} // namespace lmf

#endif
