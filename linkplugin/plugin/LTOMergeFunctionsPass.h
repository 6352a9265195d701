//===- LTOMergeFunctionsPass.h - The module pass ----------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_PLUGIN_LTOMERGEFUNCTIONSPASS_H
#define LMF_LINKPLUGIN_PLUGIN_LTOMERGEFUNCTIONSPASS_H

#include "linkplugin/contract/PassOptionNames.h"

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace lmf {

/// Runs the merger on the whole module with options from the command line
/// (`-lto-merge-functions-*`). In a ThinLTO backend, the listing and the
/// report wait for the end of the link (BackendResults.h).
class LTOMergeFunctionsPass
    : public llvm::PassInfoMixin<LTOMergeFunctionsPass> {
public:
  explicit LTOMergeFunctionsPass(bool InThinLTOBackend = false)
      : InThinLTOBackend(InThinLTOBackend) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return passopt::PassName; }

private:
  bool InThinLTOBackend;
};

/// Reads a remote ThinLTO backend's report file and records its results as
/// an in-process backend's, to be printed and reported with the
/// `-lto-merge-functions-*` options of this process.
llvm::Error recordRemoteBackendReport(llvm::StringRef Path);

} // namespace lmf

#endif
