//===- ArgumentFreeBodies.cpp - Twins across parameter lists --------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Many functions never read their arguments: the empty virtual members a
// C++ base class gives its derived classes to override, a callback that
// only returns 0, a destructor with nothing to destroy. Each class spells
// its own parameter list, so their IR differs in the function type alone,
// while their machine code is the same instruction or two; lld's --icf
// folds them, and comparing IR with types never did.
//
// A function whose body reads no argument, called with any arguments,
// does the same: under the C calling convention the caller passes the
// arguments and takes them back, so a body that ignores them cannot tell
// how many there were or of which types. What a call returns is still
// typed, so the return type stays part of the comparison, and parameters
// whose attributes change how values travel (sret, which the callee must
// hand back; byval, inalloca and their kind; inreg, nest, the Swift
// registers) keep their function out.
//
// Folding such twins gives their shared body no parameters at all. Every
// direct call is then rewritten to pass nothing, so it stays a call of the
// callee's own type: LLVM's analyses and its inliner take a call of
// another type for an indirect call, and only instcombine retypes one, and
// only where the callee's body is in the module. Addresses stored
// elsewhere (virtual tables, callbacks) reach the body through indirect
// calls of the member's type, which run it as the member's body ran.
//
//===----------------------------------------------------------------------===//

#include "core/equality/ArgumentFreeBodies.h"

#include "core/MergeNames.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace lmf {
namespace {

/// Parameter attributes that make a call pass or return values other than
/// by the plain registers and stack slots a callee may ignore.
bool changesHowValuesTravel(AttributeSet Param) {
  static constexpr Attribute::AttrKind Kinds[] = {
      Attribute::StructRet,  Attribute::ByVal,        Attribute::ByRef,
      Attribute::InAlloca,   Attribute::Preallocated, Attribute::InReg,
      Attribute::Nest,       Attribute::Returned,     Attribute::SwiftSelf,
      Attribute::SwiftError, Attribute::SwiftAsync};
  for (Attribute::AttrKind Kind : Kinds)
    if (Param.hasAttribute(Kind))
      return true;
  return false;
}

/// True when A is an operand of an instruction through metadata (an
/// intrinsic's `metadata` argument), which use lists do not show. Debug
/// records that name A are not operands.
bool usedThroughMetadata(const Argument &A) {
  if (!A.isUsedByMetadata())
    return false;
  auto *Local = LocalAsMetadata::getIfExists(const_cast<Argument *>(&A));
  if (!Local)
    return false;
  auto *AsValue = MetadataAsValue::getIfExists(A.getContext(), Local);
  return AsValue && !AsValue->use_empty();
}

CallBase *callWithoutArguments(CallBase &CB, Function &Callee) {
  SmallVector<OperandBundleDef, 1> Bundles;
  CB.getOperandBundlesAsDefs(Bundles);
  FunctionType *Type = Callee.getFunctionType();
  if (auto *II = dyn_cast<InvokeInst>(&CB))
    return InvokeInst::Create(Type, &Callee, II->getNormalDest(),
                              II->getUnwindDest(), {}, Bundles, "",
                              CB.getIterator());
  auto *Call =
      CallInst::Create(Type, &Callee, {}, Bundles, "", CB.getIterator());
  Call->setTailCallKind(cast<CallInst>(CB).getTailCallKind());
  return Call;
}

/// A call CB to Callee that may lose its arguments: its type is not
/// Callee's, and it is neither musttail nor a callbr.
bool mayRetype(const CallBase &CB, const Function &Callee) {
  return CB.getCalledOperand() == &Callee &&
         CB.getFunctionType() != Callee.getFunctionType() &&
         CB.getType() == Callee.getReturnType() && !isa<CallBrInst>(CB) &&
         !CB.isMustTailCall();
}

void retype(CallBase &CB, Function &Callee) {
  CallBase *New = callWithoutArguments(CB, Callee);
  New->setCallingConv(CB.getCallingConv());
  AttributeList Attrs = CB.getAttributes();
  New->setAttributes(AttributeList::get(Callee.getContext(), Attrs.getFnAttrs(),
                                        Attrs.getRetAttrs(), {}));
  New->copyMetadata(CB);
  New->takeName(&CB);
  CB.replaceAllUsesWith(New);
  CB.eraseFromParent();
}

} // namespace

bool hasArgumentFreeBody(const Function &F) {
  if (F.isDeclaration() || F.isVarArg() || F.getCallingConv() != CallingConv::C)
    return false;
  for (const Argument &A : F.args())
    if (!A.use_empty() || usedThroughMetadata(A) ||
        changesHowValuesTravel(F.getAttributes().getParamAttrs(A.getArgNo())))
      return false;
  return true;
}

FunctionType *argumentFreeType(FunctionType *Type) {
  return FunctionType::get(Type->getReturnType(), /*isVarArg=*/false);
}

void retypeCallsTo(Function &Callee) {
  SmallVector<CallBase *, 8> Calls;
  for (User *U : Callee.users())
    if (auto *CB = dyn_cast<CallBase>(U); CB && mayRetype(*CB, Callee))
      Calls.push_back(CB);
  for (CallBase *CB : Calls)
    retype(*CB, Callee);
}

bool retypeCallsToSharedBodies(Function &F) {
  SmallVector<std::pair<CallBase *, Function *>, 4> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      auto *Callee = dyn_cast<Function>(CB->getCalledOperand());
      if (Callee && Callee->arg_empty() && !Callee->isVarArg() &&
          Callee->getCallingConv() == CallingConv::C &&
          isIdenticalSharedBodyName(Callee->getName()) &&
          mayRetype(*CB, *Callee))
        Calls.push_back({CB, Callee});
    }
  for (auto [CB, Callee] : Calls)
    retype(*CB, *Callee);
  return !Calls.empty();
}

void takeNoParameters(Function &Body, Function &Old) {
  AttributeList Attrs = Body.getAttributes();
  Body.setAttributes(AttributeList::get(Body.getContext(), Attrs.getFnAttrs(),
                                        Attrs.getRetAttrs(), {}));
  for (Argument &A : Old.args())
    if (A.isUsedByMetadata())
      A.replaceAllUsesWith(PoisonValue::get(A.getType()));
}

} // namespace lmf
