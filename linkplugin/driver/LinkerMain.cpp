//===- LinkerMain.cpp - ld.lld with --lto-merge-functions -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// This is LLD 22's ELF linker, run in process through lld::lldMain, with one
// more feature: `--lto-merge-functions` merges identical functions (and,
// with `--lto-merge-similar-functions`, similar ones, with
// `--lto-merge-aligned-functions`, those alike but for a few instructions)
// in the full-LTO module and in every ThinLTO backend's module, in process
// or distributed (DTLTO),
// by loading our pass plugin (plugin/Plugin.cpp says where it runs), and
// folds twins across ThinLTO modules before lld reads them (step 3c).
// Without our options it is stock ld.lld: the same library code gets the
// same arguments and writes the same bytes.
//
// main() starts as lld's own main() (lld/tools/lld/lld.cpp) does, so that
// a crash of this linker reports what stock ld.lld's would: InitLLVM
// installs the pretty stack trace and LLVM's signal handlers (the "PLEASE
// submit a bug report" text is LLVM's default, which lld does not change,
// and neither do we), and FORCE_LLD_DIAGNOSTICS_CRASH crashes on purpose,
// for lld's test of that report. LLD_IN_TEST's repeated runs of lld and
// its crash recovery are runLld's (LldInvocation.cpp).
//
// What the driver does, in order:
//  1. expand response files as lld would (ResponseFiles.cpp), since our
//     options may hide in `@file`. A command line that cannot be expanded
//     (a file that includes itself) goes to lld as it is, and we do
//     nothing else: lld reports the error, once, as stock ld.lld does;
//  2. take our options out of the command line and check their values
//     (MergeRequest.cpp); bad values stop here, before anything is written.
//     Our options are described in one table (LinkerOptions.cpp), and the
//     command line is read the way lld reads it, with lld's own option
//     table (LldCommandLine.cpp); ResponseFiles.cpp reads it the same way;
//  3. when merging is on (steps 3 to 5 are LinkWithMerging.cpp): check
//     that the report can be written (ReportPathCheck.cpp) and load the
//     plugin found next to this binary (contract/MergePlugin.cpp);
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
//       -mllvm -lto-merge-functions-similar[=false]
//       -mllvm -lto-merge-functions-aligned[=false]
//       -mllvm -lto-merge-functions-report=<file>
//       -mllvm -lto-merge-functions-print
//       -mllvm -lto-merge-functions-link-address-free=<list>
//       -mllvm -lto-merge-functions-hot-policy=<policy>
//       -mllvm -lto-merge-functions-no-outline-hot
//       -mllvm -lto-merge-functions-optsize-cold
//     (--lto-smallest-binary has also put `--icf=safe`, `-mllvm
//     -enable-machine-outliner` among lld's arguments, MergeRequest.cpp,
//     and LinkWithMerging.cpp adds `-mllvm -codegen-data-thinlto-two-rounds`
//     in a link of two ThinLTO modules or more without DTLTO)
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
// When merging is off, lld runs on the user's arguments as they are, after
// a warning for each of our options that then does nothing
// (idleOptionWarnings, MergeRequest.cpp).
//
// Our warnings and errors look and behave like lld's
// (contract/Diagnostics.cpp). In a link with merging, LLVM's verifier
// rejecting a module is an error too, not an abort (LlvmFatalErrors.cpp).
// --help and --version are lld's answers followed by ours (HelpText.cpp).
// Everything but main() is in the library lmfDriver, which the unit tests
// (test/unit/*Test.cpp of lmfDriverTests) call directly: main() only reads
// the command line, answers --help and --version, and runs the link
// (linkWithMerging, LinkWithMerging.h, or lld as it is: runLld,
// LldInvocation.h).
//
//===----------------------------------------------------------------------===//

#include "linkplugin/contract/Diagnostics.h"
#include "linkplugin/contract/MergePlugin.h"
#include "linkplugin/driver/HelpText.h"
#include "linkplugin/driver/LinkWithMerging.h"
#include "linkplugin/driver/LldInvocation.h"
#include "linkplugin/driver/LlvmFatalErrors.h"
#include "linkplugin/driver/MergeRequest.h"
#include "linkplugin/driver/ResponseFiles.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/PluginLoader.h" // `-mllvm -load=`, as in stock lld
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace lmf;

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  sys::Process::UseANSIEscapeCodes(true);

  if (std::getenv("FORCE_LLD_DIAGNOSTICS_CRASH")) {
    errs() << "crashing due to environment variable "
              "FORCE_LLD_DIAGNOSTICS_CRASH\n";
    LLVM_BUILTIN_TRAP;
  }

  const char *Argv0 = lldArgv0(Argv[0]);
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 256> Args(Argv + 1, Argv + Argc);
  if (Error E = expandLinkerResponseFiles(Args, Saver)) {
    consumeError(std::move(E));
    return runLld(Argv0, Args, LldExit::WhenDone);
  }

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
    LinkEnvironment Env;
    Env.Self = Argv[0];
    Env.PluginPath = PluginPath;
    Env.RunLld = [Argv0](ArrayRef<const char *> LldArgs,
                         BeforeLldRun BeforeEachRun) {
      return runLld(Argv0, LldArgs, LldExit::Return, BeforeEachRun);
    };
    MergingLinkFatalErrors VerifierAbortIsAnError(sys::path::filename(Argv0));
    RC = linkWithMerging(*Req, Env, Diag);
  } else {
    for (const std::string &Warning : idleOptionWarnings(*Req))
      Diag.warn(Warning);
    // Unless -v wants our version line after the link, nothing of ours
    // follows it: lld may end the process, as stock ld.lld does.
    RC = Diag.errorCount()
             ? 1
             : runLld(Argv0, Req->LldArgs,
                      Req->Verbose ? LldExit::Return : LldExit::WhenDone);
  }
  if (Req->Verbose && RC == 0)
    printMergeVersion(outs(), PluginPath);
  outs().flush();
  return RC;
}
