//===- MutatorCloning.cpp - Copies of functions for the mutator -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A clone must be an exact copy: same body, attributes, metadata and
// linkage, with recursive calls going to the clone itself (so that a copy
// of a recursive function is a twin, not a caller of the original).
//
// The similar kinds swap a global or a callee for another one. The copies
// they swap in are internal, so a program still links and the copy never
// replaces or is replaced by another module's symbol, and made once per
// module (found again by name), so that many clones share one copy.
//
//===----------------------------------------------------------------------===//

#include "Mutator.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace lmf::fuzz {

Function *cloneFunction(Function &F, StringRef NewName) {
  Function *NewF = Function::Create(F.getFunctionType(), F.getLinkage(),
                                    F.getAddressSpace(), NewName, F.getParent());
  ValueToValueMapTy VMap;
  auto Dest = NewF->arg_begin();
  for (Argument &A : F.args()) {
    Dest->setName(A.getName());
    VMap[&A] = &*Dest++;
  }
  VMap[&F] = NewF;
  // CloneFunctionInto gives the copy new distinct nodes where an intrinsic
  // names one (a type id): the copy would test another class. An exact copy
  // names the same ones.
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (const auto *CB = dyn_cast<CallBase>(&I))
        for (const Use &Arg : CB->args())
          if (const auto *MV = dyn_cast<MetadataAsValue>(Arg.get()))
            if (auto *N = dyn_cast<MDNode>(MV->getMetadata()))
              if (N->isDistinct())
                VMap.MD()[N].reset(N);
  SmallVector<ReturnInst *, 8> Returns;
  CloneFunctionInto(NewF, &F, VMap,
                    F.getSubprogram() ? CloneFunctionChangeType::GlobalChanges
                                      : CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  NewF->setComdat(nullptr);
  return NewF;
}

GlobalVariable *copyOfGlobal(GlobalVariable &GV) {
  Module &M = *GV.getParent();
  std::string Name = (GV.getName() + ".lmf.copy").str();
  GlobalVariable *Copy = M.getNamedGlobal(Name);
  if (Copy && Copy->getValueType() == GV.getValueType() &&
      Copy->getAddressSpace() == GV.getAddressSpace() &&
      Copy->getThreadLocalMode() == GV.getThreadLocalMode())
    return Copy;
  Copy =
      new GlobalVariable(M, GV.getValueType(), GV.isConstant(), GV.getLinkage(),
                         GV.hasInitializer() ? GV.getInitializer() : nullptr,
                         Name, nullptr, GV.getThreadLocalMode(),
                         GV.getAddressSpace(), GV.isExternallyInitialized());
  Copy->copyAttributesFrom(&GV);
  Copy->setSection("");
  Copy->setPartition("");
  if (GV.hasInitializer())
    Copy->setLinkage(GlobalValue::InternalLinkage);
  return Copy;
}

Function *copyOfCallee(Function &F) {
  std::string Name = (F.getName() + ".lmf.callee").str();
  Function *Copy = F.getParent()->getFunction(Name);
  if (Copy && !Copy->isDeclaration() &&
      Copy->getFunctionType() == F.getFunctionType())
    return Copy;
  Copy = cloneFunction(F, Name);
  Copy->setLinkage(GlobalValue::InternalLinkage);
  return Copy;
}

Function *otherDeclaration(Function &F) {
  std::string Name = (F.getName() + ".lmf.decl").str();
  Function *Decl = F.getParent()->getFunction(Name);
  if (Decl && Decl->isDeclaration() &&
      Decl->getFunctionType() == F.getFunctionType())
    return Decl;
  Decl = Function::Create(F.getFunctionType(), GlobalValue::ExternalLinkage,
                          F.getAddressSpace(), Name, F.getParent());
  Decl->setCallingConv(F.getCallingConv());
  Decl->setAttributes(F.getAttributes());
  return Decl;
}

void nameValues(Function &F) {
  unsigned N = 0;
  for (Argument &A : F.args())
    if (!A.hasName())
      A.setName("a" + Twine(N++));
  for (BasicBlock &BB : F) {
    if (!BB.hasName())
      BB.setName("bb" + Twine(N++));
    for (Instruction &I : BB)
      if (!I.hasName() && !I.getType()->isVoidTy())
        I.setName("v" + Twine(N++));
  }
}

static bool refersTo(const Value *V, const Function &F,
                     SmallPtrSetImpl<const Value *> &Seen) {
  if (V == &F)
    return true;
  const auto *C = dyn_cast<Constant>(V);
  if (!C || isa<GlobalValue>(C) || !Seen.insert(C).second)
    return false;
  for (const Use &Op : C->operands())
    if (refersTo(Op.get(), F, Seen))
      return true;
  return false;
}

bool usesOwnAddress(const Function &F) {
  SmallPtrSet<const Value *, 16> Seen;
  for (const Instruction &I : instructions(F)) {
    const auto *CB = dyn_cast<CallBase>(&I);
    for (const Use &Op : I.operands()) {
      if (CB && CB->isCallee(&Op) && Op.get() == &F)
        continue;
      if (refersTo(Op.get(), F, Seen))
        return true;
    }
  }
  for (const BasicBlock &BB : F)
    if (BB.hasAddressTaken())
      return true;
  return false;
}

} // namespace lmf::fuzz
