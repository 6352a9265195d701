//===- FoldCensus.cpp - Which functions a merger folded -------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A thunk, as MergeFunctions and lto-merge-functions write it, is one block:
// casts of the arguments, one call to another function, casts of the result,
// and a return. Anything else in the block means the body is the function's
// own.
//
//===----------------------------------------------------------------------===//

#include "bench/speed/FoldCensus.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;

namespace lmf::bench {

bool isThunk(const Function &F) {
  if (F.isDeclaration() || F.size() != 1)
    return false;
  unsigned Calls = 0;
  for (const Instruction &I : F.front().instructionsWithoutDebug()) {
    if (const auto *Call = dyn_cast<CallInst>(&I)) {
      const Function *Callee = Call->getCalledFunction();
      if (!Callee || Callee == &F || Callee->isIntrinsic() || ++Calls > 1)
        return false;
    } else if (!isa<CastInst>(I) && !isa<ReturnInst>(I) &&
               !isa<ExtractValueInst>(I) && !isa<InsertValueInst>(I)) {
      return false;
    }
  }
  return Calls == 1;
}

Census takeCensus(const Module &M) {
  Census C;
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    C.Instructions += F.getInstructionCount();
    if (F.hasName())
      C.IsThunk[F.getName()] = isThunk(F);
  }
  return C;
}

std::vector<std::string> foldedSince(const Census &Before,
                                     const Module &After) {
  std::vector<std::string> Folded;
  for (const auto &Entry : Before.IsThunk) {
    const Function *F = After.getFunction(Entry.getKey());
    if (!F || F->isDeclaration() || (!Entry.getValue() && isThunk(*F)))
      Folded.push_back(Entry.getKey().str());
  }
  std::sort(Folded.begin(), Folded.end());
  return Folded;
}

} // namespace lmf::bench
