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
//  * parameters: the positions whose values (in cross-module form) differ
//    among the members; positions with the same column of values share a
//    parameter;
//  * the byte model of the one-module planner (SimilarPlanner.cpp): the
//    class saves every body but one, less one thunk per member that passes
//    its values (copies of one exported function in several modules are one
//    body and one thunk in the binary), less a byte per parameter; it must
//    save at least the minimum gain, and the parameters must fit the
//    argument registers, or else travel in a constant table per member
//    (ConstantTables.cpp), whichever plan saves more, as in one module.
//    When it does not pay, the member that deviates from the most common
//    values most often leaves, as long as that helps.
//
// Every member becomes a thunk: whether a member's calls could pass its
// values instead depends on uses that the lazily read modules do not show.
// The backend's own similar stage sees those uses: a member that is local
// to its module after internalization and only ever called directly loses
// its body there with no thunk. So such members of a module that holds
// several of them stay with their backend when their thunks would cost more
// than the one body that sharing across modules saves for that module
// (gmock_all_test: one unit's 239 similar matcher helpers would otherwise
// all become thunks of a body shared with two gtest units). Members whose
// address is taken (virtual functions in vtables) are thunks either way and
// stay in the class.
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/CrossModuleSimilarPlanner.h"

#include "core/facts/ByteModel.h"
#include "core/similar/ConstantTables.h"
#include "core/equality/StructuralHash.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <optional>

using namespace llvm;

namespace lmf {
namespace {

using Parameters = std::vector<std::vector<unsigned>>;

/// A plan of the class's parameters: the positions each one stands for,
/// and whether it travels in the table.
struct Placement {
  Parameters Params;
  std::vector<bool> InTable;
  bool usesTable() const { return llvm::is_contained(InTable, true); }
};

/// Orders columns of values by their contents.
struct ColumnLess {
  bool operator()(const std::vector<const Encoding *> &L,
                  const std::vector<const Encoding *> &R) const {
    return std::lexicographical_compare(
        L.begin(), L.end(), R.begin(), R.end(),
        [](const Encoding *A, const Encoding *B) { return *A < *B; });
  }
};

class SimilarClassPlanner {
public:
  SimilarClassPlanner(ArrayRef<ModuleCandidates> Modules,
                      ArrayRef<CrossModuleRef> Members, int64_t MinimumGain,
                      bool MayUseTables)
      : Modules(Modules), Members(Members), MinimumGain(MinimumGain),
        MayUseTables(MayUseTables) {}

  std::optional<CrossModuleSimilarClass> run();

private:
  const CrossModuleCandidate &member(unsigned K) const {
    return Modules[Members[K].Module].Candidates[Members[K].Candidate];
  }
  const Encoding &valueAt(unsigned K, unsigned P) const {
    return member(K).Positions[P].Value;
  }
  unsigned numPositions() const { return member(0).Positions.size(); }
  Parameters parametersOf(ArrayRef<unsigned> Alive) const;
  bool place(ArrayRef<unsigned> Alive, bool WithTable, Placement &Out) const;
  int64_t estimateGain(ArrayRef<unsigned> Alive, const Placement &P) const;
  bool prune(SmallVectorImpl<unsigned> &Alive, bool WithTable,
             CrossModuleSimilarClass &Out) const;
  size_t mostDeviating(ArrayRef<unsigned> Alive) const;
  bool vanishesInBackend(unsigned K) const;
  bool inlinedInBackend(unsigned K) const;
  bool bestLeftToBackend(unsigned MembersInModule) const;
  bool spansModules(ArrayRef<unsigned> Alive) const {
    return Members[Alive.front()].Module != Members[Alive.back()].Module;
  }

  ArrayRef<ModuleCandidates> Modules;
  ArrayRef<CrossModuleRef> Members;
  int64_t MinimumGain;
  bool MayUseTables;
};

Parameters SimilarClassPlanner::parametersOf(ArrayRef<unsigned> Alive) const {
  Parameters Params;
  std::map<std::vector<const Encoding *>, unsigned, ColumnLess> ByColumn;
  std::vector<const Encoding *> Column(Alive.size());
  for (unsigned P = 0; P < numPositions(); ++P) {
    bool Varies = false;
    for (auto [K, Member] : enumerate(Alive)) {
      Column[K] = &valueAt(Member, P);
      Varies |= *Column[K] != *Column.front();
    }
    if (!Varies)
      continue;
    auto [It, New] = ByColumn.try_emplace(Column, Params.size());
    if (New)
      Params.emplace_back();
    Params[It->second].push_back(P);
  }
  return Params;
}

/// Fills Out with the parameters of the Alive members, placed in argument
/// registers, and (WithTable) in a table those that do not fit there
/// (ConstantTables.h); false when they cannot be placed.
bool SimilarClassPlanner::place(ArrayRef<unsigned> Alive, bool WithTable,
                                Placement &Out) const {
  Out.Params = parametersOf(Alive);
  const CrossModuleCandidate &First = member(Alive.front());
  SmallVector<ParameterDemand, 8> Demands;
  for (const std::vector<unsigned> &P : Out.Params)
    Demands.push_back({First.Positions[P.front()].Registers,
                       static_cast<unsigned>(P.size()),
                       llvm::all_of(Alive, [&](unsigned K) {
                         return member(K).Positions[P.front()].MayBeInTable;
                       })});
  const ModuleCandidates &M = Modules[Members[Alive.front()].Module];
  SmallVector<bool, 8> InTable(Out.Params.size(), false);
  if (!placeParameters(First.OwnArguments, Demands,
                       M.Bytes.integerArgumentRegisters(),
                       M.Bytes.floatArgumentRegisters(), InTable))
    return false;
  Out.InTable.assign(InTable.begin(), InTable.end());
  return WithTable || !Out.usesTable();
}

/// Every body but one saved; a thunk per member that passes its values (or
/// its table's address); what each parameter costs the body
/// (ByteModel::parameterBytes); a table's cost to the body and its data. Copies of one exported function
/// in several modules count once.
int64_t SimilarClassPlanner::estimateGain(ArrayRef<unsigned> Alive,
                                          const Placement &P) const {
  StringSet<> Exported;
  int64_t Bodies = 0, Thunks = 0;
  unsigned Fields = llvm::count(P.InTable, true);
  const CrossModuleCandidate &First = member(Alive.front());
  const ByteModel &Bytes = Modules[Members[Alive.front()].Module].Bytes;
  for (unsigned K : Alive) {
    const CrossModuleCandidate &C = member(K);
    if (C.Linkage != CrossModuleLinkage::Local &&
        !Exported.insert(C.Name).second)
      continue;
    ++Bodies;
    int64_t ArgBytes = Fields != 0 ? Bytes.tableAddressBytes() : 0;
    for (auto [Param, Tabled] : zip(P.Params, P.InTable))
      if (!Tabled)
        ArgBytes += C.Positions[Param.front()].ArgumentBytes;
    Thunks += Bytes.thunkBytes(ArgBytes, C.Costs);
  }
  int64_t Gain = (Bodies - 1) * First.Costs.occupied(First.BodyBytes) - Thunks;
  int64_t TableBytes = 0, ReadBytes = 0;
  for (auto [Param, Tabled] : zip(P.Params, P.InTable)) {
    if (!Tabled) {
      Gain -= Bytes.parameterBytes();
      continue;
    }
    TableBytes += Bytes.tableFieldBytes(First.Positions[Param.front()].Pointer);
    for (unsigned Position : Param)
      ReadBytes += First.Positions[Position].TableReadBytes;
  }
  if (Fields != 0)
    Gain -= tableCostBytes(ReadBytes, TableBytes, Bodies, Bytes);
  return Gain;
}

/// The alive member whose values differ from each position's most common
/// value most often; the latest on ties. Positions where no value repeats
/// are skipped.
size_t SimilarClassPlanner::mostDeviating(ArrayRef<unsigned> Alive) const {
  std::vector<unsigned> Deviations(Alive.size(), 0);
  for (unsigned P = 0; P < numPositions(); ++P) {
    std::map<Encoding, unsigned> Counts;
    const Encoding *Mode = nullptr;
    unsigned Best = 0;
    for (unsigned K : Alive) {
      unsigned N = ++Counts[valueAt(K, P)];
      if (N > Best) {
        Best = N;
        Mode = &valueAt(K, P);
      }
    }
    if (Best < 2)
      continue;
    for (auto [Slot, K] : enumerate(Alive))
      Deviations[Slot] += valueAt(K, P) != *Mode;
  }
  size_t Worst = 0;
  for (size_t Slot = 1; Slot < Alive.size(); ++Slot)
    if (Deviations[Slot] >= Deviations[Worst])
      Worst = Slot;
  return Worst;
}

/// True when the backend of a module may merge this member with no thunk:
/// it will be local there and only ever called directly.
bool SimilarClassPlanner::vanishesInBackend(unsigned K) const {
  const CrossModuleCandidate &C = member(K);
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
bool SimilarClassPlanner::inlinedInBackend(unsigned K) const {
  const CrossModuleCandidate &C = member(K);
  return C.Linkage == CrossModuleLinkage::Local && C.OnlyCalled &&
         C.Inlinable && C.CallingFunctions == 1;
}

/// True when a module whose backend may merge MembersInModule members of
/// the class with no thunk does better alone: their thunks here would cost
/// more than the one body that sharing saves.
bool SimilarClassPlanner::bestLeftToBackend(unsigned MembersInModule) const {
  const CrossModuleCandidate &First = member(0);
  const ByteModel &Bytes = Modules[Members[0].Module].Bytes;
  return MembersInModule >= 2 &&
         MembersInModule * Bytes.thunkBytes(0, First.Costs) >
             First.Costs.occupied(First.BodyBytes);
}

std::optional<CrossModuleSimilarClass> SimilarClassPlanner::run() {
  CrossModuleSimilarClass Out;
  SmallVector<unsigned, 8> Alive;
  DenseMap<uint32_t, unsigned> VanishingPerModule;
  for (unsigned K = 0; K < Members.size(); ++K)
    if (vanishesInBackend(K))
      ++VanishingPerModule[Members[K].Module];
  for (unsigned K = 0; K < Members.size(); ++K) {
    if (inlinedInBackend(K))
      Out.Refusals.push_back({Members[K], "its backend may inline it"});
    else if (vanishesInBackend(K) &&
        bestLeftToBackend(VanishingPerModule[Members[K].Module]))
      Out.Refusals.push_back(
          {Members[K], "its module's own similar merge saves more"});
    else
      Alive.push_back(K);
  }
  if (Alive.size() < 2 || !spansModules(Alive))
    return std::nullopt;
  Placement All;
  bool MayNeedTable = MayUseTables && !place(Alive, /*WithTable=*/false, All);
  CrossModuleSimilarClass WithTable = Out;
  SmallVector<unsigned, 8> AliveWithTable(Alive);
  bool Planned = prune(Alive, /*WithTable=*/false, Out);
  if (MayNeedTable && prune(AliveWithTable, /*WithTable=*/true, WithTable) &&
      (!Planned || WithTable.EstimatedBytesSaved > Out.EstimatedBytesSaved)) {
    Out = std::move(WithTable);
    Planned = true;
  }
  if (!Planned)
    return std::nullopt;
  llvm::sort(Out.Refusals,
             [](const CrossModuleRefusal &L, const CrossModuleRefusal &R) {
               return L.Ref < R.Ref;
             });
  return Out;
}

/// Plans the class of the Alive members into Out: drops members, the most
/// deviating first, until the parameters can be placed (WithTable: with a
/// table if need be) and the class pays, as long as dropping helps and the
/// class still spans modules. False when no class remains.
bool SimilarClassPlanner::prune(SmallVectorImpl<unsigned> &Alive,
                                bool WithTable,
                                CrossModuleSimilarClass &Out) const {
  auto Drop = [&](size_t Slot, StringRef Reason) {
    Out.Refusals.push_back({Members[Alive[Slot]], Reason.str()});
    Alive.erase(Alive.begin() + Slot);
  };
  while (Alive.size() >= 2 && spansModules(Alive)) {
    Placement P;
    if (!place(Alive, WithTable, P)) {
      Drop(mostDeviating(Alive),
           "needs more parameters than argument registers");
      continue;
    }
    int64_t Gain = estimateGain(Alive, P);
    if (Gain >= MinimumGain) {
      for (unsigned K : Alive)
        Out.Members.push_back(Members[K]);
      Out.Parameters = std::move(P.Params);
      Out.InTable = std::move(P.InTable);
      Out.EstimatedBytesSaved = Gain;
      Out.BodyInstructions = member(Alive.front()).Instructions;
      return true;
    }
    size_t Worst = mostDeviating(Alive);
    SmallVector<unsigned, 8> Fewer(Alive.begin(), Alive.end());
    Fewer.erase(Fewer.begin() + Worst);
    Placement FewerP;
    if (Fewer.size() < 2 || !spansModules(Fewer) ||
        !place(Fewer, WithTable, FewerP) || estimateGain(Fewer, FewerP) <= Gain)
      break;
    Drop(Worst, "the class saves more bytes without it");
  }
  return false;
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
                       ArrayRef<CrossModuleRef> Free, int64_t MinimumGain,
                       bool MayUseTables) {
  std::vector<CrossModuleSimilarClass> Classes;
  StringSet<> Names;
  for (const std::vector<CrossModuleRef> &Group :
       similarGroups(Modules, Free)) {
    std::optional<CrossModuleSimilarClass> C =
        SimilarClassPlanner(Modules, Group, MinimumGain, MayUseTables).run();
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
    std::vector<uint64_t> Content{C->SkeletonHash};
    for (auto [P, Tabled] : zip(C->Parameters, C->InTable)) {
      Content.push_back(P.size() * 2 + Tabled);
      Content.insert(Content.end(), P.begin(), P.end());
    }
    std::string Base =
        "__lmf.xs." + utohexstr(hashEncoding(Content), /*LowerCase=*/true, 16);
    C->SharedName = Base;
    for (unsigned N = 1; !Names.insert(C->SharedName).second; ++N)
      C->SharedName = Base + "." + std::to_string(N);
    Classes.push_back(std::move(*C));
  }
  return Classes;
}

} // namespace lmf
