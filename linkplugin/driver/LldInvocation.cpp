//===- LldInvocation.cpp - What lld is given ------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lld is run in this process (runLld, with only its ELF driver) with a
// command line of our making: the user's arguments without ours, plus what
// our options mean in stock ld.lld-22's words. Three things are decided
// here.
//
// How lld runs. runLld does what lld's own main() (lld/tools/lld/lld.cpp)
// does around the driver, so that lld's tests, which set LLD_IN_TEST, and
// lld's users see the same linker:
//  - without LLD_IN_TEST (or with 0), lld runs once. When nothing of ours
//    follows the link (LldExit::WhenDone: a link without merging and
//    without -v), it runs as stock ld.lld runs it, through
//    lld::unsafeLldMain with exitEarly: lld leaves the process itself when
//    it is done or when it has printed --error-limit errors, without
//    freeing what it allocated (which takes time after a big link).
//    Otherwise lld::lldMain returns to us, after freeing its context;
//  - with LLD_IN_TEST=N (N > 0), crash recovery is enabled and lld runs N
//    times in this process with the same arguments, its output silenced
//    (lld::inTestOutputDisabled) on all runs but the last: lld's check that
//    it resets all its state between links, as a library must. A run that
//    cannot be followed by another (a fatal error or a crash, caught by the
//    crash recovery context) ends the process with lld::exitLld, which
//    re-raises a crash's signal, so that the crash report and `not --crash`
//    see what they would see of stock ld.lld; a run whose exit code differs
//    from the first's ends the repetition with that code. Our own steps
//    (reading inputs, folding across modules, the listing and the report)
//    run once, around the repeated lld runs; before each run, the caller
//    (LinkWithMerging.cpp) tells the plugin, which then forgets what the
//    run before merged and, on a silenced run, prints nothing: the
//    listing and the report are the last run's, once.
//
// argv[0]. lld picks its flavor from the program name (`ld.lld`, `ld64.lld`,
// `wasm-ld`, `lld-link`) and prints it in its --help usage line. We keep
// the name we were called by whenever lld would read it as the GNU flavor,
// so that `--help` and error messages match stock ld.lld's; any other name
// (a copy renamed to `wasm-ld`, say) would make lld pick another flavor, for
// which this binary has no driver, so lld is told it is `ld.lld`.
//
// Our options. `--lto-merge-functions[=mode]` becomes
// `--load-pass-plugin=<plugin>` and `-mllvm -lto-merge-functions-mode=...`;
// similar merging, the report and the listing become the plugin's own
// cl::opts, whose names come from contract/PassOptionNames.h, the header
// the plugin declares them with. The mode is always given, so the plugin's
// default never matters; the others only when asked for, so that a link
// without them gives lld the same command line as before they existed. The
// list of address-free functions (LinkAddressScan.cpp) is ours to make,
// not the user's, and is named only when there is one.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LldInvocation.h"

#include "linkplugin/driver/MergeRequest.h"

#include "lld/Common/Driver.h"
#include "lld/Common/ErrorHandler.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <optional>

LLD_HAS_DRIVER(elf)

namespace lld {
// Defined in lldCommon (Common/DriverDispatcher.cpp) and declared, as here,
// by lld's own main() only.
extern bool inTestOutputDisabled;
int unsafeLldMain(llvm::ArrayRef<const char *> Args,
                  llvm::raw_ostream &StdoutOS, llvm::raw_ostream &StderrOS,
                  llvm::ArrayRef<DriverDef> Drivers, bool ExitEarly);
} // namespace lld

using namespace llvm;

namespace lmf {

unsigned lldInTestRuns() {
  unsigned Runs = 0;
  if (const char *Value = std::getenv("LLD_IN_TEST"))
    if (StringRef(Value).getAsInteger(10, Runs))
      Runs = 0;
  return Runs;
}

int runLld(const char *Argv0, ArrayRef<const char *> Args, LldExit Exit,
           BeforeLldRun BeforeEachRun) {
  std::vector<const char *> Argv = {Argv0};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  const lld::DriverDef Drivers[] = {{lld::Gnu, &lld::elf::link}};

  unsigned Runs = lldInTestRuns();
  if (Runs == 0) {
    if (BeforeEachRun)
      BeforeEachRun(/*Quiet=*/false);
    if (Exit == LldExit::WhenDone)
      return lld::unsafeLldMain(Argv, outs(), errs(), Drivers,
                                /*ExitEarly=*/true);
    lld::Result R = lld::lldMain(Argv, outs(), errs(), Drivers);
    outs().flush();
    return R.retCode;
  }

  CrashRecoveryContext::Enable();
  std::optional<int> FirstRC;
  int RC = 0;
  for (unsigned I = Runs; I > 0; --I) {
    lld::inTestOutputDisabled = I != 1;
    if (BeforeEachRun)
      BeforeEachRun(/*Quiet=*/I != 1);
    lld::Result R = lld::lldMain(Argv, outs(), errs(), Drivers);
    if (!R.canRunAgain)
      lld::exitLld(R.retCode);
    RC = R.retCode;
    if (!FirstRC)
      FirstRC = RC;
    else if (RC != *FirstRC)
      break;
  }
  lld::inTestOutputDisabled = false;
  outs().flush();
  return RC;
}

const char *lldArgv0(const char *Argv0) {
  StringRef Name = sys::path::filename(Argv0);
  SmallVector<StringRef, 3> Parts;
  Name.split(Parts, '-');
  for (StringRef Part : Parts) {
    if (Part.equals_insensitive("ld") || Part.equals_insensitive("ld.lld") ||
        Part.equals_insensitive("gnu"))
      return Argv0;
    if (Part.equals_insensitive("wasm") || Part.equals_insensitive("link") ||
        Part.starts_with_insensitive("ld64") ||
        Part.equals_insensitive("darwin"))
      break;
  }
  return "ld.lld";
}

std::vector<std::string> lldMergeArguments(const MergeRequest &Req,
                                           StringRef PluginPath,
                                           StringRef LinkAddressList) {
  std::vector<std::string> Args = {("--load-pass-plugin=" + PluginPath).str()};
  for (const std::string &Option :
       mergePassOptions(Req, LinkAddressList, PassPlace::InProcess)) {
    Args.push_back("-mllvm");
    Args.push_back("-" + Option);
  }
  return Args;
}

} // namespace lmf
