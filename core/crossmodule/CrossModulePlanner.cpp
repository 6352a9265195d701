//===- CrossModulePlanner.cpp - Twins across a ThinLTO link ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// In a ThinLTO link each backend merges its own module; twins that sit in
// different modules (a unit's `static` helper copied into every unit that
// includes its header, two classes' inline virtual members over the same
// layout) are out of its reach. Our ld.lld therefore plans, before the link,
// over the candidates every module listed (CrossModuleCandidates.h), and
// rewrites the link's inputs so that each class of twins shares one body
// (CrossModuleRewriter.cpp). This file makes the plan.
//
// Finding the classes is lld's ICF algorithm over all modules at once:
// candidates start in classes of equal skeletons (their encodings with
// references to other candidates left as placeholders), within modules
// built alike (same triple, data layout and code-generation flags); then
// each class is split by the classes its members' placeholders stand for,
// until no class splits (the engine of one module's partition refinement,
// ClassRefinement.h). Two twins that call their own unit's copy of a
// `static` helper are equal exactly when the helpers are. Equality is
// decided on the full token lists, never on a hash.
//
// Twins that read no argument compare without their parameter lists
// (ArgumentFreeBodies.h), which a backend's merger never does: a class of
// them is planned here even within one module when its members' types
// differ (the step before the link reads such functions of one module when
// their summary sizes and targets repeat there, CrossModuleFolding.cpp;
// it runs on links of two or more ThinLTO modules). Any other class within
// one module is left to its backend.
//
// Deciding what each member becomes, for a class with members in two or
// more modules, or of argument-free twins of several types:
//  * a local member whose address is free and that nothing else holds on
//    to (no alias, no comdat shared with other globals) is erased: its
//    module refers to the shared body instead;
//  * an exported member is erased from the whole link when the link's
//    inputs allow it: no input we do not rewrite, no command-line option
//    and no kind of output (a shared library exports) needs its name, its
//    address is free, and every module that defines it defines a member of
//    this class. Every rewritten module that mentions it then refers to the
//    shared body;
//  * any other member becomes a tail-call thunk of the shared body, keeping
//    its symbol and address; when its body is final (nothing may replace
//    it), direct calls to it go to the shared body (in every rewritten
//    module, for an exported one);
//  * a member that cannot be a thunk (varargs, a convention that forbids
//    calls, a body no larger than a jump) stays as it is, and so does a hot
//    one (ProfileFacts.h) that would become one.
// A class folds when it saves bytes by the byte model (ByteModel.h): all
// bodies but one, less the thunks; if the thunks cost more than they save,
// it folds without them.
//
// Weakening. A shared body made from one member runs for the callers of
// every member. Its facts are the class's meet (CrossModuleAnnotations.h).
// And it calls, where each member called its own module's member of a
// referenced class, the copy in the module that keeps its body: those
// members may now be reached with another module's arguments. So every
// member of every class a folded class refers to, transitively, is
// weakened to its class's meet, as partition refinement does in one module
// (weakenToMeet in MergeModule.cpp).
//
// Names. The shared body of a class is `<first member>.lmf.shared`, its
// first folded member in module order, whose module's copy the link keeps
// (MergeNames.cpp); two classes whose first members have one name (`static`
// functions of two units) are told apart by a number.
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/CrossModulePlanner.h"

#include "core/MergeNames.h"

#include "core/equality/ArgumentFreeBodies.h"
#include "core/equality/ClassRefinement.h"

#include "core/crossmodule/CrossModuleSimilarPlanner.h"
#include "core/equality/StructuralHash.h"
#include "core/facts/ByteModel.h"
#include "core/facts/ProfileFacts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/GlobalValue.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

using namespace llvm;

namespace lmf {

namespace {

/// Items are numbered in module order: module 0's candidates first.
using ItemId = uint32_t;

class Planner {
public:
  Planner(ArrayRef<ModuleCandidates> Modules, const CrossModuleLinkFacts &Facts,
          const SimilarOptions &Similar)
      : Modules(Modules), Facts(Facts), Similar(Similar) {}

  CrossModulePlan run();

private:
  void numberItems();
  ClassList partitionBySkeleton();
  Error refine(const ClassList &First);
  std::vector<ArrayRef<ItemId>> classesBeyondBackends() const;
  void planClass(ArrayRef<ItemId> Members, CrossModuleClass &Out) const;
  bool exportedMayDisappear(ItemId X, ArrayRef<ItemId> Members) const;
  void chooseActions(ArrayRef<ItemId> Members, CrossModuleClass &Out) const;
  int64_t gainOf(const CrossModuleClass &C) const;
  bool beyondBackends(ArrayRef<ItemId> Members) const;
  bool beyondBackends(const CrossModuleClass &C) const;
  void weakenReachedClasses();
  std::vector<CrossModuleRef> untouchedItems() const;
  std::string sharedName(const CrossModuleClass &C);
  AnnotationFacts meetOf(ArrayRef<ItemId> Members) const;

  const CrossModuleCandidate &candidate(ItemId I) const {
    return Modules[Items[I].Module].Candidates[Items[I].Candidate];
  }
  ItemId itemOf(uint32_t Module, uint32_t Candidate) const {
    return ModuleStart[Module] + Candidate;
  }

  ArrayRef<ModuleCandidates> Modules;
  const CrossModuleLinkFacts &Facts;
  const SimilarOptions &Similar;
  std::vector<CrossModuleRef> Items;
  std::vector<ItemId> ModuleStart;
  /// Every item's class, named by its smallest member (ClassRefinement.h).
  std::vector<ItemId> ClassOf;
  /// The classes of two or more items, ordered by first member.
  ClassList Classes;
  std::vector<uint64_t> SkeletonHash;
  StringSet<> UsedNames;
  CrossModulePlan Plan;
};

void Planner::numberItems() {
  for (auto [M, Module] : enumerate(Modules)) {
    ModuleStart.push_back(Items.size());
    for (uint32_t C = 0; C < Module.Candidates.size(); ++C)
      Items.push_back({uint32_t(M), C});
  }
  Plan.Stats.Candidates = Items.size();
}

/// Classes of equal skeletons, within modules of one compatibility key:
/// the ones of two or more items, members ascending, ordered by first
/// member. Every item alone in its class is its own class id.
ClassList Planner::partitionBySkeleton() {
  std::map<StringRef, uint32_t> KeyIds;
  std::vector<uint32_t> KeyOf(Items.size());
  SkeletonHash.resize(Items.size());
  for (ItemId I = 0; I < Items.size(); ++I) {
    StringRef Key = Modules[Items[I].Module].CompatibilityKey;
    KeyOf[I] = KeyIds.try_emplace(Key, KeyIds.size()).first->second;
    SkeletonHash[I] = hashEncoding(candidate(I).Skeleton);
  }
  std::vector<ItemId> Order(Items.size());
  std::iota(Order.begin(), Order.end(), 0);
  auto Less = [&](ItemId L, ItemId R) {
    auto KeyL = std::make_pair(KeyOf[L], SkeletonHash[L]);
    auto KeyR = std::make_pair(KeyOf[R], SkeletonHash[R]);
    if (KeyL != KeyR)
      return KeyL < KeyR;
    const Encoding &SL = candidate(L).Skeleton, &SR = candidate(R).Skeleton;
    if (SL != SR)
      return SL < SR;
    return L < R;
  };
  llvm::sort(Order, Less);
  // Runs of equal skeletons, items ascending within each.
  ClassList First;
  ClassOf.resize(Items.size());
  std::iota(ClassOf.begin(), ClassOf.end(), 0);
  for (size_t Begin = 0; Begin < Order.size();) {
    size_t End = Begin + 1;
    while (End < Order.size() && KeyOf[Order[End]] == KeyOf[Order[Begin]] &&
           candidate(Order[End]).Skeleton == candidate(Order[Begin]).Skeleton)
      ++End;
    if (End - Begin >= 2)
      First.add(ArrayRef(Order).slice(Begin, End - Begin));
    Begin = End;
  }
  First.finish();
  return First;
}

/// Splits the classes by the classes their members refer to, until none
/// splits: the engine of one module's partition refinement, run serially
/// (the plan is made on one thread, see CrossModuleFolding.cpp). Fails only
/// past 2^32 references (CandidateLists).
Error Planner::refine(const ClassList &First) {
  std::vector<ItemId> Targets;
  std::vector<size_t> Begin;
  for (ItemId I = 0; I < Items.size(); ++I) {
    Begin.push_back(Targets.size());
    for (uint32_t Ref : candidate(I).References)
      Targets.push_back(itemOf(Items[I].Module, Ref));
  }
  Begin.push_back(Targets.size());
  std::vector<ArrayRef<ItemId>> Lists(Items.size());
  for (ItemId I = 0; I < Items.size(); ++I)
    Lists[I] = ArrayRef(Targets).slice(Begin[I], Begin[I + 1] - Begin[I]);
  CandidateLists Refs;
  if (Error E = Refs.assign(Lists))
    return E;
  ClassRefinement Iterations(ClassOf, Refs, serialRunner(),
                             /*SerialThreshold=*/0);
  Iterations.start(First);
  // Counted as the naive loop did: every iteration that splits and the
  // last one, which finds that none does.
  Plan.Stats.RefinementIterations = Iterations.refineToFixpoint() + 1;
  Classes = Iterations.finalClasses();
  return Error::success();
}

/// The classes no backend can fold alone (beyondBackends), in order of
/// their first member.
std::vector<ArrayRef<ItemId>> Planner::classesBeyondBackends() const {
  std::vector<ArrayRef<ItemId>> Out;
  for (ArrayRef<ItemId> Members : Classes)
    if (beyondBackends(Members))
      Out.push_back(Members);
  return Out;
}

/// An exported member may leave the link when nothing outside what we
/// rewrite needs its name and every definition of the name is a member of
/// this class that may disappear.
bool Planner::exportedMayDisappear(ItemId X, ArrayRef<ItemId> Members) const {
  const CrossModuleCandidate &C = candidate(X);
  if (!Facts.NamesUsedOutside || !Facts.DefinedIn)
    return false;
  if (!C.AddressFree || !C.Removable || C.Replaceable)
    return false;
  // The function's name and its aliases' leave the link together: each must
  // be defined only by members of this class that go the same way.
  auto DefinedOnlyHere = [&](StringRef Name, bool IsAlias) {
    uint64_t GUID = GlobalValue::getGUIDAssumingExternalLinkage(Name);
    if (Facts.NamesUsedOutside->contains(GUID))
      return false;
    auto Defined = Facts.DefinedIn->find(GUID);
    if (Defined == Facts.DefinedIn->end())
      return false;
    return all_of(Defined->second, [&](uint32_t Module) {
      return any_of(Members, [&](ItemId Y) {
        const CrossModuleCandidate &D = candidate(Y);
        return Items[Y].Module == Module && D.AddressFree && D.Removable &&
               !D.Replaceable && D.Aliases == C.Aliases &&
               (IsAlias ? is_contained(D.Aliases, Name) : D.Name == Name);
      });
    });
  };
  if (!DefinedOnlyHere(C.Name, /*IsAlias=*/false))
    return false;
  return all_of(C.Aliases,
                [&](const std::string &A) { return DefinedOnlyHere(A, true); });
}

void Planner::chooseActions(ArrayRef<ItemId> Members,
                            CrossModuleClass &Out) const {
  for (ItemId X : Members) {
    const CrossModuleCandidate &C = candidate(X);
    bool Local = C.Linkage == CrossModuleLinkage::Local;
    FoldAction Action;
    if (Local ? C.AddressFree && C.Removable : exportedMayDisappear(X, Members))
      Action = FoldAction::Erased;
    else if (!C.ThunkObstacle.empty()) {
      Out.Refusals.push_back({Items[X], C.ThunkObstacle});
      continue;
    } else if (!C.Replaceable)
      Action = FoldAction::CallersRedirected;
    else
      Action = FoldAction::Thunk;
    if (C.Hot && Action != FoldAction::Erased) {
      Out.Refusals.push_back({Items[X], HotThunkRefusal.str()});
      continue;
    }
    Out.Members.push_back({Items[X], Action});
  }
}

/// All bodies but one are saved; every thunk costs a jump. Copies of one
/// exported function in several modules are one body in the binary.
int64_t Planner::gainOf(const CrossModuleClass &C) const {
  StringSet<> Exported;
  int64_t Bodies = 0, Thunks = 0;
  for (const CrossModuleMember &M : C.Members) {
    const CrossModuleCandidate &D =
        Modules[M.Ref.Module].Candidates[M.Ref.Candidate];
    if (!isBodyOfItsOwn(D, Exported))
      continue;
    ++Bodies;
    Thunks += M.Action != FoldAction::Erased;
  }
  if (Bodies < 2)
    return 0;
  const CrossModuleCandidate &First =
      Modules[C.Members.front().Ref.Module]
          .Candidates[C.Members.front().Ref.Candidate];
  const ByteModel &Bytes = Modules[C.Members.front().Ref.Module].Bytes;
  return (Bodies - 1) * First.Costs.occupied(First.BodyBytes) -
         Thunks * Bytes.thunkBytes(0, First.Costs);
}

/// Twins no backend can fold alone: they span modules, or they read no
/// argument and their types differ, which a merger that compares types
/// tells apart.
bool Planner::beyondBackends(ArrayRef<ItemId> Members) const {
  if (Members.size() < 2)
    return false;
  if (Items[Members.front()].Module != Items[Members.back()].Module)
    return true;
  const CrossModuleCandidate &First = candidate(Members.front());
  return First.ArgumentFree && any_of(Members, [&](ItemId X) {
           return candidate(X).TypeHash != First.TypeHash;
         });
}

bool Planner::beyondBackends(const CrossModuleClass &C) const {
  std::vector<ItemId> Members;
  for (const CrossModuleMember &M : C.Members)
    Members.push_back(itemOf(M.Ref.Module, M.Ref.Candidate));
  return beyondBackends(Members);
}

void Planner::planClass(ArrayRef<ItemId> Members, CrossModuleClass &Out) const {
  chooseActions(Members, Out);
  Out.EstimatedBytesSaved = beyondBackends(Out) ? gainOf(Out) : 0;
  if (Out.EstimatedBytesSaved <= 0) {
    // Without the thunks, if they cost more than they save.
    CrossModuleClass Erased;
    for (const CrossModuleMember &M : Out.Members) {
      if (M.Action == FoldAction::Erased)
        Erased.Members.push_back(M);
      else
        Out.Refusals.push_back({M.Ref, "thunk costs more than it saves"});
    }
    Out.Members = std::move(Erased.Members);
    Out.EstimatedBytesSaved = beyondBackends(Out) ? gainOf(Out) : 0;
  }
  if (Out.EstimatedBytesSaved <= 0) {
    Out.Members.clear();
    Out.Refusals.clear();
  }
  llvm::sort(Out.Refusals,
             [](const CrossModuleRefusal &L, const CrossModuleRefusal &R) {
               return L.Ref < R.Ref;
             });
  Out.BodyInstructions = candidate(Members.front()).Instructions;
}

AnnotationFacts Planner::meetOf(ArrayRef<ItemId> Members) const {
  SmallVector<const AnnotationFacts *, 8> All;
  for (ItemId X : Members)
    All.push_back(&candidate(X).Facts);
  return meetOfFacts(All);
}

/// Named after C's first folded member: every module with a member defines
/// a copy of the shared body from its own first one, and the link keeps
/// the first module's.
std::string Planner::sharedName(const CrossModuleClass &C) {
  const CrossModuleRef &First = C.Members.front().Ref;
  return sharedBodyName(SharedBodyKind::Identical,
                        Modules[First.Module].Candidates[First.Candidate].Name,
                        UsedNames);
}

/// Every class that a folded class refers to by class, transitively, has
/// all its members weakened (see the file comment).
void Planner::weakenReachedClasses() {
  // The members of class K: a class of Classes, or K alone.
  constexpr uint32_t Alone = ~uint32_t(0);
  std::vector<uint32_t> IndexOf(Items.size(), Alone);
  for (auto [Index, Members] : enumerate(Classes))
    IndexOf[Members.front()] = Index;
  auto MembersOf = [&](const ItemId &K) {
    return IndexOf[K] == Alone ? ArrayRef<ItemId>(K) : Classes[IndexOf[K]];
  };
  std::vector<char> Reached(Items.size(), 0);
  std::vector<uint32_t> Work;
  auto Reach = [&](ItemId From) {
    for (uint32_t Ref : candidate(From).References) {
      uint32_t K = ClassOf[itemOf(Items[From].Module, Ref)];
      if (!Reached[K]) {
        Reached[K] = 1;
        Work.push_back(K);
      }
    }
  };
  DenseMap<uint32_t, size_t> PlannedIndex;
  for (auto [Index, C] : enumerate(Plan.Classes)) {
    ItemId First =
        itemOf(C.Members.front().Ref.Module, C.Members.front().Ref.Candidate);
    PlannedIndex[ClassOf[First]] = Index;
    for (const CrossModuleMember &M : C.Members)
      Reach(itemOf(M.Ref.Module, M.Ref.Candidate));
  }
  while (!Work.empty()) {
    uint32_t K = Work.back();
    Work.pop_back();
    for (ItemId X : MembersOf(K))
      Reach(X);
  }
  for (ArrayRef<ItemId> Members : Classes) {
    ItemId K = Members.front();
    if (!Reached[K])
      continue;
    auto Planned = PlannedIndex.find(K);
    if (Planned != PlannedIndex.end()) {
      // A folded class: its refused members take the meet too.
      CrossModuleClass &C = Plan.Classes[Planned->second];
      for (const CrossModuleRefusal &R : C.Refusals)
        C.Weakened.push_back(R.Ref);
      continue;
    }
    CrossModuleClass C;
    C.Meet = meetOf(Members);
    for (ItemId X : Members)
      C.Weakened.push_back(Items[X]);
    C.BodyInstructions = candidate(K).Instructions;
    Plan.Classes.push_back(std::move(C));
  }
}

/// The candidates that identical folding neither folds nor weakens.
std::vector<CrossModuleRef> Planner::untouchedItems() const {
  std::set<CrossModuleRef> Touched;
  for (const CrossModuleClass &C : Plan.Classes) {
    for (const CrossModuleMember &M : C.Members)
      Touched.insert(M.Ref);
    Touched.insert(C.Weakened.begin(), C.Weakened.end());
  }
  std::vector<CrossModuleRef> Free;
  for (const CrossModuleRef &R : Items)
    if (!Touched.count(R))
      Free.push_back(R);
  return Free;
}

CrossModulePlan Planner::run() {
  numberItems();
  if (Items.empty())
    return std::move(Plan);
  if (Error E = refine(partitionBySkeleton())) {
    // Nothing is known to be equal: nothing folds.
    consumeError(std::move(E));
    return std::move(Plan);
  }
  std::vector<ArrayRef<ItemId>> Beyond = classesBeyondBackends();
  Plan.Stats.ClassesWithTwins = Beyond.size();
  for (ArrayRef<ItemId> Members : Beyond) {
    CrossModuleClass C;
    planClass(Members, C);
    if (!C.foldsAnything())
      continue;
    C.Meet = meetOf(Members);
    C.KeptBody = sharedName(C);
    C.ArgumentFree = candidate(Members.front()).ArgumentFree;
    if (C.ArgumentFree)
      Plan.ArgumentFreeBodies.insert(C.KeptBody);
    for (const CrossModuleMember &M : C.Members) {
      const CrossModuleCandidate &D =
          Modules[M.Ref.Module].Candidates[M.Ref.Candidate];
      if (D.Linkage == CrossModuleLinkage::Local)
        continue;
      if (M.Action == FoldAction::Erased) {
        Plan.ReplacedNames.try_emplace(D.Name, C.KeptBody);
        for (const std::string &Alias : D.Aliases)
          Plan.ReplacedNames.try_emplace(Alias, C.KeptBody);
      } else if (M.Action == FoldAction::CallersRedirected)
        Plan.RedirectedCalls.try_emplace(D.Name, C.KeptBody);
    }
    Plan.Classes.push_back(std::move(C));
  }
  weakenReachedClasses();
  Plan.Similar = Similar;
  // Unset, each module chose when its candidates were collected
  // (similarMergingOn): only those that did list similar candidates.
  if (Similar.Enabled.value_or(true))
    Plan.SimilarClasses =
        planCrossModuleSimilar(Modules, untouchedItems(), Similar);
  return std::move(Plan);
}

} // namespace

CrossModulePlan planCrossModuleFolds(ArrayRef<ModuleCandidates> Modules,
                                     const CrossModuleLinkFacts &Facts,
                                     const SimilarOptions &Similar) {
  return Planner(Modules, Facts, Similar).run();
}

} // namespace lmf
