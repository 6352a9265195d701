//===- IdenticalPlanner.cpp - What to do with a class of equal functions -===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The identical stage's planner. Once the comparator has found a class of
// equal functions, it picks the one whose body stays (the survivor) and
// decides, for every other member G, how G disappears. The decision only
// depends on G's linkage, visibility, address significance and calling
// convention, never on thread timing, so the same module always gets the
// same plan.
//
// The rules, in the order they are checked:
//
//  * A G that another definition may replace, at link time (weak, linkonce)
//    or at load time (an exported, preemptible symbol of a shared object,
//    which LD_PRELOAD or an earlier library overrides), keeps its callers:
//    we never rewrite its uses and only replace its body by a tail call to
//    the survivor (a thunk).
//  * A G whose address is not significant in the module (unnamed_addr, not in
//    llvm.used or llvm.compiler.used; or any G in `all` mode) has every use
//    replaced. If nothing outside the module can name it (local or linkonce
//    linkage) it is erased; if its symbol must stay and its address is not
//    significant outside either, it becomes an alias of the survivor; else it
//    stays as a thunk for outside callers. In a ThinLTO backend the module
//    cannot see whether other modules use an exported G's address; when the
//    link's inputs say that none does (ModuleFacts::LinkAddressFree), G is
//    treated as unnamed_addr.
//  * Otherwise G's address is significant: G becomes a thunk, so &G stays
//    distinct, and its direct callers call the survivor, skipping the thunk.
//
// An alias may neither point into a comdat (the linker may discard the
// group and the alias with it) nor take the place of a comdat member, with
// one exception on ELF: a weak_odr G that is the only member of its comdat.
// The object then has no group of that name at all, and G's weak symbol,
// defined in the body's section, yields to a copy that another object
// defines in its group, without a clash. This is what a ThinLTO backend
// sees of C++ inline functions that other modules may import (deleting
// destructors in vtables): the thin link makes them weak_odr in their own
// comdats, and without the exception each would stay a thunk.
//
// Thunks are refused where they cannot work or do not pay: varargs functions
// (arguments cannot be forwarded), inalloca/preallocated parameters (need
// musttail forwarding of the caller's frame), calling conventions that
// forbid calls (GPU kernels, hardware entry points), and bodies no larger
// than the thunk itself.
//
// The survivor is chosen by a stable priority: a body that cannot be
// replaced (exact definition, not interposable, not preemptible) first, then
// one whose symbol must stay anyway (external), then one whose address is
// significant, then by visibility and name. When no member's body is final, the
// body moves into a new private function so that no call is ever introduced
// into a body that another copy could replace (a linkonce_odr body from another
// translation unit need not carry the annotations we intersected; a preempted
// symbol of a shared object runs someone else's code).
//
//===----------------------------------------------------------------------===//

#include "core/IdenticalPlanner.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Comdat.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace lmf {

/// The calling conventions' argument registers (C convention). Unknown
/// targets get a small budget, so that similar merging stays modest there.
static void setArgumentRegisters(const Triple &T, ModuleFacts &Facts) {
  if (T.isX86() && T.isArch64Bit() && !T.isOSWindows()) {
    Facts.IntegerArgumentRegisters = 6;
    Facts.FloatArgumentRegisters = 8;
  } else if (T.isAArch64() || T.isRISCV()) {
    Facts.IntegerArgumentRegisters = 8;
    Facts.FloatArgumentRegisters = 8;
  } else {
    Facts.IntegerArgumentRegisters = 4;
    Facts.FloatArgumentRegisters = 4;
  }
}

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

/// The exported definitions on the link's list that this module only calls.
static void collectLinkAddressFree(const Module &M,
                                   const DenseSet<uint64_t> &LinkAddressFree,
                                   ModuleFacts &Facts) {
  for (const Function &F : M)
    if (!F.isDeclaration() && !F.hasLocalLinkage() && !Facts.Used.count(&F) &&
        LinkAddressFree.contains(linkGUID(F)) && !F.hasAddressTaken())
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

ModuleFacts collectModuleFacts(const Module &M,
                               const DenseSet<uint64_t> *LinkAddressFree) {
  ModuleFacts Facts;
  SmallVector<GlobalValue *, 16> Used;
  collectUsedGlobalVariables(M, Used, /*CompilerUsed=*/false);
  collectUsedGlobalVariables(M, Used, /*CompilerUsed=*/true);
  Facts.Used.insert(Used.begin(), Used.end());
  // Mach-O aliases do not give a second symbol at the same address the way
  // ELF and COFF ones do.
  Triple T(M.getTargetTriple());
  Facts.SupportsAliases = !T.isOSBinFormatMachO();
  setArgumentRegisters(T, Facts);
  if (T.isOSBinFormatELF())
    collectSingleMemberComdats(M, Facts);
  Facts.SharedObject = M.getPICLevel() != PICLevel::NotPIC &&
                       M.getPIELevel() == PIELevel::Default;
  if (LinkAddressFree)
    collectLinkAddressFree(M, *LinkAddressFree, Facts);
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

static bool mustKeepSymbol(const Function &F) {
  return !F.hasLocalLinkage() && !F.hasLinkOnceLinkage();
}

static bool moduleAddressFree(const Function &F, const ModuleFacts &Facts,
                              MergeMode Mode) {
  return Facts.LinkAddressFree.count(&F) ||
         (!Facts.Used.count(&F) &&
          (Mode == MergeMode::All || F.hasAtLeastLocalUnnamedAddr()));
}

bool globalAddressFree(const Function &F, const ModuleFacts &Facts,
                       MergeMode Mode) {
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

/// Lower is better. Every key derives from the IR, never from pointers.
static auto survivorRank(const Function &F, const ModuleFacts &Facts) {
  bool AddressSignificant = !Facts.LinkAddressFree.count(&F) &&
                            (Facts.Used.count(&F) || !F.hasGlobalUnnamedAddr());
  return std::make_tuple(!bodyIsFinal(F, Facts), !mustKeepSymbol(F),
                         !AddressSignificant,
                         static_cast<unsigned>(F.getVisibility()), F.getName());
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
  if (CC == CallingConv::Tail || CC == CallingConv::SwiftTail)
    for (const Argument &A : G.args())
      for (Attribute::AttrKind K :
           {Attribute::InReg, Attribute::ByRef, Attribute::SwiftError})
        if (A.hasAttribute(K))
          return "tail-call convention thunk cannot forward "
                 "inreg/byref/swifterror arguments";
  if (!thunkIsSmaller(G))
    return "thunk is not smaller than the body";
  return "";
}

/// True when G's comdat does not stop G from becoming an alias: G has none,
/// or G is weak_odr and alone in an ELF comdat (see the file comment).
static bool aliasLeavesNoGroup(const Function &G, const ModuleFacts &Facts) {
  return !G.hasComdat() || (G.hasWeakODRLinkage() &&
                            Facts.SingleMemberComdats.count(G.getComdat()));
}

/// Decides how G folds into a body that is exact. Returns a refusal reason
/// in Reason when it cannot.
static IdenticalMemberPlan decideMember(Function &G, bool TargetHasComdat,
                                        const ModuleFacts &Facts,
                                        MergeMode Mode, StringRef &Reason) {
  IdenticalMemberPlan Plan;
  Plan.Fn = &G;
  Reason = "";
  if (mayBeReplaced(G, Facts)) {
    Reason = thunkObstacle(G);
    Plan.Action = FoldAction::Thunk;
    return Plan;
  }
  bool ModuleAddressFree = moduleAddressFree(G, Facts, Mode);
  bool GlobalAddressFree = globalAddressFree(G, Facts, Mode);
  if (ModuleAddressFree && !mustKeepSymbol(G)) {
    Plan.Action = FoldAction::Erased;
    return Plan;
  }
  if (ModuleAddressFree && GlobalAddressFree && Facts.SupportsAliases &&
      aliasLeavesNoGroup(G, Facts) && !TargetHasComdat) {
    Plan.Action = FoldAction::Alias;
    return Plan;
  }
  Reason = thunkObstacle(G);
  Plan.Action = FoldAction::CallersRedirected;
  Plan.ReplaceAllUses = ModuleAddressFree;
  return Plan;
}

IdenticalPlan planIdenticalClass(ArrayRef<Function *> Members,
                                 const ModuleFacts &Facts, MergeMode Mode) {
  IdenticalPlan Plan;
  if (Members.size() < 2)
    return Plan;
  Function *Survivor = *std::min_element(
      Members.begin(), Members.end(), [&](Function *L, Function *R) {
        return survivorRank(*L, Facts) < survivorRank(*R, Facts);
      });
  Plan.Survivor = Survivor;
  Plan.NeedsPrivateBody = !bodyIsFinal(*Survivor, Facts);
  // A private body has no comdat; an exact survivor may have one.
  bool TargetHasComdat = !Plan.NeedsPrivateBody && Survivor->hasComdat();

  for (Function *G : Members) {
    if (G == Survivor)
      continue;
    StringRef Reason;
    IdenticalMemberPlan Member =
        decideMember(*G, TargetHasComdat, Facts, Mode, Reason);
    if (!Reason.empty())
      Plan.Refused.push_back({G, Reason});
    else
      Plan.Folded.push_back(Member);
  }
  if (!Plan.NeedsPrivateBody || Plan.Folded.empty())
    return Plan;

  // The survivor itself folds into its private copy.
  StringRef Reason;
  Plan.SurvivorFold =
      decideMember(*Survivor, /*TargetHasComdat=*/false, Facts, Mode, Reason);
  if (!Reason.empty()) {
    // Without a way to redirect the survivor there is no safe body to share.
    for (const IdenticalMemberPlan &M : Plan.Folded)
      Plan.Refused.push_back(
          {M.Fn, "no member has a body that cannot be replaced, and the "
                 "survivor cannot forward to a private copy"});
    Plan.Folded.clear();
  }
  return Plan;
}

} // namespace lmf
