//===- LinkWithMerging.h - One link with merging, steps 3 to 5 --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LMF_LINKPLUGIN_DRIVER_LINKWITHMERGING_H
#define LMF_LINKPLUGIN_DRIVER_LINKWITHMERGING_H

#include "linkplugin/driver/LldInvocation.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <vector>

namespace lmf {

class Diagnostics;
struct CrossModuleOutcome;
struct LinkAddressScan;
struct LinkInputs;
struct MergeRequest;

/// What a link with merging needs from the process that runs it.
struct LinkEnvironment {
  /// Our own argv[0]: our DTLTO programs are installed next to it.
  std::string Self;
  /// The merge plugin to load (defaultPluginPath).
  std::string PluginPath;
  /// Runs lld on the arguments that follow its argv[0], calling its second
  /// argument before each run (once, or LLD_IN_TEST times), and returns its
  /// exit code: runLld in ld.lld, a stand-in that records them in the unit
  /// tests.
  std::function<int(llvm::ArrayRef<const char *>, BeforeLldRun)> RunLld;
  /// Where -v's notes and the listing of folds across modules go.
  llvm::raw_ostream *Out = &llvm::outs();
};

/// Steps 3 to 5 of LinkerMain.cpp's comment for a request with merging on:
/// checks the report path and loads the plugin (either failing is an error
/// before anything runs), reads the inputs, writes the list of address-free
/// functions and folds twins across ThinLTO modules, runs lld with our
/// arguments, gathers the distributed backends' reports and has the plugin
/// finish. Returns the link's exit code.
int linkWithMerging(const MergeRequest &Req, const LinkEnvironment &Env,
                    Diagnostics &Diag);

/// Step 3b: writes the lists of the link's function addresses next to the
/// output (contract/LinkAddressList.h: in `safe` mode the functions whose
/// address no input uses, when the inputs say; in every mode those a
/// backend may compare) and returns its path, or returns "" when there is
/// none: no ThinLTO module, or summaries that cannot be read (the reason
/// goes to Out with -v).
std::string writeLinkAddressFacts(const MergeRequest &Req,
                                  const LinkAddressScan &Scan, double Seconds,
                                  Diagnostics &Diag, llvm::raw_ostream &Out);

/// Why step 3c, folding twins across ThinLTO modules, does not run for
/// these inputs; empty when it does.
std::string whyNoCrossModuleFolding(const MergeRequest &Req,
                                    const LinkInputs &Inputs);

/// The arguments lld gets (after its argv[0]): the user's, without their
/// DTLTO options when we distribute, each input that Rewritten (null when
/// nothing was folded across modules) replaces by its rewritten file, then
/// Extra, our options in lld's words. The strings are Req's, Rewritten's
/// and Extra's: they must outlive the result.
std::vector<const char *> lldLinkArguments(const MergeRequest &Req,
                                           const CrossModuleOutcome *Rewritten,
                                           llvm::ArrayRef<std::string> Extra);

} // namespace lmf

#endif
