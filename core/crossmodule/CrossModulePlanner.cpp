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
// until no class splits. Two twins that call their own unit's copy of a
// `static` helper are equal exactly when the helpers are. Equality is
// decided on the full token lists, never on a hash.
//
// Twins that read no argument compare without their parameter lists
// (ArgumentFreeBodies.h), which a backend's merger never does: a class of
// them is planned here even within one module when its members' types
// differ. Any other class within one module is left to its backend.
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
// Names. The shared body of a class is `__lmf.xm.<hash>`, where the hash
// covers the class's skeleton and its references' skeletons: the same
// twins get the same name in every link, and an unchanged module keeps its
// bytes (and its ThinLTO cache entries). Within one link, names are unique:
// a collision gets a number.
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/CrossModulePlanner.h"

#include "core/equality/ArgumentFreeBodies.h"

#include "core/facts/ByteModel.h"
#include "core/crossmodule/CrossModuleSimilarPlanner.h"
#include "core/facts/ProfileFacts.h"
#include "core/equality/StructuralHash.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/GlobalValue.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace lmf {

StringRef crossModuleActionName(CrossModuleAction Action) {
  switch (Action) {
  case CrossModuleAction::Erased:
    return "erased";
  case CrossModuleAction::Thunk:
    return "thunk";
  case CrossModuleAction::CallersRedirected:
    return "callers-redirected";
  }
  return "unknown";
}

namespace {

/// Items are numbered in module order: module 0's candidates first.
using ItemId = uint32_t;

class Planner {
public:
  Planner(ArrayRef<ModuleCandidates> Modules, const CrossModuleLinkFacts &Facts,
          const CrossModulePlanOptions &Opts)
      : Modules(Modules), Facts(Facts), Opts(Opts) {}

  CrossModulePlan run();

private:
  void numberItems();
  void partitionBySkeleton();
  void refine();
  std::vector<std::vector<ItemId>> classesBeyondBackends() const;
  void planClass(ArrayRef<ItemId> Members, CrossModuleClass &Out) const;
  bool exportedMayDisappear(ItemId X, ArrayRef<ItemId> Members) const;
  void chooseActions(ArrayRef<ItemId> Members, CrossModuleClass &Out) const;
  int64_t gainOf(const CrossModuleClass &C) const;
  bool beyondBackends(ArrayRef<ItemId> Members) const;
  bool beyondBackends(const CrossModuleClass &C) const;
  void weakenReachedClasses();
  std::vector<CrossModuleRef> untouchedItems() const;
  std::string sharedName(ArrayRef<ItemId> Members);
  AnnotationFacts meetOf(ArrayRef<ItemId> Members) const;

  const CrossModuleCandidate &candidate(ItemId I) const {
    return Modules[Items[I].Module].Candidates[Items[I].Candidate];
  }
  ItemId itemOf(uint32_t Module, uint32_t Candidate) const {
    return ModuleStart[Module] + Candidate;
  }

  ArrayRef<ModuleCandidates> Modules;
  const CrossModuleLinkFacts &Facts;
  const CrossModulePlanOptions &Opts;
  std::vector<CrossModuleRef> Items;
  std::vector<ItemId> ModuleStart;
  std::vector<uint32_t> ClassOf;
  uint32_t NumClasses = 0;
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

/// Classes of equal skeletons, within modules of one compatibility key,
/// numbered by their first item.
void Planner::partitionBySkeleton() {
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
  // Runs of equal skeletons; a run's class is named by its smallest item.
  std::vector<ItemId> RunFirst(Items.size());
  for (size_t Begin = 0; Begin < Order.size();) {
    size_t End = Begin + 1;
    while (End < Order.size() && KeyOf[Order[End]] == KeyOf[Order[Begin]] &&
           candidate(Order[End]).Skeleton == candidate(Order[Begin]).Skeleton)
      ++End;
    for (size_t K = Begin; K < End; ++K)
      RunFirst[Order[K]] = Order[Begin];
    Begin = End;
  }
  ClassOf.assign(Items.size(), 0);
  DenseMap<ItemId, uint32_t> Number;
  for (ItemId I = 0; I < Items.size(); ++I)
    ClassOf[I] = Number.try_emplace(RunFirst[I], Number.size()).first->second;
  NumClasses = Number.size();
}

/// Splits classes by the classes their members refer to, until none
/// splits. New classes are numbered by their first item, so the result
/// does not depend on the order of the work.
void Planner::refine() {
  std::vector<std::vector<uint32_t>> Signatures(Items.size());
  for (;;) {
    ++Plan.Stats.RefinementIterations;
    DenseMap<ArrayRef<uint32_t>, uint32_t> Ids;
    std::vector<uint32_t> Next(Items.size());
    for (ItemId I = 0; I < Items.size(); ++I) {
      std::vector<uint32_t> &Signature = Signatures[I];
      Signature.assign(1, ClassOf[I]);
      for (uint32_t Ref : candidate(I).References)
        Signature.push_back(ClassOf[itemOf(Items[I].Module, Ref)]);
      Next[I] = Ids.try_emplace(Signature, Ids.size()).first->second;
    }
    uint32_t Count = Ids.size();
    ClassOf = std::move(Next);
    if (Count == NumClasses)
      return;
    NumClasses = Count;
  }
}

std::vector<std::vector<ItemId>> Planner::classesBeyondBackends() const {
  std::vector<std::vector<ItemId>> Members(NumClasses);
  for (ItemId I = 0; I < Items.size(); ++I)
    Members[ClassOf[I]].push_back(I);
  std::vector<std::vector<ItemId>> Out;
  for (std::vector<ItemId> &M : Members)
    if (beyondBackends(M))
      Out.push_back(std::move(M));
  // In order of their first member (classes were numbered that way, but
  // the filter above must not depend on it).
  llvm::sort(Out,
             [](const std::vector<ItemId> &L, const std::vector<ItemId> &R) {
               return L.front() < R.front();
             });
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
    CrossModuleAction Action;
    if (Local ? C.AddressFree && C.Removable : exportedMayDisappear(X, Members))
      Action = CrossModuleAction::Erased;
    else if (!C.ThunkObstacle.empty()) {
      Out.Refusals.push_back({Items[X], C.ThunkObstacle});
      continue;
    } else if (!C.Replaceable)
      Action = CrossModuleAction::CallersRedirected;
    else
      Action = CrossModuleAction::Thunk;
    if (C.Hot && Action != CrossModuleAction::Erased) {
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
    if (D.Linkage != CrossModuleLinkage::Local &&
        !Exported.insert(D.Name).second)
      continue;
    ++Bodies;
    Thunks += M.Action != CrossModuleAction::Erased;
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
      if (M.Action == CrossModuleAction::Erased)
        Erased.Members.push_back(M);
      else
        Out.Refusals.push_back({M.Ref, "thunk costs more than it saves"});
    }
    Out.Members = std::move(Erased.Members);
    Out.EstimatedBytesSaved = beyondBackends(Out) ? gainOf(Out) : 0;
  }
  Out.Folded = Out.EstimatedBytesSaved > 0;
  if (!Out.Folded) {
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

std::string Planner::sharedName(ArrayRef<ItemId> Members) {
  ItemId First = Members.front();
  std::vector<uint64_t> Content{SkeletonHash[First]};
  for (uint32_t Ref : candidate(First).References)
    Content.push_back(SkeletonHash[itemOf(Items[First].Module, Ref)]);
  std::string Base = SharedBodyPrefix.str() + utohexstr(hashEncoding(Content),
                                                        /*LowerCase=*/true, 16);
  std::string Name = Base;
  for (unsigned N = 1; !UsedNames.insert(Name).second; ++N)
    Name = Base + "." + std::to_string(N);
  return Name;
}

/// Every class that a folded class refers to by class, transitively, has
/// all its members weakened (see the file comment).
void Planner::weakenReachedClasses() {
  std::vector<std::vector<ItemId>> MembersOf(NumClasses);
  for (ItemId I = 0; I < Items.size(); ++I)
    MembersOf[ClassOf[I]].push_back(I);
  std::vector<char> Reached(NumClasses, 0);
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
    for (ItemId X : MembersOf[K])
      Reach(X);
  }
  for (uint32_t K = 0; K < NumClasses; ++K) {
    if (!Reached[K] || MembersOf[K].size() < 2)
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
    C.Meet = meetOf(MembersOf[K]);
    for (ItemId X : MembersOf[K])
      C.Weakened.push_back(Items[X]);
    C.BodyInstructions = candidate(MembersOf[K].front()).Instructions;
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
  partitionBySkeleton();
  refine();
  std::vector<std::vector<ItemId>> Classes = classesBeyondBackends();
  Plan.Stats.ClassesWithTwins = Classes.size();
  for (const std::vector<ItemId> &Members : Classes) {
    CrossModuleClass C;
    planClass(Members, C);
    if (!C.Folded)
      continue;
    C.Meet = meetOf(Members);
    C.SharedName = sharedName(Members);
    C.ArgumentFree = candidate(Members.front()).ArgumentFree;
    if (C.ArgumentFree)
      Plan.ArgumentFreeBodies.insert(C.SharedName);
    for (const CrossModuleMember &M : C.Members) {
      const CrossModuleCandidate &D =
          Modules[M.Ref.Module].Candidates[M.Ref.Candidate];
      if (D.Linkage == CrossModuleLinkage::Local)
        continue;
      if (M.Action == CrossModuleAction::Erased) {
        Plan.ReplacedNames.try_emplace(D.Name, C.SharedName);
        for (const std::string &Alias : D.Aliases)
          Plan.ReplacedNames.try_emplace(Alias, C.SharedName);
      } else if (M.Action == CrossModuleAction::CallersRedirected)
        Plan.RedirectedCalls.try_emplace(D.Name, C.SharedName);
    }
    Plan.Classes.push_back(std::move(C));
  }
  weakenReachedClasses();
  Plan.SimilarCallees = Opts.SimilarCallees;
  Plan.SimilarIntegers = Opts.SimilarIntegers;
  if (Opts.Similar)
    Plan.Similar = planCrossModuleSimilar(Modules, untouchedItems(),
                                          Opts.SimilarMinimumGain,
                                          Opts.SimilarConstantTables);
  return std::move(Plan);
}

} // namespace

CrossModulePlan planCrossModuleFolds(ArrayRef<ModuleCandidates> Modules,
                                     const CrossModuleLinkFacts &Facts,
                                     const CrossModulePlanOptions &Opts) {
  return Planner(Modules, Facts, Opts).run();
}

} // namespace lmf
