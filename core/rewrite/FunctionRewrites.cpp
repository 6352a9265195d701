//===- FunctionRewrites.cpp - Move a body, make a thunk, erase ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pieces every stage's rewriter is made of, below the stages so that
// identical, similar and aligned merging (and the plans across ThinLTO
// modules) use one copy: moving a body into a new function, turning a
// member into a thunk of a kept body, finding a function's direct calls,
// and erasing a function everywhere it is remembered. Only the rewriters
// built from these pieces create or erase functions, blocks or
// instructions, on one thread, in the deterministic order of their plans.
//
// A thunk keeps its symbol, address and debug subprogram, so a symbolizer
// still names the member: when its subprogram moved with the body, it gets
// a copy. Its call passes the member's arguments (rebuilt field by field
// where two spellings of one struct type meet), then what the stage adds
// (a similar class's constants, an aligned pair's identifier), with the
// body's ABI attributes and `musttail` where the calling convention
// guarantees tail calls.
//
// A call redirected from a function with debug info to a body with debug
// info must carry a location, or the verifier rejects the module; calls
// that had none get a line-0 location in their caller's subprogram.
//
//===----------------------------------------------------------------------===//

#include "core/rewrite/FunctionRewrites.h"

#include "core/equality/GlobalNumbering.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace lmf {
namespace {

bool onlyUsedByItself(const Function &G) {
  for (const User *U : G.users()) {
    const auto *I = dyn_cast<Instruction>(U);
    if (!I || I->getFunction() != &G)
      return false;
  }
  return true;
}

bool needsMustTail(CallingConv::ID CC) {
  return CC == CallingConv::SwiftTail || CC == CallingConv::Tail;
}

/// The call site keeps the body's return and parameter attributes: ABI
/// attributes (byval, sret, zeroext...) must appear on both sides.
AttributeList thunkCallAttributes(const Function &Body) {
  AttributeList Attrs = Body.getAttributes();
  return Attrs.removeFnAttributes(Body.getContext());
}

/// The comparator writes named structs by layout, so twins may spell one
/// type two ways (`%A = {ptr, ptr}` in one, `%B = {ptr, ptr}` in the other),
/// and the verifier wants each side of the thunk's call in its own
/// spelling. A value crossing the call is rebuilt field by field in the type
/// the receiving side declares; code generation lowers both spellings alike,
/// so the copies cost nothing in the output.
Value *rebuildAs(IRBuilder<> &Builder, Value *V, Type *To) {
  if (V->getType() == To)
    return V;
  unsigned Fields = 0;
  if (auto *ST = dyn_cast<StructType>(To))
    Fields = ST->getNumElements();
  else if (auto *AT = dyn_cast<ArrayType>(To))
    Fields = AT->getNumElements();
  else
    return Builder.CreateBitCast(V, To);
  Value *Rebuilt = PoisonValue::get(To);
  for (unsigned I = 0; I < Fields; ++I) {
    Value *Field = Builder.CreateExtractValue(V, I);
    Type *FieldType = To->isStructTy() ? To->getStructElementType(I)
                                       : To->getArrayElementType();
    Rebuilt = Builder.CreateInsertValue(
        Rebuilt, rebuildAs(Builder, Field, FieldType), I);
  }
  return Rebuilt;
}

/// Gives a thunk whose subprogram moved to the private body a subprogram of
/// its own, so addresses inside it still symbolize to its name.
void cloneSubprogramForThunk(Function &F, DISubprogram *SP) {
  TempDISubprogram Temp = SP->clone();
  DISubprogram *Copy = MDNode::replaceWithDistinct(std::move(Temp));
  Copy->replaceRetainedNodes(MDTuple::get(F.getContext(), {}));
  F.setSubprogram(Copy);
}

} // namespace

bool discardableAndUnused(const Function &G) {
  return G.isDiscardableIfUnused() && onlyUsedByItself(G);
}

SmallVector<CallBase *, 8> directCallsTo(Function &G) {
  SmallVector<CallBase *, 8> Calls;
  for (Use &U : G.uses())
    if (auto *CB = dyn_cast<CallBase>(U.getUser()))
      if (CB->isCallee(&U) && CB->getFunctionType() == G.getFunctionType())
        Calls.push_back(CB);
  return Calls;
}

/// A redirected call into a body with debug info needs a location when its
/// caller has debug info.
void ensureCallLocation(CallBase &CB, const Function &Callee) {
  if (CB.getDebugLoc() || !Callee.getSubprogram())
    return;
  DISubprogram *CallerSP = CB.getFunction()->getSubprogram();
  if (!CallerSP)
    return;
  CB.setDebugLoc(DILocation::get(CB.getContext(), 0, 0, CallerSP));
}

void dropBody(Function &G) {
  for (BasicBlock &BB : G)
    BB.dropAllReferences();
  while (!G.empty())
    G.begin()->eraseFromParent();
}

void eraseFunction(Function &G, RewriteContext &Ctx) {
  Ctx.Touched.erase(&G);
  Ctx.Globals.remove(&G);
  if (Ctx.Tables)
    Ctx.Tables->forget(&G);
  G.dropAllReferences();
  G.eraseFromParent();
}

void makeThunk(Function &G, Function &Body, ArrayRef<Value *> ExtraArgs) {
  dropBody(G);
  LLVMContext &C = G.getContext();
  BasicBlock *Entry = BasicBlock::Create(C, "", &G);
  IRBuilder<> Builder(Entry);
  SmallVector<Value *, 8> Args;
  // A body with no parameters (argument-free twins, ArgumentFreeBodies.h)
  // is called with none; every other body takes G's and the extra ones.
  if (Body.arg_size() != 0) {
    for (Argument &A : G.args())
      Args.push_back(rebuildAs(
          Builder, &A, Body.getFunctionType()->getParamType(A.getArgNo())));
    Args.append(ExtraArgs.begin(), ExtraArgs.end());
  }
  CallInst *Call = Builder.CreateCall(Body.getFunctionType(), &Body, Args);
  Call->setCallingConv(Body.getCallingConv());
  Call->setAttributes(thunkCallAttributes(Body));
  // A call from strict floating-point code is marked so, as the calls of
  // the code it replaces were: no pass may then assume the default rounding
  // mode or untouched status flags across it.
  if (G.hasFnAttribute(Attribute::StrictFP))
    Call->addFnAttr(Attribute::StrictFP);
  Call->setTailCallKind(needsMustTail(Body.getCallingConv())
                            ? CallInst::TCK_MustTail
                            : CallInst::TCK_Tail);
  if (DISubprogram *SP = G.getSubprogram())
    Call->setDebugLoc(DILocation::get(C, SP->getScopeLine(), 0, SP));
  if (G.getReturnType()->isVoidTy())
    Builder.CreateRetVoid();
  else
    Builder.CreateRet(rebuildAs(Builder, Call, G.getReturnType()));
  // The thunk's old profile and inlining facts described the old body.
  G.setMetadata(LLVMContext::MD_prof, nullptr);
}

Function *moveBodyToNewFunction(Function &F, FunctionType *Type,
                                GlobalValue::LinkageTypes Linkage,
                                const Twine &Name, RewriteContext &Ctx) {
  Module &M = *F.getParent();
  Function *Body = Function::Create(Type, Linkage, F.getAddressSpace(), "");
  M.getFunctionList().insertAfter(F.getIterator(), Body);
  Body->setName(Name);
  Body->copyAttributesFrom(&F);
  Body->setLinkage(Linkage);
  Body->setVisibility(GlobalValue::DefaultVisibility);
  Body->setDLLStorageClass(GlobalValue::DefaultStorageClass);
  Body->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Body->setComdat(nullptr);
  Body->setDSOLocal(true);
  SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
  F.getAllMetadata(MDs);
  for (const auto &[Kind, Node] : MDs)
    if (Kind != LLVMContext::MD_dbg)
      Body->setMetadata(Kind, Node);

  Body->splice(Body->begin(), &F);
  for (auto [From, To] : zip(F.args(), Body->args())) {
    To.takeName(&From);
    From.replaceAllUsesWith(&To);
  }
  if (DISubprogram *SP = F.getSubprogram()) {
    Body->setSubprogram(SP);
    cloneSubprogramForThunk(F, SP);
  }
  Ctx.Globals.add(Body);
  Ctx.Touched.insert(Body);
  return Body;
}

} // namespace lmf
