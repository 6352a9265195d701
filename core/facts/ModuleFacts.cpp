//===- ModuleFacts.cpp - What both planners know about a module -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Whether a function may disappear, become an alias or a thunk depends on
// facts about its module (llvm.used, the object format, whether the output
// is a shared object, the link's list of functions whose address no input
// uses) and on the function's own linkage, visibility and address
// significance. The identical planner (IdenticalPlanner.cpp), the similar
// planner (SimilarPlanner.cpp) and the candidates a module lists for a plan
// across a ThinLTO link (CrossModuleCandidates.cpp) all ask these questions;
// they are answered here, once, so that the stages cannot disagree about
// what another definition may replace or whose address someone may compare.
//
// The facts are collected once per run, before anything folds, and depend
// only on the IR: the same module always gets the same answers.
//
//===----------------------------------------------------------------------===//

#include "core/facts/ModuleFacts.h"

#include "core/facts/AddressComparisons.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Comdat.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace lmf {

uint64_t linkGUID(const Function &F) {
  StringRef Name = F.getName();
  size_t Suffix = Name.rfind(".llvm.");
  StringRef Hash = Suffix == StringRef::npos ? "" : Name.drop_front(Suffix + 6);
  if (F.hasLocalLinkage() || Hash.empty() || !all_of(Hash, isDigit))
    return F.getGUID();
  return GlobalValue::getGUIDAssumingExternalLinkage(
      GlobalValue::getGlobalIdentifier(Name.take_front(Suffix),
                                       GlobalValue::InternalLinkage,
                                       F.getParent()->getSourceFileName()));
}

bool onLinkAddressFreeList(const Function &F, const ModuleFacts &Facts,
                           const DenseSet<uint64_t> &LinkAddressFree) {
  return !F.hasLocalLinkage() && !Facts.Used.count(&F) &&
         !Facts.Compared.count(&F) && !F.hasAddressTaken() &&
         LinkAddressFree.contains(linkGUID(F));
}

/// The exported definitions on the link's list that this module only calls.
static void collectLinkAddressFree(const Module &M,
                                   const DenseSet<uint64_t> &LinkAddressFree,
                                   ModuleFacts &Facts) {
  for (const Function &F : M)
    if (!F.isDeclaration() && onLinkAddressFreeList(F, Facts, LinkAddressFree))
      Facts.LinkAddressFree.insert(&F);
}

/// The comdats of `any` selection with exactly one global object (ELF only).
static void collectSingleMemberComdats(const Module &M, ModuleFacts &Facts) {
  DenseMap<const Comdat *, unsigned> Members;
  for (const GlobalObject &GO : M.global_objects())
    if (const Comdat *C = GO.getComdat())
      ++Members[C];
  for (auto [C, Count] : Members)
    if (Count == 1 && C->getSelectionKind() == Comdat::Any)
      Facts.SingleMemberComdats.insert(C);
}

/// The functions whose address is compared here, or may be in another
/// backend of the link: on its list, or, when the link gave no list, any
/// exported function of a module with a profile (whose backends promote
/// indirect calls).
static void collectCompared(const Module &M, const LinkAddressInputs &Link,
                            ModuleFacts &Facts) {
  bool ExportedMayBeCompared =
      Link.ComparedUnknown && M.getModuleFlag("ProfileSummary");
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    bool Elsewhere = !F.hasLocalLinkage() &&
                     (ExportedMayBeCompared ||
                      (Link.Compared && Link.Compared->contains(linkGUID(F))));
    if (Elsewhere || addressIsCompared(F))
      Facts.Compared.insert(&F);
  }
}

ModuleFacts collectModuleFacts(const Module &M, const LinkAddressInputs &Link) {
  ModuleFacts Facts;
  SmallVector<GlobalValue *, 16> Used;
  collectUsedGlobalVariables(M, Used, /*CompilerUsed=*/false);
  collectUsedGlobalVariables(M, Used, /*CompilerUsed=*/true);
  Facts.Used.insert(Used.begin(), Used.end());
  // Mach-O aliases do not give a second symbol at the same address the way
  // ELF and COFF ones do.
  Triple T(M.getTargetTriple());
  Facts.SupportsAliases = !T.isOSBinFormatMachO();
  Facts.Bytes = ByteModel::forModule(M);
  if (T.isOSBinFormatELF())
    collectSingleMemberComdats(M, Facts);
  Facts.SharedObject = M.getPICLevel() != PICLevel::NotPIC &&
                       M.getPIELevel() == PIELevel::Default;
  collectCompared(M, Link, Facts);
  if (Link.Free)
    collectLinkAddressFree(M, *Link.Free, Facts);
  return Facts;
}

bool thunkIsSmaller(const Function &F) {
  // A thunk is one tail jump. A single block with one instruction (a bare
  // `ret`) is not larger than that; anything else is.
  return F.size() > 1 || F.front().sizeWithoutDebug() >= 2;
}

bool mayBeReplaced(const Function &F, const ModuleFacts &Facts) {
  if (F.isInterposable())
    return true;
  return Facts.SharedObject && !F.hasLocalLinkage() && !F.isDSOLocal() &&
         F.hasDefaultVisibility();
}

bool bodyIsFinal(const Function &F, const ModuleFacts &Facts) {
  return F.isDefinitionExact() && !mayBeReplaced(F, Facts);
}

bool mustKeepSymbol(const Function &F) {
  return !F.hasLocalLinkage() && !F.hasLinkOnceLinkage();
}

bool addressCompared(const Function &F, const ModuleFacts &Facts) {
  return Facts.Compared.count(&F);
}

bool declaredAddressFree(const Function &F, const ModuleFacts &Facts,
                         MergeMode Mode) {
  return Facts.LinkAddressFree.count(&F) ||
         (!Facts.Used.count(&F) &&
          (Mode == MergeMode::All || F.hasAtLeastLocalUnnamedAddr()));
}

bool moduleAddressFree(const Function &F, const ModuleFacts &Facts,
                       MergeMode Mode) {
  return !addressCompared(F, Facts) && declaredAddressFree(F, Facts, Mode);
}

bool globalAddressFree(const Function &F, const ModuleFacts &Facts,
                       MergeMode Mode) {
  if (addressCompared(F, Facts))
    return false;
  if (Facts.LinkAddressFree.count(&F))
    return true;
  return !Facts.Used.count(&F) &&
         (Mode == MergeMode::All || F.hasGlobalUnnamedAddr() ||
          (F.hasLocalLinkage() && F.hasAtLeastLocalUnnamedAddr()));
}

bool mayDisappear(const Function &F, const ModuleFacts &Facts, MergeMode Mode) {
  return !mayBeReplaced(F, Facts) && moduleAddressFree(F, Facts, Mode) &&
         !mustKeepSymbol(F);
}

static bool needsGuaranteedTailCall(CallingConv::ID CC) {
  return CC == CallingConv::Tail || CC == CallingConv::SwiftTail;
}

static bool hasNamedStruct(const Type &T) {
  if (const auto *ST = dyn_cast<StructType>(&T))
    if (!ST->isLiteral())
      return true;
  return llvm::any_of(T.subtypes(),
                      [](const Type *Sub) { return hasNamedStruct(*Sub); });
}

StringRef thunkObstacle(const Function &G) {
  if (!isCallableCC(G.getCallingConv()))
    return "calling convention forbids calls, so no thunk";
  if (G.isVarArg())
    return "varargs function cannot be forwarded by a thunk";
  for (const Argument &A : G.args())
    if (A.hasInAllocaAttr() || A.hasPreallocatedAttr())
      return "inalloca/preallocated argument cannot be forwarded by a thunk";
  // tailcc and swifttailcc thunks must use musttail, which the verifier
  // forbids with these parameter attributes.
  CallingConv::ID CC = G.getCallingConv();
  if (needsGuaranteedTailCall(CC))
    for (const Argument &A : G.args())
      for (Attribute::AttrKind K :
           {Attribute::InReg, Attribute::ByRef, Attribute::SwiftError})
        if (A.hasAttribute(K))
          return "tail-call convention thunk cannot forward "
                 "inreg/byref/swifterror arguments";
  // musttail wants the caller's and callee's types spelled alike, and a twin
  // may spell a struct under another name (rebuildAs in
  // core/rewrite/FunctionRewrites.cpp cannot run between a musttail call and
  // its ret).
  if (needsGuaranteedTailCall(CC) && hasNamedStruct(*G.getFunctionType()))
    return "tail-call convention thunk cannot rebuild named struct values";
  if (!thunkIsSmaller(G))
    return "thunk is not smaller than the body";
  return "";
}

} // namespace lmf
