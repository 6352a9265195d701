//===- LldInvocation.h - What lld is given ----------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_LLDINVOCATION_H
#define LMF_LINKPLUGIN_DRIVER_LLDINVOCATION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace lmf {

struct MergeRequest;

/// Whether the caller has more to do after lld's link.
enum class LldExit {
  /// lld returns its exit code to the caller.
  Return,
  /// Nothing of ours follows: outside lld's tests lld may end the process
  /// itself when it is done, as stock ld.lld does.
  WhenDone,
};

/// How many times lld's driver runs in this process for each runLld, as
/// LLD_IN_TEST says (lld/tools/lld/lld.cpp); 0 when it is unset or not a
/// number: one run, as outside lld's tests.
unsigned lldInTestRuns();

/// Called before each run of lld on a link; Quiet when lld's output is
/// silenced on that run, as on all but the last of LLD_IN_TEST's runs.
using BeforeLldRun = llvm::function_ref<void(bool Quiet)>;

/// Runs LLD's ELF driver in this process on Argv0 followed by Args as lld's
/// own main() would (LLD_IN_TEST's repeated runs, crash recovery, early
/// exit; LldInvocation.cpp says how), calling BeforeEachRun, when given,
/// before each run; returns its exit code, unless lld ended the process.
int runLld(const char *Argv0, llvm::ArrayRef<const char *> Args,
           LldExit Exit = LldExit::Return,
           BeforeLldRun BeforeEachRun = nullptr);

/// What lld gets as argv[0]: Argv0 itself when lld would read it as the GNU
/// flavor (as stock ld.lld would), otherwise "ld.lld".
const char *lldArgv0(const char *Argv0);

/// Our options in the words of stock ld.lld-22 and the plugin's cl::opts:
/// `--load-pass-plugin=<PluginPath>` and `-mllvm -lto-merge-functions-...`.
/// LinkAddressList, when not empty, is the list of the link's address-free
/// functions (LinkAddressScan.h) for the ThinLTO backends.
std::vector<std::string>
lldMergeArguments(const MergeRequest &Req, llvm::StringRef PluginPath,
                  llvm::StringRef LinkAddressList = "");

} // namespace lmf

#endif
