//===- IdenticalRewriter.cpp - Rewrite the IR for one fold ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The identical planner (IdenticalPlanner.cpp) decided how each folded
// function G disappears; this file performs it, on one thread, in the
// deterministic order of the plans, out of the pieces every stage's rewriter
// is made of (core/rewrite/FunctionRewrites.h: moving a body, making a
// thunk, erasing a function).
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
// A call redirected to the body gets a location where the verifier needs
// one (ensureCallLocation). Every function whose encoding may have changed
// is recorded so the next round rehashes it; replacing a reference by one to
// the same class (partition refinement) changes no encoding.
//
//===----------------------------------------------------------------------===//

#include "core/identical/IdenticalRewriter.h"

#include "core/MergeNames.h"
#include "core/equality/GlobalNumbering.h"
#include "core/facts/UserFunctions.h"
#include "core/rewrite/FunctionRewrites.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
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

} // namespace

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
