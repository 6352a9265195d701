//===- SizeCodegen.cpp - Code generation for size, off hot code -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The smallest-binary option (docs/smallest-binary.md) asks code generation for
// the smallest code, and code generation can trade speed for size in two ways
// that merging cannot: LLVM's MachineOutliner turns instruction sequences
// that repeat across the module into calls of one copy, and a function with
// the `optsize` attribute gets smaller encodings and no alignment padding
// (functions and loops start where the previous code ends, not on a 16-byte
// boundary). Both cost time on the code they touch: an outlined sequence
// becomes a call and a return on whatever path it was on, and code built
// for size runs more instructions (docs/smallest-binary.md has the
// measurements). So with a profile both keep off the code the program
// spends its time in. After merging, this file marks each function: one
// that runs hot code gets `nooutline`, which the outliner honours; every
// other one gets `optsize`.
//
// The outliner has a mode of its own for profiles
// (`-enable-machine-outliner=conservative-pgo`: only blocks the profile calls
// cold), but it is one choice for the whole link and outlines nothing in a
// module without a profile, and blocks cold on the training input still run
// on the real one (measured: bench/notebook/2026-11-26.md, "The
// smallest-binary option (2026-11-26, third session)"). Here the decision
// is per module and per function.
//
// Hot code is read from the profile as LLVM reads it (ProfileSummaryInfo):
// the function is hot under the merge's hot-function policy (hot entry count,
// `hot` attribute; ProfileFacts.cpp), or one of its blocks has a count among
// those that make up the top Percentile of the profile's total count, by the
// counts block frequency derives from the branch weights. Blocks catch the
// loops of a function entered once, which an entry count misses. The
// default percentile, 99.99%, is wider than LLVM's "hot" (99%): a kernel
// that is only warm on the training input may be hot on the real one, and
// the narrower cutoffs let such kernels be outlined (the measurements that
// chose 99.99%: the notebook section above). On AArch64 the line is
// 99.9999% for a function that is not `minsize`: AArch64's outliner
// outlines about twice what x86-64's does (16% of CTMark's `.text` against
// 8%), so warm code pays more for it; with 99.99%, tramp3d-v4 built for
// AArch64 at -O3 with a profile ran 0.58% more instructions than the plain
// PGO build, 0.32 points of them the outliner's, and 0.45% with the wider
// line, the other nine programs as before (bench/notebook/2026-11-28.md,
// session 7). A `minsize` function (-Oz) is outlined there in the plain
// build too, so the line decides only its merges, and stays at 99.99%
// (AArch64 -Oz with a profile ran within +0.15% with it; the wider line
// gave up 0.12 points of its `.text` saving). A function whose entry count
// is zero has no such block, and is decided without computing block
// frequencies.
//
// That line alone gave up most of the saving where the training run
// executes most of the code: a large function with one warm block stayed
// fast whole. So a budget takes some of them back: every function the
// policy does not call hot is priced by the instructions it executes by the
// profile (each block's count times its size) per instruction it has, and
// the cheapest, in that order, take code generation for size while together
// they execute at most the budget's share of all the module executes
// (chooseWithinBudget). The default, 0.3%, is small because what a function
// executes on the real input is not what it executed in training, and the
// budget leaves room for that (how it was chosen:
// bench/notebook/2026-11-27.md, "A run-time budget for
// `--lto-smallest-binary` with a profile"). Functions hot under the policy
// are never taken. In ThinLTO each backend spends the budget of its own
// module.
//
// Without a profile summary only `hot`-attribute functions are hot: every
// other function is outlined and optimized for size.
//
// A function built for size (`minsize`, `optsize`: -Os, -Oz) that runs hot
// code is told apart the same way: it keeps the code generation its unit
// asked for, and the outliner stays off it where the outliner is the
// option's: on x86-64 the outliner runs only when asked for, so a hot
// function gets `nooutline`; AArch64 and RISC-V outline every `minsize`
// function by default, so the plain -Oz build already outlines its hot
// code, and such a function is left as that build leaves it. Until
// 2026-11-28 a function built for size was never hot, and the option on
// CTMark at x86-64 -Oz with PGO ran 10.9% more instructions than the plain
// PGO build (bench/notebook/2026-11-28.md).
//
//===----------------------------------------------------------------------===//

#include "core/facts/SizeCodegen.h"

#include "core/facts/ByteModel.h"
#include "core/facts/ProfileFacts.h"

#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

#include <vector>

using namespace llvm;

namespace lmf {

/// The attribute LLVM's MachineOutliner skips a function for.
static constexpr StringLiteral NoOutline = "nooutline";

namespace {
/// The analyses block counts come from, for one function.
struct BlockCounts {
  DominatorTree DT;
  LoopInfo LI;
  BranchProbabilityInfo BPI;
  BlockFrequencyInfo BFI;

  explicit BlockCounts(Function &F)
      : DT(F), LI(DT), BPI(F, LI), BFI(F, BPI, LI) {}
};
} // namespace

/// True when F's profile says it is entered at all. A function entered
/// zero times runs no block, and needs no block counts.
static bool isEntered(const Function &F) {
  std::optional<Function::ProfileCount> Entry = F.getEntryCount();
  return Entry && Entry->getCount() != 0;
}

/// The line above which a block of F is hot (MergeOptions::HotCodePercentile,
/// the essay above).
static unsigned hotCodePercentile(const MergeOptions &Opts, const Function &F) {
  if (Opts.HotCodePercentile)
    return *Opts.HotCodePercentile;
  // Where the target draws the line wider (ByteModel::widensHotCodeLine),
  // a function that is not `minsize` takes the wide line: the outliner
  // reaches it only when asked, and then costs more there.
  if (!F.hasMinSize() &&
      ByteModel::forModule(*F.getParent()).widensHotCodeLine())
    return WideHotCodePercentile;
  return DefaultHotCodePercentile;
}

/// True when one of F's blocks has a hot count by the profile.
static bool hasHotBlock(const ProfileSummaryInfo &PSI, unsigned Percentile,
                        const Function &F, const BlockCounts *Counts) {
  return Counts &&
         PSI.isFunctionHotInCallGraphNthPercentile(Percentile, &F, Counts->BFI);
}

/// What F costs to run by its profile (RunCost).
static RunCost measureRunCost(const Function &F, const BlockCounts *Counts) {
  RunCost Cost;
  for (const BasicBlock &BB : F) {
    uint64_t Size = BB.sizeWithoutDebug();
    Cost.Instructions += Size;
    if (!Counts)
      continue;
    uint64_t Count = Counts->BFI.getBlockProfileCount(&BB).value_or(0);
    Cost.Executed =
        SaturatingAdd(Cost.Executed, SaturatingMultiply(Count, Size));
  }
  return Cost;
}

std::vector<bool> chooseWithinBudget(ArrayRef<RunCost> Costs,
                                     uint64_t TotalExecuted,
                                     unsigned BudgetMillionths) {
  auto PerInstruction = [&](size_t I) {
    return Costs[I].Instructions
               ? double(Costs[I].Executed) / double(Costs[I].Instructions)
               : double(Costs[I].Executed);
  };
  std::vector<size_t> Order(Costs.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  llvm::stable_sort(Order, [&](size_t A, size_t B) {
    return PerInstruction(A) < PerInstruction(B);
  });
  double Allowed = double(TotalExecuted) * BudgetMillionths / 1e6;
  double Spent = 0;
  std::vector<bool> Chosen(Costs.size(), false);
  for (size_t I : Order) {
    Spent += double(Costs[I].Executed);
    if (Spent > Allowed)
      break;
    Chosen[I] = true;
  }
  return Chosen;
}

namespace {
/// One definition of the module and what the profile says of it.
struct FunctionFacts {
  Function *F;
  /// Hot under the hot-function policy: never taken for size.
  bool PolicyHot;
  /// One of its blocks is in the top HotCodePercentile of the profile.
  bool HotBlock;
  RunCost Cost;
};
} // namespace

/// The profile's facts of every definition of M. Block counts are computed
/// once per entered function, for both the hot-block test and its cost.
static std::vector<FunctionFacts> gatherFacts(Module &M,
                                              const ProfileSummaryInfo &PSI,
                                              const MergeOptions &Opts) {
  std::vector<FunctionFacts> Facts;
  bool Profiled = Opts.Hot != HotPolicy::Off && PSI.hasProfileSummary();
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    FunctionFacts Fact{&F, isHotFunction(F, &PSI, Opts.Hot), false, {}};
    std::optional<BlockCounts> Counts;
    if (Profiled && isEntered(F))
      Counts.emplace(F);
    const BlockCounts *C = Counts ? &*Counts : nullptr;
    Fact.HotBlock = hasHotBlock(PSI, hotCodePercentile(Opts, F), F, C);
    Fact.Cost = measureRunCost(F, C);
    Facts.push_back(Fact);
  }
  return Facts;
}

/// Which of Facts run hot code, after the budget: policy-hot functions
/// always; functions with a hot block unless the budget takes them.
static std::vector<bool> functionsThatStayFast(ArrayRef<FunctionFacts> Facts,
                                               unsigned BudgetMillionths) {
  std::vector<RunCost> Costs;
  std::vector<size_t> Index;
  uint64_t Total = 0;
  for (size_t I = 0; I < Facts.size(); ++I) {
    Total = SaturatingAdd(Total, Facts[I].Cost.Executed);
    if (!Facts[I].PolicyHot) {
      Costs.push_back(Facts[I].Cost);
      Index.push_back(I);
    }
  }
  std::vector<bool> Chosen = chooseWithinBudget(Costs, Total, BudgetMillionths);
  std::vector<bool> Hot(Facts.size(), false);
  for (size_t I = 0; I < Facts.size(); ++I)
    Hot[I] = Facts[I].PolicyHot || Facts[I].HotBlock;
  for (size_t J = 0; J < Index.size(); ++J)
    if (Chosen[J])
      Hot[Index[J]] = false;
  return Hot;
}

bool hasHotBlockByProfile(Function &F, const ProfileSummaryInfo &PSI,
                          const MergeOptions &Opts) {
  if (!PSI.hasProfileSummary() || !isEntered(F))
    return false;
  BlockCounts Counts(F);
  return hasHotBlock(PSI, hotCodePercentile(Opts, F), F, &Counts);
}

bool asksForSizeCodegen(const MergeOptions &Opts) {
  return Opts.KeepOutlinerOffHotCode || Opts.OptimizeOtherCodeForSize;
}

/// True when code generation for M's target outlines a `minsize` function
/// with no option asking for it (ByteModel::outlinesMinSizeByDefault).
static bool outlinesMinSizeByDefault(const Module &M) {
  return ByteModel::forModule(M).outlinesMinSizeByDefault();
}

SizeCodegenCounts prepareSizeCodegen(Module &M, const MergeOptions &Opts,
                                     bool ProfileReadable) {
  SizeCodegenCounts Counts;
  if (!asksForSizeCodegen(Opts) || !ProfileReadable)
    return Counts;
  ProfileSummaryInfo PSI(M);
  std::vector<FunctionFacts> Facts = gatherFacts(M, PSI, Opts);
  std::vector<bool> Hot = functionsThatStayFast(Facts, Opts.SizeCodegenBudget);
  bool DefaultOutlining = outlinesMinSizeByDefault(M);
  for (size_t I = 0; I < Facts.size(); ++I) {
    Function &F = *Facts[I].F;
    if (Hot[I]) {
      bool OutlinedAnyway = DefaultOutlining && F.hasMinSize();
      if (Opts.KeepOutlinerOffHotCode && !OutlinedAnyway &&
          !F.hasFnAttribute(NoOutline)) {
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
