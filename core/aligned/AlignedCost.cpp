//===- AlignedCost.cpp - What merging an aligned pair saves ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The planner (AlignedPlanner.cpp) merges a pair only where the byte model
// says the merged body, its branches and selects, and the members' thunks
// or grown calls take less than the two bodies did. This file prices the
// merged body as the builder (MergedBodyBuilder.cpp) will lay it out, part
// by part. Bodies, constants and alignment come from the module's byte
// model (ByteModel.h: the target's bytes per instruction that emits code,
// for the members as they are built); the prices of selects, branches and
// the kept identifier are this stage's own, fitted on x86-64 code (below)
// and checked on AArch64's and RISC-V 64's, but for the branch on the
// identifier, which costs about half as much on those two:
//
//  * every instruction of the merged body: a matched pair once, an
//    unmatched instruction and the blocks of one side as they are;
//  * a select on the identifier for every operand the two sides of a
//    matched instruction give differently, and for every merged phi whose
//    inputs differ on an edge both sides take: a `test` and a `cmov`
//    (4 bytes on x86-64), plus each constant put in a register first
//    (ByteModel::argumentBytes), 2 more for `i1` and floating-point values,
//    which code generation selects with more instructions;
//  * a branch on the identifier around every run of unmatched instructions,
//    on every edge of a matched terminator, and at the merged entry and
//    every shared fall-through, where the members go on in different
//    ranges: 23 bytes on x86-64 (a `test`, a conditional jump and a jump
//    back are 7; the rest is what code generation adds around them:
//    copies for the phis where the members meet, and spills, as both
//    members' values are live across the branch), 12 on AArch64 and
//    RISC-V 64; a jump (2) where a run's side or a member alone goes on to
//    its next range (an x86-64 short `jmp`);
//  * keeping the identifier alive across calls: a callee-saved register,
//    pushed, moved to and popped (4 bytes on x86-64), when the body calls
//    anything and branches or selects on the identifier at all.
//
// The planner asks more of a pair than this estimate's saving: a fifth of
// the merged body's estimated size on top (AlignedPlanner.cpp), as the
// estimate errs more the larger the body (register pressure grows with the
// values both members keep live). A model that prices high only merges
// less.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/AlignedCost.h"

#include "core/facts/ByteModel.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <optional>

using namespace llvm;

namespace lmf {
namespace {

// Calibrated on the CTMark modules built for x86-64 (bench/notebook/
// 2026-11-28.md, "The aligned stage's byte model"): every pair of 1063
// merged and compiled, the merged body's real size fitted against its
// instructions, selects and branches. Other targets take the same prices
// but for the branch on the identifier, a fact of the target's byte model
// (ByteModel::identifierBranchTenths).
constexpr int64_t SelectTenths = 40;
constexpr int64_t WideSelectTenths = 20;
constexpr int64_t JumpBackTenths = 20;
constexpr int64_t KeptIdentifierTenths = 40;

int64_t selectTenths(const Value &A, const Value &B, const ByteModel &Bytes) {
  int64_t T = SelectTenths;
  for (const Value *V : {&A, &B})
    if (const auto *C = dyn_cast<Constant>(V))
      T += 10 * Bytes.argumentBytes(*C);
  Type *Ty = A.getType();
  if (Ty->isIntegerTy(1) || Ty->isFPOrFPVectorTy() || Ty->isVectorTy() ||
      Ty->isAggregateType())
    T += WideSelectTenths;
  return T;
}

bool callsSomething(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  return CB && !isa<IntrinsicInst>(CB);
}

class BodyPricer {
public:
  BodyPricer(const PairAlignment &A, const PairContext &Ctx)
      : A(A), Ctx(Ctx), Matches(matchesOf(A)),
        BranchTenths(identifierBranchTenths(Ctx.Bytes)) {}

  MergedBodyCost run();

private:
  void priceRange(const AlignedRange &R);
  void priceMatched(const Instruction &L, const Instruction &R);
  void priceSuccessors(const AlignedRange &R);
  void addBranch(int64_t Tenths) {
    Body += Tenths;
    BranchTenthsTotal += Tenths;
  }
  /// A branch to where the members' successors part (a dispatch) costs a
  /// branch on the identifier.
  void addDispatch() {
    addBranch(BranchTenths);
    ++Cost.Dispatches;
  }
  void addSelect(const Value &L, const Value &R) {
    int64_t T = selectTenths(L, R, Ctx.Bytes);
    SelectTenthsTotal += T;
    Body += T;
    ++Cost.Selects;
  }
  void addInstruction(const Instruction &I) {
    Body += instructionTenths(I, Ctx.Costs);
    Calls |= callsSomething(I);
  }
  std::optional<unsigned> startRange(unsigned S, const BasicBlock *BB) const {
    auto It = A.StartRange[S].find(BB);
    if (It == A.StartRange[S].end())
      return std::nullopt;
    return It->second;
  }

  const PairAlignment &A;
  const PairContext &Ctx;
  MatchMap Matches;
  int64_t BranchTenths;
  MergedBodyCost Cost;
  int64_t Body = 0, SelectTenthsTotal = 0, BranchTenthsTotal = 0;
  bool Calls = false;
};

void BodyPricer::priceMatched(const Instruction &L, const Instruction &R) {
  addInstruction(L);
  for (unsigned I = 0, E = L.getNumOperands(); I != E; ++I) {
    const Use &LU = L.getOperandUse(I), &RU = R.getOperandUse(I);
    if (isa<BasicBlock>(LU.get()) || sameMergedValue(LU, RU, Matches, Ctx))
      continue;
    addSelect(*LU.get(), *RU.get());
  }
}

void BodyPricer::priceRange(const AlignedRange &R) {
  const std::vector<AlignedColumn> &Cols = R.Columns;
  if (!R.paired()) {
    for (const AlignedColumn &C : Cols)
      addInstruction(C.Left ? *C.Left : *C.Right);
    if (!R.Ends[R.has(0) ? 0 : 1])
      addBranch(JumpBackTenths);
    return;
  }
  for (size_t I = 0; I < Cols.size();) {
    if (Cols[I].matched()) {
      priceMatched(*Cols[I].Left, *Cols[I].Right);
      ++I;
      continue;
    }
    size_t End = I;
    for (; End < Cols.size() && !Cols[End].matched(); ++End)
      addInstruction(Cols[End].Left ? *Cols[End].Left : *Cols[End].Right);
    bool Trailing = End == Cols.size();
    int64_t T = BranchTenths;
    // A member that continues in its next range jumps there.
    for (unsigned S = 0; S < 2; ++S)
      if (Trailing && !R.Ends[S])
        T += JumpBackTenths;
    addBranch(T);
    ++Cost.Splits;
    I = End;
  }
  if (!Cols.empty() && Cols.back().matched()) {
    if (R.Ends[0])
      priceSuccessors(R);
    else if (R.Next[0] != R.Next[1])
      addDispatch();
  }
}

/// A matched terminator's successors: a branch on the identifier where
/// the members' successors do not start one range, selects where merged
/// phis get different inputs.
void BodyPricer::priceSuccessors(const AlignedRange &R) {
  const Instruction &LT = *R.Columns.back().Left;
  const Instruction &RT = *R.Columns.back().Right;
  for (unsigned S = 0, E = LT.getNumSuccessors(); S != E; ++S) {
    std::optional<unsigned> LR = startRange(0, LT.getSuccessor(S));
    std::optional<unsigned> RR = startRange(1, RT.getSuccessor(S));
    if (!LR || LR != RR) {
      addDispatch();
      continue;
    }
    for (auto [LP, RP] : A.Ranges[*LR].Phis) {
      if (!LP || !RP)
        continue;
      const Use &LU = LP->getOperandUse(LP->getBasicBlockIndex(R.Blocks[0]));
      const Use &RU = RP->getOperandUse(RP->getBasicBlockIndex(R.Blocks[1]));
      if (!sameMergedValue(LU, RU, Matches, Ctx))
        addSelect(*LU.get(), *RU.get());
    }
  }
}

MergedBodyCost BodyPricer::run() {
  Cost.LeftBytes = Ctx.Bytes.bodyBytes(Ctx.Left);
  Cost.RightBytes = Ctx.Bytes.bodyBytes(Ctx.Right);
  Cost.LeftCosts = Ctx.Bytes.costsOf(Ctx.Left);
  Cost.RightCosts = Ctx.Bytes.costsOf(Ctx.Right);
  Cost.BodyCosts = Ctx.Costs;
  for (const AlignedColumn &C : A.EntryAllocas)
    addInstruction(C.Left ? *C.Left : *C.Right);
  if (startRange(0, &Ctx.Left.getEntryBlock()) !=
      startRange(1, &Ctx.Right.getEntryBlock()))
    addDispatch();
  for (const AlignedRange &R : A.Ranges)
    priceRange(R);
  int64_t Identifier = 0;
  if (Calls && (Cost.Selects || Cost.Splits || Cost.Dispatches))
    Identifier = KeptIdentifierTenths;
  Body += Identifier;
  Cost.BodyBytes = Body / 10;
  Cost.SelectBytes = SelectTenthsTotal / 10;
  Cost.BranchBytes = BranchTenthsTotal / 10;
  Cost.IdentifierBytes = Identifier / 10;
  return Cost;
}

} // namespace

int64_t identifierBranchTenths(const ByteModel &Bytes) {
  return Bytes.identifierBranchTenths();
}

int64_t MergedBodyCost::bodiesSaved() const {
  return LeftCosts.occupied(LeftBytes) + RightCosts.occupied(RightBytes) -
         BodyCosts.occupied(BodyBytes);
}

MergedBodyCost priceMergedBody(const PairAlignment &Alignment,
                               const PairContext &Ctx) {
  return BodyPricer(Alignment, Ctx).run();
}

} // namespace lmf
