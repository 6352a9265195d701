//===- MergeRemarks.h - Optimization remarks of the merge -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every fold and every similar merge can be reported as an LLVM
// optimization remark (`-pass-remarks=lto-merge-functions`, or a remarks
// file), filed under one pass name that the statistics share.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_MERGEREMARKS_H
#define LMF_CORE_MERGEREMARKS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
class OptimizationRemark;
class OptimizationRemarkMissed;
} // namespace llvm

namespace lmf {

/// The name the merge's remarks and statistics are filed under, which is
/// also the pass's name in a pipeline (linkplugin/contract/PassOptionNames.h).
inline constexpr char MergePassName[] = "lto-merge-functions";

/// Emits a "passed" remark named RemarkName on F, its message written by
/// Write, when anyone listens (a remark streamer, or -pass-remarks matching
/// MergePassName); otherwise Write is not called.
void emitMergeRemark(
    llvm::Function &F, llvm::StringRef RemarkName,
    llvm::function_ref<void(llvm::OptimizationRemark &)> Write);

/// The same for a "missed" remark (-pass-remarks-missed): a merge that was
/// considered and not made, and why.
void emitMissedMergeRemark(
    llvm::Function &F, llvm::StringRef RemarkName,
    llvm::function_ref<void(llvm::OptimizationRemarkMissed &)> Write);

} // namespace lmf

#endif
