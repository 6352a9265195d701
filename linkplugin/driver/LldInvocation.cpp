//===- LldInvocation.cpp - What lld is given ------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lld is run in this process (runLld, through lld::lldMain with only its
// ELF driver) with a command line of our making: the user's arguments
// without ours, plus what our options mean in stock ld.lld-22's words. Two
// things are decided here.
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
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

LLD_HAS_DRIVER(elf)

using namespace llvm;

namespace lmf {

int runLld(const char *Argv0, ArrayRef<const char *> Args) {
  std::vector<const char *> Argv = {Argv0};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  lld::Result R =
      lld::lldMain(Argv, outs(), errs(), {{lld::Gnu, &lld::elf::link}});
  outs().flush();
  return R.retCode;
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
