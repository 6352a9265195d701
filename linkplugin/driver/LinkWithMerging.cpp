//===- LinkWithMerging.cpp - One link with merging, steps 3 to 5 ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Once the command line is read and merging is on (steps 1 and 2 of
// LinkerMain.cpp's comment), a link runs in this order:
//
//  3. what can fail before anything is written: the report's path
//     (ReportPathCheck.cpp) and the plugin (contract/MergePlugin.cpp). A
//     failure is our error and lld never runs;
//  3b. every input of the link is read once (LinkInputs.cpp); in `safe`
//     mode the functions whose address no input uses are listed next to
//     the output (LinkAddressScan.cpp), so that ThinLTO backends may make
//     an exported twin an alias instead of a thunk. With -v we say why
//     there is no list;
//  3c. in a ThinLTO link of two modules or more, twins that sit in
//     different modules are folded by rewriting the modules that hold them
//     (CrossModuleFolding.cpp), unless the command line asks us not to or
//     renames symbols behind our back, or an input could not be read. The
//     rewritten files stand in for the originals on lld's command line. A
//     failure there is a warning, and the original inputs are linked;
//  4. lld runs with the user's arguments and ours (LldInvocation.cpp), with
//     our distributor wrapper and remote backend in place of the user's
//     DTLTO options (DistributedBackends.cpp); under --lto-smallest-binary,
//     in a link of two ThinLTO modules or more, with two code generation
//     rounds (MergeRequest::TwoCodegenRounds: in one module the second
//     round's outliner only trades its own better sequences for worse
//     ones, tramp3d-v4 on AArch64 growing by 1.9%); when LLD_IN_TEST has
//     lld run the link more than once, each run starts afresh (the plugin
//     forgets the run before, and the reports distributed backends left);
//  5. the distributed backends' reports are handed to the plugin, which
//     prints and writes what every backend merged; if its pass never ran,
//     there was no LTO module, and we warn rather than leave the user
//     believing functions were merged.
//
// What the steps leave behind (the list, the rewritten modules unless
// --save-temps) is removed once lld is done, whether it succeeded or not.
// lld itself is reached through LinkEnvironment::RunLld, and -v's notes go
// to LinkEnvironment::Out, so that the unit tests can watch every decision
// without running a link.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LinkWithMerging.h"

#include "linkplugin/contract/Diagnostics.h"
#include "linkplugin/contract/LinkAddressList.h"
#include "linkplugin/contract/MergePlugin.h"
#include "linkplugin/driver/CrossModuleFolding.h"
#include "linkplugin/driver/DistributedBackends.h"
#include "linkplugin/driver/LinkAddressScan.h"
#include "linkplugin/driver/LinkInputs.h"
#include "linkplugin/driver/LinkerOptions.h"
#include "linkplugin/driver/LldCommandLine.h"
#include "linkplugin/driver/LldInvocation.h"
#include "linkplugin/driver/MergeRequest.h"
#include "linkplugin/driver/ReportPathCheck.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

#include <chrono>
#include <map>
#include <optional>

using namespace llvm;

namespace lmf {
namespace {

/// The DTLTO part of step 4: our distributor wrapper and remote backend
/// stand in for the user's (DistributedBackends.cpp); ReportList is where
/// the wrapper lists the backends' reports.
Error addDistributionArguments(const MergeRequest &Req, const char *Self,
                               StringRef LinkAddressList,
                               std::vector<std::string> &Extra,
                               SmallVectorImpl<char> &ReportList) {
  if (std::error_code EC =
          sys::fs::createTemporaryFile("lmf-dtlto-reports", "txt", ReportList))
    return createStringError(EC,
                             "cannot create a temporary file: " + EC.message());
  std::vector<std::string> Dist = lldDistributionArguments(
      Req, defaultDistributionPrograms(Self),
      StringRef(ReportList.data(), ReportList.size()), LinkAddressList);
  Extra.insert(Extra.end(), Dist.begin(), Dist.end());
  return Error::success();
}

/// What the driver did before the link, and must undo after it.
struct PreLink {
  std::string LinkAddressList;
  /// Where the rewritten inputs are (empty when there are none), and
  /// whether they stay after the link (--save-temps).
  std::string ModuleDirectory;
  bool KeepModules = false;
  std::optional<CrossModuleOutcome> CrossModule;
  /// Archive members by what distributed backends call them, and the name
  /// lld gives them (empty where two members would be called alike).
  std::map<std::string, std::string> DistributedNames;
  /// The ThinLTO modules among the inputs.
  unsigned ThinModules = 0;

  void cleanUp() const {
    if (!LinkAddressList.empty())
      sys::fs::remove(LinkAddressList);
    if (!ModuleDirectory.empty() && !KeepModules)
      sys::fs::remove_directories(ModuleDirectory);
  }
};

/// What folding across modules is asked to do for Req, the rewritten
/// modules going to Directory.
CrossModuleRequest crossModuleRequest(const MergeRequest &Req,
                                      const LinkAddressScan &Scan,
                                      const DenseSet<uint64_t> &AddressFree,
                                      const DenseSet<uint64_t> &Compared,
                                      std::string Directory) {
  CrossModuleRequest Request;
  Request.Mode = Req.Mode;
  Request.LinkAddressFree = Scan.Unknown.empty() ? &AddressFree : nullptr;
  Request.LinkCompared = &Compared;
  Request.Directory = std::move(Directory);
  Request.Similar = Req.Pass.Similar;
  Request.Hot = Req.Hot;
  return Request;
}

/// -v's line for what folding across modules did.
void printCrossModuleSummary(const CrossModuleOutcome &Outcome,
                             raw_ostream &Out) {
  Out << "lto-merge-functions: across modules: " << Outcome.FunctionsFolded
      << " functions in " << Outcome.Classes.size() << " classes folded, "
      << Outcome.SimilarMembers << " in " << Outcome.Similar.size()
      << " similar classes merged, " << Outcome.ModuleNames.size() << " of "
      << Outcome.ModulesRead << " modules rewritten (read "
      << format("%.3f", Outcome.ReadSeconds) << " s, plan "
      << format("%.3f", Outcome.PlanSeconds) << " s, rewrite "
      << format("%.3f", Outcome.RewriteSeconds) << " s)\n";
}

/// Step 3c: folding across modules. Fills Pre.CrossModule when it rewrote
/// inputs; says with -v why it did not.
void foldTwinsAcrossModules(const MergeRequest &Req, const LinkInputs &Inputs,
                            const LinkAddressScan &Scan, PreLink &Pre,
                            Diagnostics &Diag, raw_ostream &Out) {
  auto Note = [&](const Twine &Why) {
    if (Req.Verbose)
      Out << "lto-merge-functions: no folding across modules: " << Why << "\n";
  };
  if (std::string Why = whyNoCrossModuleFolding(Req, Inputs); !Why.empty())
    return Note(Why);
  Pre.ModuleDirectory = Req.OutputPath + ".lmf-modules";
  Pre.KeepModules =
      LldCommandLine::classify(Req.LldArgs).lastValue("save-temps").has_value();
  sys::fs::remove_directories(Pre.ModuleDirectory);
  if (std::error_code EC = sys::fs::create_directories(Pre.ModuleDirectory)) {
    Diag.warn("no folding across modules: cannot create '" +
              Pre.ModuleDirectory + "': " + EC.message());
    Pre.ModuleDirectory.clear();
    return;
  }
  DenseSet<uint64_t> AddressFree(Scan.AddressFree.begin(),
                                 Scan.AddressFree.end());
  DenseSet<uint64_t> Compared(Scan.Compared.begin(), Scan.Compared.end());
  Expected<CrossModuleOutcome> Outcome = foldAcrossModules(
      Inputs, crossModuleRequest(Req, Scan, AddressFree, Compared,
                                 Pre.ModuleDirectory));
  if (!Outcome) {
    Diag.warn("no folding across modules, the inputs are linked as they "
              "are: " +
              toString(Outcome.takeError()));
    return;
  }
  // A class the rewrite would have broken the link with is a bug of ours:
  // the user hears of it, and the link goes on without it.
  for (const CrossModuleWithdrawal &W : Outcome->Withdrawn)
    Diag.warn("not merging " + W.KeptBody +
              " across modules: the rewrite would leave a symbol undefined, " +
              W.describe());
  if (Req.Verbose) {
    if (!Outcome->Skipped.empty())
      Note(Outcome->Skipped);
    else
      printCrossModuleSummary(*Outcome, Out);
  }
  if (!Outcome->ModuleNames.empty() || !Outcome->Withdrawn.empty())
    Pre.CrossModule = std::move(*Outcome);
}

/// Steps 3b and 3c: what the driver learns from, and does to, the link's
/// inputs before lld runs.
PreLink prepareInputs(const MergeRequest &Req, Diagnostics &Diag,
                      raw_ostream &Out) {
  PreLink Pre;
  auto Start = std::chrono::steady_clock::now();
  LinkInputs Inputs = readLinkInputs(Req.LldArgs);
  Pre.ThinModules = Inputs.ThinModules;
  for (const InputModule &M : Inputs.Modules)
    if (!M.DistributedName.empty()) {
      auto [It, New] =
          Pre.DistributedNames.try_emplace(M.DistributedName, M.Name);
      if (!New && It->second != M.Name)
        It->second.clear();
    }
  LinkAddressScan Scan = scanLinkAddresses(Inputs);
  std::chrono::duration<double> Seconds =
      std::chrono::steady_clock::now() - Start;
  Pre.LinkAddressList =
      writeLinkAddressFacts(Req, Scan, Seconds.count(), Diag, Out);
  foldTwinsAcrossModules(Req, Inputs, Scan, Pre, Diag, Out);
  return Pre;
}

/// After a failed link with rewritten inputs: where they are, or how to
/// keep them, so that a user can send what lld read.
void noteRewrittenInputs(const PreLink &Pre, Diagnostics &Diag) {
  if (Pre.KeepModules)
    Diag.note("the inputs rewritten by folding across modules are kept in '" +
              Pre.ModuleDirectory + "'");
  else
    Diag.note("the link read inputs rewritten by folding across modules; "
              "add --save-temps to keep them in '" +
              Pre.ModuleDirectory +
              "', or --no-lto-merge-functions-across-modules to link the "
              "inputs as they are");
}

/// Tells the plugin which input each rewritten module, and each module a
/// distributed backend compiles from a file of its own, stands for, and
/// what was folded across modules, for the listing and the report.
Error describeLinkToPlugin(const PreLink &Pre, const MergePlugin &Plugin) {
  json::Object Names, Distributed;
  for (const auto &[Id, Name] : Pre.DistributedNames)
    Distributed[Id] = Name;
  json::Object Facts{{"distributed_names", std::move(Distributed)}};
  if (Pre.CrossModule) {
    for (const auto &[Path, Name] : Pre.CrossModule->ModuleNames)
      Names[Path] = Name;
    Facts["cross_module"] = Pre.CrossModule->toJson();
  }
  Facts["module_names"] = std::move(Names);
  std::string Text;
  raw_string_ostream OS(Text);
  OS << json::Value(std::move(Facts));
  return Plugin.setLinkFacts(Text);
}

/// Step 5 once lld succeeded: a link in which the pass never ran had no LTO
/// module. That is a warning, or, under --fatal-warnings, an error that
/// leaves no output, as lld does.
int checkSomethingWasMerged(const MergeRequest &Req, const MergePlugin &Plugin,
                            unsigned RunsBefore, Diagnostics &Diag) {
  if (Plugin.runCount() != RunsBefore)
    return 0;
  Diag.warn(optionSpelling(LinkerOptionID::Merge) +
            ": no LTO module in this link, nothing to merge (compile with "
            "-flto or -flto=thin to merge)");
  if (!Diag.errorCount())
    return 0;
  sys::fs::remove(Req.OutputPath);
  return 1;
}

} // namespace

std::string writeLinkAddressFacts(const MergeRequest &Req,
                                  const LinkAddressScan &Scan, double Seconds,
                                  Diagnostics &Diag, raw_ostream &Out) {
  auto Note = [&](StringRef List, const Twine &Why) {
    if (Req.Verbose)
      Out << "lto-merge-functions: no list of " << List << ": " << Why << "\n";
  };
  if (Scan.ThinModules == 0 || !Scan.ComparedUnknown.empty()) {
    Note("the link's function addresses",
         Scan.ThinModules ? Scan.ComparedUnknown
                          : std::string("no ThinLTO module"));
    return "";
  }
  // In `all` mode every address is free already.
  bool FreeKnown = Req.Mode == MergeMode::Safe && Scan.Unknown.empty();
  if (Req.Mode == MergeMode::Safe && !Scan.Unknown.empty())
    Note("address-free functions", Scan.Unknown);
  std::string Path = Req.OutputPath + ".lmf-address-free";
  if (Error E = writeLinkAddressList(
          Path, FreeKnown ? &Scan.AddressFree : nullptr, Scan.Compared)) {
    Diag.warn(toString(std::move(E)));
    return "";
  }
  if (!Req.Verbose)
    return Path;
  if (FreeKnown)
    Out << "lto-merge-functions: " << Scan.AddressFree.size()
        << " functions' addresses unused in " << Scan.ThinModules
        << " ThinLTO modules and the other inputs (read in "
        << format("%.3f", Seconds) << " s)\n";
  Out << "lto-merge-functions: " << Scan.Compared.size()
      << " functions' addresses a backend may compare (referred to by code, "
         "or predicted targets of profiled calls)\n";
  return Path;
}

std::string whyNoCrossModuleFolding(const MergeRequest &Req,
                                    const LinkInputs &Inputs) {
  if (!Req.AcrossModules)
    return "turned off";
  if (!Inputs.Unreadable.empty())
    return Inputs.Unreadable;
  if (Inputs.ThinModules < 2)
    return "fewer than two ThinLTO modules";
  return crossModuleObstacle(Req.LldArgs);
}

std::vector<const char *> lldLinkArguments(const MergeRequest &Req,
                                           const CrossModuleOutcome *Rewritten,
                                           ArrayRef<std::string> Extra) {
  std::vector<const char *> Args = Req.Distribution.distributes()
                                       ? Req.LldArgsWithoutDistribution
                                       : Req.LldArgs;
  if (Rewritten) {
    // The inputs are known by the argument that names them: the same
    // pointer in both lists of lld arguments.
    DenseMap<const char *, const char *> Replaced;
    for (const auto &[Index, Path] : Rewritten->Replacements)
      Replaced[Req.LldArgs[Index]] = Path.c_str();
    for (const char *&A : Args)
      if (auto It = Replaced.find(A); It != Replaced.end())
        A = It->second;
  }
  for (const std::string &A : Extra)
    Args.push_back(A.c_str());
  return Args;
}

int linkWithMerging(const MergeRequest &Req, const LinkEnvironment &Env,
                    Diagnostics &Diag) {
  if (!Req.ReportPath.empty())
    if (Error E = checkReportPath(Req.ReportPath)) {
      Diag.error(std::move(E));
      return 1;
    }
  Expected<MergePlugin> Plugin = MergePlugin::load(Env.PluginPath);
  if (!Plugin) {
    Diag.error(Plugin.takeError());
    return 1;
  }

  bool Distributes = Req.Distribution.distributes();
  PreLink Pre = prepareInputs(Req, Diag, *Env.Out);
  std::vector<std::string> Extra =
      lldMergeArguments(Req, Plugin->path(), Pre.LinkAddressList);
  if (Req.TwoCodegenRounds && Pre.ThinModules >= 2) {
    Extra.push_back("-mllvm");
    Extra.push_back("-codegen-data-thinlto-two-rounds");
  }
  SmallString<128> ReportList;
  if (Distributes)
    if (Error E = addDistributionArguments(
            Req, Env.Self.c_str(), Pre.LinkAddressList, Extra, ReportList)) {
      Pre.cleanUp();
      Diag.error(std::move(E));
      return 1;
    }
  if (Error E = describeLinkToPlugin(Pre, *Plugin)) {
    Pre.cleanUp();
    Diag.error(std::move(E));
    return 1;
  }
  std::vector<const char *> Args = lldLinkArguments(
      Req, Pre.CrossModule ? &*Pre.CrossModule : nullptr, Extra);
  unsigned RunsBefore = Plugin->runCount();
  // With LLD_IN_TEST lld runs the link several times (LldInvocation.cpp):
  // each run starts afresh, and only the last one's results count.
  unsigned LldRuns = 0;
  int RC = Env.RunLld(Args, [&](bool Quiet) {
    if (LldRuns++ && Distributes)
      consumeError(gatherRemoteReports(ReportList, *Plugin, /*Record=*/false));
    Plugin->beginLldRun(Quiet);
  });
  if (RC && Pre.CrossModule && !Pre.CrossModule->ModuleNames.empty())
    noteRewrittenInputs(Pre, Diag);
  Pre.cleanUp();
  if (Distributes) {
    // After a failed link the reports are only removed.
    Error Gathered =
        gatherRemoteReports(ReportList, *Plugin, /*Record=*/RC == 0);
    if (Gathered) {
      Diag.error(std::move(Gathered));
      RC = RC ? RC : 1;
    }
  }
  if (RC == 0 && Req.Print && Pre.CrossModule)
    Pre.CrossModule->printListing(*Env.Out);
  // The ThinLTO backends' listing and report, in module order.
  if (Error E = Plugin->finish()) {
    Diag.error(std::move(E));
    return RC ? RC : 1;
  }
  if (RC)
    return RC;
  return checkSomethingWasMerged(Req, *Plugin, RunsBefore, Diag);
}

} // namespace lmf
