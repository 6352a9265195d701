//===- LinkerMain.cpp - ld.lld with --lto-merge-functions -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// This is LLD 22's ELF linker, run in process through lld::lldMain, with one
// more feature: `--lto-merge-functions` merges identical functions (and,
// with `--lto-merge-similar-functions`, similar ones) in the full-LTO module
// and in every ThinLTO backend's module, in process or distributed (DTLTO),
// by loading our pass plugin (plugin/Plugin.cpp says where it runs), and
// folds twins across ThinLTO modules before lld reads them (step 3c).
// Without our options it is stock ld.lld: the same library code gets the
// same arguments and writes the same bytes.
//
// What the driver does, in order:
//  1. expand response files as lld would (ResponseFiles.cpp), since our
//     options may hide in `@file`;
//  2. take our options out of the command line and check their values
//     (MergeRequest.cpp); bad values stop here, before anything is written.
//     Our options are described in one table (LinkerOptions.cpp), and the
//     command line is read the way lld reads it, with lld's own option
//     table (LldCommandLine.cpp); ResponseFiles.cpp reads it the same way;
//  3. when merging is on: check that the report can be written
//     (ReportPathCheck.cpp) and load the plugin found next to this binary
//     (contract/MergePlugin.cpp);
//  3b. read every input of the link once (LinkInputs.cpp); in `safe` mode,
//     list the functions whose address no input uses (LinkAddressScan.cpp):
//     with it, ThinLTO backends may make an exported twin an alias instead
//     of a thunk. The list is written next to the output and removed after
//     the link; with -v we say why there is none;
//  3c. in a ThinLTO link, fold twins that sit in different modules by
//     rewriting the modules that hold them (CrossModuleFolding.cpp): the
//     rewritten files go to `<output>.lmf-modules/` (kept with
//     --save-temps) and stand in for the originals on lld's command line;
//     the plugin learns which input each one stands for, so that the
//     listing and the report name the user's files. If anything goes wrong
//     there, the original inputs are linked, with a warning;
//  4. translate our options into what stock ld.lld-22 understands
//     (LldInvocation.cpp):
//       --load-pass-plugin=<plugin>
//       -mllvm -lto-merge-functions-mode=safe|all
//       -mllvm -lto-merge-functions-similar
//       -mllvm -lto-merge-functions-report=<file>
//       -mllvm -lto-merge-functions-print
//       -mllvm -lto-merge-functions-link-address-free=<list>
//       -mllvm -lto-merge-functions-hot-policy=<policy>
//       -mllvm -lto-merge-functions-no-outline-hot
//       -mllvm -lto-merge-functions-optsize-cold
//     (--lto-smallest-binary has also put `--icf=safe` and `-mllvm
//     -enable-machine-outliner` among lld's arguments, MergeRequest.cpp)
//     and run lld on the result (the plugin follows lld's --threads by
//     itself, through llvm::parallel::strategy);
//     With --thinlto-distributor, our distributor wrapper and remote
//     backend stand in for the user's, so that distributed backends merge
//     too (DistributedBackends.cpp);
//  5. after the link, have the plugin print and write what the ThinLTO
//     backends merged, in process or distributed, in module order
//     (plugin/BackendResults.cpp), and ask it whether its pass ran at all;
//     if not, there was no LTO module and we say so rather than leave the
//     user believing functions were merged.
//
// Our warnings and errors look and behave like lld's
// (contract/Diagnostics.cpp).
// --help and --version are lld's answers followed by ours (HelpText.cpp).
// Everything but main() is in the library lmfDriver, which the unit tests
// (test/unit/*Test.cpp of lmfDriverTests) call directly.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/contract/Diagnostics.h"
#include "linkplugin/contract/LinkAddressList.h"
#include "linkplugin/contract/MergePlugin.h"
#include "linkplugin/driver/CrossModuleFolding.h"
#include "linkplugin/driver/DistributedBackends.h"
#include "linkplugin/driver/HelpText.h"
#include "linkplugin/driver/LinkAddressScan.h"
#include "linkplugin/driver/LinkInputs.h"
#include "linkplugin/driver/LinkerOptions.h"
#include "linkplugin/driver/LldCommandLine.h"
#include "linkplugin/driver/LldInvocation.h"
#include "linkplugin/driver/MergeRequest.h"
#include "linkplugin/driver/ReportPathCheck.h"
#include "linkplugin/driver/ResponseFiles.h"

#include "lld/Common/Driver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/PluginLoader.h" // `-mllvm -load=`, as in stock lld
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <map>

LLD_HAS_DRIVER(elf)

using namespace llvm;
using namespace lmf;

namespace {

/// Runs LLD's ELF driver; returns its exit code.
int runLld(const char *Argv0, ArrayRef<const char *> Args) {
  std::vector<const char *> Argv = {Argv0};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  lld::Result R =
      lld::lldMain(Argv, outs(), errs(), {{lld::Gnu, &lld::elf::link}});
  outs().flush();
  return R.retCode;
}

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

/// The path of the list of address-free functions (step 3b), or "" when
/// there is none (not `safe` mode, no ThinLTO module, or inputs we cannot
/// judge). Scan is what the inputs say.
std::string writeLinkAddressFacts(const MergeRequest &Req,
                                  const LinkAddressScan &Scan, double Seconds,
                                  Diagnostics &Diag) {
  if (Req.Mode != MergeMode::Safe)
    return "";
  auto Note = [&](const Twine &Why) {
    if (Req.Verbose)
      outs() << "lto-merge-functions: no list of address-free functions: "
             << Why << "\n";
  };
  if (!Scan.Unknown.empty()) {
    Note(Scan.Unknown);
    return "";
  }
  if (Scan.ThinModules == 0 || Scan.AddressFree.empty()) {
    Note(Scan.ThinModules ? "every function's address is used"
                          : "no ThinLTO module");
    return "";
  }
  std::string Path = Req.OutputPath + ".lmf-address-free";
  if (Error E = writeLinkAddressList(Path, Scan.AddressFree)) {
    Diag.warn(toString(std::move(E)));
    return "";
  }
  if (Req.Verbose)
    outs() << "lto-merge-functions: " << Scan.AddressFree.size()
           << " functions' addresses unused in " << Scan.ThinModules
           << " ThinLTO modules and the other inputs (read in "
           << format("%.3f", Seconds) << " s)\n";
  return Path;
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

  void cleanUp() const {
    if (!LinkAddressList.empty())
      sys::fs::remove(LinkAddressList);
    if (!ModuleDirectory.empty() && !KeepModules)
      sys::fs::remove_directories(ModuleDirectory);
  }
};

/// Step 3c: folding across modules. Fills Pre.CrossModule when it rewrote
/// inputs; says with -v why it did not.
void foldTwinsAcrossModules(const MergeRequest &Req, const LinkInputs &Inputs,
                            const LinkAddressScan &Scan, PreLink &Pre,
                            Diagnostics &Diag) {
  auto Note = [&](const Twine &Why) {
    if (Req.Verbose)
      outs() << "lto-merge-functions: no folding across modules: " << Why
             << "\n";
  };
  if (!Req.AcrossModules)
    return Note("turned off");
  if (!Inputs.Unreadable.empty())
    return Note(Inputs.Unreadable);
  if (Inputs.ThinModules < 2)
    return Note("fewer than two ThinLTO modules");
  if (std::string Obstacle = crossModuleObstacle(Req.LldArgs);
      !Obstacle.empty())
    return Note(Obstacle);
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
  CrossModuleRequest Request;
  Request.Mode = Req.Mode;
  Request.LinkAddressFree = Scan.Unknown.empty() ? &AddressFree : nullptr;
  Request.Directory = Pre.ModuleDirectory;
  Request.Similar = Req.Similar;
  Request.Hot = Req.Hot;
  Expected<CrossModuleOutcome> Outcome = foldAcrossModules(Inputs, Request);
  if (!Outcome) {
    Diag.warn("no folding across modules, the inputs are linked as they "
              "are: " +
              toString(Outcome.takeError()));
    return;
  }
  if (Req.Verbose) {
    if (!Outcome->Skipped.empty())
      Note(Outcome->Skipped);
    else
      outs() << "lto-merge-functions: across modules: "
             << Outcome->FunctionsFolded << " functions in "
             << Outcome->Classes.size() << " classes folded, "
             << Outcome->SimilarMembers << " in " << Outcome->Similar.size()
             << " similar classes merged, " << Outcome->ModuleNames.size()
             << " of " << Outcome->ModulesRead << " modules rewritten (read "
             << format("%.3f", Outcome->ReadSeconds) << " s, plan "
             << format("%.3f", Outcome->PlanSeconds) << " s, rewrite "
             << format("%.3f", Outcome->RewriteSeconds) << " s)\n";
  }
  if (!Outcome->ModuleNames.empty())
    Pre.CrossModule = std::move(*Outcome);
}

/// Steps 3b and 3c: what the driver learns from, and does to, the link's
/// inputs before lld runs.
PreLink prepareInputs(const MergeRequest &Req, Diagnostics &Diag) {
  PreLink Pre;
  auto Start = std::chrono::steady_clock::now();
  LinkInputs Inputs = readLinkInputs(Req.LldArgs);
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
  Pre.LinkAddressList = writeLinkAddressFacts(Req, Scan, Seconds.count(), Diag);
  foldTwinsAcrossModules(Req, Inputs, Scan, Pre, Diag);
  return Pre;
}

/// The lld arguments with every rewritten input in place of its original.
void substituteRewrittenInputs(const MergeRequest &Req, const PreLink &Pre,
                               std::vector<const char *> &Args) {
  if (!Pre.CrossModule)
    return;
  DenseMap<const char *, const char *> Rewritten;
  for (const auto &[Index, Path] : Pre.CrossModule->Replacements)
    Rewritten[Req.LldArgs[Index]] = Path.c_str();
  for (const char *&A : Args)
    if (auto It = Rewritten.find(A); It != Rewritten.end())
      A = It->second;
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

/// Step 3 to 5 of the file comment. Self is our own argv[0].
int linkWithMerging(const MergeRequest &Req, const char *Argv0,
                    const char *Self, const std::string &PluginPath,
                    Diagnostics &Diag) {
  if (!Req.ReportPath.empty())
    if (Error E = checkReportPath(Req.ReportPath)) {
      Diag.error(std::move(E));
      return 1;
    }
  Expected<MergePlugin> Plugin = MergePlugin::load(PluginPath);
  if (!Plugin) {
    Diag.error(Plugin.takeError());
    return 1;
  }

  bool Distributes = Req.Distribution.distributes();
  PreLink Pre = prepareInputs(Req, Diag);
  std::vector<std::string> Extra =
      lldMergeArguments(Req, Plugin->path(), Pre.LinkAddressList);
  SmallString<128> ReportList;
  if (Distributes)
    if (Error E = addDistributionArguments(Req, Self, Pre.LinkAddressList,
                                           Extra, ReportList)) {
      Pre.cleanUp();
      Diag.error(std::move(E));
      return 1;
    }
  if (Error E = describeLinkToPlugin(Pre, *Plugin)) {
    Pre.cleanUp();
    Diag.error(std::move(E));
    return 1;
  }
  std::vector<const char *> Args =
      Distributes ? Req.LldArgsWithoutDistribution : Req.LldArgs;
  substituteRewrittenInputs(Req, Pre, Args);
  for (const std::string &A : Extra)
    Args.push_back(A.c_str());
  unsigned RunsBefore = Plugin->runCount();
  int RC = runLld(Argv0, Args);
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
    Pre.CrossModule->printListing(outs());
  // The ThinLTO backends' listing and report, in module order.
  if (Error E = Plugin->finish()) {
    Diag.error(std::move(E));
    return RC ? RC : 1;
  }
  if (RC)
    return RC;

  if (Plugin->runCount() == RunsBefore) {
    Diag.warn(optionSpelling(LinkerOptionID::Merge) +
              ": no LTO module in this link, nothing to merge (compile with "
              "-flto or -flto=thin to merge)");
    if (Diag.errorCount()) {
      // --fatal-warnings: fail like lld does, without an output.
      sys::fs::remove(Req.OutputPath);
      return 1;
    }
  }
  return 0;
}

/// Warnings for our options that do nothing because merging is off.
void warnAboutIdleOptions(const MergeRequest &Req, Diagnostics &Diag) {
  auto Idle = [&](LinkerOptionID ID) {
    Diag.warn(optionSpelling(ID) + " has no effect without " +
              optionSpelling(LinkerOptionID::Merge));
  };
  if (Req.Similar.Enabled.value_or(false))
    Idle(LinkerOptionID::MergeSimilar);
  if (!Req.ReportPath.empty())
    Idle(LinkerOptionID::Report);
  if (Req.Print)
    Idle(LinkerOptionID::Print);
}

} // namespace

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  sys::Process::UseANSIEscapeCodes(true);

  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 256> Args(Argv + 1, Argv + Argc);
  expandLinkerResponseFiles(Args, Saver);

  const char *Argv0 = lldArgv0(Argv[0]);
  std::string PluginPath = defaultPluginPath(Argv[0]);
  Diagnostics Diag(errs(), sys::path::filename(Argv0));
  Expected<MergeRequest> Req = parseMergeRequest(Args);
  if (!Req) {
    Diag.error(Req.takeError());
    return 1;
  }
  Diag.setWarningPolicy(Req->FatalWarnings, Req->NoWarnings);

  // lld answers these without linking; we add our part.
  if (Req->Help || Req->VersionAndExit) {
    int RC = runLld(Argv0, Req->LldArgs);
    if (Req->Help)
      printMergeHelp(outs());
    else
      printMergeVersion(outs(), PluginPath);
    return RC;
  }

  // Our own parallel steps before the link follow lld's --threads.
  unsigned Threads = 0;
  if (!Req->Threads.empty() &&
      !StringRef(Req->Threads).getAsInteger(10, Threads) && Threads > 0)
    parallel::strategy = hardware_concurrency(Threads);

  int RC;
  if (Req->Enabled) {
    RC = linkWithMerging(*Req, Argv0, Argv[0], PluginPath, Diag);
  } else {
    warnAboutIdleOptions(*Req, Diag);
    RC = Diag.errorCount() ? 1 : runLld(Argv0, Req->LldArgs);
  }
  if (Req->Verbose && RC == 0)
    printMergeVersion(outs(), PluginPath);
  outs().flush();
  return RC;
}
