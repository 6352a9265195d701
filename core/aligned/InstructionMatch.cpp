//===- InstructionMatch.cpp - When two instructions may be one ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A matched pair of instructions is emitted once in the merged body; where
// the two operands differ, a `select` on the identifier parameter picks the
// running member's (AlignedMerge.cpp). So two instructions may be matched
// when they are the same operation and every operand that differs may
// become a value chosen at run time. These rules decide both, and they are
// the rules of the identical and similar stages wherever those stages
// already decided:
//
//  * The operation must be the same in everything the structural encoding
//    writes (StructuralEncoding.cpp): opcode, types, alignment, volatility,
//    atomic ordering and scope, predicates, GEP source types, shuffle masks,
//    aggregate indices, switch case values, landing pad clauses, calling
//    conventions, tail-call kinds, operand bundle tags, and the metadata
//    AnnotationPolicy says must match. Poison and fast-math flags, the
//    intersectable metadata and the intersectable attributes may differ:
//    the merged instruction keeps what holds for both (AlignedRewriter.cpp
//    intersects them as AnnotationIntersector.cpp does).
//  * Some operands may never become a run-time value: every argument of an
//    intrinsic (`immarg` arguments, metadata arguments, the pointer of a
//    lifetime marker, which must be an alloca), the callee of a direct call
//    or of inline assembly (the call would become indirect, or invalid),
//    operand bundle inputs (KCFI type ids, deopt state), alloca sizes,
//    landing pad clauses, and arguments that must be an alloca or an
//    argument (`swifterror`) or are `immarg`. There both operands must be
//    the same value.
//  * Two different constants elsewhere become a `select` only where the
//    similar stage would make them a parameter (ParameterPositions.h): the
//    data of loads, stores and plain call arguments, and the integer
//    operands where a register costs what an immediate did. Everywhere
//    else a constant selects code (a divisor, a shift amount, a multiplier,
//    a floating-point operand) and the instructions stay apart.
//  * A constant against a run-time value is a position that already takes
//    a value in one member; it may take a `select` too, except where the
//    constant specializes the code (divisors, shift amounts, multipliers)
//    or feeds inline assembly, whose constraint may want an immediate.
//  * Two run-time values may always be selected between.
//
// Recursion is the one difference of callees that matches: each member's
// call of itself becomes a call of the merged body passing the identifier
// on.
//
// The rules only read IR, so pairs are aligned on many threads; the one
// shared question, an array element's stride, is asked under the pair's
// layout lock.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/InstructionMatch.h"

#include "core/aligned/AlignedEligibility.h"
#include "core/equality/AnnotationPolicy.h"
#include "core/equality/ParameterPositions.h"
#include "core/facts/ByteModel.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace lmf {
namespace {

/// Arguments that must be a particular kind of value, or a constant.
constexpr Attribute::AttrKind FixedArguments[] = {
    Attribute::SwiftError, Attribute::InAlloca, Attribute::Preallocated,
    Attribute::ImmArg};

bool isDirectOrAsmCallee(const CallBase &CB) {
  const Value *Callee = CB.getCalledOperand();
  return isa<Constant>(Callee) || isa<InlineAsm>(Callee);
}

/// An operand whose constant selects the code generated for it.
bool specializesCode(const Use &U) {
  const auto *BO = dyn_cast<BinaryOperator>(U.getUser());
  if (!BO)
    return false;
  switch (BO->getOpcode()) {
  case Instruction::Mul:
    return true;
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
    return U.getOperandNo() == 1;
  default:
    return false;
  }
}

bool feedsInlineAsm(const Use &U) {
  const auto *CB = dyn_cast<CallBase>(U.getUser());
  return CB && CB->isInlineAsm();
}

using MetadataList = SmallVector<std::pair<unsigned, MDNode *>, 4>;

MetadataList mustMatchMetadata(const Instruction &I,
                               const AnnotationPolicy &Policy) {
  MetadataList All, Kept;
  I.getAllMetadataOtherThanDebugLoc(All);
  for (const auto &KV : All)
    if (Policy.instructionMetadataRole(KV.first) == MetadataRole::MustMatch)
      Kept.push_back(KV);
  return Kept;
}

bool callsAgree(const CallBase &L, const CallBase &R) {
  if (L.getCallingConv() != R.getCallingConv() ||
      L.getFunctionType() != R.getFunctionType() ||
      !L.hasIdenticalOperandBundleSchema(R) ||
      !attributesMayIntersect(L.getAttributes(), R.getAttributes(),
                              L.arg_size()))
    return false;
  if (const auto *LC = dyn_cast<CallInst>(&L))
    return LC->getTailCallKind() == cast<CallInst>(R).getTailCallKind();
  return true;
}

bool switchCasesAgree(const SwitchInst &L, const SwitchInst &R) {
  if (L.getNumCases() != R.getNumCases())
    return false;
  for (auto [LC, RC] : zip(L.cases(), R.cases()))
    if (LC.getCaseValue() != RC.getCaseValue())
      return false;
  return true;
}

bool landingPadsAgree(const LandingPadInst &L, const LandingPadInst &R) {
  if (L.isCleanup() != R.isCleanup() ||
      L.getNumClauses() != R.getNumClauses())
    return false;
  for (unsigned C = 0, E = L.getNumClauses(); C != E; ++C)
    if (L.isCatch(C) != R.isCatch(C))
      return false;
  return true;
}

/// The same operation, whatever the operands' values (see the file
/// comment).
bool sameOperation(const Instruction &L, const Instruction &R,
                   const PairContext &Ctx) {
  if (L.getOpcode() != R.getOpcode() || L.getType() != R.getType() ||
      L.getNumOperands() != R.getNumOperands())
    return false;
  for (unsigned I = 0, E = L.getNumOperands(); I != E; ++I)
    if (L.getOperand(I)->getType() != R.getOperand(I)->getType())
      return false;
  if (const auto *LC = dyn_cast<CallBase>(&L)) {
    if (!callsAgree(*LC, cast<CallBase>(R)))
      return false;
  } else if (!L.hasSameSpecialState(&R)) {
    return false;
  }
  if (const auto *LS = dyn_cast<SwitchInst>(&L))
    if (!switchCasesAgree(*LS, cast<SwitchInst>(R)))
      return false;
  if (const auto *LP = dyn_cast<LandingPadInst>(&L))
    if (!landingPadsAgree(*LP, cast<LandingPadInst>(R)))
      return false;
  if ((L.hasMetadataOtherThanDebugLoc() || R.hasMetadataOtherThanDebugLoc()) &&
      mustMatchMetadata(L, Ctx.Policy) != mustMatchMetadata(R, Ctx.Policy))
    return false;
  return true;
}

bool selfCalls(const Use &LU, const Use &RU, const PairContext &Ctx) {
  const auto *LC = dyn_cast<CallBase>(LU.getUser());
  const auto *RC = dyn_cast<CallBase>(RU.getUser());
  return LC && RC && LC->isCallee(&LU) && RC->isCallee(&RU) &&
         LU.get() == &Ctx.Left && RU.get() == &Ctx.Right;
}

/// Bytes, in tenths, of putting a value in a register for a select: a
/// constant is materialized (the module's ByteModel::argumentBytes),
/// anything else is there already.
int64_t materializeTenths(const Value &V, const ByteModel &Bytes) {
  if (const auto *C = dyn_cast<Constant>(&V))
    return 10 * Bytes.argumentBytes(*C);
  return 0;
}

} // namespace

int64_t instructionTenths(const Instruction &I, const FunctionCosts &Costs) {
  return ByteModel::emitsCode(I) ? Costs.TenthsPerInstruction : 0;
}

bool isSelfCall(const Instruction &I, const Function &Self) {
  const auto *CB = dyn_cast<CallBase>(&I);
  return CB && CB->getCalledOperand() == &Self;
}

OperandPosition operandPosition(const Use &U) {
  const User *Owner = U.getUser();
  if (isa<AllocaInst>(Owner) || isa<LandingPadInst>(Owner))
    return OperandPosition::MustBeEqual;
  const auto *CB = dyn_cast<CallBase>(Owner);
  if (!CB)
    return OperandPosition::Selectable;
  if (CB->isCallee(&U))
    return isDirectOrAsmCallee(*CB) ? OperandPosition::MustBeEqual
                                    : OperandPosition::Selectable;
  if (CB->isBundleOperand(U.getOperandNo()))
    return OperandPosition::MustBeEqual;
  if (const Function *Callee = CB->getCalledFunction();
      Callee && Callee->isIntrinsic())
    return OperandPosition::MustBeEqual;
  if (CB->isArgOperand(&U)) {
    unsigned ArgNo = CB->getArgOperandNo(&U);
    for (Attribute::AttrKind Kind : FixedArguments)
      if (CB->paramHasAttr(ArgNo, Kind))
        return OperandPosition::MustBeEqual;
  }
  return OperandPosition::Selectable;
}

bool sameOutsideValue(const Value *L, const Value *R, const PairContext &Ctx) {
  if (L == R)
    return !isa<Instruction>(L) && !isa<Argument>(L);
  const auto *LA = dyn_cast<Argument>(L);
  const auto *RA = dyn_cast<Argument>(R);
  return LA && RA && LA->getParent() == &Ctx.Left &&
         RA->getParent() == &Ctx.Right && LA->getArgNo() == RA->getArgNo();
}

bool differenceAllowed(const Use &LU, const Use &RU, const Value *LV,
                       const Value *RV, const PairContext &Ctx) {
  if (operandPosition(LU) == OperandPosition::MustBeEqual ||
      operandPosition(RU) == OperandPosition::MustBeEqual)
    return false;
  bool LC = isa<Constant>(LV), RC = isa<Constant>(RV);
  if (LC && RC) {
    if (isParameterPosition(LU) && isParameterPosition(RU))
      return true;
    return isIntegerOperandPosition(LU, Ctx.LayoutLock) &&
           isIntegerOperandPosition(RU, Ctx.LayoutLock);
  }
  if (LC || RC)
    return !specializesCode(LU) && !feedsInlineAsm(LU);
  return true;
}

bool mayMatch(const Instruction &L, const Instruction &R,
              const PairContext &Ctx) {
  if (!sameOperation(L, R, Ctx))
    return false;
  if (const auto *LI = dyn_cast<InvokeInst>(&L); LI && Ctx.Partners) {
    const BasicBlock *RightUnwind = cast<InvokeInst>(R).getUnwindDest();
    auto It = Ctx.Partners->find(LI->getUnwindDest());
    if (It == Ctx.Partners->end() || It->second != RightUnwind)
      return false;
  }
  for (unsigned I = 0, E = L.getNumOperands(); I != E; ++I) {
    const Use &LU = L.getOperandUse(I), &RU = R.getOperandUse(I);
    const Value *LV = LU.get(), *RV = RU.get();
    if (isa<BasicBlock>(LV) || sameOutsideValue(LV, RV, Ctx) ||
        selfCalls(LU, RU, Ctx))
      continue;
    // Instructions are the same merged value when they are matched, which
    // the aligner checks once it knows (see Aligner.cpp).
    if (isa<Instruction>(LV) && isa<Instruction>(RV))
      continue;
    if (!differenceAllowed(LU, RU, LV, RV, Ctx))
      return false;
  }
  return true;
}

int64_t matchGainTenths(const Instruction &L, const Instruction &R,
                        const PairContext &Ctx) {
  int64_t Gain = instructionTenths(L, Ctx.Costs);
  // Matching terminators saves the branch that would choose between them
  // (5 bytes: an x86-64 `jmp rel32`; the aligner's own rough weight, not
  // the byte model's jump, as is the select's 4 bytes below: AlignedCost.cpp
  // prices the merged body once the matching is known).
  if (L.isTerminator())
    Gain += 50;
  for (unsigned I = 0, E = L.getNumOperands(); I != E; ++I) {
    const Use &LU = L.getOperandUse(I), &RU = R.getOperandUse(I);
    const Value *LV = LU.get(), *RV = RU.get();
    if (isa<BasicBlock>(LV) || sameOutsideValue(LV, RV, Ctx) ||
        selfCalls(LU, RU, Ctx) ||
        (isa<Instruction>(LV) && isa<Instruction>(RV)))
      continue;
    Gain -= 40 + materializeTenths(*LV, Ctx.Bytes) +
            materializeTenths(*RV, Ctx.Bytes);
  }
  return Gain;
}

} // namespace lmf
