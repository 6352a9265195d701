//===- SizeCodegen.cpp - Code generation for size, off hot code -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The smallest-binary option (docs/smallest-binary.md) asks code generation for the
// smallest code, and code generation can trade speed for size in two ways
// that merging cannot: LLVM's MachineOutliner turns instruction sequences
// that repeat across the module into calls of one copy, and a function with
// the `optsize` attribute gets smaller encodings and no alignment padding
// (functions and loops start where the previous code ends, not on a 16-byte
// boundary). Both cost time on the code they touch: an outlined sequence
// becomes a call and a return on whatever path it was on, and CTMark ran
// up to 13.6% more instructions with the outliner, 16.5% with `optsize`
// everywhere as well (bench/RESULTS.md). So with a profile both keep off the
// code the program spends its time in. After merging, this file marks each
// function: one that runs hot code gets `nooutline`, which the outliner
// honours; every other one gets `optsize`.
//
// The outliner has a mode of its own for profiles
// (`-enable-machine-outliner=conservative-pgo`: only blocks the profile calls
// cold), but it is one choice for the whole link and outlines nothing in a
// module without a profile, and on CTMark with PGO consumer-typeset still ran
// 0.95% more instructions with it: blocks cold on the training input run on
// the real one. Here the decision is per module and per function.
//
// Hot code is read from the profile as LLVM reads it (ProfileSummaryInfo):
// the function is hot under the merge's hot-function policy (hot entry count,
// `hot` attribute; ProfileFacts.cpp), or one of its blocks has a count among
// those that make up the top Percentile of the profile's total count, by the
// counts block frequency derives from the branch weights. Blocks catch the
// loops of a function entered once, which an entry count misses. The
// default percentile, 99.99%, is wider than LLVM's "hot" (99%): at 99% and
// 99.9%, tramp3d still ran 1.08% and 0.60% more instructions, its kernels
// being warm on the training input and hot on the real one; at 99.99% no
// CTMark program ran more than 0.32% more, outliner and `optsize` together
// (bench/RESULTS.md). A function whose entry count is zero has no such
// block, and is decided without computing block frequencies.
//
// Without a profile summary only `hot`-attribute functions are hot: every
// other function is outlined and optimized for size. A function built for
// size (`minsize`, `optsize`) is never hot.
//
//===----------------------------------------------------------------------===//

#include "core/SizeCodegen.h"

#include "core/ProfileFacts.h"

#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace lmf {

/// The attribute LLVM's MachineOutliner skips a function for.
static constexpr StringLiteral NoOutline = "nooutline";

/// True when one of F's blocks has a hot count by the profile.
static bool hasHotBlock(const Function &F, const ProfileSummaryInfo &PSI,
                        unsigned Percentile) {
  std::optional<Function::ProfileCount> Entry = F.getEntryCount();
  if (!Entry || Entry->getCount() == 0)
    return false;
  DominatorTree DT(const_cast<Function &>(F));
  LoopInfo LI(DT);
  BranchProbabilityInfo BPI(F, LI);
  BlockFrequencyInfo BFI(F, BPI, LI);
  return PSI.isFunctionHotInCallGraphNthPercentile(Percentile, &F, BFI);
}

/// True when F runs code the module's profile calls hot: F is hot under
/// Policy (isHotFunction), or its entry count or one of its block counts is
/// among those that make up the top Percentile (in millionths) of the
/// profile's total count (ProfileSummaryInfo::
/// isFunctionHotInCallGraphNthPercentile). False under HotPolicy::Off and
/// for `minsize`/`optsize` functions.
static bool runsHotCode(const Function &F, const ProfileSummaryInfo &PSI,
                        HotPolicy Policy, unsigned Percentile) {
  if (Policy == HotPolicy::Off || F.hasOptSize())
    return false;
  if (isHotFunction(F, PSI, Policy))
    return true;
  return PSI.hasProfileSummary() && hasHotBlock(F, PSI, Percentile);
}

bool asksForSizeCodegen(const MergeOptions &Opts) {
  return Opts.KeepOutlinerOffHotCode || Opts.OptimizeOtherCodeForSize;
}

SizeCodegenCounts prepareSizeCodegen(Module &M, const MergeOptions &Opts) {
  SizeCodegenCounts Counts;
  if (!asksForSizeCodegen(Opts))
    return Counts;
  ProfileSummaryInfo PSI(M);
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (runsHotCode(F, PSI, Opts.Hot, Opts.HotCodePercentile)) {
      if (Opts.KeepOutlinerOffHotCode && !F.hasFnAttribute(NoOutline)) {
        F.addFnAttr(NoOutline);
        ++Counts.NotOutlined;
      }
    } else if (Opts.OptimizeOtherCodeForSize && !F.hasOptSize() &&
               !F.hasOptNone()) {
      F.addFnAttr(Attribute::OptimizeForSize);
      ++Counts.SizeOptimized;
    }
  }
  return Counts;
}

} // namespace lmf
