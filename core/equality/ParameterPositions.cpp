//===- ParameterPositions.cpp - Operands that may become parameters -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Two functions that differ only in which global they load from, which
// constant they store, or which address they pass to a call do the same
// work on different data. Similar merging keeps one body and passes the
// data in. This file draws the line of what may be passed in, and it is
// drawn by safety first:
//
//  * positions: the address of a load, the value and the address of a
//    store, and the arguments of ordinary calls and invokes; unless turned
//    off (SimilarOptions::Callees) the callee of a direct call, which
//    then becomes an indirect call: a little slower, and a new indirect
//    branch target, so never in a module that protects indirect calls
//    (indirect-branch tracking, CFI, KCFI). There a
//    constant and a register holding it mean the same thing to code
//    generation. Intrinsic arguments (often `immarg`, or lowered by their
//    constant), inline assembly operands (an "i" constraint needs an
//    immediate) and arguments with ABI attributes (`byval`, `inalloca`,
//    `preallocated`, `byref`, `nest`, `swift*`, `sret`, `elementtype`) stay
//    part of the body. Unless turned off (SimilarOptions::Integers),
//    also the integer constants of the operations that cost the same with
//    a register operand as with an immediate: compares, `add`, `sub`,
//    `and`, `or`, `xor`, the value a `select` chooses against a computed
//    one, phi inputs and scalable array indices. That is the cost model for
//    the code: an x86-64 `cmp`, `add` or `and` takes a register where it
//    took an immediate, with the same latency and no more bytes; a phi
//    input is a `mov` from a register instead of an immediate; an index
//    scaled by 1, 2, 4 or 8 stays inside the addressing mode. Where a
//    constant selects cheaper code it is not a position: divisors (a
//    multiply instead of a divide), shift amounts (a variable shift is
//    slower on many cores), multipliers (`lea` and shifts), masks of the
//    low 8, 16 or 32 bits (a zero-extending move), the values of a
//    `select` between two constants (computed from the condition, with no
//    register for either), indices scaled by other sizes (a multiply per
//    access). Structure and vector indices, switch cases, alloca sizes,
//    shuffle masks and landing pad clauses never are: they change what the
//    code is, not only the data it works on.
//  * constants: scalars a caller can pass in one register. Thread-local
//    addresses are computed per thread and `blockaddress`,
//    `dso_local_equivalent`, `no_cfi` and signed pointers mean something
//    only where they are written; `undef` and `poison` may be chosen anew at
//    each use and would become one fixed value.
//  * functions: gaining trailing parameters must leave the ABI of the
//    existing ones alone and the body must not depend on its own frame
//    layout or call sequence: no varargs, no `musttail` calls, no parameters
//    passed in memory or in special registers, only the C and fast calling
//    conventions, no prefix or prologue data and no patchable entry.
//
//===----------------------------------------------------------------------===//

#include "core/equality/ParameterPositions.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalValue.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace lmf {
namespace {

bool isParameterType(const Type &T) {
  if (T.isIntegerTy())
    return T.getIntegerBitWidth() <= 64;
  return T.isPointerTy() || T.isFloatTy() || T.isDoubleTy();
}

/// Parameter attributes that pass an argument in memory or in a special
/// register: a function with such a parameter cannot gain parameters
/// safely, and such an argument is not plain data.
constexpr Attribute::AttrKind SpecialPassing[] = {
    Attribute::ByVal,      Attribute::InAlloca,  Attribute::Preallocated,
    Attribute::ByRef,      Attribute::Nest,      Attribute::SwiftSelf,
    Attribute::SwiftError, Attribute::SwiftAsync};

/// Call-site argument attributes that give the argument a meaning beyond
/// its value.
constexpr Attribute::AttrKind MoreThanData[] = {
    Attribute::StructRet, Attribute::ElementType, Attribute::ImmArg};

bool isPlainCallArgument(const CallBase &CB, const Use &U) {
  if (!CB.isArgOperand(&U) || CB.isInlineAsm() || CB.isMustTailCall())
    return false;
  if (const Function *Callee = CB.getCalledFunction())
    if (Callee->isIntrinsic())
      return false;
  unsigned ArgNo = CB.getArgOperandNo(&U);
  auto HasAttr = [&](Attribute::AttrKind Kind) {
    return CB.paramHasAttr(ArgNo, Kind);
  };
  return llvm::none_of(SpecialPassing, HasAttr) &&
         llvm::none_of(MoreThanData, HasAttr);
}

/// `and` with the low 8, 16 or 32 bits set is a zero extension to code
/// generation.
bool isZeroExtensionMask(const APInt &Mask) {
  for (unsigned Bits : {8u, 16u, 32u})
    if (Bits < Mask.getBitWidth() && Mask.isMask(Bits))
      return true;
  return false;
}

/// The bytes between the elements an index steps over. The size of a
/// structure (or of an array of them) comes from DataLayout's cache of
/// structure layouts, which fills itself on first use without any locking,
/// and encoders on several workers ask at once: the fuzzer saw two threads
/// laying out one structure give a member a wrong position. So aggregates
/// are asked under the encoding context's lock, one thread at a time;
/// scalars never touch the cache.
TypeSize elementStride(gep_type_iterator It, const DataLayout &DL,
                       std::mutex &LayoutLock) {
  if (!It.getIndexedType()->isAggregateType())
    return It.getSequentialElementStride(DL);
  std::lock_guard<std::mutex> Lock(LayoutLock);
  return It.getSequentialElementStride(DL);
}

/// An index of GEP that an x86-64 addressing mode scales for free: an
/// array index (not a structure or vector one) of an element of 1, 2, 4 or
/// 8 bytes.
bool isScalableIndex(const GetElementPtrInst &GEP, const Use &U,
                     std::mutex &LayoutLock) {
  if (U.getOperandNo() == 0 || GEP.getType()->isVectorTy())
    return false;
  const DataLayout &DL = GEP.getDataLayout();
  unsigned OperandNo = 1;
  for (gep_type_iterator It = gep_type_begin(GEP), E = gep_type_end(GEP);
       It != E; ++It, ++OperandNo) {
    if (OperandNo != U.getOperandNo())
      continue;
    if (It.isStruct() || It.isVector())
      return false;
    TypeSize Stride = elementStride(It, DL, LayoutLock);
    if (Stride.isScalable())
      return false;
    uint64_t Bytes = Stride.getFixedValue();
    return Bytes == 1 || Bytes == 2 || Bytes == 4 || Bytes == 8;
  }
  return false;
}

bool callsLocalEscape(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (const auto *II = dyn_cast<IntrinsicInst>(&I))
        if (II->getIntrinsicID() == Intrinsic::localescape)
          return true;
  return false;
}

/// A call of F to itself through another function type: in the shared
/// body it could not become a call of the body with the parameters passed
/// on, and leaving it would send every member's recursion to one member.
bool callsItselfAsAnotherType(const Function &F) {
  for (const Use &U : F.uses()) {
    const auto *CB = dyn_cast<CallBase>(U.getUser());
    if (CB && CB->getFunction() == &F && CB->isCallee(&U) &&
        CB->getFunctionType() != F.getFunctionType())
      return true;
  }
  return false;
}

bool hasMustTailCall(const Function &F) {
  for (const BasicBlock &BB : F)
    if (BB.getTerminatingMustTailCall())
      return true;
  return false;
}

} // namespace

bool isParameterConstant(const Constant &C) {
  if (!isParameterType(*C.getType()) || isa<UndefValue>(C))
    return false;
  if (isa<ConstantInt>(C) || isa<ConstantFP>(C) || isa<ConstantPointerNull>(C))
    return true;
  if (const auto *GV = dyn_cast<GlobalValue>(&C))
    return !GV->isThreadLocal();
  if (const auto *CE = dyn_cast<ConstantExpr>(&C))
    return llvm::all_of(CE->operands(), [](const Use &Op) {
      return isParameterConstant(*cast<Constant>(Op.get()));
    });
  return false;
}

bool isParameterPosition(const Use &U) {
  const auto *C = dyn_cast<Constant>(U.get());
  if (!C || !isParameterConstant(*C))
    return false;
  const User *Owner = U.getUser();
  if (const auto *LI = dyn_cast<LoadInst>(Owner))
    return U.getOperandNo() == LI->getPointerOperandIndex();
  if (isa<StoreInst>(Owner))
    return true;
  if (const auto *CB = dyn_cast<CallBase>(Owner))
    return isPlainCallArgument(*CB, U);
  return false;
}

bool isIntegerOperandPosition(const Use &U, std::mutex &LayoutLock) {
  const auto *C = dyn_cast<ConstantInt>(U.get());
  if (!C || C->getBitWidth() > 64)
    return false;
  const User *Owner = U.getUser();
  if (isa<ICmpInst>(Owner) || isa<PHINode>(Owner))
    return true;
  if (const auto *Select = dyn_cast<SelectInst>(Owner)) {
    // Between two constants, code generation computes the value from the
    // condition (a zero extension and an add or xor); between parameters,
    // it needs both in registers, kept across any call before it.
    unsigned Other = U.getOperandNo() == 1 ? 2 : 1;
    return U.getOperandNo() != 0 &&
           !isa<ConstantInt>(Select->getOperand(Other));
  }
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(Owner))
    return isScalableIndex(*GEP, U, LayoutLock);
  const auto *BO = dyn_cast<BinaryOperator>(Owner);
  if (!BO)
    return false;
  switch (BO->getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Or:
  case Instruction::Xor:
    return true;
  case Instruction::And:
    return !isZeroExtensionMask(C->getValue());
  default:
    return false;
  }
}

bool protectsIndirectCalls(const Module &M) {
  // Clang writes cf-protection-branch as 0 or 1, and the flags of CFI and
  // KCFI only when they are on.
  if (const auto *Branch = mdconst::extract_or_null<ConstantInt>(
          M.getModuleFlag("cf-protection-branch"));
      Branch && !Branch->isZero())
    return true;
  return M.getModuleFlag("CFI Canonical Jump Tables") ||
         M.getModuleFlag("kcfi");
}

bool isCalleeParameterPosition(const CallBase &CB, const Function &Caller) {
  const auto *Callee = dyn_cast<Function>(CB.getCalledOperand());
  return Callee && Callee != &Caller && !Callee->isIntrinsic() &&
         !CB.hasOperandBundles() && !CB.isMustTailCall();
}

StringRef similarIneligibilityReason(const Function &F) {
  if (F.isVarArg())
    return "varargs";
  CallingConv::ID CC = F.getCallingConv();
  if (CC != CallingConv::C && CC != CallingConv::Fast)
    return "calling convention other than C or fastcc";
  if (F.hasPrefixData() || F.hasPrologueData())
    return "prefix or prologue data";
  if (F.hasFnAttribute("patchable-function-entry") ||
      F.hasFnAttribute("patchable-function-prefix") ||
      F.hasFnAttribute("patchable-function"))
    return "patchable entry";
  for (const Argument &A : F.args())
    for (Attribute::AttrKind Kind : SpecialPassing)
      if (A.hasAttribute(Kind))
        return "parameter passed in memory or a special register";
  if (hasMustTailCall(F))
    return "musttail call";
  if (callsLocalEscape(F))
    return "llvm.localescape";
  if (callsItselfAsAnotherType(F))
    return "calls itself through another function type";
  return "";
}

} // namespace lmf
