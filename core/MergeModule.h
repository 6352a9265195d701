//===- MergeModule.h - A module's functions, stage by stage -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_MERGEMODULE_H
#define LMF_CORE_MERGEMODULE_H

#include "core/MergeOptions.h"
#include "core/MergeResult.h"
#include "core/TaskRunner.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace lmf {

class MergeStage;
struct OptionRow;

/// Runs the stages of mergeStages() on M, in order (MergeModule.cpp):
/// identical merging to a fixpoint, then similar merging where it is on for
/// M (similarMergingOn) and aligned merging where it is on
/// (alignedMergingOn); with the size code generation options, then marks
/// functions for code generation (SizeCodegen.h). Parallel phases run on
/// Runner; the output module is the same for any runner. Fails when the
/// module's functions refer to each other more than 2^32 times (before
/// anything changes), or when the verifier was asked for and rejects the
/// result.
llvm::Expected<MergeResult>
mergeModule(llvm::Module &M, const MergeOptions &Opts, TaskRunner &Runner);

/// The stages, in the order they run (MergeStage.h): a stage is its folder
/// under core/ and one line of this list.
llvm::ArrayRef<const MergeStage *> mergeStages();

/// Every option of mergeModule and its stages (OptionRow.h), in the order
/// `--help` lists them and our ld.lld passes them on: mergeModule's own,
/// then each stage's, in stage order.
llvm::ArrayRef<const OptionRow *> mergeOptionRows();

} // namespace lmf

#endif
