//===- ByteModel.cpp - What a fold costs and saves in .text ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The planners (SimilarPlanner.cpp, CrossModulePlanner.cpp) never compile
// anything: they estimate machine-code bytes from IR, in x86-64 terms, and
// merge where the estimate says it pays. Three estimates serve them all:
// the bytes of a body (4.5 per IR instruction that emits code, calibrated
// on a measurement, ByteModel.h), the bytes to put a constant in an
// argument register, and
// the argument registers a value of some type takes. Estimates that count
// high only make the planners merge less.
//
//===----------------------------------------------------------------------===//

#include "core/facts/ByteModel.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace lmf {

/// Instructions that usually emit no code of their own.
static bool emitsNoCode(const Instruction &I) {
  if (isa<PHINode>(I) || isa<DbgInfoIntrinsic>(I))
    return true;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    return II->isLifetimeStartOrEnd() || II->isAssumeLikeIntrinsic();
  return false;
}

int64_t estimateBodyBytes(const Function &F, uint64_t *Instructions) {
  uint64_t All = 0;
  int64_t Counted = 0;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      ++All;
      Counted += !emitsNoCode(I);
    }
  if (Instructions)
    *Instructions = All;
  return Counted * TenthsOfBytesPerInstruction / 10;
}

int64_t argumentBytes(const Constant &C) {
  if (C.isNullValue())
    return 2;
  if (const auto *CI = dyn_cast<ConstantInt>(&C))
    return CI->getValue().isSignedIntN(32) ? 5 : 10;
  if (C.getType()->isFloatingPointTy())
    return 8 + static_cast<int64_t>(C.getType()->getPrimitiveSizeInBits() / 8);
  return 7;
}

void ArgumentRegisters::add(const Type &T) {
  if (const auto *ST = dyn_cast<StructType>(&T)) {
    for (const Type *Element : ST->elements())
      add(*Element);
  } else if (const auto *AT = dyn_cast<ArrayType>(&T)) {
    // Sixteen elements already exceed every register budget.
    for (uint64_t I = 0, E = AT->getNumElements(); I != E && I < 16; ++I)
      add(*AT->getElementType());
  } else if (T.isVectorTy()) {
    TypeSize Bits = T.getPrimitiveSizeInBits();
    Float += Bits.isScalable() ? 1 : divideCeil(Bits.getFixedValue(), 128);
  } else if (T.isFloatingPointTy()) {
    ++Float;
  } else if (T.isIntegerTy()) {
    Integer += divideCeil(T.getIntegerBitWidth(), 64);
  } else {
    ++Integer;
  }
}

} // namespace lmf
