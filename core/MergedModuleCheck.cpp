//===- MergedModuleCheck.cpp - The verifier after merging ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Merging rewrites functions it did not write: it turns them into thunks,
// moves their bodies, adds parameters, rewrites their callers. A mistake in
// any of those makes an invalid module, and an invalid module does not stay
// ours for long: the LTO pipeline runs LLVM's verifier after the last pass,
// and the verifier's answer to a broken module is `LLVM ERROR: Broken module
// found, compilation aborted!`, an abort with a stack dump, from inside the
// linker, naming nothing the user can act on.
//
// So merging can check its own output (MergeOptions::Verify; the lit tests and
// the IR fuzzers turn it on). It is off by default because of what it costs: on
// gmock_all_test's module (15,171 functions, with debug information) the
// verifier takes 1.9 s where the whole merge takes 0.56 s, and verifying only
// the 3,471 functions merging changed still takes 1.1 s; LTO's pipeline
// verifies the module right after the last pass anyway, and our ld.lld turns
// that verifier's abort into an error too (LinkerMain.cpp). A module that fails
// the check becomes a diagnostic: the error names the functions that do not
// verify, quotes the verifier, and says how to link without merging. To keep
// the linker from aborting after that error, each function that fails is given
// a body of one `unreachable`, which verifies for any signature and keeps every
// alias and reference to it valid; the link fails on the error, so that body is
// never run. When the module still does not verify (a broken global, not a
// function), the error says so and nothing more can be done here.
//
//===----------------------------------------------------------------------===//

#include "core/MergedModuleCheck.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {

/// The verifier's findings, cut to their first lines: a broken body can
/// print every instruction it holds.
static std::string firstLines(StringRef Text, unsigned Count) {
  SmallVector<StringRef, 8> Lines;
  Text.trim().split(Lines, '\n', Count + 1, /*KeepEmpty=*/false);
  if (Lines.size() > Count) {
    Lines.resize(Count);
    Lines.push_back("...");
  }
  return join(Lines, "\n");
}

/// Replaces F's body by a single `unreachable` block.
static void stubOut(Function &F) {
  F.dropAllReferences();
  F.setPersonalityFn(nullptr);
  BasicBlock *Entry = BasicBlock::Create(F.getContext(), "", &F);
  new UnreachableInst(F.getContext(), Entry);
}

Error checkMergedModule(Module &M) {
  std::string Findings;
  raw_string_ostream OS(Findings);
  if (!verifyModule(M, &OS))
    return Error::success();
  SmallVector<Function *, 4> Broken;
  for (Function &F : M)
    if (!F.isDeclaration() && verifyFunction(F))
      Broken.push_back(&F);
  for (Function *F : Broken)
    stubOut(*F);
  std::string Message =
      "the module is invalid after merging functions (a bug in "
      "lto-merge-functions; linking without --lto-merge-functions avoids "
      "it)";
  if (!Broken.empty()) {
    SmallVector<StringRef, 4> Names;
    for (Function *F : Broken)
      Names.push_back(F->getName());
    Message += "; functions that do not verify: " + join(Names, ", ");
  }
  if (verifyModule(M))
    Message += "; the module still does not verify without them";
  Message += "; the verifier says: " + firstLines(Findings, 6);
  return createStringError(inconvertibleErrorCode(), Message);
}

} // namespace lmf
