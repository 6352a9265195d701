//===- ByteModel.cpp - What a fold costs and saves in .text ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The planners (SimilarPlanner.cpp, CrossModulePlanner.cpp,
// CrossModuleSimilarPlanner.cpp) never compile anything: they estimate the
// machine-code bytes of the module's target from IR and merge where the
// estimate says it pays. A fold trades bodies for thunks and for values
// put in registers, so the model needs, per target: the bytes of a body,
// the alignment padding after it, a thunk's jump, a constant or an address
// put in a register, the argument registers, and what a constant table
// costs. The target comes from the module's triple; how a function is
// built (`minsize`/`optsize`, its CPU) from its attributes.
//
// Bodies: bytes per IR instruction that emits code, measured by compiling
// optimized IR with llc-22 and reading the symbol sizes of every function
// up to 2 KiB (bench/size/byte_model_calibration.py; 67 CTMark units,
// bench/notebook/2026-11-28.md, "A byte model per target"): x86-64 4.35 at
// -O3 (the model keeps 4.5, calibrated on the classes CTMark's kc merges)
// and 4.95 for a function built for size; AArch64 4.25 and 5.12; RISC-V 64
// (compressed instructions) 3.61 and 4.62. Code built for size is less
// inlined and unrolled, with more calls, each taking its arguments' moves:
// fewer IR instructions, more bytes each.
//
// What a body adds where a caller inlines it (a ThinLTO backend copies
// small functions of other modules into their callers, after the
// cross-module planners ran): the same density, without the return and
// without the constant offsets that the loads and stores fold into their
// addressing. yEncBegin, a field read, is one instruction there, where
// bodyBytes counts three for its own body.
//
// Alignment, as llc-22 applies it (MachineFunction: the target's preferred
// alignment unless the function has `optsize` or `minsize`, then its
// minimum; never below an explicit `align`): x86-64 16 bytes, 1 for size;
// AArch64 4 bytes minimum, preferred by the tuned CPU (`tune-cpu`, else
// `target-cpu`): 4 for generic (clang's default) and Apple cores, 16 for
// most Arm cores, 8, 32 or 64 for a few (cpuPreferredAlignment); RISC-V 64
// 2 bytes with compressed instructions (`+c`/`+zca`), else 4, for size or
// not.
//
// Jumps and values: x86-64 `jmp rel32` 5 bytes, `xor` 2 for zero, `mov
// imm32` 5, `movabs` 10, a RIP-relative `lea` 7 for an address (a GOT load
// is as long), floating point from the constant pool (8 bytes of code and
// the constant); AArch64 `b` 4 bytes, `movz`/`movk` 4 per 16-bit chunk
// (fewer with `movn` when the value is mostly ones), `adrp`+`add` 8 for an
// address (`adrp`+`ldr` of the GOT where the symbol is preemptible: also
// 8), `fmov` 4 for floating point an 8-bit immediate encodes and
// `adrp`+`ldr` from the pool otherwise; RISC-V 64 `tail` relaxed by the
// linker to `jal` 4 bytes, `li` 2 to 8 bytes by width, `auipc`+`addi` 8
// for an address.
//
// A parameter where a member had a constant: a byte for the moves it may
// add (a register instead of an immediate rarely costs anything), and two
// per address the shared body computes from a parameter (usually folded
// into the access: an x86-64 displacement, an AArch64 or RISC-V immediate
// offset), on every target: no measurement tells the targets apart.
//
// Constant tables (ConstantTables.cpp): the table's address costs what an
// address costs; each field 8 bytes, and in a position-independent output
// an address field needs a 24-byte `Elf64_Rela` relocation on all three
// targets. A load or store whose address was a constant needs a load of
// its own on x86-64 (4 bytes); on AArch64 and RISC-V the constant address
// took an `adrp`/`auipc` already, which the table's load replaces. Any
// other operand read from a table costs x86-64 a byte (a memory operand
// where an immediate was), AArch64 and RISC-V a load (4 bytes).
//
// Argument registers: x86-64 SysV 6 integer and 8 vector (Windows 4 and
// 4); AArch64 8 (x0-x7) and 8 (v0-v7); RISC-V 8 (a0-a7) and 8 (fa0-fa7).
//
// The fallback, for any other target: fixed 4-byte instructions at the
// AArch64 ratio, 16-byte alignment (4 for size), an 8-byte jump and
// address (a far jump or address takes two instructions on most RISC
// targets), constants of 4 to 16 bytes by width, and 4 integer and 4
// floating-point argument registers, so that similar merging stays modest
// where nothing was measured.
//
// Costs that count high (thunks, values put in registers, tables) only
// make the planners merge less; bodies are estimated as measured.
//
//===----------------------------------------------------------------------===//

#include "core/facts/ByteModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace lmf {

namespace {

/// Bytes per IR instruction, in tenths, by target and by whether the
/// function is built for size (see the file comment).
struct InstructionDensity {
  int64_t Default, ForSize;
};

InstructionDensity densityOf(TargetKind K) {
  switch (K) {
  case TargetKind::X86_64:
    return {45, 50};
  case TargetKind::AArch64:
  case TargetKind::Fallback:
    return {43, 51};
  case TargetKind::RISCV64:
    return {36, 46};
  }
  return {45, 50};
}
/// The preferred function alignment llc-22 gives AArch64 code tuned for
/// CPU (AArch64Subtarget::initializeProperties, read back from llc-22 for
/// every CPU it lists).
int64_t cpuPreferredAlignment(StringRef CPU) {
  if (CPU.empty() || CPU == "generic" || CPU.starts_with("apple-") ||
      CPU == "carmel" || CPU == "cyclone" || CPU == "falkor" ||
      CPU == "fujitsu-monaka" || CPU == "kryo" || CPU == "saphira")
    return 4;
  if (CPU == "a64fx" || CPU.starts_with("cortex-a65") || CPU == "neoverse-e1" ||
      (CPU.starts_with("thunderx") && CPU != "thunderx3t110"))
    return 8;
  if (CPU.starts_with("exynos-m"))
    return 32;
  if (CPU.starts_with("ampere1"))
    return 64;
  return 16;
}

StringRef tunedCPU(const Function &F) {
  Attribute Tune = F.getFnAttribute("tune-cpu");
  if (Tune.isValid() && !Tune.getValueAsString().empty())
    return Tune.getValueAsString();
  return F.getFnAttribute("target-cpu").getValueAsString();
}

/// True when F may use RISC-V's 2-byte instructions.
bool hasCompressed(const Function &F) {
  SmallVector<StringRef, 32> Features;
  F.getFnAttribute("target-features")
      .getValueAsString()
      .split(Features, ',', -1, false);
  return llvm::is_contained(Features, "+c") ||
         llvm::is_contained(Features, "+zca");
}

/// Instructions that usually emit no code of their own.
bool emitsNoCode(const Instruction &I) {
  if (isa<PHINode>(I) || isa<DbgInfoIntrinsic>(I))
    return true;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    return II->isLifetimeStartOrEnd() || II->isAssumeLikeIntrinsic();
  return false;
}

/// 16-bit chunks of V that a `movz`/`movk` (or `movn`/`movk`) sequence
/// writes: at least one.
int64_t movChunks(uint64_t V) {
  int64_t Zero = 0, Ones = 0;
  for (unsigned Shift = 0; Shift < 64; Shift += 16) {
    uint64_t Chunk = (V >> Shift) & 0xffff;
    Zero += Chunk != 0;
    Ones += Chunk != 0xffff;
  }
  return std::max<int64_t>(1, std::min(Zero, Ones));
}

/// True when an AArch64 `fmov` immediate encodes C: +-n/16 * 2^e, n in
/// 16..31, e in -3..4.
bool isFMovImmediate(const ConstantFP &C) {
  const APFloat &V = C.getValueAPF();
  for (int E = -3; E <= 4; ++E)
    for (int N = 16; N <= 31; ++N) {
      double D = std::ldexp(static_cast<double>(N) / 16.0, E);
      bool LosesInfo = false;
      APFloat Want(D);
      Want.convert(V.getSemantics(), APFloat::rmNearestTiesToEven, &LosesInfo);
      if (!LosesInfo && (V.bitwiseIsEqual(Want) || V.bitwiseIsEqual(neg(Want))))
        return true;
    }
  return false;
}

int64_t poolLoadBytes(const Constant &C, int64_t LoadBytes) {
  return LoadBytes +
         static_cast<int64_t>(C.getType()->getPrimitiveSizeInBits() / 8);
}

int64_t x86ArgumentBytes(const Constant &C) {
  if (C.isNullValue())
    return 2;
  if (const auto *CI = dyn_cast<ConstantInt>(&C))
    return CI->getValue().isSignedIntN(32) ? 5 : 10;
  if (C.getType()->isFloatingPointTy())
    return poolLoadBytes(C, 8);
  return 7;
}

int64_t aarch64ArgumentBytes(const Constant &C) {
  if (C.isNullValue())
    return 4;
  if (const auto *CI = dyn_cast<ConstantInt>(&C)) {
    unsigned Bits = CI->getBitWidth();
    uint64_t V = CI->getValue().getLimitedValue();
    if (Bits <= 32) // a W register: movn covers the upper half's ones
      V = static_cast<uint64_t>(CI->getValue().sextOrTrunc(64).getZExtValue());
    return 4 * movChunks(V);
  }
  if (const auto *FP = dyn_cast<ConstantFP>(&C))
    return isFMovImmediate(*FP) ? 4 : poolLoadBytes(C, 8);
  return 8;
}

int64_t riscvArgumentBytes(const Constant &C) {
  if (C.isNullValue())
    return 2;
  if (const auto *CI = dyn_cast<ConstantInt>(&C)) {
    const APInt &V = CI->getValue();
    if (V.isSignedIntN(6))
      return 2;
    if (V.isSignedIntN(12))
      return 4;
    if (V.isSignedIntN(32))
      return 8;
    return 16;
  }
  if (C.getType()->isFloatingPointTy())
    return poolLoadBytes(C, 8);
  return 8;
}

int64_t fallbackArgumentBytes(const Constant &C) {
  if (C.isNullValue())
    return 4;
  if (const auto *CI = dyn_cast<ConstantInt>(&C)) {
    const APInt &V = CI->getValue();
    return V.isSignedIntN(16) ? 4 : V.isSignedIntN(32) ? 8 : 16;
  }
  if (C.getType()->isFloatingPointTy())
    return poolLoadBytes(C, 8);
  return 8;
}

// A branch on an aligned pair's identifier, calibrated on the CTMark
// modules built for x86-64 (bench/notebook/2026-11-28.md, "The aligned
// stage's byte model"): every pair of 1063 merged and compiled, the merged
// body's real size fitted against its instructions, selects and branches.
// It costs far more than its two instructions: the members' values meet in
// phis (copies), both members' values stay live across it (spills), and
// each side ends in a jump. With 31 registers and a compare-and-branch in
// one instruction it costs about half as much (every pair of the CTMark
// modules merged and compiled, bench/size/aligned_pair_bytes.py, the error
// fitted per branch: AArch64 10.8 to 11.9 bytes over 999 pairs; RISC-V 64
// 11.4 to 15.7 over 1,030, leaving out the five pairs the estimate missed
// by a kilobyte or more, with 1 byte or less per select and per matched
// instruction).
constexpr int64_t X86IdentifierBranchTenths = 230;
constexpr int64_t WideRegisterFileIdentifierBranchTenths = 120;

} // namespace

ByteModel ByteModel::forTarget(const Triple &T, bool PositionIndependent) {
  ByteModel B;
  B.PositionIndependent = PositionIndependent;
  B.IdentifierBranchTenths = X86IdentifierBranchTenths;
  // LLVM outlines `minsize` functions by default for AArch64 and RISC-V
  // (every width). The hot-code line is drawn wider where the outliner
  // costs more, measured on AArch64 only (bench/notebook/2026-11-28.md,
  // docs/smallest-binary.md);
  // RISC-V keeps the default line until it is measured there.
  B.OutlinesMinSizeByDefault = T.isAArch64() || T.isRISCV();
  B.WidensHotCodeLine = T.isAArch64();
  if (T.getArch() == Triple::x86_64) {
    B.Kind = TargetKind::X86_64;
    bool Windows = T.isOSWindows();
    B.IntegerRegisters = Windows ? 4 : 6;
    B.FloatRegisters = Windows ? 4 : 8;
    B.JumpBytes = 5;
    B.AddressBytes = 7;
    B.AddressReadBytes = 4;
    B.OperandReadBytes = 1;
  } else if (T.isAArch64() && T.isArch64Bit()) {
    B.Kind = TargetKind::AArch64;
    B.IdentifierBranchTenths = WideRegisterFileIdentifierBranchTenths;
    B.IntegerRegisters = 8;
    B.FloatRegisters = 8;
    B.JumpBytes = 4;
    B.AddressBytes = 8;
    B.AddressReadBytes = 0;
    B.OperandReadBytes = 4;
  } else if (T.getArch() == Triple::riscv64) {
    B.Kind = TargetKind::RISCV64;
    B.IdentifierBranchTenths = WideRegisterFileIdentifierBranchTenths;
    B.IntegerRegisters = 8;
    B.FloatRegisters = 8;
    B.JumpBytes = 4;
    B.AddressBytes = 8;
    B.AddressReadBytes = 0;
    B.OperandReadBytes = 4;
  } else if (T.isAArch64() || T.isRISCV()) {
    // 32-bit variants: the fallback's encodings, their conventions'
    // registers.
    B.IntegerRegisters = 8;
    B.FloatRegisters = 8;
  }
  return B;
}

ByteModel ByteModel::forModule(const Module &M) {
  bool PositionIndependent = M.getPICLevel() != PICLevel::NotPIC ||
                             M.getPIELevel() != PIELevel::Default;
  return forTarget(M.getTargetTriple(), PositionIndependent);
}

StringRef ByteModel::name() const {
  switch (Kind) {
  case TargetKind::X86_64:
    return "x86-64";
  case TargetKind::AArch64:
    return "AArch64";
  case TargetKind::RISCV64:
    return "RISC-V 64";
  case TargetKind::Fallback:
    break;
  }
  return "fallback";
}

FunctionCosts ByteModel::costsOf(const Function &F) const {
  bool ForSize = F.hasOptSize(); // optsize or minsize, as llc-22 reads it
  InstructionDensity D = densityOf(Kind);
  int64_t Minimum = 4, Preferred = 16;
  switch (Kind) {
  case TargetKind::X86_64:
    Minimum = 1;
    break;
  case TargetKind::AArch64:
    Preferred = cpuPreferredAlignment(tunedCPU(F));
    break;
  case TargetKind::RISCV64:
    Minimum = Preferred = hasCompressed(F) ? 2 : 4;
    break;
  case TargetKind::Fallback:
    break;
  }
  FunctionCosts C;
  C.TenthsPerInstruction = ForSize ? D.ForSize : D.Default;
  C.Alignment = ForSize ? Minimum : std::max(Minimum, Preferred);
  if (MaybeAlign Explicit = F.getAlign())
    C.Alignment = std::max<int64_t>(C.Alignment, Explicit->value());
  return C;
}

bool ByteModel::emitsCode(const Instruction &I) { return !emitsNoCode(I); }

uint64_t ByteModel::codeInstructions(const Function &F) {
  uint64_t Counted = 0;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      Counted += !emitsNoCode(I);
  return Counted;
}

int64_t ByteModel::bodyBytes(const Function &F, uint64_t *Instructions) const {
  if (Instructions) {
    *Instructions = 0;
    for (const BasicBlock &BB : F)
      *Instructions += BB.size();
  }
  return static_cast<int64_t>(codeInstructions(F)) *
         costsOf(F).TenthsPerInstruction / 10;
}

namespace {

/// True when I computes an address at a constant offset that every user
/// reads or writes through, so each access folds it into its addressing
/// (an x86-64 displacement, an AArch64 or RISC-V immediate offset).
bool foldsIntoAccesses(const Instruction &I) {
  const auto *GEP = dyn_cast<GetElementPtrInst>(&I);
  if (!GEP || !GEP->hasAllConstantIndices() || GEP->user_empty())
    return false;
  return llvm::all_of(GEP->users(), [&](const User *U) {
    if (const auto *L = dyn_cast<LoadInst>(U))
      return L->getPointerOperand() == GEP;
    if (const auto *S = dyn_cast<StoreInst>(U))
      return S->getPointerOperand() == GEP;
    return false;
  });
}

} // namespace

int64_t ByteModel::inlinedBytes(const Function &F) const {
  uint64_t Counted = 0;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      Counted +=
          !emitsNoCode(I) && !isa<ReturnInst>(I) && !foldsIntoAccesses(I);
  return static_cast<int64_t>(Counted) * costsOf(F).TenthsPerInstruction / 10;
}

int64_t ByteModel::argumentBytes(const Constant &C) const {
  switch (Kind) {
  case TargetKind::X86_64:
    return x86ArgumentBytes(C);
  case TargetKind::AArch64:
    return aarch64ArgumentBytes(C);
  case TargetKind::RISCV64:
    return riscvArgumentBytes(C);
  case TargetKind::Fallback:
    break;
  }
  return fallbackArgumentBytes(C);
}

int64_t ByteModel::tableFieldBytes(bool Pointer) const {
  constexpr int64_t FieldBytes = 8, RelocationBytes = 24;
  return FieldBytes + (Pointer && PositionIndependent ? RelocationBytes : 0);
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
