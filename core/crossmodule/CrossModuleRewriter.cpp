//===- CrossModuleRewriter.cpp - Carry out a plan in one module -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A plan made over all modules of a ThinLTO link (CrossModulePlanner.cpp)
// is carried out by rewriting each module that takes part, before lld sees
// it. In every module that holds a folded member of a class, the member's
// body becomes the class's shared body: a new function named after the
// class, `linkonce_odr hidden unnamed_addr`, in a comdat of its own name,
// weakened to the class's meet. Every such module emits one copy, and all
// copies are equal up to the facts the meet dropped, so which one the link
// keeps does not matter; ThinLTO's own symbol resolution keeps the first,
// makes the others `available_externally` (still there to be inlined), and
// the calls of every module reach the kept one. `linkonce_odr` is what makes
// this sound: LLVM never derives facts from one copy of such a function that
// another copy might not share.
//
// Then the members: an erased one's uses refer to the shared body and it is
// deleted; a thunk's body becomes a tail call to the shared body; a
// callers-redirected member is a thunk whose direct calls go to the shared
// body. Across the module, names the plan replaces (exported members erased
// from the whole link) are replaced by the shared body's, and direct calls
// to exported members that stay as thunks are redirected to it; both refer
// to a declaration of the shared body where the module has no copy, which
// the link resolves like any other hidden symbol.
//
// Every copy of the shared body records the names of the class's members,
// in every module, whose calls now reach it directly; the backend that
// keeps the copy gives them symbols there, for debuggers (MemberSymbols.h).
//
// The shared body of twins that read no argument (ArgumentFreeBodies.h)
// takes no parameters, in every module, declarations included. Once all
// else is done, every direct call that reaches one with the member's
// arguments (a caller of an erased member, a thunk, a redirected call) is
// rewritten to pass none.
//
// A mismatch between the module and the plan (a member missing, facts that
// do not line up) is an error, never a guess: the caller then leaves every
// input as it was.
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/CrossModuleRewriter.h"

#include "core/equality/AnnotationPolicy.h"
#include "core/equality/ArgumentFreeBodies.h"
#include "core/equality/CrossModuleReferences.h"
#include "core/equality/GlobalNumbering.h"
#include "core/identical/IdenticalRewriter.h"
#include "core/rewrite/CallRewrites.h"
#include "core/rewrite/FunctionRewrites.h"
#include "core/identical/MemberSymbols.h"
#include "core/equality/ParameterPositions.h"
#include "core/similar/SimilarRewriter.h"
#include "core/equality/StructuralHash.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Comdat.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace lmf {

std::vector<CrossModuleWork> workPerModule(const CrossModulePlan &Plan,
                                           ArrayRef<ModuleCandidates> Modules) {
  std::vector<CrossModuleWork> Work(Modules.size());
  auto NameOf = [&](const CrossModuleRef &R) {
    return Modules[R.Module].Candidates[R.Candidate].Name;
  };
  for (const CrossModuleClass &C : Plan.Classes) {
    std::vector<std::string> Moved;
    for (const CrossModuleMember &M : C.Members)
      if (M.Action != FoldAction::Thunk)
        Moved.push_back(NameOf(M.Ref));
    for (const CrossModuleMember &M : C.Members) {
      Work[M.Ref.Module].Folds.push_back({NameOf(M.Ref), &C, M.Action});
      Work[M.Ref.Module].MovedMembers.try_emplace(&C, Moved);
    }
    for (const CrossModuleRef &R : C.Weakened)
      Work[R.Module].Weakened.push_back({NameOf(R), &C});
  }
  for (const CrossModuleSimilarClass &C : Plan.SimilarClasses)
    for (const CrossModuleRef &R : C.Members) {
      std::vector<CrossModuleWork::SimilarMerge> &Mine = Work[R.Module].Similar;
      if (Mine.empty() || Mine.back().Class != &C)
        Mine.push_back({&C, {}});
      Mine.back().Names.push_back(NameOf(R));
    }
  return Work;
}

namespace {

class ModuleRewriter {
public:
  ModuleRewriter(Module &M, const CrossModulePlan &Plan, uint32_t Ordinal)
      : M(M), Plan(Plan), Ordinal(Ordinal), Globals(M),
        Policy(M, /*TypeTestsMayBeLive=*/true) {}

  Error run(const CrossModuleWork &Work);

private:
  Expected<Function *> definition(StringRef Name) const;
  Function *moveBodyForClass(Function &From, const CrossModuleClass &C,
                             GlobalValue::LinkageTypes Linkage);
  Expected<Function *> makeSharedBody(Function &Kept,
                                      const CrossModuleClass &C);
  void fold(Function &G, Function &Shared, FoldAction Action);
  Error foldClass(ArrayRef<CrossModuleWork::Fold> Folds,
                  ArrayRef<std::string> MovedMembers);
  Error weaken(StringRef Name, const CrossModuleClass &C);
  Error mergeSimilar(const CrossModuleWork::SimilarMerge &Fold);
  Error similarPositions(Function &F, const CrossModuleSimilarClass &C,
                         std::vector<const Use *> &Positions);
  void makeShared(Function &Body, StringRef Name);
  Function &sharedDeclaration(StringRef Name, FunctionType *Type);
  Function *availableCopy(Function &F, StringRef SharedName);
  Error replaceNames();

  Module &M;
  const CrossModulePlan &Plan;
  uint32_t Ordinal;
  GlobalNumbering Globals;
  AnnotationPolicy Policy;
  CrossModuleReferences References{M, Ordinal};
  SmallPtrSet<Function *, 16> Touched;
};

Expected<Function *> ModuleRewriter::definition(StringRef Name) const {
  Function *F = M.getFunction(Name);
  if (!F || F->isDeclaration())
    return createStringError(inconvertibleErrorCode(),
                             "no definition of '" + Name +
                                 "' to fold across modules");
  return F;
}

/// Moves From's body into a new function of the type C's shared body has:
/// From's own, or none of its parameters for argument-free twins.
Function *ModuleRewriter::moveBodyForClass(Function &From,
                                           const CrossModuleClass &C,
                                           GlobalValue::LinkageTypes Linkage) {
  RewriteContext RC{Globals, Touched};
  FunctionType *Type = From.getFunctionType();
  if (C.ArgumentFree)
    Type = argumentFreeType(Type);
  Function *Body = moveBodyToNewFunction(From, Type, Linkage, C.KeptBody, RC);
  if (C.ArgumentFree)
    takeNoParameters(*Body, From);
  return Body;
}

Expected<Function *> ModuleRewriter::makeSharedBody(Function &Kept,
                                                    const CrossModuleClass &C) {
  if (M.getNamedValue(C.KeptBody))
    return createStringError(inconvertibleErrorCode(),
                             "the module already defines '" + C.KeptBody + "'");
  if (C.ArgumentFree && !hasArgumentFreeBody(Kept))
    return createStringError(inconvertibleErrorCode(),
                             "'" + Kept.getName() +
                                 "' reads its arguments, unlike its class");
  Function *Shared = moveBodyForClass(Kept, C, GlobalValue::LinkOnceODRLinkage);
  makeShared(*Shared, C.KeptBody);
  // Recursion stays in the shared body, as in every other copy of it.
  for (CallBase *CB : directCallsTo(Kept))
    if (CB->getFunction() == Shared)
      CB->setCalledOperand(Shared);
  if (!applyFactMeet(*Shared, C.Meet, Policy, Ordinal))
    return createStringError(inconvertibleErrorCode(),
                             "the facts of '" + Kept.getName() +
                                 "' do not line up with its class's");
  return Shared;
}

/// Every use of F (a function or an alias of one) refers to Shared
/// instead; F is deleted. A call that now reaches a body with debug info
/// gets a location if it had none.
void replaceAndErase(GlobalValue &F, Function &Shared) {
  SmallVector<CallBase *, 8> Calls;
  for (User *U : F.users())
    if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == &F)
      Calls.push_back(CB);
  F.replaceAllUsesWith(&Shared);
  for (CallBase *CB : Calls)
    ensureCallLocation(*CB, Shared);
  F.eraseFromParent();
}

/// Names Body, already a new function of the module, as a shared body:
/// linkonce_odr and hidden, in a comdat of its own name.
void ModuleRewriter::makeShared(Function &Body, StringRef Name) {
  Body.setName(Name);
  Body.setLinkage(GlobalValue::LinkOnceODRLinkage);
  Body.setVisibility(GlobalValue::HiddenVisibility);
  Body.setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Body.setDSOLocal(true);
  Comdat *Group = M.getOrInsertComdat(Name);
  Group->setSelectionKind(Comdat::Any);
  Body.setComdat(Group);
}

/// F's parameter positions, as the candidates were encoded; an error when
/// F no longer encodes as its class did.
Error ModuleRewriter::similarPositions(Function &F,
                                       const CrossModuleSimilarClass &C,
                                       std::vector<const Use *> &Positions) {
  EncodingContext Ctx{Globals, Policy};
  Ctx.CrossModule = &References;
  Ctx.ParameterWildcards = true;
  Ctx.CalleeWildcards = Plan.Similar.Callees && !protectsIndirectCalls(M);
  Ctx.IntegerWildcards = Plan.Similar.Integers;
  Encoding Skeleton;
  std::vector<CandidateId> NoClasses;
  EncoderScratch Scratch;
  encodeSkeletonWithPositions(F, Ctx, Skeleton, NoClasses, Positions, Scratch);
  if (hashEncoding(Skeleton) != C.SkeletonHash)
    return createStringError(inconvertibleErrorCode(),
                             "'" + F.getName() +
                                 "' no longer encodes as its similar class");
  return Error::success();
}

/// The module's members of a similar class share one body that takes the
/// parameters the plan chose; each becomes a thunk passing its values.
Error ModuleRewriter::mergeSimilar(const CrossModuleWork::SimilarMerge &Fold) {
  const CrossModuleSimilarClass &C = *Fold.Class;
  if (M.getNamedValue(C.KeptBody))
    return createStringError(inconvertibleErrorCode(),
                             "the module already defines '" + C.KeptBody + "'");
  SimilarPlan Local;
  // The link has not chosen which copy of a comdat prevails yet.
  Local.TablesJoinMemberComdats = false;
  std::vector<std::vector<const Use *>> Positions(Fold.Names.size());
  for (auto [Name, Uses] : zip(Fold.Names, Positions)) {
    Expected<Function *> F = definition(Name);
    if (!F)
      return F.takeError();
    if (Error E = similarPositions(**F, C, Uses))
      return E;
    Local.Members.push_back({*F, MergeAction::Thunk, 0});
  }
  Function &Kept = *Local.Members.front().Fn;
  if (!applyFactMeet(Kept, C.Meet, Policy, Ordinal))
    return createStringError(inconvertibleErrorCode(),
                             "the facts of '" + Kept.getName() +
                                 "' do not line up with its class's");
  for (auto [Stands, Tabled] : zip(C.Parameters, C.InTable)) {
    SimilarParameter P;
    P.Ty = Positions.front()[Stands.front()]->get()->getType();
    P.Positions.assign(Stands.begin(), Stands.end());
    for (const std::vector<const Use *> &Uses : Positions)
      P.Values.push_back(cast<Constant>(Uses[Stands.front()]->get()));
    P.InTable = Tabled;
    Local.Parameters.push_back(std::move(P));
  }
  RewriteContext RC{Globals, Touched};
  SmallVector<MergeAction, 4> Outcomes;
  Function *Body = applySimilarPlan(Local, Positions.front(), RC, Outcomes);
  makeShared(*Body, C.KeptBody);
  // The backends optimize after this rewrite. Each thunk is the shared
  // body's only caller in its module, and inlining the body back into it
  // would undo the merge and keep the body besides, a larger program than
  // with no merge (measured: bench/notebook/2026-11-27.md, "Measurements
  // that core/'s comments cited"). Inlining a thunk into its callers is
  // still welcome.
  Body->addFnAttr(Attribute::NoInline);
  return Error::success();
}

void ModuleRewriter::fold(Function &G, Function &Shared, FoldAction Action) {
  switch (Action) {
  case FoldAction::Erased: {
    // Its aliases are other names for it (the planner checked): they go
    // with it.
    SmallVector<GlobalAlias *, 2> Aliases;
    for (GlobalAlias &GA : M.aliases())
      if (GA.getAliasee()->stripPointerCasts() == &G)
        Aliases.push_back(&GA);
    for (GlobalAlias *GA : Aliases)
      replaceAndErase(*GA, Shared);
    replaceAndErase(G, Shared);
    return;
  }
  case FoldAction::CallersRedirected:
    for (CallBase *CB : directCallsTo(G)) {
      CB->setCalledOperand(&Shared);
      ensureCallLocation(*CB, Shared);
    }
    [[fallthrough]];
  // The plan across modules makes no aliases (CrossModulePlanner.cpp); a
  // plan read back that says so gets a thunk, which keeps G's symbol and
  // address whatever G's linkage.
  case FoldAction::Alias:
  case FoldAction::Thunk:
    makeThunk(G, Shared);
    return;
  }
}

Error ModuleRewriter::foldClass(ArrayRef<CrossModuleWork::Fold> Folds,
                                ArrayRef<std::string> MovedMembers) {
  const CrossModuleClass &C = *Folds.front().Class;
  // Look every member up before the first change.
  SmallVector<Function *, 4> Members;
  for (const CrossModuleWork::Fold &F : Folds) {
    Expected<Function *> Fn = definition(F.Name);
    if (!Fn)
      return Fn.takeError();
    Members.push_back(*Fn);
  }
  Expected<Function *> Shared = makeSharedBody(*Members.front(), C);
  if (!Shared)
    return Shared.takeError();
  recordSharedBodyMembers(**Shared, MovedMembers);
  for (auto [F, Fn] : zip(Folds, Members))
    fold(*Fn, **Shared, F.Action);
  return Error::success();
}

Error ModuleRewriter::weaken(StringRef Name, const CrossModuleClass &C) {
  Expected<Function *> F = definition(Name);
  if (!F)
    return F.takeError();
  if (!applyFactMeet(**F, C.Meet, Policy, Ordinal))
    return createStringError(inconvertibleErrorCode(),
                             "the facts of '" + Name +
                                 "' do not line up with its class's");
  return Error::success();
}

/// The module's copy of a shared body, or a declaration of it.
Function &ModuleRewriter::sharedDeclaration(StringRef Name,
                                            FunctionType *Type) {
  if (Function *F = M.getFunction(Name))
    return *F;
  if (Plan.ArgumentFreeBodies.contains(Name))
    Type = argumentFreeType(Type);
  Function *Decl =
      Function::Create(Type, GlobalValue::ExternalLinkage, Name, M);
  Decl->setVisibility(GlobalValue::HiddenVisibility);
  Decl->setDSOLocal(true);
  return *Decl;
}

/// The module's available_externally copy of F, a name that leaves the
/// link, made into one of the shared body that replaces it: ODR makes it a
/// copy of its class's member, so, weakened to the class's meet, it is one
/// of the shared body, and the backend may still inline it where it
/// inlined F (a virtual member the optimizer resolves from an
/// available_externally virtual table). Null, and F untouched, when it
/// does not take the meet or does not read as its class (then the module
/// declares the shared body instead).
Function *ModuleRewriter::availableCopy(Function &F, StringRef SharedName) {
  auto C = find_if(Plan.Classes, [&](const CrossModuleClass &K) {
    return K.foldsAnything() && K.KeptBody == SharedName;
  });
  if (C == Plan.Classes.end() || (C->ArgumentFree && !hasArgumentFreeBody(F)))
    return nullptr;
  Function *Copy =
      moveBodyForClass(F, *C, GlobalValue::AvailableExternallyLinkage);
  Copy->setName(SharedName);
  Copy->setVisibility(GlobalValue::HiddenVisibility);
  if (!applyFactMeet(*Copy, C->Meet, Policy, Ordinal)) {
    // A copy compiled unlike the members: only a declaration is sure.
    Copy->deleteBody();
    Copy->setLinkage(GlobalValue::ExternalLinkage);
  }
  return Copy;
}

Error ModuleRewriter::replaceNames() {
  SmallVector<Function *, 16> Replaced, Redirected;
  for (Function &F : M) {
    if (F.hasLocalLinkage())
      continue;
    if (Plan.ReplacedNames.count(F.getName()))
      Replaced.push_back(&F);
    else if (Plan.RedirectedCalls.count(F.getName()))
      Redirected.push_back(&F);
  }
  for (Function *F : Replaced) {
    // An available_externally copy is there only to be inlined: it becomes
    // a copy of the shared body, or goes with the name.
    if (!F->isDeclaration() && !F->hasAvailableExternallyLinkage())
      return createStringError(inconvertibleErrorCode(),
                               "'" + F->getName() +
                                   "' leaves the link but is defined here "
                                   "outside its class");
    std::string SharedName = Plan.ReplacedNames.lookup(F->getName());
    Function *Copy = nullptr;
    if (F->hasAvailableExternallyLinkage() && !M.getFunction(SharedName))
      Copy = availableCopy(*F, SharedName);
    replaceAndErase(
        *F, Copy ? *Copy : sharedDeclaration(SharedName, F->getFunctionType()));
  }
  for (Function *F : Redirected) {
    SmallVector<CallBase *, 8> Calls = directCallsTo(*F);
    if (Calls.empty())
      continue;
    Function &Shared = sharedDeclaration(
        Plan.RedirectedCalls.lookup(F->getName()), F->getFunctionType());
    for (CallBase *CB : Calls) {
      if (CB->getFunction() == F)
        continue; // The thunk's own call, or recursion in a kept body.
      CB->setCalledOperand(&Shared);
      ensureCallLocation(*CB, Shared);
    }
  }
  return Error::success();
}

Error ModuleRewriter::run(const CrossModuleWork &Work) {
  // Similar classes first, while their members encode as they were planned
  // (identical folds may change what they call); the two never share a
  // member.
  for (const CrossModuleWork::SimilarMerge &Fold : Work.Similar)
    if (Error E = mergeSimilar(Fold))
      return E;
  ArrayRef<CrossModuleWork::Fold> Folds = Work.Folds;
  while (!Folds.empty()) {
    size_t N = 1;
    while (N < Folds.size() && Folds[N].Class == Folds.front().Class)
      ++N;
    auto Moved = Work.MovedMembers.find(Folds.front().Class);
    if (Error E = foldClass(Folds.take_front(N),
                            Moved == Work.MovedMembers.end()
                                ? ArrayRef<std::string>()
                                : ArrayRef<std::string>(Moved->second)))
      return E;
    Folds = Folds.drop_front(N);
  }
  for (const auto &[Name, Class] : Work.Weakened)
    if (Error E = weaken(Name, *Class))
      return E;
  if (Error E = replaceNames())
    return E;
  // Calls that reach a shared body with no parameters, through a fold, a
  // thunk or a replaced name, still pass the member's arguments.
  for (Function &F : M)
    if (Plan.ArgumentFreeBodies.contains(F.getName()))
      retypeCallsTo(F);
  return Error::success();
}

} // namespace

Error rewriteForCrossModulePlan(Module &M, const CrossModuleWork &Work,
                                const CrossModulePlan &Plan, uint32_t Ordinal) {
  return ModuleRewriter(M, Plan, Ordinal).run(Work);
}

} // namespace lmf
