//===- Families.cpp - Grow families of mutated clones in a module ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <map>

using namespace llvm;

namespace lmf::fuzz {

bool canBeBase(const Function &F, unsigned MinInstructions) {
  if (F.isDeclaration() || F.isIntrinsic() || F.hasOptNone() ||
      F.hasFnAttribute(Attribute::Naked) || F.hasAvailableExternallyLinkage() ||
      F.hasFnAttribute(Attribute::AlwaysInline) || F.getName() == "main" ||
      !F.hasName() || F.getInstructionCount() < MinInstructions)
    return false;
  for (const BasicBlock &BB : F)
    if (BB.hasAddressTaken())
      return false;
  return true;
}

void randomizeLinkage(Function &F, Mutator &Mu) {
  static const GlobalValue::LinkageTypes Linkages[] = {
      GlobalValue::InternalLinkage,    GlobalValue::PrivateLinkage,
      GlobalValue::ExternalLinkage,    GlobalValue::LinkOnceODRLinkage,
      GlobalValue::WeakODRLinkage,     GlobalValue::LinkOnceAnyLinkage,
      GlobalValue::WeakAnyLinkage};
  F.setLinkage(Linkages[Mu.below(std::size(Linkages))]);
  if (!F.hasLocalLinkage())
    F.setVisibility(GlobalValue::VisibilityTypes(Mu.below(3)));
  F.setUnnamedAddr(GlobalValue::UnnamedAddr(Mu.below(3)));
  F.setDSOLocal(F.hasLocalLinkage() || !F.hasDefaultVisibility() ||
                Mu.below(2));
}

static Function *addCaller(Function &Callee, StringRef Name, Mutator &Mu,
                           bool RandomLinkage) {
  Module &M = *Callee.getParent();
  Function *Caller = Function::Create(Callee.getFunctionType(),
                                      GlobalValue::ExternalLinkage, Name, M);
  BasicBlock *BB = BasicBlock::Create(M.getContext(), "entry", Caller);
  IRBuilder<> B(BB);
  SmallVector<Value *, 8> Args;
  for (Argument &A : Caller->args())
    Args.push_back(&A);
  CallInst *Call = B.CreateCall(&Callee, Args);
  Call->setCallingConv(Callee.getCallingConv());
  // ABI attributes of the callee go on the call, as a front end would.
  Call->setAttributes(Callee.getAttributes().removeFnAttributes(M.getContext()));
  if (Caller->getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Call);
  // Some callees cannot be called like this (kernels, swifterror, musttail
  // conventions); such a member simply has no caller.
  if (verifyFunction(*Caller)) {
    Caller->eraseFromParent();
    return nullptr;
  }
  if (RandomLinkage)
    randomizeLinkage(*Caller, Mu);
  return Caller;
}

/// Makes some of the new functions observable the ways real programs do:
/// their address stored in a table, kept by llvm.used, named by an alias,
/// or placed in a comdat of their own, as C++ inline functions are. Which
/// folds the merger may make then depends on it (address significance,
/// interposition, comdats), and the oracles check that it respects it.
static void exposeSome(Module &M, ArrayRef<Function *> Fns, Mutator &Mu) {
  std::vector<Constant *> Table;
  SmallVector<GlobalValue *, 8> Used;
  for (Function *F : Fns) {
    switch (Mu.below(8)) {
    case 0:
    case 1:
      Table.push_back(F);
      break;
    case 2:
      Used.push_back(F);
      break;
    case 3:
      GlobalAlias::create(F->getValueType(), F->getAddressSpace(),
                          Mu.below(2) ? GlobalValue::ExternalLinkage
                                      : GlobalValue::InternalLinkage,
                          F->getName() + ".alias", F, &M);
      break;
    case 4:
      if (F->hasLinkOnceLinkage() || F->hasWeakLinkage())
        F->setComdat(M.getOrInsertComdat(F->getName()));
      break;
    default:
      break;
    }
  }
  if (!Table.empty()) {
    auto *Ty = ArrayType::get(PointerType::get(M.getContext(), 0), Table.size());
    new GlobalVariable(M, Ty, /*isConstant=*/false, GlobalValue::ExternalLinkage,
                       ConstantArray::get(Ty, Table), "lmf.fuzz.table");
  }
  if (!Used.empty())
    appendToUsed(M, Used);
}

/// Members of one family with the same class may be folded together: a
/// clone is in its base's class when its change does not matter or when
/// merging may make it a twin of its base.
static std::string cloneClass(const Mutation &Change, unsigned Fam,
                              const std::string &BaseClass) {
  if (Change.Expect == Expectation::Equal || Change.MayFoldWithBase)
    return BaseClass;
  // Kinds that change one operand describe the same change alike (Constant
  // and DataConstant both change stored values): the change is the class.
  std::string What = Change.Site ? "operand" : kindName(Change.Kind).str();
  return "f" + std::to_string(Fam) + ":" + What + ":" + Change.Description;
}

/// A clone of Base with one change at or around a parameter position of
/// similar merging: the kinds in turn, from a random one, until one
/// applies.
static Function *similarClone(Function &Base, StringRef Name, Mutator &Mu,
                              Mutation &Change) {
  static const MutationKind Kinds[] = {
      MutationKind::Global, MutationKind::Callee, MutationKind::DataConstant,
      MutationKind::Constant};
  unsigned First = Mu.below(std::size(Kinds));
  for (unsigned K = 0; K < std::size(Kinds); ++K)
    if (Function *Clone = Mu.cloneAndMutate(
            Base, Name, Change, Kinds[(First + K) % std::size(Kinds)]))
      return Clone;
  return nullptr;
}

using Versions = std::vector<std::pair<Function *, std::string>>;

/// Adds one caller per version (Base.isVarArg(): none), whose class follows
/// its callee's.
static void addCallers(const Versions &Vs, unsigned Fam, Mutator &Mu,
                       const FamilyOptions &Opts,
                       std::vector<FamilyMember> &Members,
                       std::vector<Function *> &Added) {
  for (auto &[Callee, Class] : Vs) {
    Function *Caller = addCaller(*Callee, (Callee->getName() + ".caller").str(),
                                 Mu, Opts.RandomLinkage);
    if (!Caller)
      continue;
    Added.push_back(Caller);
    Members.push_back(
        {Caller->getName().str(), Fam, false, true, {}, "caller of " + Class});
  }
}

std::vector<FamilyMember> growFamilies(Module &M, Mutator &Mu,
                                       const FamilyOptions &Opts) {
  std::vector<Function *> Bases;
  for (Function &F : M)
    if (canBeBase(F, Opts.MinInstructions))
      Bases.push_back(&F);
  // A random subset, in module order.
  while (Opts.MaxBases && Bases.size() > Opts.MaxBases)
    Bases.erase(Bases.begin() + Mu.below(Bases.size()));

  // The similar clones draw from their own stream, so that Mu draws what
  // it drew before they existed.
  Mutator SimilarMu = Mu.fork();
  std::vector<FamilyMember> Members;
  std::vector<Function *> Added, AddedSimilar;
  for (unsigned Fam = 0; Fam < Bases.size(); ++Fam) {
    Function &Base = *Bases[Fam];
    nameValues(Base);
    std::string BaseClass = "f" + std::to_string(Fam) + ":base";
    Versions Vs = {{&Base, BaseClass}}, SimilarVs;
    Members.push_back({Base.getName().str(), Fam, true, false, {}, BaseClass});
    for (unsigned C = 0; C < Opts.Clones; ++C) {
      Mutation Change;
      std::optional<MutationKind> Kind;
      if (C == 0)
        Kind = MutationKind::Copy;
      Function *Clone = Mu.cloneAndMutate(
          Base, (Base.getName() + ".m" + Twine(C)).str(), Change, Kind);
      if (!Clone)
        continue;
      if (Opts.RandomLinkage)
        randomizeLinkage(*Clone, Mu);
      std::string Class = cloneClass(Change, Fam, BaseClass);
      Members.push_back(
          {Clone->getName().str(), Fam, false, false, Change, Class});
      Vs.push_back({Clone, Class});
      Added.push_back(Clone);
    }
    for (unsigned C = 0; C < Opts.SimilarClones; ++C) {
      Mutation Change;
      Function *Clone = similarClone(
          Base, (Base.getName() + ".s" + Twine(C)).str(), SimilarMu, Change);
      if (!Clone)
        continue;
      if (Opts.RandomLinkage)
        randomizeLinkage(*Clone, SimilarMu);
      std::string Class = cloneClass(Change, Fam, BaseClass);
      Members.push_back(
          {Clone->getName().str(), Fam, false, false, Change, Class});
      SimilarVs.push_back({Clone, Class});
      AddedSimilar.push_back(Clone);
    }
    if (!Opts.Callers || Base.isVarArg())
      continue;
    addCallers(Vs, Fam, Mu, Opts, Members, Added);
    addCallers(SimilarVs, Fam, SimilarMu, Opts, Members, AddedSimilar);
  }
  if (Opts.Expose) {
    exposeSome(M, Added, Mu);
    exposeSome(M, AddedSimilar, SimilarMu);
  }
  return Members;
}

std::vector<std::string>
checkFoldClasses(const std::vector<FamilyMember> &Members,
                 const std::vector<std::vector<std::string>> &GroupNames) {
  StringMap<const FamilyMember *> ByName;
  for (const FamilyMember &M : Members)
    ByName[M.Name] = &M;
  std::vector<std::string> Problems;
  for (const std::vector<std::string> &Group : GroupNames) {
    std::map<unsigned, const FamilyMember *> FirstOfFamily;
    for (const std::string &Name : Group) {
      auto It = ByName.find(Name);
      if (It == ByName.end())
        continue;
      const FamilyMember *M = It->second;
      auto [First, New] = FirstOfFamily.insert({M->Family, M});
      if (New || First->second->Class == M->Class)
        continue;
      auto Why = [](const FamilyMember &X) {
        if (X.Base)
          return std::string("the base");
        if (X.Caller)
          return X.Class;
        return kindName(X.Change.Kind).str() + " clone, " +
               X.Change.Description;
      };
      Problems.push_back("folded @" + First->second->Name + " (" +
                         Why(*First->second) + ") with @" + M->Name + " (" +
                         Why(*M) + "), which differ");
    }
  }
  return Problems;
}

} // namespace lmf::fuzz
