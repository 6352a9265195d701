//===- AddressComparisons.cpp - Functions whose address is compared -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `unnamed_addr` says that a function's address is not significant: the
// program never asks whether two function pointers are equal. It says
// nothing about what the compiler does with the address afterwards. With a
// profile, indirect-call promotion turns `p->get()` into
//
//     if (vfn == @Ref::get) { <Ref::get inlined, specialized> } else vfn()
//
// and the inlined copy may rely on facts of Ref::get alone (a `nonnull`
// result that lets the caller drop its null check). If Ref::get then shares
// an address with its twin Ptr::get, as an alias or by having its uses
// replaced, a Ptr object passes the guard and runs Ref's specialized code.
// lld's --icf=safe breaks the same way; LLVM answers by taking
// `unnamed_addr` away from promoted callees in releases after the one we
// build on. We run after the whole pipeline, so the guard is in the IR:
// this file finds it.
//
// A comparison reaches a function through values that carry its address
// unchanged or as an integer: casts, GEPs, selects, phis, aliases and
// constant expressions, and integer arithmetic on its `ptrtoint` (a
// difference tested against zero). It ends in an `icmp` or in the condition
// of a `switch`. Storing the address, passing it to a call or putting it in
// an initializer ends the walk: those are what `unnamed_addr` speaks about,
// and safe mode already trusts only that promise there.
//
// After merging, the compared functions lose `unnamed_addr`: lld's
// --icf=safe (which --lto-smallest-binary turns on) folds sections whose
// symbols are not in the object's address-significance table, and code
// generation leaves `unnamed_addr` functions out of it, so without this the
// linker would undo in machine code what the merge kept apart.
//
//===----------------------------------------------------------------------===//

#include "core/facts/AddressComparisons.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace lmf {

/// True when U, a user of V, compares V (an icmp, or a switch on V).
static bool comparesValue(const User &U, const Value &V) {
  if (isa<ICmpInst>(U))
    return true;
  const auto *Switch = dyn_cast<SwitchInst>(&U);
  return Switch && Switch->getCondition() == &V;
}

/// True when U, a user of V, carries V's address on to its own users.
static bool carriesAddress(const User &U) {
  if (isa<GlobalAlias>(U) || isa<SelectInst>(U) || isa<PHINode>(U) ||
      isa<GEPOperator>(U) || isa<PtrToIntOperator>(U) ||
      isa<BitCastOperator>(U) || isa<AddrSpaceCastOperator>(U))
    return true;
  if (const auto *Cast = dyn_cast<CastInst>(&U))
    return Cast->getOpcode() == Instruction::IntToPtr || Cast->isIntegerCast();
  // A difference or a masked address, tested afterwards.
  if (const auto *Op = dyn_cast<Operator>(&U))
    return Instruction::isBinaryOp(Op->getOpcode()) &&
           U.getType()->isIntegerTy();
  return false;
}

bool addressIsCompared(const Function &F) {
  SmallVector<const Value *, 8> Work{&F};
  SmallPtrSet<const Value *, 8> Seen{&F};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      if (comparesValue(*U, *V))
        return true;
      if (carriesAddress(*U) && Seen.insert(U).second)
        Work.push_back(U);
    }
  }
  return false;
}

unsigned markComparedAddressesSignificant(ArrayRef<WeakVH> Compared) {
  unsigned Changed = 0;
  for (const WeakVH &Handle : Compared) {
    auto *F = dyn_cast_or_null<Function>(Handle);
    if (!F || !F->hasAtLeastLocalUnnamedAddr())
      continue;
    F->setUnnamedAddr(GlobalValue::UnnamedAddr::None);
    ++Changed;
  }
  return Changed;
}

} // namespace lmf
