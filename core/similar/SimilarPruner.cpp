//===- SimilarPruner.cpp - Which members a similar class keeps ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A class of similar functions has equal encodings once the operands at
// parameter positions are wildcards; member K has value V[K][P] at position
// P. Both similar planners, in one module (SimilarPlanner.cpp) and across
// the modules of a ThinLTO link (CrossModuleSimilarPlanner.cpp), decide the
// same way which members share one body and which values become its
// parameters; this file is that decision. What differs between them, how
// values compare, where parameters fit and what a class saves, each planner
// says through a SimilarClassModel.
//
// Parameters. A position where every kept member has the same value stays a
// constant of the shared body. The other positions are grouped by their
// column of values: two positions whose values agree member by member (the
// same global loaded and stored, say) share one parameter. Where the model
// derives every member's value from one of its own (the same field of a
// different global), the parameter is that value and the body computes the
// position's: one parameter per structure, not per field. Values are
// compared by the model's ids, so the grouping is the same whatever the
// values are (IR constants, or their encodings across modules).
//
// Pruning. Parameters must fit in the target's argument registers next to
// the existing ones: a stack argument would turn every thunk from a jump
// into a frame. When they do not, or the class does not save the minimum
// gain, the member that deviates from the most common value at the most
// positions is dropped (the latest on ties; a position where no value
// repeats says nothing about who is the odd one out and is skipped), and
// the class is planned again, as long as that helps. Dropped members are
// refusals with a reason.
//
// Tables. When the parameters of all members do not fit, the class is
// planned twice: leaving out members until the rest fit, and keeping them
// with the values that do not fit in a constant table per member
// (ConstantTables.cpp). The plan that saves more bytes wins, the one
// without a table on ties (a register is faster than a load).
//
//===----------------------------------------------------------------------===//

#include "core/similar/SimilarPruner.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <map>

using namespace llvm;

namespace lmf {

bool PrunedClass::usesTable() const {
  return llvm::any_of(Parameters,
                      [](const PrunedParameter &P) { return P.InTable; });
}

std::vector<PrunedParameter> parametersOfClass(const SimilarClassModel &Model,
                                               ArrayRef<unsigned> Members) {
  std::vector<PrunedParameter> Params;
  std::map<std::vector<uint32_t>, unsigned> ByColumn;
  std::vector<uint32_t> Column(Members.size());
  for (unsigned P = 0, E = Model.numPositions(); P < E; ++P) {
    bool Varies = false;
    Column.resize(Members.size());
    for (size_t K = 0; K < Members.size(); ++K) {
      Column[K] = Model.valueId(Members[K], P);
      Varies |= Column[K] != Column.front();
    }
    if (!Varies)
      continue;
    bool Derived = Model.derivedColumn(Members, P, Column);
    auto [It, New] = ByColumn.try_emplace(Column, Params.size());
    if (New) {
      Params.emplace_back();
      Params.back().Column = Column;
    }
    PrunedParameter &Param = Params[It->second];
    (Derived ? Param.DerivedPositions : Param.Positions).push_back(P);
  }
  return Params;
}

size_t mostDeviatingMember(const SimilarClassModel &Model,
                           ArrayRef<unsigned> Members) {
  std::vector<unsigned> Deviations(Members.size(), 0);
  DenseMap<uint32_t, unsigned> Counts;
  for (unsigned P = 0, E = Model.numPositions(); P < E; ++P) {
    Counts.clear();
    uint32_t Mode = 0;
    unsigned Best = 0;
    for (unsigned Member : Members) {
      uint32_t V = Model.valueId(Member, P);
      unsigned N = ++Counts[V];
      if (N > Best) {
        Best = N;
        Mode = V;
      }
    }
    if (Best < 2)
      continue;
    for (size_t K = 0; K < Members.size(); ++K)
      Deviations[K] += Model.valueId(Members[K], P) != Mode;
  }
  size_t Worst = 0;
  for (size_t K = 1; K < Members.size(); ++K)
    if (Deviations[K] >= Deviations[Worst])
      Worst = K;
  return Worst;
}

namespace {

/// Places Params for Members (SimilarClassModel::place), setting InTable;
/// false when they cannot be placed, or need a table and WithTable is not
/// set.
bool place(const SimilarClassModel &Model, ArrayRef<unsigned> Members,
           MutableArrayRef<PrunedParameter> Params, bool WithTable) {
  SmallVector<bool, 8> InTable(Params.size(), false);
  if (!Model.place(Members, Params, InTable))
    return false;
  for (auto [P, Tabled] : zip(Params, InTable))
    P.InTable = Tabled;
  return WithTable || !llvm::is_contained(InTable, true);
}

/// Plans Alive into Out: drops members, the most deviating first, until
/// the parameters can be placed (WithTable: with a table if need be) and
/// the class pays, as long as dropping helps. Members dropped become
/// refusals; Out.Members stays empty when no class remains.
void prune(const SimilarClassModel &Model, SmallVectorImpl<unsigned> &Alive,
           int64_t MinimumGain, bool WithTable, PrunedClass &Out) {
  auto Drop = [&](size_t Slot, StringRef Reason) {
    Out.Refusals.push_back({Alive[Slot], Reason});
    Alive.erase(Alive.begin() + Slot);
  };
  while (Alive.size() >= 2 && Model.mayStandAlone(Alive)) {
    std::vector<PrunedParameter> Params = parametersOfClass(Model, Alive);
    if (!place(Model, Alive, Params, WithTable)) {
      Drop(mostDeviatingMember(Model, Alive),
           "needs more parameters than argument registers");
      continue;
    }
    int64_t Gain = Model.gain(Alive, Params);
    if (Gain >= MinimumGain) {
      Out.Members.assign(Alive.begin(), Alive.end());
      Out.Parameters = std::move(Params);
      Out.EstimatedBytesSaved = Gain;
      return;
    }
    // Does the class pay without its most deviating member?
    size_t Worst = mostDeviatingMember(Model, Alive);
    SmallVector<unsigned, 8> Fewer(Alive.begin(), Alive.end());
    Fewer.erase(Fewer.begin() + Worst);
    if (Fewer.size() < 2 || !Model.mayStandAlone(Fewer))
      break;
    std::vector<PrunedParameter> FewerParams = parametersOfClass(Model, Fewer);
    if (!place(Model, Fewer, FewerParams, WithTable) ||
        Model.gain(Fewer, FewerParams) <= Gain)
      break;
    Drop(Worst, "the class saves more bytes without it");
  }
  while (!Alive.empty())
    Drop(0, "merging saves too few bytes");
}

} // namespace

PrunedClass pruneSimilarClass(const SimilarClassModel &Model,
                              ArrayRef<unsigned> Members, int64_t MinimumGain,
                              bool MayUseTables) {
  bool MayNeedTable = false;
  if (MayUseTables && Members.size() >= 2) {
    std::vector<PrunedParameter> All = parametersOfClass(Model, Members);
    MayNeedTable = !place(Model, Members, All, /*WithTable=*/false);
  }
  PrunedClass WithoutTable;
  SmallVector<unsigned, 8> Alive(Members.begin(), Members.end());
  prune(Model, Alive, MinimumGain, /*WithTable=*/false, WithoutTable);
  if (!MayNeedTable)
    return WithoutTable;
  PrunedClass WithTable;
  Alive.assign(Members.begin(), Members.end());
  prune(Model, Alive, MinimumGain, /*WithTable=*/true, WithTable);
  return WithTable.EstimatedBytesSaved > WithoutTable.EstimatedBytesSaved
             ? WithTable
             : WithoutTable;
}

} // namespace lmf
