//===- AlignedMerge.h - Merge functions that differ in instructions -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_ALIGNED_ALIGNEDMERGE_H
#define LMF_CORE_ALIGNED_ALIGNEDMERGE_H

#include "core/MergeOptions.h"
#include "core/MergeResult.h"
#include "core/facts/ModuleFacts.h"

#include <optional>

namespace llvm {
class Module;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;
class GlobalNumbering;
class TaskRunner;

/// What the aligned stage works with; mergeModule owns it all.
struct AlignedStageContext {
  llvm::Module &M;
  const MergeOptions &Opts;
  TaskRunner &Runner;
  GlobalNumbering &Globals;
  const AnnotationPolicy &Policy;
  const ModuleFacts &Facts;
  MergeResult &Result;
};

/// Merges pairs of the module's functions whose bodies align well into one
/// body with an identifier parameter (AlignedMerge.cpp), each member a
/// thunk or gone behind its rewritten calls. Records what it did in
/// Ctx.Result.
void mergeAlignedFunctions(AlignedStageContext &Ctx);

/// Whether aligned merging runs: as Asked when the user said, else off
/// (docs/linker.md, "Aligned functions", says why). The one place the
/// default is decided.
bool alignedMergingOn(std::optional<bool> Asked);

} // namespace lmf

#endif
