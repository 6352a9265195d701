//===- SimilarPlanner.cpp - Plan one class of similar functions -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A class of similar functions has equal encodings once the operands at
// parameter positions are wildcards. The plan decides, before the IR
// changes, which members share one body, which values become parameters,
// and how each member reaches the body. Which members stay and which
// values become parameters is the pruner's decision (SimilarPruner.cpp),
// shared with the planner across modules; this file tells it how values
// compare here (as IR constants; the same field of different globals is
// one parameter, the global), where parameters fit (the module's argument
// registers, ModuleFacts) and what a class saves (the byte model below).
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
// calls. A class that does not save at least SimilarOptions::MinimumGain
// bytes (16) is not merged: identical merging alone must never be beaten by
// a larger program.
//
// Hot members (under the default hot-function policy, see ProfileFacts.cpp)
// are refused before anything else: every way of reaching a shared body adds
// instructions to their calls. The class is then planned without them, and
// planned once more with them to count the bytes the policy kept.
//
//===----------------------------------------------------------------------===//

#include "core/similar/SimilarPlanner.h"

#include "core/facts/ByteModel.h"
#include "core/rewrite/CallRewrites.h"
#include "core/similar/ConstantTables.h"
#include "core/similar/SimilarPruner.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace lmf {
namespace {

/// A class of one module as the pruner sees it (SimilarPruner.h): values
/// compare as IR constants, parameters fit the module's argument registers,
/// and gains are the byte model's of the file comment.
class ModuleClassModel final : public SimilarClassModel {
public:
  ModuleClassModel(ArrayRef<Function *> Members,
                   ArrayRef<std::vector<const Use *>> Positions,
                   const ModuleFacts &Facts, MergeMode Mode);

  unsigned numPositions() const override { return Positions.front().size(); }
  uint32_t valueId(unsigned Member, unsigned Position) const override {
    return Ids[Member * numPositions() + Position];
  }
  bool derivedColumn(ArrayRef<unsigned> Alive, unsigned P,
                     std::vector<uint32_t> &Column) const override;
  bool place(ArrayRef<unsigned> Alive, ArrayRef<PrunedParameter> Params,
             MutableArrayRef<bool> InTable) const override;
  int64_t gain(ArrayRef<unsigned> Alive,
               ArrayRef<PrunedParameter> Params) const override {
    return estimateGain(Alive, Params);
  }

  uint64_t bodyInstructions() const { return BodyInstructions; }
  SimilarParameter parameter(const PrunedParameter &P) const;
  int64_t
  estimateGain(ArrayRef<unsigned> Alive, ArrayRef<PrunedParameter> Params,
               SmallVectorImpl<SimilarMemberPlan> *Plans = nullptr) const;

private:
  Constant *valueAt(unsigned Member, unsigned Position) const {
    return cast<Constant>(Positions[Member][Position]->get());
  }
  uint32_t idOf(Constant *C);
  int64_t memberCost(unsigned Member, unsigned Slot, const llvm::Function &Kept,
                     ArrayRef<PrunedParameter> Params,
                     SimilarMemberPlan &Out) const;

  ArrayRef<Function *> Members;
  ArrayRef<std::vector<const Use *>> Positions;
  const ModuleFacts &Facts;
  MergeMode Mode;
  /// Every member's value ids, member after member; and the constant of
  /// each id, values and the globals they derive from (derivedColumn).
  std::vector<uint32_t> Ids;
  std::vector<Constant *> ConstantOf;
  DenseMap<Constant *, uint32_t> IdOf;
  /// Bytes the first member's body occupies, alignment padding included.
  int64_t BodyBytes = 0;
  uint64_t BodyInstructions = 0;
  /// countRewritableCalls of each member, counted once when first needed
  /// (pruning plans a class many times).
  static constexpr int NotCounted = -2;
  mutable std::vector<int> RewritableCalls;
};

ModuleClassModel::ModuleClassModel(ArrayRef<Function *> Members,
                                   ArrayRef<std::vector<const Use *>> Positions,
                                   const ModuleFacts &Facts, MergeMode Mode)
    : Members(Members), Positions(Positions), Facts(Facts), Mode(Mode),
      RewritableCalls(Members.size(), NotCounted) {
  const Function &First = *Members.front();
  BodyBytes = Facts.Bytes.costsOf(First).occupied(
      Facts.Bytes.bodyBytes(First, &BodyInstructions));
  Ids.reserve(Members.size() * numPositions());
  for (unsigned M = 0; M < Members.size(); ++M)
    for (unsigned P = 0; P < numPositions(); ++P) {
      Constant *V = valueAt(M, P);
      Ids.push_back(idOf(V));
      if (auto *G = dyn_cast<GEPOperator>(V))
        idOf(cast<Constant>(G->getPointerOperand()));
    }
}

uint32_t ModuleClassModel::idOf(Constant *C) {
  auto [It, New] = IdOf.try_emplace(C, ConstantOf.size());
  if (New)
    ConstantOf.push_back(C);
  return It->second;
}

/// When every alive member's value at P is a constant `getelementptr` with
/// the same type, indices and flags as the first one's, fills Column with
/// their base pointers.
bool ModuleClassModel::derivedColumn(ArrayRef<unsigned> Alive, unsigned P,
                                     std::vector<uint32_t> &Column) const {
  const auto *First = dyn_cast<GEPOperator>(valueAt(Alive.front(), P));
  if (!First || !First->hasAllConstantIndices())
    return false;
  std::vector<uint32_t> Bases(Alive.size());
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
    Bases[K] = IdOf.find(cast<Constant>(G->getPointerOperand()))->second;
  }
  Column = std::move(Bases);
  return true;
}

/// The parameter of the plan: its type and its values as constants.
SimilarParameter ModuleClassModel::parameter(const PrunedParameter &P) const {
  SimilarParameter Out;
  Out.Ty = ConstantOf[P.Column.front()]->getType();
  Out.Positions = P.Positions;
  Out.DerivedPositions = P.DerivedPositions;
  for (uint32_t Id : P.Column)
    Out.Values.push_back(ConstantOf[Id]);
  Out.InTable = P.InTable;
  return Out;
}

/// Places Params in argument registers next to the members' own arguments,
/// and in a table those that do not fit there; no parameters always fit.
bool ModuleClassModel::place(ArrayRef<unsigned> Alive,
                             ArrayRef<PrunedParameter> Params,
                             MutableArrayRef<bool> InTable) const {
  if (Params.empty())
    return true;
  ArgumentRegisters Own;
  for (const Argument &A : Members.front()->args())
    Own.add(*A.getType());
  SmallVector<ParameterDemand, 8> Demands;
  for (const PrunedParameter &P : Params) {
    Demands.emplace_back();
    Demands.back().Registers.add(*ConstantOf[P.Column.front()]->getType());
    Demands.back().Positions = P.readCount();
    Demands.back().MayBeInTable = llvm::all_of(
        P.Column, [&](uint32_t Id) { return mayLiveInTable(*ConstantOf[Id]); });
  }
  return placeParameters(Own, Demands, Facts.Bytes.integerArgumentRegisters(),
                         Facts.Bytes.floatArgumentRegisters(), InTable);
}

/// What member Member (at Slot among the alive ones) costs once its body
/// is gone: a thunk, or the growth of its calls. Fills Out with the choice.
int64_t ModuleClassModel::memberCost(unsigned Member, unsigned Slot,
                                     const Function &Kept,
                                     ArrayRef<PrunedParameter> Params,
                                     SimilarMemberPlan &Out) const {
  Function &G = *Members[Member];
  int64_t ArgBytes = 0;
  bool Table = false;
  for (const PrunedParameter &P : Params) {
    Table |= P.InTable;
    if (!P.InTable)
      ArgBytes += Facts.Bytes.argumentBytes(*ConstantOf[P.Column[Slot]]);
  }
  if (Table)
    ArgBytes += Facts.Bytes.tableAddressBytes();
  int64_t ThunkBytes = Facts.Bytes.thunkBytes(ArgBytes, Facts.Bytes.costsOf(G));
  Out = {&G, MergeAction::Thunk, 0};
  // A local function only ever called directly has an address nobody sees.
  bool CanDisappear = G.hasLocalLinkage()
                          ? !Facts.Used.count(&G) && !addressCompared(G, Facts)
                          : mayDisappear(G, Facts, Mode);
  // Its calls pass its own arguments, which the kept body must take as
  // they are (takesArgumentsAs).
  if (!CanDisappear || !takesArgumentsAs(G, Kept))
    return ThunkBytes;
  int &Calls = RewritableCalls[Member];
  if (Calls == NotCounted)
    Calls = countRewritableCalls(G);
  if (Calls < 0 || Calls * ArgBytes >= ThunkBytes)
    return ThunkBytes;
  Out.Action = MergeAction::CallsRewritten;
  Out.Calls = Calls;
  return Calls * ArgBytes;
}

/// The bytes the alive members save by sharing one body with Params; fills
/// Plans, when given, with how each member reaches the body.
int64_t ModuleClassModel::estimateGain(
    ArrayRef<unsigned> Alive, ArrayRef<PrunedParameter> Params,
    SmallVectorImpl<SimilarMemberPlan> *Plans) const {
  if (Plans)
    Plans->clear();
  int64_t Gain = static_cast<int64_t>(Alive.size() - 1) * BodyBytes;
  for (size_t Slot = 0; Slot < Alive.size(); ++Slot) {
    SimilarMemberPlan Member;
    Gain -= memberCost(Alive[Slot], Slot, *Members[Alive.front()], Params,
                       Member);
    if (Plans)
      Plans->push_back(Member);
  }
  // Each parameter and each address the body computes from one cost the
  // body a little (ByteModel::parameterBytes, derivedAddressBytes); a table
  // costs the body and each member (ConstantTables.h).
  int64_t TableBytes = 0, ReadBytes = 0;
  ArrayRef<const Use *> Kept = Positions[Alive.front()];
  for (const PrunedParameter &P : Params) {
    Gain -= Facts.Bytes.derivedAddressBytes() *
            static_cast<int64_t>(P.DerivedPositions.size());
    if (!P.InTable) {
      Gain -= Facts.Bytes.parameterBytes();
      continue;
    }
    TableBytes +=
        Facts.Bytes.tableFieldBytes(
        ConstantOf[P.Column.front()]->getType()->isPointerTy());
    for (unsigned Position : P.Positions)
      ReadBytes += tableReadBytes(*Kept[Position], Facts.Bytes);
    // The body loads the global, then computes the field's address.
    ReadBytes += Facts.Bytes.tableAddressReadBytes() *
                 static_cast<int64_t>(P.DerivedPositions.size());
  }
  if (TableBytes != 0)
    Gain -= tableCostBytes(ReadBytes, TableBytes,
                           static_cast<int64_t>(Alive.size()), Facts.Bytes);
  return Gain;
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
    if (M.Action != MergeAction::CallsRewritten)
      continue;
    bool Passed = llvm::any_of(Plan.Parameters, [&](const SimilarParameter &P) {
      return llvm::any_of(
          P.Values, [&](const Constant *V) { return refersTo(*V, *M.Fn); });
    });
    if (Passed)
      M = {M.Fn, MergeAction::Thunk, 0};
  }
}

/// Plans the class of Members, refusing the hot ones first when
/// KeepHotApart (see the file comment).
SimilarPlan planClass(const ModuleClassModel &Model,
                      ArrayRef<Function *> Members, const ModuleFacts &Facts,
                      const MergeOptions &Opts, bool KeepHotApart) {
  SimilarPlan Plan;
  Plan.BodyInstructions = Model.bodyInstructions();
  SmallVector<unsigned, 8> Alive;
  for (unsigned M = 0; M < Members.size(); ++M) {
    if (KeepHotApart && Facts.Hot.count(Members[M]))
      Plan.Refusals.push_back({Members[M], HotSimilarRefusal, /*Hot=*/true});
    else
      Alive.push_back(M);
  }
  PrunedClass Pruned = pruneSimilarClass(Model, Alive, Opts.Similar.MinimumGain,
                                         Opts.Similar.ConstantTables);
  for (auto [Member, Reason] : Pruned.Refusals)
    Plan.Refusals.push_back({Members[Member], Reason});
  if (Pruned.Members.empty())
    return Plan;
  Model.estimateGain(Pruned.Members, Pruned.Parameters, &Plan.Members);
  for (const PrunedParameter &P : Pruned.Parameters)
    Plan.Parameters.push_back(Model.parameter(P));
  Plan.EstimatedBytesSaved = Pruned.EstimatedBytesSaved;
  keepPassedMembers(Plan);
  return Plan;
}

} // namespace

bool SimilarPlan::usesTable() const {
  return llvm::any_of(Parameters,
                      [](const SimilarParameter &P) { return P.InTable; });
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
  ModuleClassModel Model(Members, Positions, Facts, Opts.Mode);
  SimilarPlan Plan = planClass(Model, Members, Facts, Opts,
                               /*KeepHotApart=*/true);
  if (llvm::none_of(Members, [&](Function *F) { return Facts.Hot.count(F); }))
    return Plan;
  int64_t Unrestricted =
      planClass(Model, Members, Facts, Opts, /*KeepHotApart=*/false)
          .EstimatedBytesSaved;
  Plan.HotKeptBytes =
      std::max<int64_t>(0, Unrestricted - Plan.EstimatedBytesSaved);
  return Plan;
}

} // namespace lmf
