//===- MergeRemarks.cpp - Optimization remarks of the merge ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A remark costs its message, built from names, for every folded function;
// on a module of a million functions nobody reads them unless asked. So
// the message is written only when the context has a remark streamer (a
// remarks file) or its diagnostic handler passes remarks of our pass name
// (-pass-remarks), the same test LLVM's own passes make through
// OptimizationRemarkEmitter. Both stages of the merge, identical and
// similar, emit through here, so that the test and the pass name exist once.
//
//===----------------------------------------------------------------------===//

#include "core/MergeRemarks.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"

using namespace llvm;

namespace lmf {

void emitMergeRemark(Function &F, StringRef RemarkName,
                     function_ref<void(OptimizationRemark &)> Write) {
  LLVMContext &Ctx = F.getContext();
  if (!Ctx.getLLVMRemarkStreamer() &&
      !Ctx.getDiagHandlerPtr()->isPassedOptRemarkEnabled(MergePassName))
    return;
  OptimizationRemark Remark(MergePassName, RemarkName, &F);
  Write(Remark);
  Ctx.diagnose(Remark);
}

void emitMissedMergeRemark(
    Function &F, StringRef RemarkName,
    function_ref<void(OptimizationRemarkMissed &)> Write) {
  LLVMContext &Ctx = F.getContext();
  if (!Ctx.getLLVMRemarkStreamer() &&
      !Ctx.getDiagHandlerPtr()->isMissedOptRemarkEnabled(MergePassName))
    return;
  OptimizationRemarkMissed Remark(MergePassName, RemarkName, &F);
  Write(Remark);
  Ctx.diagnose(Remark);
}

} // namespace lmf
