//===- SimilarRewriter.cpp - Rewrite the IR for one similar class ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The similar planner (SimilarPlanner.cpp) chose the members, the parameters
// and each member's fate; this file performs it, serially, like
// IdenticalRewriter.cpp for identical classes, and out of the same pieces:
//
//  1. The first member's body, already weakened to what holds for every
//     member, moves into a new internal function whose type is the member's
//     with the parameters appended. Its debug subprogram moves with it; the
//     member keeps a copy, so each subprogram belongs to one function.
//  2. Each position a parameter stands for now reads that parameter, or an
//     address computed from it (a field of each member's own global).
//     Debug records that showed such a constant show the parameter. A
//     parameter planned into the constant table (ConstantTables.h) is read
//     by a load from the table, whose address is the body's last parameter,
//     and debug records that showed its constant say it is unavailable.
//  3. Recursion: the body called its own member, which stood for "the
//     member that is running". It now calls the shared body and passes its
//     own parameters on, so each member still recurses into itself.
//  4. Memory effects: a load or store through a parameter, or a call that
//     receives one, accesses argument memory where the member accessed a
//     global (even a `memory(none)` member may load a constant global), so
//     the shared body's `memory` attribute lets argument memory be read,
//     written or both, as those positions do.
//  5. Each member becomes a thunk that tail-calls the shared body with its
//     values (and its table, a new private constant in the thunk's comdat,
//     if it has one: the link keeps one copy of an inline member's thunk,
//     and its table with it), or, if planned, each direct call to it calls
//     the shared body with its values and the member is deleted. Call sites
//     keep their attributes, bundles, metadata and calling convention; a
//     `memory` attribute on them is widened as in 4.
//
//===----------------------------------------------------------------------===//

#include "core/similar/SimilarRewriter.h"

#include "core/MergeNames.h"

#include "core/equality/GlobalNumbering.h"
#include "core/facts/ProfileFacts.h"
#include "core/rewrite/CallRewrites.h"
#include "core/rewrite/FunctionRewrites.h"
#include "core/similar/ConstantTables.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/ModRef.h"

#include <optional>

using namespace llvm;

namespace lmf {
namespace {

/// How the body accesses memory through what the parameters pass in: a
/// load address is read, a store address written, a pointer passed to a
/// call maybe both.
ModRefInfo accessThroughParameters(const SimilarPlan &Plan,
                                   ArrayRef<const Use *> SourcePositions) {
  // The body reads the table; what it loads from it is no argument.
  ModRefInfo Access = Plan.usesTable() ? ModRefInfo::Ref : ModRefInfo::NoModRef;
  for (const SimilarParameter &P : Plan.Parameters) {
    if (!P.Ty->isPointerTy() || P.InTable)
      continue;
    SmallVector<unsigned, 4> All(P.Positions.begin(), P.Positions.end());
    All.append(P.DerivedPositions.begin(), P.DerivedPositions.end());
    for (unsigned Position : All) {
      const Use &U = *SourcePositions[Position];
      if (isa<LoadInst>(U.getUser()))
        Access |= ModRefInfo::Ref;
      else if (const auto *SI = dyn_cast<StoreInst>(U.getUser()))
        Access |= &U == &SI->getOperandUse(SI->getPointerOperandIndex())
                      ? ModRefInfo::Mod
                      : ModRefInfo::NoModRef;
      else if (const auto *CB = dyn_cast<CallBase>(U.getUser());
               CB && CB->isArgOperand(&U))
        Access |= ModRefInfo::ModRef;
    }
  }
  return Access;
}

/// The operand U, a constant `getelementptr` of the kept member's global, is
/// computed instead from Base, the parameter (or the value loaded from the
/// table) that passes each member's global, right before its user (a load,
/// store or call).
void deriveFromParameter(Use &U, Value &Base) {
  auto *Template = cast<GEPOperator>(U.get());
  auto *User = cast<Instruction>(U.getUser());
  SmallVector<Value *, 4> Indices(Template->indices());
  auto *Address =
      GetElementPtrInst::Create(Template->getSourceElementType(), &Base,
                                Indices, "", User->getIterator());
  Address->setNoWrapFlags(Template->getNoWrapFlags());
  Address->setDebugLoc(User->getDebugLoc());
  U.set(Address);
}

/// A debug record that showed a constant the kept member passed as a parameter
/// now shows the parameter, so each member's debugger sees its own value;
/// when two parameters had the same constant in the kept member, the record
/// cannot tell which, and says the value is unavailable. Parameters holds
/// null for a value read from the table: no parameter shows it.
void retargetDebugValues(Function &Body, const SimilarPlan &Plan,
                         ArrayRef<Value *> Parameters) {
  DenseMap<Value *, Value *> ParameterOf;
  for (auto [P, A] : zip(Plan.Parameters, Parameters)) {
    auto [It, New] = ParameterOf.try_emplace(P.Values.front(), A);
    if (!New)
      It->second = nullptr;
  }
  for (BasicBlock &BB : Body)
    for (Instruction &I : BB)
      for (DbgVariableRecord &DVR : filterDbgVars(I.getDbgRecordRange()))
        for (Value *Op : SmallVector<Value *, 2>(DVR.location_ops())) {
          auto It = ParameterOf.find(Op);
          if (It == ParameterOf.end())
            continue;
          if (!It->second) {
            DVR.setKillLocation();
            break;
          }
          DVR.replaceVariableLocationOp(Op, It->second);
        }
}

/// The type of the plan's constant table, or null when it has none.
StructType *tableTypeOf(const SimilarPlan &Plan) {
  SmallVector<Type *, 4> Fields;
  for (const SimilarParameter &P : Plan.Parameters)
    if (P.InTable)
      Fields.push_back(P.Ty);
  return Fields.empty() ? nullptr : tableType(Fields);
}

/// Table is tableTypeOf(Plan).
Function *createSharedBody(const SimilarPlan &Plan,
                           ArrayRef<const Use *> SourcePositions,
                           StructType *Table, ModRefInfo Access,
                           RewriteContext &Ctx) {
  Function &Kept = *Plan.Members.front().Fn;
  SmallVector<Type *, 8> Params(Kept.getFunctionType()->params());
  for (const SimilarParameter &P : Plan.Parameters)
    if (!P.InTable)
      Params.push_back(P.Ty);
  if (Table)
    Params.push_back(PointerType::getUnqual(Kept.getContext()));
  auto *Type = FunctionType::get(Kept.getReturnType(), Params, false);
  Function *Body = moveBodyToNewFunction(
      Kept, Type, GlobalValue::InternalLinkage,
      memberDerivedName(Kept.getName(), SimilarBodySuffix), Ctx);
  unsigned Next = Kept.arg_size();
  std::optional<TableReader> Reader;
  if (Table) {
    Argument &Address = *Body->getArg(Body->arg_size() - 1);
    describeTableParameter(Address, Table);
    Reader.emplace(Address, Table);
  }
  SmallVector<Value *, 4> ShownAs;
  unsigned Field = 0;
  for (const SimilarParameter &P : Plan.Parameters) {
    auto Position = [&](unsigned I) -> Use & {
      return const_cast<Use &>(*SourcePositions[I]);
    };
    if (P.InTable) {
      ShownAs.push_back(nullptr);
      for (unsigned I : P.Positions)
        Position(I).set(Reader->loadFor(Position(I), Field));
      for (unsigned I : P.DerivedPositions)
        deriveFromParameter(Position(I), *Reader->loadFor(Position(I), Field));
      ++Field;
      continue;
    }
    Argument *A = Body->getArg(Next++);
    ShownAs.push_back(A);
    for (unsigned I : P.Positions)
      Position(I).set(A);
    for (unsigned I : P.DerivedPositions)
      deriveFromParameter(Position(I), *A);
  }
  retargetDebugValues(*Body, Plan, ShownAs);
  SmallVector<Value *, 4> OwnParameters;
  for (unsigned I = Kept.arg_size(); I < Body->arg_size(); ++I)
    OwnParameters.push_back(Body->getArg(I));
  for (CallBase *CB : directCallsTo(Kept))
    if (CB->getFunction() == Body)
      callWithExtraArguments(*CB, *Body, OwnParameters, Access);
  if (Body->hasFnAttribute(Attribute::Memory))
    Body->setMemoryEffects(
        widenArgumentMemory(Body->getMemoryEffects(), Access));
  return Body;
}

/// What member K passes after its own arguments: its values in registers,
/// then, if the plan has a table, the address of a new table of its other
/// values.
SmallVector<Value *, 4> extraArgumentsOf(const SimilarPlan &Plan, size_t K,
                                         StructType *Table,
                                         RewriteContext &Ctx) {
  SmallVector<Value *, 4> Extra;
  SmallVector<Constant *, 4> Fields;
  for (const SimilarParameter &P : Plan.Parameters) {
    if (P.InTable)
      Fields.push_back(P.Values[K]);
    else
      Extra.push_back(P.Values[K]);
  }
  if (!Table)
    return Extra;
  Function &Member = *Plan.Members[K].Fn;
  GlobalVariable *Values =
      createTable(*Member.getParent(), Table, Fields,
                  memberDerivedName(Member.getName(), ConstantTableSuffix));
  Ctx.Globals.add(Values);
  Extra.push_back(Values);
  return Extra;
}

} // namespace

Function *applySimilarPlan(const SimilarPlan &Plan,
                           ArrayRef<const Use *> SourcePositions,
                           RewriteContext &Ctx,
                           SmallVectorImpl<MergeAction> &Outcomes) {
  // Read before the positions are replaced.
  ModRefInfo Access = accessThroughParameters(Plan, SourcePositions);
  StructType *Table = tableTypeOf(Plan);
  Function *Body = createSharedBody(Plan, SourcePositions, Table, Access, Ctx);
  Outcomes.clear();
  for (size_t K = 0; K < Plan.Members.size(); ++K) {
    const SimilarMemberPlan &Member = Plan.Members[K];
    SmallVector<Value *, 4> Extra = extraArgumentsOf(Plan, K, Table, Ctx);
    // The body came with the first member's count.
    if (K > 0)
      addProfileCounts(*Body, *Member.Fn);
    if (Member.Action == MergeAction::CallsRewritten &&
        rewriteCallsAndErase(*Member.Fn, *Body, Extra, Access, Ctx)) {
      Outcomes.push_back(MergeAction::CallsRewritten);
      // A member that had no calls left nothing to read its table.
      auto *Values = Table ? cast<GlobalVariable>(Extra.back()) : nullptr;
      if (Values && Values->use_empty()) {
        Ctx.Globals.remove(Values);
        Values->eraseFromParent();
      }
      continue;
    }
    makeThunk(*Member.Fn, *Body, Extra);
    Outcomes.push_back(MergeAction::Thunk);
    // Copies of an inline member in several objects keep one thunk, and
    // one table with it. COFF wants a symbol for every member of a comdat,
    // which a private table has not. Before the link resolves comdats (a
    // ThinLTO input rewritten across modules) a table must stay out of
    // them: ThinLTO turns every member of a comdat that does not prevail
    // into a declaration, a private table too, while the thunk stays as an
    // available_externally copy that the backend inlines into its callers;
    // those would then refer to a table no object defines.
    Comdat *Group = Member.Fn->getComdat();
    if (Table && Group && Plan.TablesJoinMemberComdats &&
        !Member.Fn->getParent()->getTargetTriple().isOSBinFormatCOFF())
      cast<GlobalVariable>(Extra.back())->setComdat(Group);
  }
  return Body;
}

} // namespace lmf
