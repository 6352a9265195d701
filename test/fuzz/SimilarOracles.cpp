//===- SimilarOracles.cpp - Wildcard encodings of clones ------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each family is encoded three times more, with parameter wildcards, with
// callee wildcards as well, and with integer wildcards instead, through
// encodeWithParameterWildcards (what the similar stage compares) and
// hashFunction (the encodeFunction path): the two must agree token for
// token.
//
// A clone and its base differ in one operand, so under wildcards they are
// equal exactly when that operand is a wildcard in both. That is decided
// here by a second reading of the rules ParameterPositions.h documents: a
// mistake in either reading shows as a problem naming the operand.
//
//===----------------------------------------------------------------------===//

#include "SimilarOracles.h"

#include "Oracles.h"

#include "core/equality/ParameterPositions.h"
#include "core/equality/StructuralHash.h"
#include "core/equality/TotalOrder.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace lmf::fuzz {
namespace {

using Matrix = std::vector<std::vector<int>>;

int sign(int V) { return (V > 0) - (V < 0); }

/// One family as one context encodes it.
struct Level {
  Level(const char *Name, const EncodingContext &Ctx) : Name(Name), Ctx(Ctx) {}
  const char *Name;
  EncodingContext Ctx;
  std::vector<Encoding> Enc;
  std::vector<std::vector<const Use *>> Positions;
  Matrix C;
};

Level encodeFamily(ArrayRef<const Function *> Fns, const char *Name,
                   const EncodingContext &Ctx) {
  Level L(Name, Ctx);
  size_t N = Fns.size();
  L.Enc.resize(N);
  L.Positions.resize(N);
  EncoderScratch Scratch;
  for (size_t I = 0; I < N; ++I)
    encodeWithParameterWildcards(*Fns[I], Ctx, L.Enc[I], Scratch,
                                 &L.Positions[I]);
  L.C.assign(N, std::vector<int>(N));
  for (size_t I = 0; I < N; ++I)
    for (size_t J = 0; J < N; ++J)
      L.C[I][J] = sign(compareEncodings(L.Enc[I], L.Enc[J]));
  return L;
}

std::string at(const Function &F) { return "@" + F.getName().str(); }

/// The documented rules (ParameterPositions.h), read once more.
enum class Verdict { Position, Never, Unplaced };

bool qualifyingType(const Type &T) {
  if (T.isIntegerTy())
    return T.getIntegerBitWidth() <= 64;
  return T.isPointerTy() || T.isFloatTy() || T.isDoubleTy();
}

/// Integers up to 64 bits, float and double, null, addresses of globals
/// that are not thread-local, and constant expressions over those.
bool qualifyingConstant(const Constant &C) {
  if (!qualifyingType(*C.getType()) || isa<UndefValue>(C))
    return false;
  if (isa<ConstantInt>(C) || isa<ConstantFP>(C) || isa<ConstantPointerNull>(C))
    return true;
  if (const auto *GV = dyn_cast<GlobalValue>(&C))
    return !GV->isThreadLocal();
  if (isa<ConstantExpr>(C))
    return all_of(C.operands(), [](const Use &Op) {
      return qualifyingConstant(*cast<Constant>(Op.get()));
    });
  return false;
}

/// Arguments with these attributes are passed in a way of their own, or
/// must stay immediates: never positions.
constexpr Attribute::AttrKind PassedOtherwise[] = {
    Attribute::ByVal,       Attribute::InAlloca,   Attribute::Preallocated,
    Attribute::ByRef,       Attribute::Nest,       Attribute::SwiftSelf,
    Attribute::SwiftError,  Attribute::SwiftAsync, Attribute::StructRet,
    Attribute::ElementType, Attribute::ImmArg};

/// A plain argument of a call or invoke: not of an intrinsic, of inline
/// assembly or of a musttail call (which must pass on what it was given),
/// and passed without an attribute that changes how.
Verdict classifyArgument(const CallBase &CB, const Use &U) {
  if (!CB.isArgOperand(&U) || CB.isInlineAsm() || CB.isMustTailCall())
    return Verdict::Never;
  // The rules speak of calls and invokes; a callbr of anything but inline
  // assembly is rare enough to leave open.
  if (isa<CallBrInst>(CB))
    return Verdict::Unplaced;
  if (const Function *Callee = CB.getCalledFunction();
      Callee && Callee->isIntrinsic())
    return Verdict::Never;
  unsigned ArgNo = CB.getArgOperandNo(&U);
  for (Attribute::AttrKind Kind : PassedOtherwise)
    if (CB.paramHasAttr(ArgNo, Kind))
      return Verdict::Never;
  return Verdict::Position;
}

Verdict classifyUse(const Use &U) {
  const auto *C = dyn_cast<Constant>(U.get());
  if (!C || !qualifyingConstant(*C))
    return Verdict::Never;
  const User *Owner = U.getUser();
  // A load's only operand is its address; both of a store's are positions.
  if (isa<LoadInst>(Owner) || isa<StoreInst>(Owner))
    return Verdict::Position;
  if (const auto *CB = dyn_cast<CallBase>(Owner))
    return classifyArgument(*CB, U);
  return Verdict::Never;
}

/// The and masks that are zero extensions: the low 8, 16 or 32 bits of a
/// wider integer.
bool zeroExtends(const APInt &Mask) {
  unsigned Width = Mask.getBitWidth();
  for (unsigned Bits : {8u, 16u, 32u})
    if (Width > Bits && Mask == APInt::getLowBitsSet(Width, Bits))
      return true;
  return false;
}

/// An index of GEP into an array (or the pointer operand's elements) of
/// 1, 2, 4 or 8-byte elements; the indexed type is found by stepping the
/// indices before it.
bool scaledArrayIndex(const GetElementPtrInst &GEP, unsigned OperandNo) {
  if (OperandNo == 0 || GEP.getType()->isVectorTy())
    return false;
  Type *Element = GEP.getSourceElementType();
  if (OperandNo > 1) {
    SmallVector<Value *, 4> Before(GEP.idx_begin(),
                                   GEP.idx_begin() + (OperandNo - 1));
    Type *Container =
        GetElementPtrInst::getIndexedType(GEP.getSourceElementType(), Before);
    auto *Array = dyn_cast_or_null<ArrayType>(Container);
    if (!Array)
      return false; // a structure or a vector
    Element = Array->getElementType();
  }
  if (!Element->isSized() || isa<ScalableVectorType>(Element))
    return false;
  uint64_t Bytes = GEP.getDataLayout().getTypeAllocSize(Element);
  return Bytes == 1 || Bytes == 2 || Bytes == 4 || Bytes == 8;
}

/// The integer operand positions of ParameterPositions.h, read once more.
bool integerPosition(const Use &U) {
  const auto *C = dyn_cast<ConstantInt>(U.get());
  if (!C || C->getBitWidth() > 64)
    return false;
  const auto *I = dyn_cast<Instruction>(U.getUser());
  if (!I)
    return false;
  switch (I->getOpcode()) {
  case Instruction::ICmp:
  case Instruction::PHI:
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Or:
  case Instruction::Xor:
    return true;
  case Instruction::And:
    return !zeroExtends(C->getValue());
  case Instruction::Select:
    // Not between two constants: code generation computes those.
    return U.getOperandNo() > 0 &&
           !isa<ConstantInt>(I->getOperand(U.getOperandNo() == 1 ? 2 : 1));
  case Instruction::GetElementPtr:
    return scaledArrayIndex(*cast<GetElementPtrInst>(I), U.getOperandNo());
  default:
    return false;
  }
}

const Use *siteUse(const Function &F, OperandSite S) {
  unsigned N = 0;
  for (const Instruction &I : instructions(F))
    if (N++ == S.Instruction)
      return S.Operand < I.getNumOperands() ? &I.getOperandUse(S.Operand)
                                            : nullptr;
  return nullptr;
}

/// A position only when the operand is one in the base and in the clone:
/// otherwise one of them writes its constant, the other a wildcard or
/// another constant.
Verdict classifyChange(const Use &Base, const Use &Clone) {
  Verdict B = classifyUse(Base), C = classifyUse(Clone);
  if (B == Verdict::Unplaced || C == Verdict::Unplaced)
    return Verdict::Unplaced;
  return B == Verdict::Position && C == Verdict::Position ? Verdict::Position
                                                          : Verdict::Never;
}

/// isCalleeParameterPosition's rule, read once more.
bool calleeMayBeParameter(const CallBase &CB, const Function &Caller) {
  const auto *Callee = dyn_cast<Function>(CB.getCalledOperand());
  return Callee && Callee != &Caller && !Callee->isIntrinsic() &&
         !CB.hasOperandBundles() && !CB.isMustTailCall();
}

class FamilyCheck {
public:
  FamilyCheck(ArrayRef<const Function *> Fns,
              ArrayRef<const Mutation *> Changes, const EncodingContext &Ctx,
              SimilarCounts &Counts, std::vector<std::string> &Missed)
      : Fns(Fns), Changes(Changes), Counts(Counts), Missed(Missed),
        Params(encodeFamily(Fns, "parameter wildcards",
                            wildcardContext(Ctx, false))),
        Callees(
            encodeFamily(Fns, "callee wildcards", wildcardContext(Ctx, true))),
        Integers(encodeFamily(Fns, "integer wildcards",
                              wildcardContext(Ctx, false, true))) {}

  std::vector<std::string> run(const Matrix &Plain, uint64_t &Triples);

private:
  void problem(const std::string &What) { Problems.push_back(What); }
  void checkLaws(const Level &L, uint64_t &Triples);
  void checkRecordedPositions(const Level &L, size_t I);
  void checkAlignedPositions(const Level &L, size_t I, size_t J);
  void checkCoarsening(const Matrix &Finer, const char *FinerName,
                       const Level &Coarser);
  void checkClone(size_t I);
  void checkAtSite(size_t I, const std::string &Who);
  void checkCalleeSwap(size_t I, const std::string &Who);
  void checkKeptApart(size_t I, const std::string &Who,
                      bool AlsoIntegers = false);
  void checkPositionChange(const Level &L, size_t I, const Use &Changed,
                           uint64_t &At, uint64_t &EqualAt,
                           const std::string &Who);
  void checkIntegerChange(size_t I, const Use &Base, const Use &Clone,
                          Verdict AsParameter, const std::string &Who);

  ArrayRef<const Function *> Fns;
  ArrayRef<const Mutation *> Changes;
  SimilarCounts &Counts;
  std::vector<std::string> &Missed;
  Level Params, Callees, Integers;
  std::vector<std::string> Problems;
};

std::vector<std::string> FamilyCheck::run(const Matrix &Plain,
                                          uint64_t &Triples) {
  checkLaws(Params, Triples);
  checkLaws(Callees, Triples);
  checkLaws(Integers, Triples);
  checkCoarsening(Plain, "without wildcards", Params);
  checkCoarsening(Params.C, "under parameter wildcards", Callees);
  checkCoarsening(Params.C, "under parameter wildcards", Integers);
  for (size_t I = 1; I < Fns.size(); ++I)
    checkClone(I);
  return std::move(Problems);
}

/// Total order, hashes, shapes and positions of one level, and agreement
/// of its two encoding paths.
void FamilyCheck::checkLaws(const Level &L, uint64_t &Triples) {
  size_t N = Fns.size();
  std::vector<uint64_t> Hash(N), Shape(N);
  Encoding Scratch;
  for (size_t I = 0; I < N; ++I) {
    Hash[I] = hashFunction(*Fns[I], L.Ctx, Scratch);
    if (Scratch != L.Enc[I])
      problem(at(*Fns[I]) +
              ": encodeFunction and "
              "encodeWithParameterWildcards differ under " +
              L.Name);
    Shape[I] = shapeHash(*Fns[I]);
    checkRecordedPositions(L, I);
  }
  for (size_t I = 0; I < N; ++I)
    for (size_t J = I + 1; J < N; ++J) {
      if (L.C[I][J] != 0)
        continue;
      std::string Pair = at(*Fns[I]) + " and " + at(*Fns[J]);
      if (Hash[I] != Hash[J])
        problem(Pair + " compare equal under " + L.Name +
                " but hash differently");
      if (Shape[I] != Shape[J])
        problem(Pair + " compare equal under " + L.Name +
                " but have different shapes (the similar stage never "
                "compares them)");
      checkAlignedPositions(L, I, J);
    }
  std::string Law = checkTotalOrder(L.C, Triples);
  if (!Law.empty())
    problem("family of " + at(*Fns[0]) + " under " + L.Name + ": " + Law);
}

/// Every operand the encoder made a wildcard is a position by
/// ParameterPositions.h, or a callee under callee wildcards.
void FamilyCheck::checkRecordedPositions(const Level &L, size_t I) {
  for (const Use *U : L.Positions[I]) {
    const auto *Inst = dyn_cast<Instruction>(U->getUser());
    const auto *CB = dyn_cast_or_null<CallBase>(Inst);
    bool Callee = CB && CB->isCallee(U) && L.Ctx.CalleeWildcards &&
                  isCalleeParameterPosition(*CB, *Fns[I]);
    bool Integer = L.Ctx.IntegerWildcards && integerPosition(*U);
    if (Inst && Inst->getFunction() == Fns[I] &&
        (Callee || Integer || isParameterPosition(*U)))
      continue;
    problem(at(*Fns[I]) + ": the encoder reports a position under " + L.Name +
            " that is none (operand " + std::to_string(U->getOperandNo()) +
            (Inst ? std::string(" of ") + Inst->getOpcodeName() : "") + ")");
    return;
  }
}

/// The similar stage pairs the positions of equal encodings by their
/// order: they must be the same operands of the same instructions.
void FamilyCheck::checkAlignedPositions(const Level &L, size_t I, size_t J) {
  const std::vector<const Use *> &P = L.Positions[I], &Q = L.Positions[J];
  std::string Pair = at(*Fns[I]) + " and " + at(*Fns[J]);
  if (P.size() != Q.size()) {
    problem(Pair + " compare equal under " + L.Name + " with " +
            std::to_string(P.size()) + " and " + std::to_string(Q.size()) +
            " positions");
    return;
  }
  for (size_t K = 0; K < P.size(); ++K) {
    const auto *A = cast<Instruction>(P[K]->getUser());
    const auto *B = cast<Instruction>(Q[K]->getUser());
    if (A->getOpcode() == B->getOpcode() &&
        P[K]->getOperandNo() == Q[K]->getOperandNo() &&
        P[K]->get()->getType() == Q[K]->get()->getType())
      continue;
    problem(Pair + " compare equal under " + L.Name + " but position " +
            std::to_string(K) + " is operand " +
            std::to_string(P[K]->getOperandNo()) + " of a " +
            A->getOpcodeName() + " in one, operand " +
            std::to_string(Q[K]->getOperandNo()) + " of a " +
            B->getOpcodeName() + " in the other");
    return;
  }
}

/// Wildcards only ever make more functions equal.
void FamilyCheck::checkCoarsening(const Matrix &Finer, const char *FinerName,
                                  const Level &Coarser) {
  for (size_t I = 0; I < Fns.size(); ++I)
    for (size_t J = I + 1; J < Fns.size(); ++J)
      if (Finer[I][J] == 0 && Coarser.C[I][J] != 0) {
        problem(at(*Fns[I]) + " and " + at(*Fns[J]) + " compare equal " +
                FinerName + " but unequal under " + Coarser.Name);
        return;
      }
}

void FamilyCheck::checkClone(size_t I) {
  const Mutation &Ch = *Changes[I];
  if (Ch.Expect == Expectation::Equal)
    return; // checkCoarsening covers it
  std::string Who = at(*Fns[I]) + " (" + kindName(Ch.Kind).str() + ": " +
                    Ch.Description + ") vs " + at(*Fns[0]);
  if (Ch.Kind == MutationKind::Callee && Ch.Site)
    checkCalleeSwap(I, Who);
  else if (Ch.Site)
    checkAtSite(I, Who);
  else
    // Swapping two integer constants of one instruction (a select's
    // values, the operands of an add) leaves integer wildcards where they
    // were: such a swap may compare equal under them.
    checkKeptApart(I, Who,
                   /*AlsoIntegers=*/Ch.Kind != MutationKind::SwapOperands);
}

/// A function that takes its own address differs from its copies there,
/// so only the checks that a clone stays apart apply to its family.
bool comparable(const Function &Base) { return !usesOwnAddress(Base); }

void FamilyCheck::checkAtSite(size_t I, const std::string &Who) {
  const Use *B = siteUse(*Fns[0], *Changes[I]->Site);
  const Use *C = siteUse(*Fns[I], *Changes[I]->Site);
  if (!B || !C) {
    problem(Who + ": the changed operand is not where the mutator said");
    return;
  }
  bool Equal = Params.C[0][I] == 0;
  Verdict AsParameter = classifyChange(*B, *C);
  checkIntegerChange(I, *B, *C, AsParameter, Who);
  switch (AsParameter) {
  case Verdict::Never:
    checkKeptApart(I, Who);
    return;
  case Verdict::Unplaced:
    if (Equal) {
      ++Counts.AtPositions;
      ++Counts.EqualAtPositions;
    } else if (comparable(*Fns[0])) {
      ++Counts.Missed;
      ++Counts.MissedByKind[kindName(Changes[I]->Kind).str()];
      Missed.push_back(Who);
    }
    return;
  case Verdict::Position:
    break;
  }
  checkPositionChange(Params, I, *C, Counts.AtPositions,
                      Counts.EqualAtPositions, Who);
}

/// Clone I changed at a position of level L: it must compare equal to its
/// base there (unless the base looks at its own address), and the encoder
/// must report the changed operand. At and EqualAt count.
void FamilyCheck::checkPositionChange(const Level &L, size_t I,
                                      const Use &Changed, uint64_t &At,
                                      uint64_t &EqualAt,
                                      const std::string &Who) {
  ++At;
  if (!comparable(*Fns[0]))
    return;
  if (L.C[0][I] != 0)
    problem(Who + ": a change at a position compares unequal under " + L.Name);
  else
    ++EqualAt;
  if (!is_contained(L.Positions[I], &Changed))
    problem(Who + ": the changed operand is a position under " + L.Name +
            " that the encoder does not report");
}

/// Under integer wildcards a change is a position when it is one under
/// parameter wildcards or an integer operand position in base and clone.
void FamilyCheck::checkIntegerChange(size_t I, const Use &Base,
                                     const Use &Clone, Verdict AsParameter,
                                     const std::string &Who) {
  if (AsParameter != Verdict::Never)
    return; // a parameter position: coarsening covers it
  if (!integerPosition(Base) || !integerPosition(Clone)) {
    if (Integers.C[0][I] == 0)
      problem(Who + ": a change at no position compares equal under "
                    "integer wildcards");
    return;
  }
  checkPositionChange(Integers, I, Clone, Counts.AtIntegerPositions,
                      Counts.EqualAtIntegerPositions, Who);
}

void FamilyCheck::checkCalleeSwap(size_t I, const std::string &Who) {
  ++Counts.CalleeSwaps;
  const Use *B = siteUse(*Fns[0], *Changes[I]->Site);
  const Use *C = siteUse(*Fns[I], *Changes[I]->Site);
  const auto *BaseCall = B ? dyn_cast<CallBase>(B->getUser()) : nullptr;
  const auto *CloneCall = C ? dyn_cast<CallBase>(C->getUser()) : nullptr;
  if (!BaseCall || !CloneCall || !CloneCall->isCallee(C)) {
    problem(Who + ": the swapped callee is not where the mutator said");
    return;
  }
  bool MayBeParameter = calleeMayBeParameter(*BaseCall, *Fns[0]) &&
                        calleeMayBeParameter(*CloneCall, *Fns[I]);
  bool Equal = Callees.C[0][I] == 0;
  Counts.CalleeSwapsEqual += Equal;
  if (Params.C[0][I] == 0 || Integers.C[0][I] == 0)
    problem(Who + ": a swapped callee compares equal without callee "
                  "wildcards");
  if (MayBeParameter && !Equal && comparable(*Fns[0]))
    problem(Who + ": a swapped callee that may be a parameter compares "
                  "unequal under callee wildcards");
  if (!MayBeParameter && Equal)
    problem(Who + ": a swapped callee that may not be a parameter (an "
                  "intrinsic, operand bundles, musttail or a self call) "
                  "compares equal under callee wildcards");
}

/// AlsoIntegers: the change is at no operand, so integer wildcards must
/// keep it apart too (checkIntegerChange judges changed operands).
void FamilyCheck::checkKeptApart(size_t I, const std::string &Who,
                                 bool AlsoIntegers) {
  ++Counts.KeptApart;
  for (const Level *L : {&Params, &Callees, &Integers}) {
    if (L == &Integers && !AlsoIntegers)
      continue;
    if (L->C[0][I] == 0) {
      problem(Who +
              ": a change at no parameter position compares equal "
              "under " +
              L->Name);
      return;
    }
  }
}

} // namespace

EncodingContext wildcardContext(const EncodingContext &Ctx, bool Callees,
                                bool Integers) {
  EncodingContext W = Ctx;
  W.ParameterWildcards = true;
  W.CalleeWildcards = Callees;
  W.IntegerWildcards = Integers;
  return W;
}

std::vector<std::string>
checkSimilarFamily(ArrayRef<const Function *> Fns,
                   ArrayRef<const Mutation *> Changes, const Matrix &Plain,
                   const EncodingContext &Ctx, SimilarCounts &Counts,
                   uint64_t &Triples, std::vector<std::string> &Missed) {
  return FamilyCheck(Fns, Changes, Ctx, Counts, Missed).run(Plain, Triples);
}

} // namespace lmf::fuzz
