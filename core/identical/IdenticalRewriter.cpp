//===- IdenticalRewriter.cpp - Rewrite the IR for one fold ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The identical planner (IdenticalPlanner.cpp) decided how each folded
// function G disappears; this file performs it, on one thread, in the
// deterministic order of the plans. Its pieces (moving a body, making a thunk,
// erasing a function) are shared with the other two rewriters, and only the
// three of them create or erase functions, aliases, blocks or instructions:
// SimilarRewriter.cpp for similar classes and CrossModuleRewriter.cpp for plans
// across the modules of a ThinLTO link.
//
// The four outcomes:
//  * erased: every use of G refers to the body instead, G is deleted; calls
//    to a G that never returns go through a private alias of the body, so
//    code generation keeps its callers as they were (see
//    keepsCallTargetApart);
//  * alias: the same, then a GlobalAlias takes G's name, linkage and
//    visibility, so the symbol stays visible at the body's address;
//  * thunk: G's body becomes `tail call @body(args...)` (musttail for the
//    conventions that need guaranteed tail calls), keeping G's symbol, address
//    and debug subprogram so a symbolizer still names G; a G that nothing
//    uses and that its linkage lets go when unused (linkonce: every unit
//    that calls it brings its own copy) is erased instead, and so is a
//    private body whose members all went that way;
//  * callers-redirected: a thunk, and G's direct callers (or every use, where
//    G's address is insignificant in the module) go straight to the body.
//
// A call redirected from a function with debug info to a body with debug
// info must carry a location, or the verifier rejects the module; calls that
// had none get a line-0 location in their caller's subprogram. Every function
// whose encoding may have changed is recorded so the next round rehashes it;
// replacing a reference by one to the same class (partition refinement)
// changes no encoding.
//
//===----------------------------------------------------------------------===//

#include "core/identical/IdenticalRewriter.h"

#include "core/MergeNames.h"
#include "core/equality/GlobalNumbering.h"
#include "core/facts/UserFunctions.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace lmf {
namespace {

/// True when referring to Body instead of G leaves every encoding as it
/// was: both stand for the same class in the tables that apply to the
/// references being replaced (all of them, or only direct calls).
bool keepsEncodings(const Function &G, const Function &Body, bool CallsOnly,
                    const RewriteContext &Ctx) {
  if (!Ctx.Tables)
    return false;
  const auto &Table = CallsOnly ? Ctx.Tables->Callee : Ctx.Tables->Address;
  auto FromG = Table.find(&G), FromBody = Table.find(&Body);
  return FromG != Table.end() && FromBody != Table.end() &&
         FromG->second == FromBody->second;
}

/// Every use of G refers to Target instead: Body itself, or a private alias
/// of it. Returns the calls that called G.
SmallVector<CallBase *, 8> replaceAllUses(Function &G, Function &Body,
                                          Constant &Target,
                                          RewriteContext &Ctx) {
  if (!keepsEncodings(G, Body, /*CallsOnly=*/false, Ctx))
    collectUserFunctions(G, Ctx.Touched);
  SmallVector<CallBase *, 8> Calls = directCallsTo(G);
  G.replaceAllUsesWith(&Target);
  for (CallBase *CB : Calls)
    ensureCallLocation(*CB, Body);
  return Calls;
}

void replaceAllUses(Function &G, Function &Body, RewriteContext &Ctx) {
  replaceAllUses(G, Body, Body, Ctx);
}

/// Calls to a function that never returns end their block. When the callers
/// of several folded error handlers all call one symbol, the branch folder
/// merges those blocks across the caller and adds long jumps to reach the
/// shared tail, and the caller grows (measured: bench/notebook/2026-11-22.md,
/// "What `--icf` still folds after ours"). ICF
/// leaves such callers as they were, and so do we: they call a private alias
/// of the body, which costs no symbol in the object. Code generation reads
/// what a callee promises (noreturn, cold, nounwind, memory effects) from
/// the called function, which an alias hides, so the calls carry it.
bool keepsCallTargetApart(Function &G, const Function &Body) {
  // A body in a comdat may be discarded for another copy at link time; a
  // call through a private alias would then point into nothing. The body
  // must bind locally, as the encoder sees through the alias only then.
  if (!Body.doesNotReturn() || Body.hasComdat() ||
      !(Body.hasLocalLinkage() || Body.isDSOLocal()))
    return false;
  return llvm::any_of(directCallsTo(G), [&](const CallBase *CB) {
    return CB->getFunction() != &G;
  });
}

AttrBuilder codegenFactsOf(const Function &Body) {
  static constexpr Attribute::AttrKind Kinds[] = {
      Attribute::NoReturn,   Attribute::NoUnwind, Attribute::Cold,
      Attribute::WillReturn, Attribute::NoFree,   Attribute::NoSync,
      Attribute::NoCallback, Attribute::Memory};
  AttrBuilder Facts(Body.getContext());
  for (Attribute::AttrKind Kind : Kinds)
    if (Attribute A = Body.getFnAttribute(Kind); A.isValid())
      Facts.addAttribute(A);
  return Facts;
}

void replaceByLocalAlias(Function &G, Function &Body, RewriteContext &Ctx) {
  auto *Alias = GlobalAlias::create(G.getValueType(), G.getAddressSpace(),
                                    GlobalValue::PrivateLinkage, "", &Body,
                                    G.getParent());
  Alias->takeName(&G);
  Alias->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Alias->setDSOLocal(true);
  Ctx.Globals.add(Alias);
  AttrBuilder Facts = codegenFactsOf(Body);
  for (CallBase *CB : replaceAllUses(G, Body, *Alias, Ctx))
    CB->setAttributes(
        CB->getAttributes().addFnAttributes(CB->getContext(), Facts));
}

void redirectDirectCalls(Function &G, Function &Body, RewriteContext &Ctx) {
  bool Keeps = keepsEncodings(G, Body, /*CallsOnly=*/true, Ctx);
  for (CallBase *CB : directCallsTo(G)) {
    CB->setCalledOperand(&Body);
    ensureCallLocation(*CB, Body);
    if (!Keeps)
      Ctx.Touched.insert(CB->getFunction());
  }
}

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

void makeAlias(Function &G, Function &Body, RewriteContext &Ctx) {
  replaceAllUses(G, Body, Ctx);
  auto *Alias = GlobalAlias::create(G.getValueType(), G.getAddressSpace(),
                                    G.getLinkage(), "", &Body, G.getParent());
  Alias->takeName(&G);
  Alias->setVisibility(G.getVisibility());
  Alias->setDLLStorageClass(G.getDLLStorageClass());
  Alias->setUnnamedAddr(G.getUnnamedAddr());
  Alias->setDSOLocal(G.isDSOLocal());
  Alias->setPartition(G.getPartition());
  eraseFunction(G, Ctx);
  Ctx.Globals.add(Alias);
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

Function *moveBodyToPrivateCopy(Function &F, RewriteContext &Ctx) {
  // Internal rather than private: the copy keeps a symbol, which
  // symbolizers and profilers show for the addresses in it.
  Function *Body = moveBodyToNewFunction(
      F, F.getFunctionType(), GlobalValue::InternalLinkage,
      memberDerivedName(F.getName(), PrivateBodySuffix), Ctx);
  // Recursion stays inside the shared body. Calling F here would send every
  // member's recursion through F's symbol, which another definition may
  // interpose; each member's own recursion reached its own body, which is
  // this one whenever the member's symbol resolved to us.
  for (CallBase *CB : directCallsTo(F))
    if (CB->getFunction() == Body)
      CB->setCalledOperand(Body);
  return Body;
}

FoldAction applyFold(const IdenticalMemberPlan &Plan, Function &Body,
                     RewriteContext &Ctx) {
  Function &G = *Plan.Fn;
  switch (Plan.Action) {
  case FoldAction::Erased:
    if (keepsCallTargetApart(G, Body))
      replaceByLocalAlias(G, Body, Ctx);
    else
      replaceAllUses(G, Body, Ctx);
    eraseFunction(G, Ctx);
    return FoldAction::Erased;
  case FoldAction::Alias:
    makeAlias(G, Body, Ctx);
    return FoldAction::Alias;
  case FoldAction::Thunk:
    if (discardableAndUnused(G)) {
      eraseFunction(G, Ctx);
      return FoldAction::Erased;
    }
    makeThunk(G, Body);
    return FoldAction::Thunk;
  case FoldAction::CallersRedirected:
    if (Plan.ReplaceAllUses)
      replaceAllUses(G, Body, Ctx);
    else
      redirectDirectCalls(G, Body, Ctx);
    if (discardableAndUnused(G)) {
      eraseFunction(G, Ctx);
      return FoldAction::Erased;
    }
    makeThunk(G, Body);
    return FoldAction::CallersRedirected;
  }
  return Plan.Action;
}

} // namespace lmf
