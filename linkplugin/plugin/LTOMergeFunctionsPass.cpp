//===- LTOMergeFunctionsPass.cpp - The module pass and its options --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The glue between LLVM's pass manager and core::mergeModule. Options are
// ordinary `cl::opt`s so they reach us the same way from `opt` and from a
// linker (`-mllvm -lto-merge-functions-...`, once the plugin is loaded with
// `-mllvm -load=`). The mode, the hot-function policy and what only the
// plugin reads are declared here; every other one is a row of core's option
// table (core/OptionRow.h, mergeOptionRows), made a `cl::opt` that keeps the
// text after `=` for the row to read, the same reading our ld.lld makes.
// Threads follow llvm::parallel::strategy, which is lld's `--threads`,
// unless `-lto-merge-functions-threads` says otherwise.
//
// Failures (a value an option's row does not read, an unreadable
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
#include "core/OptionRow.h"
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

#include <memory>
#include <vector>

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

cl::opt<std::string> LinkAddressFreeOpt(
    lmf::passopt::LinkAddressFreeOption,
    cl::desc("The lists of functions whose address no input of the link "
             "uses and of those a backend may compare, written by our ld.lld "
             "for ThinLTO backends"),
    cl::value_desc("path"), cl::cat(Category));

cl::opt<bool> DisableOpt(lmf::passopt::DisableOption,
                         cl::desc("Load the plugin but do not merge"),
                         cl::init(false), cl::cat(Category));

/// A `cl::opt` for each row of core's option table (OptionRow.h): it takes
/// the text after `=` as it is (a switch may come alone), and setOption
/// alone reads it.
struct RowOption {
  const lmf::OptionRow *Row;
  std::unique_ptr<cl::opt<std::string>> Opt;
};

std::vector<RowOption> makeRowOptions() {
  std::vector<RowOption> Options;
  for (const lmf::OptionRow *Row : lmf::mergeOptionRows())
    Options.push_back(
        {Row,
         std::make_unique<cl::opt<std::string>>(
             StringRef(Row->Name), cl::desc(StringRef(Row->Help)),
             cl::value_desc(lmf::optionValueWord(*Row)),
             Row->Kind == lmf::OptionKind::Switch ? cl::ValueOptional
                                                  : cl::ValueRequired,
             Row->Hidden ? cl::Hidden : cl::NotHidden, cl::cat(Category))});
  return Options;
}

/// Made when the plugin is loaded, so that command lines parsed after that
/// (opt's, lld's -mllvm options) find them.
const std::vector<RowOption> RowOptions = makeRowOptions();

/// MergeOptions as the command line set them: the mode, the hot-function
/// policy and every row given. A value the row does not read is an error.
Expected<lmf::MergeOptions> optionsFromCommandLine() {
  lmf::MergeOptions Opts;
  Opts.Mode = ModeOpt;
  Opts.Hot = HotPolicyOpt;
  for (const RowOption &R : RowOptions) {
    if (!R.Opt->getNumOccurrences())
      continue;
    std::optional<StringRef> Value;
    if (!R.Opt->empty())
      Value = StringRef(*R.Opt);
    if (Error E = lmf::setOption(*R.Row, Opts, Value))
      return E;
  }
  return Opts;
}

} // namespace

namespace lmf {

PreservedAnalyses LTOMergeFunctionsPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  if (DisableOpt)
    return PreservedAnalyses::all();
  Expected<MergeOptions> Parsed = optionsFromCommandLine();
  if (!Parsed) {
    M.getContext().emitError("lto-merge-functions: " +
                             toString(Parsed.takeError()));
    return PreservedAnalyses::all();
  }
  MergeOptions &Opts = *Parsed;
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
  bool Folded = Result->Stats.changedModule();
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
