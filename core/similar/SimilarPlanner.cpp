//===- SimilarPlanner.cpp - Plan one class of similar functions -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A class of similar functions has equal encodings once the operands at
// parameter positions are wildcards; member K has value V[K][P] at position
// P. The plan decides, before the IR changes, which members share one body,
// which values become parameters, and how each member reaches the body.
//
// Parameters. A position where every kept member has the same value stays a
// constant of the shared body. The other positions are grouped by their
// column of values: two positions whose values agree member by member (the
// same global loaded and stored, say) share one parameter. Where every
// member has the same field of its own global (the same constant
// `getelementptr` of different globals), the parameter is the global and
// the body computes the field's address: one parameter per structure, not
// per field. Parameters must
// fit in the target's argument registers next to the existing ones: a
// stack argument would turn every thunk from a jump into a frame. When they
// do not, the class is planned twice: leaving out members until the rest
// fit, and keeping them with the values that do not fit in a constant table
// per member (ConstantTables.cpp); the plan that saves more bytes wins, the
// one without a table on ties (a register is faster than a load).
//
// Members. Each member either keeps its symbol as a thunk that tail-calls
// the shared body with its values (it keeps its own address, e.g. for a
// vtable slot), or, when nothing needs its symbol or address (mayDisappear)
// and every use is a direct call, disappears behind its calls, which then
// pass its values themselves: that wins when it has few callers.
//
// Bytes. The model counts what code generation emits for the module's
// target (ModuleFacts::Bytes, ByteModel.cpp): bytes per IR instruction that
// emits code; a body of B bytes occupies B rounded up to the function's
// alignment (none for a function built for size on x86-64); a thunk is a
// jump plus one materialized value per parameter (ByteModel::argumentBytes),
// rounded the same way; a rewritten call grows by those values. The class
// saves the bodies of all members but one, minus the thunks and the grown
// calls. A class that does not save at least MergeOptions::SimilarMinimumGain
// bytes (16) is not merged: identical merging alone must never be beaten by
// a larger program.
//
// Hot members (under the default hot-function policy, see ProfileFacts.cpp)
// are refused before anything else: every way of reaching a shared body adds
// instructions to their calls. The class is then planned without them, and
// planned once more with them to count the bytes the policy kept.
//
// Pruning. When the parameters do not fit, or the class does not pay, the
// member that deviates from the most common value at the most positions is
// dropped (the latest in module order on ties), and the class is planned
// again, as long as that helps. Dropped members are refusals with a reason.
//
//===----------------------------------------------------------------------===//

#include "core/similar/SimilarPlanner.h"

#include "core/facts/ByteModel.h"
#include "core/similar/ConstantTables.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace lmf {
namespace {

/// The direct calls to G that could pass extra arguments, or -1 when some
/// other use needs G itself. Uses inside G do not count: its body goes.
int countRewritableCalls(const Function &G) {
  int Calls = 0;
  for (const Use &U : G.uses()) {
    const auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) || !canTakeExtraArguments(*CB, G))
      return -1;
    if (CB->getFunction() != &G)
      ++Calls;
  }
  return Calls;
}

class ClassPlanner {
public:
  ClassPlanner(ArrayRef<Function *> Members,
               ArrayRef<std::vector<const Use *>> Positions,
               const ModuleFacts &Facts, const MergeOptions &Opts,
               bool KeepHotApart)
      : Members(Members), Positions(Positions), Facts(Facts), Mode(Opts.Mode),
        MinimumGain(Opts.SimilarMinimumGain), KeepHotApart(KeepHotApart),
        MayUseTables(Opts.SimilarConstantTables),
        RewritableCalls(Members.size(), NotCounted) {}

  SimilarPlan run();

private:
  Constant *valueAt(unsigned Member, unsigned Position) const {
    return cast<Constant>(Positions[Member][Position]->get());
  }
  bool baseColumn(ArrayRef<unsigned> Alive, unsigned P,
                  std::vector<Constant *> &Column) const;
  std::vector<SimilarParameter> parametersOf(ArrayRef<unsigned> Alive) const;
  bool placeParameters(MutableArrayRef<SimilarParameter> Params,
                       bool WithTable) const;
  void prune(SmallVectorImpl<unsigned> &Alive, bool WithTable,
             SimilarPlan &Plan) const;
  int64_t memberCost(unsigned Member, unsigned Slot,
                     ArrayRef<SimilarParameter> Params,
                     SimilarMemberPlan &Out) const;
  int64_t
  estimateGain(ArrayRef<unsigned> Alive, ArrayRef<SimilarParameter> Params,
               SmallVectorImpl<SimilarMemberPlan> *Plans = nullptr) const;
  unsigned mostDeviating(ArrayRef<unsigned> Alive) const;

  ArrayRef<Function *> Members;
  ArrayRef<std::vector<const Use *>> Positions;
  const ModuleFacts &Facts;
  MergeMode Mode;
  int64_t MinimumGain;
  /// Hot members (ModuleFacts::Hot) are refused before planning starts.
  bool KeepHotApart;
  bool MayUseTables;
  /// Bytes the first member's body occupies, alignment padding included.
  int64_t BodyBytes = 0;
  /// countRewritableCalls of each member, counted once when first needed
  /// (pruning plans a class many times).
  static constexpr int NotCounted = -2;
  mutable std::vector<int> RewritableCalls;
};

/// When every alive member's value at P is a constant `getelementptr` with
/// the same type, indices and flags as the first one's, fills Column with
/// their base pointers.
bool ClassPlanner::baseColumn(ArrayRef<unsigned> Alive, unsigned P,
                              std::vector<Constant *> &Column) const {
  const auto *First = dyn_cast<GEPOperator>(valueAt(Alive.front(), P));
  if (!First || !First->hasAllConstantIndices())
    return false;
  std::vector<Constant *> Bases(Alive.size());
  for (size_t K = 0; K < Alive.size(); ++K) {
    auto *G = dyn_cast<GEPOperator>(valueAt(Alive[K], P));
    if (!G || G->getSourceElementType() != First->getSourceElementType() ||
        G->getType() != First->getType() ||
        G->getNumOperands() != First->getNumOperands() ||
        G->getNoWrapFlags() != First->getNoWrapFlags() ||
        G->getPointerOperandType() != First->getPointerOperandType())
      return false;
    for (unsigned I = 1, E = G->getNumOperands(); I != E; ++I)
      if (G->getOperand(I) != First->getOperand(I))
        return false;
    Bases[K] = cast<Constant>(G->getPointerOperand());
  }
  Column = std::move(Bases);
  return true;
}

/// Groups the positions whose values differ among the alive members by
/// their column of values (or of base globals, see baseColumn), in position
/// order.
std::vector<SimilarParameter>
ClassPlanner::parametersOf(ArrayRef<unsigned> Alive) const {
  std::vector<SimilarParameter> Params;
  std::map<std::vector<Constant *>, unsigned> ByColumn;
  unsigned NumPositions = Positions[Alive.front()].size();
  std::vector<Constant *> Column(Alive.size());
  for (unsigned P = 0; P < NumPositions; ++P) {
    bool Varies = false;
    for (size_t K = 0; K < Alive.size(); ++K) {
      Column[K] = valueAt(Alive[K], P);
      Varies |= Column[K] != Column.front();
    }
    if (!Varies)
      continue;
    bool Derived = baseColumn(Alive, P, Column);
    auto [It, New] = ByColumn.try_emplace(Column, Params.size());
    if (New) {
      Params.emplace_back();
      Params.back().Ty = Column.front()->getType();
      Params.back().Values = Column;
    }
    SimilarParameter &Param = Params[It->second];
    (Derived ? Param.DerivedPositions : Param.Positions).push_back(P);
  }
  return Params;
}

/// Places Params in argument registers next to the members' own arguments,
/// and, WithTable, in a table those that do not fit there
/// (SimilarParameter::InTable); false when they cannot be placed.
bool ClassPlanner::placeParameters(MutableArrayRef<SimilarParameter> Params,
                                   bool WithTable) const {
  if (Params.empty())
    return true;
  ArgumentRegisters Own;
  for (const Argument &A : Members.front()->args())
    Own.add(*A.getType());
  SmallVector<ParameterDemand, 8> Demands;
  for (const SimilarParameter &P : Params) {
    Demands.emplace_back();
    Demands.back().Registers.add(*P.Ty);
    Demands.back().Positions = P.Positions.size() + P.DerivedPositions.size();
    Demands.back().MayBeInTable = llvm::all_of(
        P.Values, [](const Constant *V) { return mayLiveInTable(*V); });
  }
  SmallVector<bool, 8> InTable(Params.size(), false);
  if (!lmf::placeParameters(Own, Demands,
                            Facts.Bytes.integerArgumentRegisters(),
                            Facts.Bytes.floatArgumentRegisters(), InTable))
    return false;
  for (auto [P, Tabled] : zip(Params, InTable))
    P.InTable = Tabled;
  return WithTable || !llvm::is_contained(InTable, true);
}

/// What member Member (at Slot among the alive ones) costs once its body
/// is gone: a thunk, or the growth of its calls. Fills Out with the choice.
int64_t ClassPlanner::memberCost(unsigned Member, unsigned Slot,
                                 ArrayRef<SimilarParameter> Params,
                                 SimilarMemberPlan &Out) const {
  Function &G = *Members[Member];
  int64_t ArgBytes = 0;
  bool Table = false;
  for (const SimilarParameter &P : Params) {
    Table |= P.InTable;
    if (!P.InTable)
      ArgBytes += Facts.Bytes.argumentBytes(*P.Values[Slot]);
  }
  if (Table)
    ArgBytes += Facts.Bytes.tableAddressBytes();
  int64_t ThunkBytes = Facts.Bytes.thunkBytes(ArgBytes, Facts.Bytes.costsOf(G));
  Out = {&G, SimilarAction::Thunk, 0};
  // A local function only ever called directly has an address nobody sees.
  bool CanDisappear = G.hasLocalLinkage() ? !Facts.Used.count(&G)
                                          : mayDisappear(G, Facts, Mode);
  if (!CanDisappear)
    return ThunkBytes;
  int &Calls = RewritableCalls[Member];
  if (Calls == NotCounted)
    Calls = countRewritableCalls(G);
  if (Calls < 0 || Calls * ArgBytes >= ThunkBytes)
    return ThunkBytes;
  Out.Action = SimilarAction::CallsRewritten;
  Out.Calls = Calls;
  return Calls * ArgBytes;
}

/// The bytes the alive members save by sharing one body with Params; fills
/// Plans, when given, with how each member reaches the body.
int64_t
ClassPlanner::estimateGain(ArrayRef<unsigned> Alive,
                           ArrayRef<SimilarParameter> Params,
                           SmallVectorImpl<SimilarMemberPlan> *Plans) const {
  if (Plans)
    Plans->clear();
  int64_t Gain = static_cast<int64_t>(Alive.size() - 1) * BodyBytes;
  for (size_t Slot = 0; Slot < Alive.size(); ++Slot) {
    SimilarMemberPlan Member;
    Gain -= memberCost(Alive[Slot], Slot, Params, Member);
    if (Plans)
      Plans->push_back(Member);
  }
  // Each parameter and each address the body computes from one cost the
  // body a little (ByteModel::parameterBytes, derivedAddressBytes); a table
  // costs the body and each member (ConstantTables.h).
  int64_t TableBytes = 0, ReadBytes = 0;
  ArrayRef<const Use *> Source = Positions[Alive.front()];
  for (const SimilarParameter &P : Params) {
    Gain -= Facts.Bytes.derivedAddressBytes() *
            static_cast<int64_t>(P.DerivedPositions.size());
    if (!P.InTable) {
      Gain -= Facts.Bytes.parameterBytes();
      continue;
    }
    TableBytes += Facts.Bytes.tableFieldBytes(P.Ty->isPointerTy());
    for (unsigned Position : P.Positions)
      ReadBytes += tableReadBytes(*Source[Position], Facts.Bytes);
    // The body loads the global, then computes the field's address.
    ReadBytes += Facts.Bytes.tableAddressReadBytes() *
                 static_cast<int64_t>(P.DerivedPositions.size());
  }
  if (TableBytes != 0)
    Gain -= tableCostBytes(ReadBytes, TableBytes,
                           static_cast<int64_t>(Alive.size()), Facts.Bytes);
  return Gain;
}

/// The alive member whose values differ from each position's most common
/// value most often; the latest in module order on ties. A position where
/// no value repeats says nothing about who is odd one out and is skipped.
unsigned ClassPlanner::mostDeviating(ArrayRef<unsigned> Alive) const {
  std::vector<unsigned> Deviations(Alive.size(), 0);
  unsigned NumPositions = Positions[Alive.front()].size();
  DenseMap<Constant *, unsigned> Counts;
  for (unsigned P = 0; P < NumPositions; ++P) {
    Counts.clear();
    Constant *Mode = nullptr;
    unsigned Best = 0;
    for (unsigned Member : Alive) {
      Constant *V = valueAt(Member, P);
      unsigned N = ++Counts[V];
      if (N > Best) {
        Best = N;
        Mode = V;
      }
    }
    if (Best < 2)
      continue;
    for (size_t K = 0; K < Alive.size(); ++K)
      Deviations[K] += valueAt(Alive[K], P) != Mode;
  }
  size_t Worst = 0;
  for (size_t K = 1; K < Alive.size(); ++K)
    if (Deviations[K] >= Deviations[Worst])
      Worst = K;
  return Worst;
}

/// True when C is F's address or a constant expression over it.
bool refersTo(const Constant &C, const Function &F) {
  if (&C == &F)
    return true;
  const auto *CE = dyn_cast<ConstantExpr>(&C);
  return CE && llvm::any_of(CE->operands(), [&](const Use &Op) {
           return refersTo(*cast<Constant>(Op.get()), F);
         });
}

/// A member whose address some member passes as a parameter value (a
/// callee position of a member that called another) must keep its symbol:
/// it stays a thunk even where rewriting its calls would be cheaper.
void keepPassedMembers(SimilarPlan &Plan) {
  for (SimilarMemberPlan &M : Plan.Members) {
    if (M.Action != SimilarAction::CallsRewritten)
      continue;
    bool Passed = llvm::any_of(Plan.Parameters, [&](const SimilarParameter &P) {
      return llvm::any_of(
          P.Values, [&](const Constant *V) { return refersTo(*V, *M.Fn); });
    });
    if (Passed)
      M = {M.Fn, SimilarAction::Thunk, 0};
  }
}

/// Plans the class of the Alive members into Plan: drops members, the most
/// deviating first, until the parameters fit (WithTable: with a table if
/// need be) and the class pays, as long as dropping helps. Members dropped
/// become refusals; Plan.Members stays empty when no two remain.
void ClassPlanner::prune(SmallVectorImpl<unsigned> &Alive, bool WithTable,
                         SimilarPlan &Plan) const {
  auto Drop = [&](size_t Slot, StringRef Reason) {
    Plan.Refused.push_back({Members[Alive[Slot]], Reason});
    Alive.erase(Alive.begin() + Slot);
  };
  SmallVector<SimilarMemberPlan, 4> Plans;
  while (Alive.size() >= 2) {
    std::vector<SimilarParameter> Params = parametersOf(Alive);
    if (!placeParameters(Params, WithTable)) {
      Drop(mostDeviating(Alive),
           "needs more parameters than argument registers");
      continue;
    }
    int64_t Gain = estimateGain(Alive, Params, &Plans);
    if (Gain >= MinimumGain) {
      Plan.Members.assign(Plans.begin(), Plans.end());
      Plan.Parameters = std::move(Params);
      Plan.EstimatedBytesSaved = Gain;
      keepPassedMembers(Plan);
      return;
    }
    // Does the class pay without its most deviating member?
    size_t Worst = mostDeviating(Alive);
    SmallVector<unsigned, 8> Fewer(Alive.begin(), Alive.end());
    Fewer.erase(Fewer.begin() + Worst);
    std::vector<SimilarParameter> FewerParams = parametersOf(Fewer);
    if (Fewer.size() < 2 || !placeParameters(FewerParams, WithTable) ||
        estimateGain(Fewer, FewerParams) <= Gain)
      break;
    Drop(Worst, "the class saves more bytes without it");
  }
  while (!Alive.empty())
    Drop(0, "merging saves too few bytes");
}

SimilarPlan ClassPlanner::run() {
  SimilarPlan Plan;
  const Function &First = *Members.front();
  BodyBytes = Facts.Bytes.costsOf(First).occupied(
      Facts.Bytes.bodyBytes(First, &Plan.BodyInstructions));
  SmallVector<unsigned, 8> Alive;
  for (unsigned M = 0; M < Members.size(); ++M) {
    if (KeepHotApart && Facts.Hot.count(Members[M]))
      Plan.Refused.push_back({Members[M], HotSimilarRefusal, /*Hot=*/true});
    else
      Alive.push_back(M);
  }
  if (Alive.size() < 2) {
    prune(Alive, /*WithTable=*/false, Plan);
    return Plan;
  }
  std::vector<SimilarParameter> AllParams = parametersOf(Alive);
  bool MayNeedTable =
      MayUseTables && !placeParameters(AllParams, /*WithTable=*/false);
  SimilarPlan WithTable = Plan;
  SmallVector<unsigned, 8> AliveWithTable(Alive);
  prune(Alive, /*WithTable=*/false, Plan);
  if (!MayNeedTable)
    return Plan;
  prune(AliveWithTable, /*WithTable=*/true, WithTable);
  return WithTable.EstimatedBytesSaved > Plan.EstimatedBytesSaved ? WithTable
                                                                  : Plan;
}

} // namespace

bool SimilarPlan::usesTable() const {
  return llvm::any_of(Parameters,
                      [](const SimilarParameter &P) { return P.InTable; });
}

bool canTakeExtraArguments(const CallBase &CB, const Function &G) {
  return CB.getFunctionType() == G.getFunctionType() && !CB.isMustTailCall() &&
         (isa<CallInst>(CB) || isa<InvokeInst>(CB));
}

bool mayPayAsSimilar(const Function &F, const ByteModel &Bytes) {
  return Bytes.occupiedBytes(F) > Bytes.thunkBytes(0, Bytes.costsOf(F));
}

SimilarPlan planSimilarClass(ArrayRef<Function *> Members,
                             ArrayRef<std::vector<const Use *>> Positions,
                             const ModuleFacts &Facts,
                             const MergeOptions &Opts) {
  if (Members.size() < 2)
    return SimilarPlan();
  SimilarPlan Plan =
      ClassPlanner(Members, Positions, Facts, Opts, /*KeepHotApart=*/true)
          .run();
  if (llvm::none_of(Members, [&](Function *F) { return Facts.Hot.count(F); }))
    return Plan;
  int64_t Unrestricted =
      ClassPlanner(Members, Positions, Facts, Opts, /*KeepHotApart=*/false)
          .run()
          .EstimatedBytesSaved;
  Plan.HotKeptBytes =
      std::max<int64_t>(0, Unrestricted - Plan.EstimatedBytesSaved);
  return Plan;
}

} // namespace lmf
