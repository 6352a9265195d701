//===- RetypeSharedBodyCallsPass.h - Calls a backend resolves ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_PLUGIN_RETYPESHAREDBODYCALLSPASS_H
#define LMF_LINKPLUGIN_PLUGIN_RETYPESHAREDBODYCALLSPASS_H

#include "llvm/IR/PassManager.h"

namespace lmf {

/// Gives the calls of a function that reach the parameterless shared body
/// of argument-free twins with a member's arguments (a virtual call the
/// optimizer resolved from a member's virtual table) the body's own type,
/// with no arguments to set up (core/equality/ArgumentFreeBodies.h).
class RetypeSharedBodyCallsPass
    : public llvm::PassInfoMixin<RetypeSharedBodyCallsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
  static llvm::StringRef name() { return "lto-merge-functions-retype-calls"; }
};

} // namespace lmf

#endif
