//===- SimilarMerge.h - Merge functions differing in constants -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_SIMILAR_SIMILARMERGE_H
#define LMF_CORE_SIMILAR_SIMILARMERGE_H

#include "core/MergeOptions.h"
#include "core/MergeResult.h"
#include "core/facts/ModuleFacts.h"

#include "llvm/ADT/DenseSet.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;
class GlobalNumbering;
class TaskRunner;

/// What the similar stage works with; the identical stage owns it all.
struct SimilarStageContext {
  llvm::Module &M;
  const MergeOptions &Opts;
  TaskRunner &Runner;
  GlobalNumbering &Globals;
  const AnnotationPolicy &Policy;
  const ModuleFacts &Facts;
  MergeResult &Result;
};

/// Merges classes of Candidates (functions the identical stage left with
/// their own bodies) that are equal except at parameter positions: one
/// shared body with parameters for the constants that differ, each member
/// a thunk or gone behind its rewritten calls. Records what it did in
/// Ctx.Result.
void mergeSimilarFunctions(const llvm::DenseSet<llvm::Function *> &Candidates,
                           SimilarStageContext &Ctx);

} // namespace lmf

#endif
