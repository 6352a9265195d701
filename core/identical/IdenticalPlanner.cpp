//===- IdenticalPlanner.cpp - What to do with a class of equal functions -===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The identical stage's planner. Once the comparator has found a class of
// equal functions, it picks the one whose body stays (the kept member) and
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
//    the kept member (a thunk).
//  * A G whose address is not significant in the module (unnamed_addr, not in
//    llvm.used or llvm.compiler.used; or any G in `all` mode) has every use
//    replaced. If nothing outside the module can name it (local or linkonce
//    linkage) it is erased; if its symbol must stay and its address is not
//    significant outside either, it becomes an alias of the kept member; else
//    it stays as a thunk for outside callers. In a ThinLTO backend the module
//    cannot see whether other modules use an exported G's address; when the
//    link's inputs say that none does (ModuleFacts::LinkAddressFree), G is
//    treated as unnamed_addr.
//  * Otherwise G's address is significant: G becomes a thunk, so &G stays
//    distinct, and its direct callers call the kept member, skipping the thunk.
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
// than the thunk itself (thunkObstacle).
//
// Hot functions (ModuleFacts::Hot, under the default hot-function policy)
// fold only as Erased or Alias: a hot G that would become a thunk, or whose
// callers outside the module would still reach a thunk, is refused.
//
// The kept member is chosen by a stable priority: a body that cannot be
// replaced (exact definition, not interposable, not preemptible) first, then
// one whose symbol must stay anyway (external), then one whose address is
// significant, then a hot one (so that the others become its thunks), then
// by visibility and name. When no member's body is final, the
// body moves into a new internal function (`<kept member>.lmf.body`,
// MergeNames.h) so that no call is ever introduced
// into a body that another copy could replace (a linkonce_odr body from another
// translation unit need not carry the annotations we intersected; a preempted
// symbol of a shared object runs someone else's code).
//
// The questions about one function (may another definition replace it, may
// anyone compare its address, can it be a thunk) are answered in
// ModuleFacts.cpp, which the similar planner (SimilarPlanner.cpp) and the
// cross-module candidates share; this file combines the answers into the
// plan for one class, which IdenticalRewriter.cpp carries out.
//
//===----------------------------------------------------------------------===//

#include "core/identical/IdenticalPlanner.h"

#include "core/facts/ByteModel.h"

#include "llvm/IR/Function.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace lmf {

/// Lower is better. Every key derives from the IR, never from pointers.
static auto keptMemberRank(const Function &F, const ModuleFacts &Facts) {
  bool AddressSignificant = !Facts.LinkAddressFree.count(&F) &&
                            (Facts.Used.count(&F) || !F.hasGlobalUnnamedAddr());
  return std::make_tuple(!bodyIsFinal(F, Facts), !mustKeepSymbol(F),
                         addressCompared(F, Facts), !AddressSignificant,
                         !Facts.Hot.count(&F),
                         static_cast<unsigned>(F.getVisibility()), F.getName());
}

/// True when G's comdat does not stop G from becoming an alias: G has none,
/// or G is weak_odr and alone in an ELF comdat (see the file comment).
static bool aliasLeavesNoGroup(const Function &G, const ModuleFacts &Facts) {
  return !G.hasComdat() || (G.hasWeakODRLinkage() &&
                            Facts.SingleMemberComdats.count(G.getComdat()));
}

/// What a member folds into: whether the body keeps a comdat, and whether
/// the body's address is compared, so no other address may become it.
struct FoldTarget {
  bool HasComdat = false;
  bool AddressCompared = false;
};

/// Decides how G folds into a body that is exact. Returns a refusal reason
/// in Reason when it cannot.
static IdenticalMemberPlan decideMember(Function &G, FoldTarget Target,
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
  bool Compared = addressCompared(G, Facts) || Target.AddressCompared;
  bool ModuleAddressFree = !Compared && moduleAddressFree(G, Facts, Mode);
  bool GlobalAddressFree = !Compared && globalAddressFree(G, Facts, Mode);
  if (ModuleAddressFree && !mustKeepSymbol(G)) {
    Plan.Action = FoldAction::Erased;
    return Plan;
  }
  if (ModuleAddressFree && GlobalAddressFree && Facts.SupportsAliases &&
      aliasLeavesNoGroup(G, Facts) && !Target.HasComdat) {
    Plan.Action = FoldAction::Alias;
    return Plan;
  }
  // Without the comparison G would have disappeared or had its uses
  // replaced.
  Plan.AddressCompared = Compared && declaredAddressFree(G, Facts, Mode);
  Reason = thunkObstacle(G);
  if (!Reason.empty() && Plan.AddressCompared)
    Reason = AddressComparedRefusal;
  Plan.Action = FoldAction::CallersRedirected;
  Plan.ReplaceAllUses = ModuleAddressFree;
  return Plan;
}

/// True when the calls that reach G run more instructions once G folds as
/// P says: some of them go through a thunk.
static bool addsInstructions(const IdenticalMemberPlan &P) {
  return P.Action == FoldAction::Thunk ||
         P.Action == FoldAction::CallersRedirected;
}

/// What G saves when its body becomes a thunk, by the module's byte model.
static int64_t thunkSaving(const Function &G, const ByteModel &Bytes) {
  return Bytes.occupiedBytes(G) - Bytes.thunkBytes(0, Bytes.costsOf(G));
}

IdenticalPlan planIdenticalClass(ArrayRef<Function *> Members,
                                 const ModuleFacts &Facts, MergeMode Mode) {
  IdenticalPlan Plan;
  if (Members.size() < 2)
    return Plan;
  Function *KeptMember = *std::min_element(
      Members.begin(), Members.end(), [&](Function *L, Function *R) {
        return keptMemberRank(*L, Facts) < keptMemberRank(*R, Facts);
      });
  Plan.KeptMember = KeptMember;
  Plan.NeedsPrivateBody = !bodyIsFinal(*KeptMember, Facts);
  // A private body has no comdat and a new address; an exact kept member
  // may have a comdat, and an address something compares.
  FoldTarget Target;
  Target.HasComdat = !Plan.NeedsPrivateBody && KeptMember->hasComdat();
  Target.AddressCompared =
      !Plan.NeedsPrivateBody && addressCompared(*KeptMember, Facts);

  for (Function *G : Members) {
    if (G == KeptMember)
      continue;
    StringRef Reason;
    IdenticalMemberPlan Member =
        decideMember(*G, Target, Facts, Mode, Reason);
    if (Reason.empty() && Facts.Hot.count(G) && addsInstructions(Member)) {
      Plan.Refusals.push_back({G, HotThunkRefusal, /*Hot=*/true});
      Plan.HotKeptBytes += thunkSaving(*G, Facts.Bytes);
    } else if (!Reason.empty())
      Plan.Refusals.push_back({G, Reason});
    else
      Plan.Members.push_back(Member);
  }
  if (!Plan.NeedsPrivateBody || Plan.Members.empty())
    return Plan;

  // The kept member itself folds into its private copy.
  StringRef Reason;
  Plan.KeptMemberFold =
      decideMember(*KeptMember, FoldTarget(), Facts, Mode, Reason);
  if (Reason.empty() && Facts.Hot.count(KeptMember) &&
      addsInstructions(Plan.KeptMemberFold)) {
    // The others may still share a body without it.
    SmallVector<Function *, 4> Others;
    for (Function *G : Members)
      if (G != KeptMember)
        Others.push_back(G);
    IdenticalPlan Fewer = planIdenticalClass(Others, Facts, Mode);
    if (!Fewer.KeptMember) // One member left: nothing folds.
      Fewer.KeptMember = Others.front();
    Fewer.Refusals.insert(Fewer.Refusals.begin(),
                          {KeptMember, HotThunkRefusal, /*Hot=*/true});
    Fewer.HotKeptBytes += thunkSaving(*KeptMember, Facts.Bytes);
    return Fewer;
  }
  if (!Reason.empty()) {
    // Without a way to redirect the kept member there is no safe body to share.
    for (const IdenticalMemberPlan &M : Plan.Members)
      Plan.Refusals.push_back(
          {M.Fn, "no member has a body that cannot be replaced, and the "
                 "survivor cannot forward to a private copy"});
    Plan.Members.clear();
  }
  return Plan;
}

} // namespace lmf
