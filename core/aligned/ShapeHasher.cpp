//===- ShapeHasher.cpp - Stable hashes of types and instructions ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The aligned stage hashes every instruction it may align: the hashes feed
// the functions' fingerprints (CandidateSearch.cpp), which decide which pairs
// are ever aligned, and the aligner's first test of whether two
// instructions may be matched (Aligner.cpp). Both choices reach the output,
// so the hashes must be the same in every run and on every thread: they are
// built from type IDs, widths, counts and the numbers GlobalNumbering gives
// globals in module order, never from the addresses of LLVM's uniqued
// objects.
//
// A shape holds what InstructionMatch.cpp requires to be equal besides the
// operands' values: the opcode, the result type, each operand's type, and
// the fields that make two instructions of one opcode different operations.
// Operands that must be equal (a callee, a switch case value) are left to
// the exact test, except the callee of a direct call, which is the shape of
// a call as far as merging goes (two calls of different functions are never
// matched) and is hashed by its global number, a self call as "self".
//
//===----------------------------------------------------------------------===//

#include "core/aligned/ShapeHasher.h"

#include "core/equality/GlobalNumbering.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace lmf {

uint64_t mixHash(uint64_t Seed, uint64_t V) {
  uint64_t Z = Seed + 0x9e3779b97f4a7c15ULL + V;
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
  return Z ^ (Z >> 31);
}

static uint64_t hashString(StringRef S) {
  uint64_t H = mixHash(0, S.size());
  for (char C : S)
    H = mixHash(H, static_cast<unsigned char>(C));
  return H;
}

uint64_t ShapeHasher::type(const Type *T) {
  auto It = Types.find(T);
  if (It != Types.end())
    return It->second;
  // A named structure may refer to itself through a pointer, which is
  // opaque: recursion ends at every pointer.
  uint64_t H = computeType(T);
  Types[T] = H;
  return H;
}

uint64_t ShapeHasher::computeType(const Type *T) {
  uint64_t H = mixHash(0x7e, T->getTypeID());
  switch (T->getTypeID()) {
  case Type::IntegerTyID:
    return mixHash(H, T->getIntegerBitWidth());
  case Type::PointerTyID:
    return mixHash(H, T->getPointerAddressSpace());
  case Type::FixedVectorTyID:
  case Type::ScalableVectorTyID: {
    const auto *VT = cast<VectorType>(T);
    H = mixHash(H, VT->getElementCount().getKnownMinValue());
    return mixHash(H, type(VT->getElementType()));
  }
  case Type::ArrayTyID:
    H = mixHash(H, T->getArrayNumElements());
    return mixHash(H, type(T->getArrayElementType()));
  case Type::StructTyID: {
    const auto *ST = cast<StructType>(T);
    if (ST->isOpaque())
      return mixHash(H, hashString(ST->getName()));
    H = mixHash(H, ST->isPacked());
    for (const Type *E : ST->elements())
      H = mixHash(H, type(E));
    return mixHash(H, ST->getNumElements());
  }
  case Type::FunctionTyID: {
    const auto *FT = cast<FunctionType>(T);
    H = mixHash(H, FT->isVarArg());
    H = mixHash(H, type(FT->getReturnType()));
    for (const Type *P : FT->params())
      H = mixHash(H, type(P));
    return mixHash(H, FT->getNumParams());
  }
  case Type::TargetExtTyID:
    return mixHash(H, hashString(cast<TargetExtType>(T)->getName()));
  default:
    return H;
  }
}

/// The fields of I that isSameOperationAs compares besides types, and the
/// callee of a call.
static uint64_t specialFields(const Instruction &I, const Function &Self,
                              const GlobalNumbering &Globals) {
  if (const auto *CI = dyn_cast<CmpInst>(&I))
    return CI->getPredicate();
  if (const auto *LI = dyn_cast<LoadInst>(&I))
    return LI->isVolatile() | uint64_t(LI->getOrdering()) << 1 |
           uint64_t(Log2(LI->getAlign())) << 8;
  if (const auto *SI = dyn_cast<StoreInst>(&I))
    return SI->isVolatile() | uint64_t(SI->getOrdering()) << 1 |
           uint64_t(Log2(SI->getAlign())) << 8;
  if (const auto *AI = dyn_cast<AllocaInst>(&I))
    return uint64_t(Log2(AI->getAlign()));
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getOperation();
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    uint64_t H = mixHash(CB->getCallingConv(), CB->getNumOperandBundles());
    const Value *Callee = CB->getCalledOperand();
    if (Callee == &Self)
      return mixHash(H, 0x5e1f);
    if (const auto *IA = dyn_cast<InlineAsm>(Callee))
      return mixHash(H, hashString(IA->getAsmString()));
    if (const auto *F = dyn_cast<Function>(Callee)) {
      if (F->isIntrinsic())
        return mixHash(H, 0x1000000ULL + F->getIntrinsicID());
      if (std::optional<uint64_t> N = Globals.lookup(F))
        return mixHash(H, *N + 0x2000000ULL);
    }
    return H;
  }
  return 0;
}

uint64_t ShapeHasher::instruction(const Instruction &I, const Function &Self) {
  uint64_t H = mixHash(I.getOpcode(), type(I.getType()));
  H = mixHash(H, I.getNumOperands());
  if (const auto *CB = dyn_cast<CallBase>(&I))
    H = mixHash(H, type(CB->getFunctionType()));
  else
    for (const Value *Op : I.operands())
      H = mixHash(H, type(Op->getType()));
  return mixHash(H, specialFields(I, Self, Globals));
}

uint64_t ShapeHasher::header(const Function &F) {
  return mixHash(type(F.getFunctionType()), F.getCallingConv());
}

} // namespace lmf
