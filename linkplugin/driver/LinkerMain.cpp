//===- LinkerMain.cpp - ld.lld with --lto-merge-functions -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// This is LLD 22's ELF linker, run in process through lld::lldMain, with one
// more feature: `--lto-merge-functions` merges identical functions in the
// full-LTO module and in every ThinLTO backend's module, in process or
// distributed (DTLTO), by loading our pass plugin (Plugin.cpp says where it
// runs). Without our options it is stock ld.lld: the same library code gets the
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
//     (MergePlugin.cpp);
//  3b. in `safe` mode, read every input of the link and list the functions
//     whose address no input uses (LinkAddressScan.cpp): with it, ThinLTO
//     backends may make an exported twin an alias instead of a thunk. The
//     list is written next to the output and removed after the link; with
//     -v we say why there is none;
//  4. translate our options into what stock ld.lld-22 understands
//     (LldInvocation.cpp):
//       --load-pass-plugin=<plugin>
//       -mllvm -lto-merge-functions-mode=safe|all
//       -mllvm -lto-merge-functions-similar
//       -mllvm -lto-merge-functions-report=<file>
//       -mllvm -lto-merge-functions-print
//       -mllvm -lto-merge-functions-link-address-free=<list>
//     and run lld on the result (the plugin follows lld's --threads by
//     itself, through llvm::parallel::strategy);
//     With --thinlto-distributor, our distributor wrapper and remote
//     backend stand in for the user's, so that distributed backends merge
//     too (DistributedBackends.cpp);
//  5. after the link, have the plugin print and write what the ThinLTO
//     backends merged, in process or distributed, in module order
//     (BackendResults.cpp), and ask it whether its pass ran at all; if not,
//     there was no LTO module and we say so rather than leave the user
//     believing functions were merged.
//
// Our warnings and errors look and behave like lld's (Diagnostics.cpp).
// --help and --version are lld's answers followed by ours (HelpText.cpp).
// Everything but main() is in the library lmfDriver, which the unit tests
// (test/unit/*Test.cpp of lmfDriverTests) call directly.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/LinkAddressList.h"
#include "linkplugin/driver/Diagnostics.h"
#include "linkplugin/driver/DistributedBackends.h"
#include "linkplugin/driver/HelpText.h"
#include "linkplugin/driver/LinkAddressScan.h"
#include "linkplugin/driver/LinkerOptions.h"
#include "linkplugin/driver/LldInvocation.h"
#include "linkplugin/driver/MergePlugin.h"
#include "linkplugin/driver/MergeRequest.h"
#include "linkplugin/driver/ReportPathCheck.h"
#include "linkplugin/driver/ResponseFiles.h"

#include "lld/Common/Driver.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/PluginLoader.h" // `-mllvm -load=`, as in stock lld
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

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

/// Step 3b: the path of the list of address-free functions, or "" when
/// there is none (not `safe` mode, no ThinLTO module, or inputs we cannot
/// judge).
std::string writeLinkAddressFacts(const MergeRequest &Req, Diagnostics &Diag) {
  if (Req.Mode != MergeMode::Safe)
    return "";
  auto Start = std::chrono::steady_clock::now();
  LinkAddressScan Scan = scanLinkAddresses(Req.LldArgs);
  std::chrono::duration<double> Seconds =
      std::chrono::steady_clock::now() - Start;
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
           << format("%.3f", Seconds.count()) << " s)\n";
  return Path;
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
  std::string LinkAddressList = writeLinkAddressFacts(Req, Diag);
  std::vector<std::string> Extra =
      lldMergeArguments(Req, Plugin->path(), LinkAddressList);
  SmallString<128> ReportList;
  if (Distributes)
    if (Error E = addDistributionArguments(Req, Self, LinkAddressList, Extra,
                                           ReportList)) {
      Diag.error(std::move(E));
      return 1;
    }
  std::vector<const char *> Args =
      Distributes ? Req.LldArgsWithoutDistribution : Req.LldArgs;
  for (const std::string &A : Extra)
    Args.push_back(A.c_str());
  unsigned RunsBefore = Plugin->runCount();
  int RC = runLld(Argv0, Args);
  if (!LinkAddressList.empty())
    sys::fs::remove(LinkAddressList);
  if (Distributes) {
    // After a failed link the reports are only removed.
    Error Gathered =
        gatherRemoteReports(ReportList, *Plugin, /*Record=*/RC == 0);
    if (Gathered) {
      Diag.error(std::move(Gathered));
      RC = RC ? RC : 1;
    }
  }
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
  if (Req.MergeSimilar)
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
