//===- SizeCodegen.h - Code generation for size, off hot code ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_FACTS_SIZECODEGEN_H
#define LMF_CORE_FACTS_SIZECODEGEN_H

#include "core/MergeOptions.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace llvm {
class Function;
class Module;
class ProfileSummaryInfo;
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

/// What one function costs to run, by the profile: the instructions it has,
/// and the instructions it executes (each block's count times its size).
struct RunCost {
  uint64_t Instructions = 0;
  uint64_t Executed = 0;
};

/// The functions of Costs that code generation for size may take under a
/// run-time budget: those that execute least per instruction they have,
/// first to last, while together they execute at most BudgetMillionths of
/// TotalExecuted. True at the index of each one taken; ties go to the
/// earlier index.
std::vector<bool> chooseWithinBudget(llvm::ArrayRef<RunCost> Costs,
                                     uint64_t TotalExecuted,
                                     unsigned BudgetMillionths);

/// True when one of F's blocks is hot by its module's profile: its count is
/// among those that make up F's hot-code line of the profile's total count
/// (Opts.HotCodePercentile when set, from 1 to 999999; else 99.99%, and
/// 99.9999% for a function of an AArch64 module that is not `minsize`,
/// which AArch64 outlines only when asked: SizeCodegen.cpp says why).
/// False without a profile summary or for a function never entered.
bool hasHotBlockByProfile(llvm::Function &F,
                          const llvm::ProfileSummaryInfo &PSI,
                          const MergeOptions &Opts);

/// Marks the definitions of M as Opts ask: functions that run hot code
/// (SizeCodegen.cpp says what that is, at the line hasHotBlockByProfile
/// draws, and
/// Opts.SizeCodegenBudget, at most 1000000) get
/// `nooutline`, which LLVM's MachineOutliner honours; the others get
/// `optsize`, so that code generation picks smaller encodings and drops the
/// alignment of functions and loops. Under HotPolicy::Off nothing is hot: no
/// function is kept from the outliner, and every other is optimized for size
/// when asked. Nothing is marked when the module's profile summary cannot be
/// read (ProfileReadable false, ModuleFacts.h).
SizeCodegenCounts prepareSizeCodegen(llvm::Module &M, const MergeOptions &Opts,
                                     bool ProfileReadable);

} // namespace lmf

#endif
