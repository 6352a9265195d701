//===- UserFunctions.cpp - Which bodies refer to a value ------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// When a function is folded, the bodies that refer to it change, and the
// next round must hash and compare them again (IdenticalRewriter marks them
// touched). A reference can sit in an instruction operand or deep inside a
// constant expression or aggregate used by an instruction, or behind an
// alias (the rewriter leaves local aliases of folded functions that never
// return); references from global initializers (vtables) do not reach any
// body directly and are ignored: the bodies that use such a global refer to
// the global, whose identity did not change.
//
//===----------------------------------------------------------------------===//

#include "core/facts/UserFunctions.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

namespace lmf {

static void collect(const Value &V, SmallPtrSetImpl<Function *> &Out,
                    SmallPtrSetImpl<const Value *> &Seen) {
  for (const User *U : V.users()) {
    if (const auto *I = dyn_cast<Instruction>(U))
      Out.insert(const_cast<Function *>(I->getFunction()));
    else if ((isa<ConstantExpr>(U) || isa<ConstantAggregate>(U) ||
              isa<GlobalAlias>(U)) &&
             Seen.insert(U).second)
      collect(*U, Out, Seen);
  }
}

void collectUserFunctions(const Value &V, SmallPtrSetImpl<Function *> &Out) {
  SmallPtrSet<const Value *, 8> Seen;
  collect(V, Out, Seen);
}

} // namespace lmf
