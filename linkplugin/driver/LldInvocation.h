//===- LldInvocation.h - What lld is given ----------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_LLDINVOCATION_H
#define LMF_LINKPLUGIN_DRIVER_LLDINVOCATION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace lmf {

struct MergeRequest;

/// Runs LLD's ELF driver in this process on Argv0 followed by Args; returns
/// its exit code.
int runLld(const char *Argv0, llvm::ArrayRef<const char *> Args);

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
