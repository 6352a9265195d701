//===- LTOMergeFunctionsPass.h - The module pass ----------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_LTOMERGEFUNCTIONSPASS_H
#define LMF_LINKPLUGIN_LTOMERGEFUNCTIONSPASS_H

#include "linkplugin/PassOptionNames.h"

#include "llvm/IR/PassManager.h"

namespace lmf {

/// Runs the merger on the whole module with options from the command line
/// (`-lto-merge-functions-*`).
class LTOMergeFunctionsPass
    : public llvm::PassInfoMixin<LTOMergeFunctionsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return passopt::PassName; }
};

} // namespace lmf

#endif
