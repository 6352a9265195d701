//===- LTOMergeFunctionsPass.cpp - The module pass and its options --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The glue between LLVM's pass manager and core::mergeModule. Options are
// ordinary `cl::opt`s so they reach us the same way from `opt` and from a
// linker (`-mllvm -lto-merge-functions-...`, once the plugin is loaded with
// `-mllvm -load=`). Threads follow llvm::parallel::strategy, which is lld's
// `--threads`, unless `-lto-merge-functions-threads` says otherwise.
//
// Failures (a hot-code percentile or size budget out of range, an unreadable
// list of address-free functions, an unwritable report, a module the verifier
// rejects, more references between functions than partition refinement can
// index) are reported through
// LLVMContext::emitError: `opt` prints them and exits non-zero, lld turns
// them into link errors. The pass never aborts.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/plugin/LTOMergeFunctionsPass.h"

#include "core/MergeModule.h"
#include "core/MergeOptions.h"
#include "core/MergeReport.h"
#include "linkplugin/contract/PassOptionNames.h"
#include "linkplugin/plugin/BackendResults.h"
#include "linkplugin/plugin/PluginState.h"
#include "parallel/TBBTaskRunner.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

cl::OptionCategory Category("lto-merge-functions options");

/// An option's values, from one of core's tables of named values.
template <typename E> struct NamedValues {
  llvm::ArrayRef<lmf::NamedValue<E>> Table;
  template <class Opt> void apply(Opt &O) const {
    for (const lmf::NamedValue<E> &V : Table)
      O.getParser().addLiteralOption(V.Name, V.Value, V.Description);
  }
};

cl::opt<lmf::MergeMode> ModeOpt(lmf::passopt::ModeOption,
                                cl::desc("Which functions may be folded"),
                                cl::init(lmf::MergeOptions().Mode),
                                NamedValues<lmf::MergeMode>{lmf::mergeModes()},
                                cl::cat(Category));

cl::opt<lmf::HotPolicy>
    HotPolicyOpt(lmf::passopt::HotPolicyOption,
                 cl::desc("How functions that a profile (or the hot "
                          "attribute) calls hot may merge"),
                 cl::init(lmf::MergeOptions().Hot),
                 NamedValues<lmf::HotPolicy>{lmf::hotPolicies()},
                 cl::cat(Category));

cl::opt<bool> NoOutlineHotOpt(
    lmf::passopt::NoOutlineHotOption,
    cl::desc("Give functions that run hot code (by the profile, or the hot "
             "attribute) the nooutline attribute, so that the "
             "MachineOutliner keeps off them"),
    cl::init(lmf::MergeOptions().KeepOutlinerOffHotCode), cl::cat(Category));

cl::opt<bool> OptSizeColdOpt(
    lmf::passopt::OptSizeColdOption,
    cl::desc("Give functions that run no hot code the optsize attribute, "
             "for smaller code generation"),
    cl::init(lmf::MergeOptions().OptimizeOtherCodeForSize), cl::cat(Category));

cl::opt<unsigned> HotCodePercentileOpt(
    lmf::passopt::HotCodePercentileOption,
    cl::desc("For -lto-merge-functions-no-outline-hot and "
             "-lto-merge-functions-optsize-cold: a block is hot when its count "
             "is among those making up this share of the profile's total, in "
             "millionths (default: 999900; 999999 for AArch64 functions that "
             "are not minsize)"),
    cl::init(lmf::DefaultHotCodePercentile), cl::cat(Category));

cl::opt<unsigned> SizeCodegenBudgetOpt(
    lmf::passopt::SizeCodegenBudgetOption,
    cl::desc("For -lto-merge-functions-no-outline-hot and "
             "-lto-merge-functions-optsize-cold: functions with a hot block "
             "that execute least per instruction are still built for size "
             "while they execute at most this share of what the module "
             "executes, in millionths"),
    cl::init(lmf::MergeOptions().SizeCodegenBudget), cl::cat(Category));

/// The highest percentile a profile summary can list (99.9999%).
constexpr unsigned MaxPercentile = 999999;
/// A budget of everything the module executes.
constexpr unsigned MaxBudget = 1000000;

cl::opt<unsigned> ThreadsOpt(
    lmf::passopt::ThreadsOption,
    cl::desc("Threads for hashing and comparison (0: follow --threads)"),
    cl::init(0), cl::cat(Category));

cl::opt<std::string>
    ReportOpt(lmf::passopt::ReportOption,
              cl::desc("Write a JSON report of the merge to this file"),
              cl::value_desc("path"), cl::cat(Category));

cl::opt<bool> PrintOpt(lmf::passopt::PrintOption,
                       cl::desc("Print the folded functions to stdout"),
                       cl::init(false), cl::cat(Category));

cl::opt<bool> VerifyOpt(lmf::passopt::VerifyOption,
                        cl::desc("Verify the module after merging"),
                        cl::init(lmf::MergeOptions().Verify),
                        cl::cat(Category));

cl::opt<bool> SimilarOpt(
    lmf::passopt::SimilarOption,
    cl::desc("Also merge functions that differ only in constants (similar "
             "merging; when not given: on in modules with a profile)"),
    cl::init(false), cl::cat(Category));

cl::opt<bool> SimilarCalleesOpt(
    lmf::passopt::SimilarCalleesOption,
    cl::desc("With -lto-merge-functions-similar: functions may also differ "
             "in the callees of direct calls, which become indirect calls"),
    cl::init(lmf::MergeOptions().Similar.Callees), cl::cat(Category));

cl::opt<bool> SimilarIntegersOpt(
    lmf::passopt::SimilarIntegersOption,
    cl::desc("With -lto-merge-functions-similar: functions may also differ "
             "in integer constants of compares, simple arithmetic, selects, "
             "phis and array indices"),
    cl::init(lmf::MergeOptions().Similar.Integers), cl::cat(Category));

cl::opt<bool> SimilarConstantTablesOpt(
    lmf::passopt::SimilarConstantTablesOption,
    cl::desc("With -lto-merge-functions-similar: values that do not fit in "
             "argument registers may travel in a constant table per member, "
             "passed by address"),
    cl::init(lmf::MergeOptions().Similar.ConstantTables), cl::cat(Category));

cl::opt<int64_t> SimilarMinimumGainOpt(
    lmf::passopt::SimilarMinimumGainOption,
    cl::desc("Bytes a similar class must save to be merged (tests lower it "
             "to exercise the stage)"),
    cl::init(lmf::MergeOptions().Similar.MinimumGain), cl::Hidden,
    cl::cat(Category));

cl::opt<bool> AlignedOpt(
    lmf::passopt::AlignedOption,
    cl::desc("Also merge pairs of functions that differ in instructions "
             "(aligned merging; off unless given)"),
    cl::init(false), cl::cat(Category));

cl::opt<int64_t> AlignedMinimumGainOpt(
    lmf::passopt::AlignedMinimumGainOption,
    cl::desc("Bytes an aligned pair must save to be merged (tests lower it "
             "to exercise the stage)"),
    cl::init(lmf::MergeOptions().Aligned.MinimumGain), cl::Hidden,
    cl::cat(Category));

cl::opt<unsigned> AlignedRoundsOpt(
    lmf::passopt::AlignedRoundsOption,
    cl::desc("Rounds of aligned merging (a merged body may merge again in a "
             "later round)"),
    cl::init(lmf::MergeOptions().Aligned.Rounds), cl::Hidden,
    cl::cat(Category));

cl::opt<bool> AlignedRealBytesOpt(
    lmf::passopt::AlignedRealBytesOption,
    cl::desc("Compile every aligned class's functions before and after the "
             "stage and report their real code bytes beside the estimate"),
    cl::init(false), cl::cat(Category));

cl::opt<std::string> LinkAddressFreeOpt(
    lmf::passopt::LinkAddressFreeOption,
    cl::desc("The lists of functions whose address no input of the link "
             "uses and of those a backend may compare, written by our ld.lld "
             "for ThinLTO backends"),
    cl::value_desc("path"), cl::cat(Category));

cl::opt<bool> DisableOpt(lmf::passopt::DisableOption,
                         cl::desc("Load the plugin but do not merge"),
                         cl::init(false), cl::cat(Category));

} // namespace

/// Reports a size code generation option outside its range (MergeOptions.h)
/// as an error naming it; false when there is one.
static bool checkSizeCodegenOptions(LLVMContext &Ctx) {
  auto Outside = [&](const char *Name, unsigned Value, unsigned Low,
                     unsigned High) {
    Ctx.emitError(Twine("lto-merge-functions: -") + Name + "=" + Twine(Value) +
                  ": expected millionths from " + Twine(Low) + " to " +
                  Twine(High));
    return false;
  };
  if (HotCodePercentileOpt == 0 || HotCodePercentileOpt > MaxPercentile)
    return Outside(lmf::passopt::HotCodePercentileOption, HotCodePercentileOpt,
                   1, MaxPercentile);
  if (SizeCodegenBudgetOpt > MaxBudget)
    return Outside(lmf::passopt::SizeCodegenBudgetOption, SizeCodegenBudgetOpt,
                   0, MaxBudget);
  return true;
}

namespace lmf {

PreservedAnalyses LTOMergeFunctionsPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  if (DisableOpt)
    return PreservedAnalyses::all();
  if (!checkSizeCodegenOptions(M.getContext()))
    return PreservedAnalyses::all();
  MergeOptions Opts;
  Opts.Mode = ModeOpt;
  Opts.Hot = HotPolicyOpt;
  Opts.KeepOutlinerOffHotCode = NoOutlineHotOpt;
  Opts.OptimizeOtherCodeForSize = OptSizeColdOpt;
  if (HotCodePercentileOpt.getNumOccurrences())
    Opts.HotCodePercentile = HotCodePercentileOpt;
  Opts.SizeCodegenBudget = SizeCodegenBudgetOpt;
  Opts.Verify = VerifyOpt;
  if (SimilarOpt.getNumOccurrences())
    Opts.Similar.Enabled = bool(SimilarOpt);
  Opts.Similar.Callees = SimilarCalleesOpt;
  Opts.Similar.Integers = SimilarIntegersOpt;
  Opts.Similar.ConstantTables = SimilarConstantTablesOpt;
  Opts.Similar.MinimumGain = SimilarMinimumGainOpt;
  if (AlignedOpt.getNumOccurrences())
    Opts.Aligned.Enabled = bool(AlignedOpt);
  Opts.Aligned.MinimumGain = AlignedMinimumGainOpt;
  Opts.Aligned.Rounds = AlignedRoundsOpt;
  Opts.Aligned.MeasureRealBytes = AlignedRealBytesOpt;
  Expected<const LinkAddressLists *> LinkAddresses =
      PluginState::get().linkAddresses(LinkAddressFreeOpt);
  if (!LinkAddresses) {
    M.getContext().emitError("lto-merge-functions: " +
                             toString(LinkAddresses.takeError()));
    return PreservedAnalyses::all();
  }
  if (const LinkAddressLists *Lists = *LinkAddresses) {
    Opts.LinkAddressFree = Lists->Free ? &*Lists->Free : nullptr;
    Opts.LinkCompared = &Lists->Compared;
  }
  // Without the link's lists, another backend may compare any exported
  // function after promoting an indirect call.
  Opts.ComparedUnknown = InThinLTOBackend && !*LinkAddresses;
  std::unique_ptr<TaskRunner> Runner =
      createTaskRunner(resolveThreadCount(ThreadsOpt));

  Expected<MergeResult> Result = mergeModule(M, Opts, *Runner);
  PluginState::get().noteMergeRun();
  if (!Result) {
    M.getContext().emitError("lto-merge-functions: " +
                             toString(Result.takeError()));
    return PreservedAnalyses::none();
  }
  const MergeStats &Stats = Result->Stats;
  bool Folded = Stats.Folded != 0 || Stats.SimilarClasses != 0 ||
                Stats.AlignedClasses != 0 ||
                Stats.AddressesMadeSignificant != 0;
  if (InThinLTOBackend) {
    recordBackendResult(std::move(*Result), PrintOpt, ReportOpt);
    return Folded ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  recordRegularResult(*Result);
  if (PrintOpt && !PluginState::get().quiet()) {
    printListing(*Result, outs());
    outs().flush();
  }
  if (!ReportOpt.empty())
    if (Error E = writeJsonReport(*Result, ReportOpt))
      M.getContext().emitError("lto-merge-functions: " +
                               toString(std::move(E)));
  return Folded ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

Error recordRemoteBackendReport(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
  if (!Text)
    return createStringError(Text.getError(),
                             "cannot read the remote backend's report '" +
                                 Path + "': " + Text.getError().message());
  Expected<json::Value> Report = json::parse((*Text)->getBuffer());
  if (!Report)
    return createStringError(inconvertibleErrorCode(),
                             "remote backend's report '" + Path +
                                 "': " + toString(Report.takeError()));
  Expected<std::vector<MergeResult>> Results = resultsFromJson(*Report);
  if (!Results)
    return createStringError(inconvertibleErrorCode(),
                             "remote backend's report '" + Path +
                                 "': " + toString(Results.takeError()));
  for (MergeResult &R : *Results) {
    PluginState::get().noteMergeRun();
    recordBackendResult(std::move(R), PrintOpt, ReportOpt);
  }
  return Error::success();
}

} // namespace lmf
