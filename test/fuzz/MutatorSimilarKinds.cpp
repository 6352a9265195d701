//===- MutatorSimilarKinds.cpp - Mutations aimed at similar merging -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Similar merging lets functions differ in the globals they use, the
// functions they call and the constants they store or pass. These kinds
// make exactly such clones, one operand each, and say which operand
// (Mutation::Site), so that the oracles can tell a change at a parameter
// position from one elsewhere:
//
//  * Global swaps a global variable the function refers to (directly or
//    inside a constant expression) for another of the same kind or for a
//    fresh copy;
//  * Callee sends one direct call to a copy of its callee or to another
//    declaration of the same type;
//  * DataConstant changes a stored constant or a call argument, next to
//    which the intrinsic, inline assembly and ABI-attributed arguments it
//    may not pass in stay as they are.
//
// In ExecSafe mode Global only swaps the address a load reads for an exact
// copy of a constant global, and Callee only sends a call to an exact copy
// of a callee that cannot see its own address: the program computes the
// same, at other addresses it cannot observe.
//
//===----------------------------------------------------------------------===//

#include "OneMutation.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace lmf::fuzz::detail {
namespace {

/// The global variables C refers to, itself included, through constant
/// expressions (a getelementptr into a global array, a cast of its
/// address); not through aggregates, which are not parameter constants.
void globalsIn(Constant *C, SmallSetVector<GlobalVariable *, 4> &Out,
               unsigned Depth = 0) {
  if (auto *GV = dyn_cast<GlobalVariable>(C)) {
    if (!GV->getName().starts_with("llvm."))
      Out.insert(GV);
    return;
  }
  if (auto *CE = dyn_cast<ConstantExpr>(C); CE && Depth < 4)
    for (Use &Op : CE->operands())
      globalsIn(cast<Constant>(Op.get()), Out, Depth + 1);
}

/// C with every use of Old replaced by New.
Constant *replaceGlobal(Constant *C, GlobalVariable *Old, Constant *New) {
  if (C == Old)
    return New;
  auto *CE = dyn_cast<ConstantExpr>(C);
  if (!CE)
    return C;
  SmallVector<Constant *, 4> Ops;
  for (Use &Op : CE->operands())
    Ops.push_back(replaceGlobal(cast<Constant>(Op.get()), Old, New));
  return CE->getWithOperands(Ops);
}

/// Whether a load from a copy of GV reads what a load from GV reads: GV is
/// constant and its initializer is the one every execution sees.
bool readsLikeItsCopy(const GlobalVariable &GV) {
  return GV.isConstant() && GV.hasDefinitiveInitializer();
}

/// The globals a use of GV may refer to instead: of the same value type,
/// address space and thread-local mode (so a load or store through it still
/// makes sense and an intrinsic that needs a thread-local address still gets
/// one).
SmallVector<GlobalVariable *, 8> sameKindGlobals(GlobalVariable &GV) {
  SmallVector<GlobalVariable *, 8> Out;
  for (GlobalVariable &Other : GV.getParent()->globals())
    if (&Other != &GV && !Other.getName().starts_with("llvm.") &&
        Other.getValueType() == GV.getValueType() &&
        Other.getAddressSpace() == GV.getAddressSpace() &&
        Other.getThreadLocalMode() == GV.getThreadLocalMode())
      Out.push_back(&Other);
  return Out;
}

/// Whether an exact copy of F runs as F does wherever F's body is this
/// one: F's definition is the one that runs (not replaceable at link time)
/// and F never looks at its own address (which differs in the copy).
bool runsLikeItsCopy(const Function &F) {
  return F.hasExactDefinition() && !usesOwnAddress(F);
}

} // namespace

bool OneMutation::swapGlobal() {
  struct Place {
    Instruction *I;
    unsigned Op;
    GlobalVariable *GV;
  };
  SmallVector<Place, 32> Places;
  for (Instruction *I : Insts) {
    auto *CB = dyn_cast<CallBase>(I);
    // Executed: only what a load reads, from a constant global.
    if (Opts.ExecSafeOnly && !isa<LoadInst>(I))
      continue;
    for (Use &U : I->operands()) {
      auto *C = dyn_cast<Constant>(U.get());
      if (!C || (CB && CB->isCallee(&U)))
        continue;
      SmallSetVector<GlobalVariable *, 4> Globals;
      globalsIn(C, Globals);
      for (GlobalVariable *GV : Globals)
        if (!Opts.ExecSafeOnly || readsLikeItsCopy(*GV))
          Places.push_back({I, U.getOperandNo(), GV});
    }
  }
  if (Places.empty())
    return false;
  Place P = pick(Places);
  SmallVector<GlobalVariable *, 8> Others;
  if (!Opts.ExecSafeOnly)
    Others = sameKindGlobals(*P.GV);
  GlobalVariable *New =
      Others.empty() || R.below(2) ? copyOfGlobal(*P.GV) : pick(Others);
  auto *Old = cast<Constant>(P.I->getOperand(P.Op));
  P.I->setOperand(P.Op, replaceGlobal(Old, P.GV, New));
  return doneAt(*P.I, P.Op,
                describe(*P.I) + ": operand " + std::to_string(P.Op) + " @" +
                    P.GV->getName().str() + " -> @" + New->getName().str());
}

bool OneMutation::swapCallee() {
  SmallVector<CallBase *, 16> Places;
  for (Instruction *I : Insts) {
    auto *CB = dyn_cast<CallBase>(I);
    auto *Callee = CB ? dyn_cast<Function>(CB->getCalledOperand()) : nullptr;
    // Recursion stays recursion; a call through another type stays one.
    if (!Callee || Callee == &F || Callee->isIntrinsic() ||
        CB->getFunctionType() != Callee->getFunctionType())
      continue;
    if (Opts.ExecSafeOnly && !runsLikeItsCopy(*Callee))
      continue;
    Places.push_back(CB);
  }
  if (Places.empty())
    return false;
  CallBase *CB = pick(Places);
  auto *Old = cast<Function>(CB->getCalledOperand());
  Function *New = otherCallee(*Old);
  CB->setCalledOperand(New);
  return doneAt(*CB, CB->getCalledOperandUse().getOperandNo(),
                describe(*CB) + ": calls @" + New->getName().str() +
                    " instead of @" + Old->getName().str());
}

/// An exact copy of Old (always, when executed) or a declaration of
/// the same type, which no merge can ever make equal to Old.
Function *OneMutation::otherCallee(Function &Old) {
  if (Opts.ExecSafeOnly || (!Old.isDeclaration() && R.below(2))) {
    Out.MayFoldWithBase = !usesOwnAddress(Old);
    return copyOfCallee(Old);
  }
  SmallVector<Function *, 8> Declarations;
  for (Function &G : *Old.getParent())
    if (&G != &Old && G.isDeclaration() && !G.isIntrinsic() &&
        G.getFunctionType() == Old.getFunctionType() &&
        G.getCallingConv() == Old.getCallingConv())
      Declarations.push_back(&G);
  if (!Declarations.empty() && R.below(2))
    return pick(Declarations);
  return otherDeclaration(Old);
}

/// A stored value or a call argument: the constants similar merging may
/// pass in as parameters, and the intrinsic, inline assembly and ABI
/// arguments next to them that it may not.
bool OneMutation::changeDataConstant() {
  SmallVector<std::pair<Instruction *, unsigned>, 32> Places;
  auto Consider = [&](Instruction *I, const Use &U) {
    auto *C = dyn_cast<Constant>(U.get());
    if (C && otherConstant(C))
      Places.push_back({I, U.getOperandNo()});
  };
  for (Instruction *I : Insts) {
    if (auto *SI = dyn_cast<StoreInst>(I))
      Consider(I, SI->getOperandUse(0));
    auto *CB = dyn_cast<CallBase>(I);
    if (!CB)
      continue;
    // An immarg must stay what the intrinsic accepts.
    for (unsigned Arg = 0; Arg < CB->arg_size(); ++Arg)
      if (!CB->paramHasAttr(Arg, Attribute::ImmArg))
        Consider(I, CB->getArgOperandUse(Arg));
  }
  return replaceOneConstant(Places, /*DropPoisonFlags=*/false);
}

} // namespace lmf::fuzz::detail
