//===- SizeCodegen.h - Code generation for size, off hot code ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_SIZECODEGEN_H
#define LMF_CORE_SIZECODEGEN_H

#include "core/MergeOptions.h"

namespace llvm {
class Function;
class Module;
class ProfileSummaryInfo;
} // namespace llvm

namespace lmf {

/// True when F runs code the module's profile calls hot: F is hot under
/// Policy (isHotFunction), or its entry count or one of its block counts is
/// among those that make up the top Percentile (in millionths) of the
/// profile's total count (ProfileSummaryInfo::
/// isFunctionHotInCallGraphNthPercentile). False under HotPolicy::Off and
/// for `minsize`/`optsize` functions.
bool runsHotCode(const llvm::Function &F, const llvm::ProfileSummaryInfo &PSI,
                 HotPolicy Policy, unsigned Percentile);

/// True when Opts ask for either part of code generation for size
/// (MergeOptions::KeepOutlinerOffHotCode, OptimizeOtherCodeForSize).
bool asksForSizeCodegen(const MergeOptions &Opts);

/// How many functions each part marked (functions that already had the
/// attribute are not counted).
struct SizeCodegenCounts {
  unsigned NotOutlined = 0;
  unsigned SizeOptimized = 0;
};

/// Marks the definitions of M as Opts ask: functions that run hot code (at
/// Opts.HotCodePercentile) get `nooutline`, which LLVM's MachineOutliner
/// honours; the others get `optsize`, so that code generation picks smaller
/// encodings and drops the alignment of functions and loops. Under
/// HotPolicy::Off nothing is hot: no function is kept from the outliner, and
/// every other is optimized for size when asked.
SizeCodegenCounts prepareSizeCodegen(llvm::Module &M, const MergeOptions &Opts);

} // namespace lmf

#endif
