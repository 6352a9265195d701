//===- CrossModuleSimilarPlanner.cpp - Similar twins across modules -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Similar functions do the same work on different constants: two units'
// copies of a formatting helper that print different strings, two classes'
// QueryInterface that compare with different interface IDs. In one module
// the similar stage (SimilarMerge.cpp) gives them one body that takes the
// constants as parameters. This file plans the same across the modules of a
// ThinLTO link, from what each module listed (CrossModuleCandidates.h):
//
//  * classes: candidates with equal similar skeletons (every operand at a
//    parameter position written as a wildcard of its type, references by
//    identity), in modules built alike; only classes with members in two or
//    more modules, the others being their backend's business;
//  * which members share the body and which positions become parameters:
//    the pruner of the one-module planner (SimilarPruner.cpp), with values
//    compared in cross-module form (equal encodings, equal values), the
//    parameters placed in the argument registers of the first member's
//    module or else in a constant table per member (ConstantTables.cpp),
//    and members in two or more modules kept;
//  * the byte model of the one-module planner (SimilarPlanner.cpp): the
//    class saves every body but one, less one thunk per member that passes
//    its values (copies of one exported function in several modules are one
//    body and one thunk in the binary), less a byte per parameter and what
//    a table costs; it must save at least SimilarOptions::MinimumGain.
//
// Every member becomes a thunk: whether a member's calls could pass its
// values instead depends on uses that the lazily read modules do not show.
// The backend's own similar stage sees those uses: a member that is local
// to its module after internalization and only ever called directly loses
// its body there with no thunk. So such members of a module that holds
// several of them stay with their backend when their thunks would cost more
// than the one body that sharing across modules saves for that module:
// a unit with hundreds of such helpers would otherwise make them all thunks
// of a body shared with two other units (bench/notebook/2026-11-26.md,
// "gmock_all_test across modules"). Members whose address is taken
// (virtual functions in vtables) are thunks either way and stay in the
// class.
//
// The plan is made before the backends inline: a member only ever called,
// that calls nothing and whose body, copied into a caller, is no larger
// than a call passing one value (a field read) stays out, since its thunk
// would be inlined as that call.
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/CrossModuleSimilarPlanner.h"

#include "core/MergeNames.h"

#include "core/equality/StructuralHash.h"
#include "core/facts/ByteModel.h"
#include "core/similar/ConstantTables.h"
#include "core/similar/SimilarPruner.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace lmf {
namespace {

/// A class across modules as the pruner sees it (SimilarPruner.h): values
/// compare by their cross-module encodings, parameters fit the first
/// member's module's argument registers, and gains are the byte model of
/// the file comment.
class CrossModuleClassModel final : public SimilarClassModel {
public:
  CrossModuleClassModel(ArrayRef<ModuleCandidates> Modules,
                        ArrayRef<CrossModuleRef> Members);

  unsigned numPositions() const override { return member(0).Positions.size(); }
  uint32_t valueId(unsigned Member, unsigned Position) const override {
    return Ids[Member * numPositions() + Position];
  }
  bool place(ArrayRef<unsigned> Alive, ArrayRef<PrunedParameter> Params,
             MutableArrayRef<bool> InTable) const override;
  int64_t gain(ArrayRef<unsigned> Alive,
               ArrayRef<PrunedParameter> Params) const override;
  bool mayStandAlone(ArrayRef<unsigned> Alive) const override {
    return Members[Alive.front()].Module != Members[Alive.back()].Module;
  }

  const CrossModuleCandidate &member(unsigned K) const {
    return Modules[Members[K].Module].Candidates[Members[K].Candidate];
  }

private:
  ArrayRef<ModuleCandidates> Modules;
  ArrayRef<CrossModuleRef> Members;
  /// Every member's value ids, member after member.
  std::vector<uint32_t> Ids;
};

CrossModuleClassModel::CrossModuleClassModel(ArrayRef<ModuleCandidates> Modules,
                                             ArrayRef<CrossModuleRef> Members)
    : Modules(Modules), Members(Members) {
  DenseMap<ArrayRef<uint64_t>, uint32_t> IdOf;
  Ids.reserve(Members.size() * numPositions());
  for (unsigned K = 0; K < Members.size(); ++K)
    for (const CrossModuleCandidate::Position &P : member(K).Positions)
      Ids.push_back(IdOf.try_emplace(P.Value, IdOf.size()).first->second);
}

/// Places Params in the argument registers of the first member's module,
/// and in a table those that do not fit there (ConstantTables.h).
bool CrossModuleClassModel::place(ArrayRef<unsigned> Alive,
                                  ArrayRef<PrunedParameter> Params,
                                  MutableArrayRef<bool> InTable) const {
  const CrossModuleCandidate &First = member(Alive.front());
  SmallVector<ParameterDemand, 8> Demands;
  for (const PrunedParameter &P : Params)
    Demands.push_back(
        {First.Positions[P.Positions.front()].Registers, P.readCount(),
         llvm::all_of(Alive, [&](unsigned K) {
           return member(K).Positions[P.Positions.front()].MayBeInTable;
         })});
  const ModuleCandidates &M = Modules[Members[Alive.front()].Module];
  return placeParameters(First.OwnArguments, Demands,
                         M.Bytes.integerArgumentRegisters(),
                         M.Bytes.floatArgumentRegisters(),
                         InTable);
}

/// Every body but one saved; a thunk per member that passes its values (or
/// its table's address); what each parameter costs the body
/// (ByteModel::parameterBytes); a table's cost to the body and its data.
/// Copies of one exported function in several modules count once.
int64_t CrossModuleClassModel::gain(ArrayRef<unsigned> Alive,
                                    ArrayRef<PrunedParameter> Params) const {
  StringSet<> Exported;
  int64_t Bodies = 0, Thunks = 0;
  bool Table =
      llvm::any_of(Params, [](const PrunedParameter &P) { return P.InTable; });
  const CrossModuleCandidate &First = member(Alive.front());
  const ByteModel &Bytes = Modules[Members[Alive.front()].Module].Bytes;
  for (unsigned K : Alive) {
    const CrossModuleCandidate &C = member(K);
    if (!isBodyOfItsOwn(C, Exported))
      continue;
    ++Bodies;
    int64_t ArgBytes = Table ? Bytes.tableAddressBytes() : 0;
    for (const PrunedParameter &P : Params)
      if (!P.InTable)
        ArgBytes += C.Positions[P.Positions.front()].ArgumentBytes;
    Thunks += Bytes.thunkBytes(ArgBytes, C.Costs);
  }
  int64_t Gain = (Bodies - 1) * First.Costs.occupied(First.BodyBytes) - Thunks;
  int64_t TableBytes = 0, ReadBytes = 0;
  for (const PrunedParameter &P : Params) {
    if (!P.InTable) {
      Gain -= Bytes.parameterBytes();
      continue;
    }
    TableBytes += Bytes.tableFieldBytes(
        First.Positions[P.Positions.front()].Pointer);
    for (unsigned Position : P.Positions)
      ReadBytes += First.Positions[Position].TableReadBytes;
  }
  if (Table)
    Gain -= tableCostBytes(ReadBytes, TableBytes, Bodies, Bytes);
  return Gain;
}

/// True when the backend of a module may merge this member with no thunk:
/// it will be local there and only ever called directly.
bool vanishesInBackend(const CrossModuleCandidate &C) {
  return C.OnlyCalled && (C.Linkage == CrossModuleLinkage::Local ||
                          C.Linkage == CrossModuleLinkage::LinkOnceODR);
}

/// True when the backend of a module will inline this member into its
/// caller, as it would if nothing merged: a local function (`static` in C),
/// only called, not `noinline`, called from one function of its module (by
/// its summary), where LLVM's inliner takes the last call to a local
/// function whatever its size. Its body then saves nothing, while a thunk
/// of a shared body (which is `noinline`) keeps the caller from inlining
/// it and may change what the backend makes of the caller: CTMark's
/// pairlocalalign at -Oz, ThinLTO, grew by 2,356 bytes that way. Inline
/// functions of C++ (linkonce_odr) are other units' copies too, and one of
/// them prevails: kept out the same way, CTMark's 7zip and bullet lost
/// 3,020 and 1,524 bytes of what merging them saves.
bool inlinedInBackend(const CrossModuleCandidate &C) {
  return C.Linkage == CrossModuleLinkage::Local && C.OnlyCalled &&
         C.Inlinable && C.CallingFunctions == 1;
}

/// True when a caller that inlines this member gains nothing from the
/// shared body: what the body adds there is no more than the call that
/// would take its place, which passes at least one value (its cheapest
/// position's). The backends inline after this plan is made, copying
/// small functions of other modules into their callers; a member made a
/// thunk gives them a call to the shared body instead (a thunk of a
/// shared body is itself a small function to inline). CTMark's clamscan,
/// AArch64 -Oz ThinLTO: six field readers (yEncBegin...), one load each
/// where inlined, grew their four callers in another module by 88 bytes.
/// Only a body that calls nothing is a sure inline: LLVM's inliner prices
/// each call of the body high, and at -Oz keeps even a body of two calls
/// out of line (7zip's 42 CObjectVector assignments, whose class saves
/// 648 bytes there). And only a member nothing takes the address of: a
/// virtual function is called through its vtable, where no caller inlines
/// it, and the byte model decides for it as for any other (7zip's COM
/// getters, GetNumberOfItems and its kind, save 4 bytes at x86-64 -Oz
/// ThinLTO and 32 at AArch64 -O3 in their classes; bullet's virtual
/// getters lose 16 to 40, the byte model pricing a one-load body as three
/// instructions).
bool noLargerThanItsCall(const CrossModuleCandidate &C,
                         const ByteModel &Bytes) {
  if (!C.OnlyCalled || !C.Inlinable || C.MakesCalls || C.Positions.empty())
    return false;
  int64_t Cheapest = C.Positions.front().ArgumentBytes;
  for (const CrossModuleCandidate::Position &P : C.Positions)
    Cheapest = std::min(Cheapest, P.ArgumentBytes);
  return C.InlinedBytes <= Bytes.jumpBytes() + Cheapest;
}

/// True when a module whose backend may merge MembersInModule members of
/// the class with no thunk does better alone: their thunks here would cost
/// more than the one body that sharing saves.
bool bestLeftToBackend(unsigned MembersInModule, const CrossModuleCandidate &First,
                       const ByteModel &Bytes) {
  return MembersInModule >= 2 &&
         MembersInModule * Bytes.thunkBytes(0, First.Costs) >
             First.Costs.occupied(First.BodyBytes);
}

/// Plans the class of Members (a group of equal similar skeletons):
/// members best left to their backend first, then the pruner; none when
/// no class spanning modules remains.
std::optional<CrossModuleSimilarClass>
planClass(ArrayRef<ModuleCandidates> Modules, ArrayRef<CrossModuleRef> Members,
          const SimilarOptions &Opts) {
  CrossModuleClassModel Model(Modules, Members);
  CrossModuleSimilarClass Out;
  SmallVector<unsigned, 8> Alive;
  DenseMap<uint32_t, unsigned> VanishingPerModule;
  for (unsigned K = 0; K < Members.size(); ++K)
    if (vanishesInBackend(Model.member(K)))
      ++VanishingPerModule[Members[K].Module];
  for (unsigned K = 0; K < Members.size(); ++K) {
    if (inlinedInBackend(Model.member(K)))
      Out.Refusals.push_back({Members[K], "its backend may inline it"});
    else if (noLargerThanItsCall(Model.member(K),
                                 Modules[Members[K].Module].Bytes))
      Out.Refusals.push_back(
          {Members[K], "a caller inlining it saves more than a call"});
    else if (vanishesInBackend(Model.member(K)) &&
             bestLeftToBackend(VanishingPerModule[Members[K].Module],
                               Model.member(0),
                               Modules[Members[0].Module].Bytes))
      Out.Refusals.push_back(
          {Members[K], "its module's own similar merge saves more"});
    else
      Alive.push_back(K);
  }
  if (Alive.size() < 2 || !Model.mayStandAlone(Alive))
    return std::nullopt;
  PrunedClass Pruned =
      pruneSimilarClass(Model, Alive, Opts.MinimumGain, Opts.ConstantTables);
  if (Pruned.Members.empty())
    return std::nullopt;
  for (unsigned K : Pruned.Members)
    Out.Members.push_back(Members[K]);
  for (const PrunedParameter &P : Pruned.Parameters) {
    Out.Parameters.emplace_back(P.Positions.begin(), P.Positions.end());
    Out.InTable.push_back(P.InTable);
  }
  for (auto [K, Reason] : Pruned.Refusals)
    Out.Refusals.push_back({Members[K], Reason.str()});
  Out.EstimatedBytesSaved = Pruned.EstimatedBytesSaved;
  Out.BodyInstructions = Model.member(Pruned.Members.front()).Instructions;
  llvm::sort(Out.Refusals,
             [](const CrossModuleRefusal &L, const CrossModuleRefusal &R) {
               return L.Ref < R.Ref;
             });
  return Out;
}

/// Free's candidates grouped by module compatibility and equal similar
/// skeleton, in order of each group's first member; groups within one
/// module are left out.
std::vector<std::vector<CrossModuleRef>>
similarGroups(ArrayRef<ModuleCandidates> Modules,
              ArrayRef<CrossModuleRef> Free) {
  auto Of = [&](const CrossModuleRef &R) -> const CrossModuleCandidate & {
    return Modules[R.Module].Candidates[R.Candidate];
  };
  std::vector<CrossModuleRef> Order;
  std::vector<uint64_t> Hash;
  for (const CrossModuleRef &R : Free)
    if (Of(R).SimilarEligible && Of(R).ThunkObstacle.empty())
      Order.push_back(R);
  llvm::sort(Order, [&](const CrossModuleRef &L, const CrossModuleRef &R) {
    StringRef KL = Modules[L.Module].CompatibilityKey;
    StringRef KR = Modules[R.Module].CompatibilityKey;
    if (KL != KR)
      return KL < KR;
    const Encoding &SL = Of(L).SimilarSkeleton, &SR = Of(R).SimilarSkeleton;
    if (SL.size() != SR.size())
      return SL.size() < SR.size();
    if (SL != SR)
      return SL < SR;
    return L < R;
  });
  std::vector<std::vector<CrossModuleRef>> Groups;
  for (size_t Begin = 0; Begin < Order.size();) {
    size_t End = Begin + 1;
    while (End < Order.size() &&
           Modules[Order[End].Module].CompatibilityKey ==
               Modules[Order[Begin].Module].CompatibilityKey &&
           Of(Order[End]).SimilarSkeleton == Of(Order[Begin]).SimilarSkeleton)
      ++End;
    if (Order[Begin].Module != Order[End - 1].Module)
      Groups.emplace_back(Order.begin() + Begin, Order.begin() + End);
    Begin = End;
  }
  llvm::sort(Groups, [](const std::vector<CrossModuleRef> &L,
                        const std::vector<CrossModuleRef> &R) {
    return L.front() < R.front();
  });
  return Groups;
}

} // namespace

std::vector<CrossModuleSimilarClass>
planCrossModuleSimilar(ArrayRef<ModuleCandidates> Modules,
                       ArrayRef<CrossModuleRef> Free,
                       const SimilarOptions &Opts) {
  std::vector<CrossModuleSimilarClass> Classes;
  StringSet<> Names;
  for (const std::vector<CrossModuleRef> &Group :
       similarGroups(Modules, Free)) {
    std::optional<CrossModuleSimilarClass> C = planClass(Modules, Group, Opts);
    if (!C)
      continue;
    SmallVector<const AnnotationFacts *, 8> Facts;
    for (const CrossModuleRef &R : C->Members)
      Facts.push_back(&Modules[R.Module].Candidates[R.Candidate].Facts);
    C->Meet = meetOfFacts(Facts);
    const CrossModuleCandidate &First =
        Modules[C->Members.front().Module]
            .Candidates[C->Members.front().Candidate];
    C->SkeletonHash = hashEncoding(First.SimilarSkeleton);
    // The first member's module's copy is the one the link keeps.
    C->KeptBody = sharedBodyName(SharedBodyKind::Similar, First.Name, Names);
    Classes.push_back(std::move(*C));
  }
  return Classes;
}

} // namespace lmf
