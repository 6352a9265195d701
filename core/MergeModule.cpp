//===- MergeModule.cpp - Merge identical, similar, aligned functions -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// mergeModule reads like the algorithm (README.md, "What it does"):
//
//   1. read once what every stage asks of the module: its facts
//      (ModuleFacts.h) and its hot functions (ProfileFacts.h);
//   2. run the stages of the stage list, in order, each on what the ones
//      before it left (MergeStage.h): identical merging
//      (identical/IdenticalMerge.h), which always runs; similar merging
//      (similar/SimilarMerge.h), on when asked for, or not asked either way
//      in a module that carries a profile (similarMergingOn); aligned
//      merging (aligned/AlignedMerge.h), on when asked for
//      (alignedMergingOn);
//   3. with MergeOptions::KeepOutlinerOffHotCode or
//      OptimizeOtherCodeForSize (the smallest-binary option), mark every
//      function for code generation (SizeCodegen.h): `nooutline` where it
//      runs hot code, `optsize` elsewhere;
//   4. give every member whose calls now run another function's code
//      directly a member symbol there, for debuggers (MemberSymbols.h);
//      then, with MergeOptions::Verify, have the verifier check the module,
//      and make a module that fails an error, not the pipeline's abort
//      (MergedModuleCheck.h).
//
// A stage is its folder plus one line in mergeStages() below; what a stage
// does, and why its output does not depend on the thread count, its own
// file says.
//
//===----------------------------------------------------------------------===//

#include "core/MergeModule.h"

#include "core/MergeStage.h"
#include "core/MergedModuleCheck.h"
#include "core/OptionRow.h"
#include "core/PhaseTimer.h"
#include "core/aligned/AlignedMerge.h"
#include "core/equality/AnnotationPolicy.h"
#include "core/equality/GlobalNumbering.h"
#include "core/facts/AddressComparisons.h"
#include "core/facts/ModuleFacts.h"
#include "core/facts/ProfileFacts.h"
#include "core/facts/SizeCodegen.h"
#include "core/identical/IdenticalMerge.h"
#include "core/identical/MemberSymbols.h"
#include "core/similar/SimilarMerge.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"

using namespace llvm;

namespace lmf {
namespace {

/// mergeModule's own options, for what comes after the stages.
constexpr OptionRow ModuleOptionRows[] = {
    {"lto-merge-functions-no-outline-hot", OptionKind::Switch,
     "Give functions that run hot code (by the profile, or the hot "
     "attribute) the nooutline attribute, so that the MachineOutliner keeps "
     "off them",
     [](MergeOptions &O) -> OptionField { return &O.KeepOutlinerOffHotCode; }},
    {"lto-merge-functions-optsize-cold", OptionKind::Switch,
     "Give functions that run no hot code the optsize attribute, for "
     "smaller code generation",
     [](MergeOptions &O) -> OptionField {
       return &O.OptimizeOtherCodeForSize;
     }},
    {"lto-merge-functions-hot-code-percentile", OptionKind::Millionths,
     "For -lto-merge-functions-no-outline-hot and "
     "-lto-merge-functions-optsize-cold: a block is hot when its count is "
     "among those making up this share of the profile's total, in "
     "millionths (default: 999900; 999999 for AArch64 functions that are "
     "not minsize)",
     [](MergeOptions &O) -> OptionField { return &O.HotCodePercentile; },
     /*Hidden=*/false, /*Min=*/1, /*Max=*/999999},
    {"lto-merge-functions-size-codegen-budget", OptionKind::Millionths,
     "For -lto-merge-functions-no-outline-hot and "
     "-lto-merge-functions-optsize-cold: functions with a hot block that "
     "execute least per instruction are still built for size while they "
     "execute at most this share of what the module executes, in "
     "millionths",
     [](MergeOptions &O) -> OptionField { return &O.SizeCodegenBudget; },
     /*Hidden=*/false, /*Min=*/0, /*Max=*/1000000},
    {"lto-merge-functions-verify", OptionKind::Switch,
     "Verify the module after merging",
     [](MergeOptions &O) -> OptionField { return &O.Verify; }},
};

/// What every stage reads of M: its facts, and its hot functions by the
/// profile, which a summary without the cutoffs asked for cannot say (a
/// warning, and no function is hot by the profile then).
ModuleFacts readModuleFacts(Module &M, const MergeOptions &Opts) {
  ModuleFacts Facts = collectModuleFacts(
      M, {Opts.LinkAddressFree, Opts.LinkCompared, Opts.ComparedUnknown});
  std::string SummaryProblem =
      profileSummaryProblem(M, highestPercentileAsked(Opts.HotCodePercentile));
  Facts.ProfileReadable = SummaryProblem.empty();
  if (!Facts.ProfileReadable)
    M.getContext().diagnose(DiagnosticInfoGeneric(
        "lto-merge-functions: " + SummaryProblem +
            "; merging as if no function were hot by the profile",
        DS_Warning));
  Facts.Hot = collectHotFunctions(M, Opts.Hot, Facts.ProfileReadable);
  return Facts;
}

/// Once every fold is made: the module's own folds first, so that a local
/// name a folded member of this module shares with a member of another
/// module (a `static` function of two units) follows this module's fold.
/// SharedBodyMembers are the members of classes folded across ThinLTO
/// modules whose shared body this module keeps (takeSharedBodyMembers).
void addMemberSymbols(Module &M, const MergeResult &Result,
                      ArrayRef<MovedCalls> SharedBodyMembers) {
  std::vector<MovedCalls> Moved;
  appendMovedCalls(Result, Moved);
  Moved.insert(Moved.end(), SharedBodyMembers.begin(), SharedBodyMembers.end());
  lmf::addMemberSymbols(M, Moved);
}

} // namespace

ArrayRef<const MergeStage *> mergeStages() {
  static const MergeStage *const Stages[] = {
      &identicalStage(),
      &similarStage(),
      &alignedStage(),
  };
  return Stages;
}

/// Gathered once: our ld.lld looks a row up for every -mllvm option.
static std::vector<const OptionRow *> gatherOptionRows() {
  std::vector<const OptionRow *> Rows;
  for (const OptionRow &Row : ModuleOptionRows)
    Rows.push_back(&Row);
  for (const MergeStage *Stage : mergeStages())
    for (const OptionRow &Row : Stage->options())
      Rows.push_back(&Row);
  return Rows;
}

ArrayRef<const OptionRow *> mergeOptionRows() {
  static const std::vector<const OptionRow *> Rows = gatherOptionRows();
  return Rows;
}

Expected<MergeResult> mergeModule(Module &M, const MergeOptions &Opts,
                                  TaskRunner &Runner) {
  auto Start = PhaseTimer::Clock::now();
  TimeTraceScope Trace("LTOMergeFunctions");
  GlobalNumbering Globals(M);
  AnnotationPolicy Policy(M);
  MergeResult Result;
  Result.ModuleName = M.getModuleIdentifier();
  Result.Mode = mergeModeName(Opts.Mode).str();
  Result.Stats.Threads = Runner.concurrency();
  std::vector<MovedCalls> SharedBodyMembers = takeSharedBodyMembers(M);
  ModuleFacts Facts = readModuleFacts(M, Opts);
  // Kept by handle: a fold may erase one (a local compared only by itself).
  SmallVector<WeakVH, 4> Compared;
  for (const Function *F : Facts.Compared)
    Compared.emplace_back(const_cast<Function *>(F));
  Result.HotPolicy = hotPolicyName(Opts.Hot).str();
  Result.Stats.HotFunctions = Facts.Hot.size();

  StageContext Ctx{M, Opts, Runner, Globals, Policy, Facts, Result, {}};
  for (const MergeStage *Stage : mergeStages())
    if (Stage->runsOn(M, Opts))
      if (Error E = Stage->run(Ctx))
        return E;

  SizeCodegenCounts Marked = prepareSizeCodegen(M, Opts, Facts.ProfileReadable);
  Result.SizeCodegenRan = asksForSizeCodegen(Opts);
  Result.Stats.NotOutlined = Marked.NotOutlined;
  Result.Stats.SizeOptimized = Marked.SizeOptimized;
  Result.Stats.AddressesMadeSignificant =
      markComparedAddressesSignificant(Compared);
  addMemberSymbols(M, Result, SharedBodyMembers);

  publishStatistics(Result.Stats);
  if (Opts.Verify) {
    PhaseTimer Timer(Result.Times.VerifySeconds, "LTOMergeFunctions.Verify");
    if (Error E = checkMergedModule(M))
      return E;
  }
  Result.Times.TotalSeconds =
      std::chrono::duration<double>(PhaseTimer::Clock::now() - Start).count();
  return Result;
}

} // namespace lmf
