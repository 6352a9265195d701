//===- SizeCodegen.h - Code generation for size, off hot code ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_SIZECODEGEN_H
#define LMF_CORE_SIZECODEGEN_H

#include "core/MergeOptions.h"

namespace llvm {
class Module;
} // namespace llvm

namespace lmf {

/// True when Opts ask for either part of code generation for size
/// (MergeOptions::KeepOutlinerOffHotCode, OptimizeOtherCodeForSize).
bool asksForSizeCodegen(const MergeOptions &Opts);

/// How many functions each part marked (functions that already had the
/// attribute are not counted).
struct SizeCodegenCounts {
  unsigned NotOutlined = 0;
  unsigned SizeOptimized = 0;
};

/// Marks the definitions of M as Opts ask: functions that run hot code
/// (SizeCodegen.cpp says what that is, at Opts.HotCodePercentile, which must
/// be from 1 to 999999) get `nooutline`, which LLVM's MachineOutliner
/// honours; the others get `optsize`, so that code generation picks smaller
/// encodings and drops the alignment of functions and loops. Under
/// HotPolicy::Off nothing is hot: no function is kept from the outliner, and
/// every other is optimized for size when asked.
SizeCodegenCounts prepareSizeCodegen(llvm::Module &M, const MergeOptions &Opts);

} // namespace lmf

#endif
