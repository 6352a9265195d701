//===- CallRewrites.cpp - Calls that pass a member's extra values ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The similar and the aligned stage both give a class one kept body that
// takes more than its members' arguments: a similar class's constants, an
// aligned pair's identifier. A member then either becomes a thunk that
// passes its values (FunctionRewrites.h, makeThunk), or disappears: each of
// its direct calls calls the kept body instead, with the member's values
// after the call's own arguments. This file is that second way, for both.
//
// Only a plain call or invoke through the member's own type can take more
// arguments; a `musttail` call must keep its caller's signature, and any
// other use (an address taken, a call through another type) keeps the
// member alive, as a thunk, and so do parameter or return types that are
// another spelling of the kept body's (two named structs of one layout,
// which the encoding takes as one): the call would pass values of the
// wrong type, where a thunk rebuilds them. The new call keeps what the old
// one carried:
// attributes, operand bundles, metadata, calling convention, tail-call
// kind and name. Where the extra values are addresses the kept body reads
// or writes through, a `memory` attribute of the call is widened to let
// argument memory be accessed that way.
//
//===----------------------------------------------------------------------===//

#include "core/rewrite/CallRewrites.h"

#include "core/rewrite/FunctionRewrites.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace lmf {
namespace {

AttributeList widenCallMemory(LLVMContext &C, AttributeList Attrs,
                              ModRefInfo Access) {
  Attribute Memory = Attrs.getFnAttr(Attribute::Memory);
  if (!Memory.isValid())
    return Attrs;
  MemoryEffects Wide = widenArgumentMemory(Memory.getMemoryEffects(), Access);
  return Attrs.addFnAttribute(C, Attribute::getWithMemoryEffects(C, Wide));
}

} // namespace

bool canTakeExtraArguments(const CallBase &CB, const Function &G) {
  return CB.getFunctionType() == G.getFunctionType() && !CB.isMustTailCall() &&
         (isa<CallInst>(CB) || isa<InvokeInst>(CB));
}

int countRewritableCalls(const Function &G) {
  int Calls = 0;
  for (const Use &U : G.uses()) {
    const auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) || !canTakeExtraArguments(*CB, G))
      return -1;
    if (CB->getFunction() != &G)
      ++Calls;
  }
  return Calls;
}

MemoryEffects widenArgumentMemory(MemoryEffects ME, ModRefInfo Access) {
  return ME.getWithModRef(IRMemLocation::ArgMem,
                          ME.getModRef(IRMemLocation::ArgMem) | Access);
}

bool takesArgumentsAs(const Function &G, const Function &Body) {
  FunctionType *Own = G.getFunctionType(), *Taken = Body.getFunctionType();
  if (Own->getReturnType() != Taken->getReturnType() ||
      Own->getNumParams() > Taken->getNumParams())
    return false;
  for (unsigned I = 0, E = Own->getNumParams(); I != E; ++I)
    if (Own->getParamType(I) != Taken->getParamType(I))
      return false;
  return true;
}

bool rewriteCallsAndErase(Function &G, Function &Body, ArrayRef<Value *> Extra,
                          ModRefInfo Access, RewriteContext &Ctx) {
  if (!takesArgumentsAs(G, Body))
    return false;
  for (CallBase *CB : directCallsTo(G)) {
    if (CB->getFunction() == &G || !canTakeExtraArguments(*CB, G))
      continue;
    CallBase *New = callWithExtraArguments(*CB, Body, Extra, Access);
    ensureCallLocation(*New, Body);
    Ctx.Touched.insert(New->getFunction());
  }
  dropBody(G);
  if (!G.use_empty())
    return false;
  eraseFunction(G, Ctx);
  return true;
}

CallBase *callWithExtraArguments(CallBase &CB, Function &Callee,
                                 ArrayRef<Value *> Extra, ModRefInfo Access) {
  SmallVector<Value *, 8> Args(CB.args());
  Args.append(Extra.begin(), Extra.end());
  SmallVector<OperandBundleDef, 1> Bundles;
  CB.getOperandBundlesAsDefs(Bundles);
  FunctionType *Type = Callee.getFunctionType();
  CallBase *New;
  if (auto *II = dyn_cast<InvokeInst>(&CB)) {
    New = InvokeInst::Create(Type, &Callee, II->getNormalDest(),
                             II->getUnwindDest(), Args, Bundles, "",
                             CB.getIterator());
  } else {
    auto *Call =
        CallInst::Create(Type, &Callee, Args, Bundles, "", CB.getIterator());
    Call->setTailCallKind(cast<CallInst>(CB).getTailCallKind());
    New = Call;
  }
  New->setCallingConv(CB.getCallingConv());
  New->setAttributes(
      widenCallMemory(CB.getContext(), CB.getAttributes(), Access));
  New->copyMetadata(CB);
  New->takeName(&CB);
  CB.replaceAllUsesWith(New);
  CB.eraseFromParent();
  return New;
}

} // namespace lmf
