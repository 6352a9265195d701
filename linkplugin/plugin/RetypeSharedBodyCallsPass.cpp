//===- RetypeSharedBodyCallsPass.cpp - Calls a backend resolves -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Before a ThinLTO link our ld.lld folds twins that read no argument into
// one shared body with no parameters, and rewrites every direct call to a
// member to pass nothing (core/equality/ArgumentFreeBodies.cpp). Virtual tables
// still hold the body, and a backend that knows an object's class reads
// the table and turns a virtual call into a direct call of the body, with
// the member's arguments. Where the module has the body, instcombine drops
// those arguments itself; where it only declares it (the body was not
// imported), the call keeps setting up arguments that nothing reads: in
// CTMark's kc, 93 calls of a parser function, 320 bytes.
//
// This pass runs wherever the optimizer cleans up after instcombine (the
// peephole extension point of each function simplification pipeline). It
// touches only calls to a shared body of ours with no parameters, under
// the C calling convention; the arguments they drop were never read.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/plugin/RetypeSharedBodyCallsPass.h"

#include "core/CrossModule.h"

#include "llvm/IR/Analysis.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace lmf {

PreservedAnalyses RetypeSharedBodyCallsPass::run(Function &F,
                                                 FunctionAnalysisManager &) {
  if (!retypeCallsToSharedBodies(F))
    return PreservedAnalyses::all();
  PreservedAnalyses Kept;
  Kept.preserveSet<CFGAnalyses>();
  return Kept;
}

} // namespace lmf
