//===- ByteModel.h - What a fold costs and saves in .text -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The planners decide whether a fold pays by estimating machine-code bytes
// of the target the module is built for: x86-64, AArch64 and RISC-V 64 by
// their encodings, any other target by a documented fallback. One ByteModel
// is made per module (ModuleFacts::Bytes) and read by every planner.
// ByteModel.cpp says how each estimate is made and where its numbers come
// from.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_FACTS_BYTEMODEL_H
#define LMF_CORE_FACTS_BYTEMODEL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>

namespace llvm {
class Constant;
class Function;
class Instruction;
class Module;
class Triple;
class Type;
} // namespace llvm

namespace lmf {

/// Argument registers values take, integer and floating-point (the C
/// conventions of x86-64 SysV, AArch64 AAPCS64 and RISC-V LP64D agree on
/// this as LLVM lowers IR arguments): a 64-bit register per 64 bits of an
/// integer (i128 takes two), one per pointer, one vector register per
/// floating-point scalar and per 128 bits of a vector, the sum of the
/// elements of a structure or array passed by value.
struct ArgumentRegisters {
  unsigned Integer = 0, Float = 0;

  void add(const llvm::Type &T);
};

/// The targets the model knows by their encodings.
enum class TargetKind : uint8_t { X86_64, AArch64, RISCV64, Fallback };

/// What code generation makes of one function: bytes per IR instruction
/// and the alignment of its start, which depend on whether the function is
/// built for size (`minsize`/`optsize`) and for which CPU.
struct FunctionCosts {
  /// Machine-code bytes per IR instruction that emits code, in tenths.
  int64_t TenthsPerInstruction = 45;
  /// The alignment the code generator gives the function's start; the
  /// linker pads the previous function up to it.
  int64_t Alignment = 16;

  /// Bytes a function of Bytes occupies, alignment padding included.
  int64_t occupied(int64_t Bytes) const {
    return static_cast<int64_t>(
        llvm::alignTo(static_cast<uint64_t>(Bytes), Alignment));
  }
};

/// The byte model of one target. Cheap to copy; made once per module.
class ByteModel {
public:
  /// The model of M's target triple, and of its output being
  /// position-independent (PIC or PIE level).
  static ByteModel forModule(const llvm::Module &M);
  /// The model of triple T.
  static ByteModel forTarget(const llvm::Triple &T,
                             bool PositionIndependent = false);

  TargetKind kind() const { return Kind; }
  /// "x86-64", "AArch64", "RISC-V 64" or "fallback".
  llvm::StringRef name() const;

  /// How F is built (its `minsize`/`optsize`, CPU and explicit alignment).
  FunctionCosts costsOf(const llvm::Function &F) const;
  /// Machine-code bytes of F's body, estimated from its instructions;
  /// Instructions, when given, is set to the number of its instructions.
  int64_t bodyBytes(const llvm::Function &F,
                    uint64_t *Instructions = nullptr) const;
  /// The instructions of F that emit code (not phis, debug records,
  /// lifetime markers or assumptions), which bodyBytes counts.
  static uint64_t codeInstructions(const llvm::Function &F);
  /// Whether I is one of the instructions codeInstructions counts.
  static bool emitsCode(const llvm::Instruction &I);
  /// Bytes F's body adds to a caller that inlines it: the instructions
  /// bodyBytes counts but its returns and the constant offsets its loads
  /// and stores fold into their addressing (a field of an argument).
  int64_t inlinedBytes(const llvm::Function &F) const;
  /// bodyBytes with F's alignment padding.
  int64_t occupiedBytes(const llvm::Function &F) const {
    return costsOf(F).occupied(bodyBytes(F));
  }

  /// A tail jump to another function (x86-64 `jmp rel32`, AArch64 `b`).
  int64_t jumpBytes() const { return JumpBytes; }
  /// A thunk built like Costs that puts PassedBytes of values in argument
  /// registers and jumps, alignment padding included.
  int64_t thunkBytes(int64_t PassedBytes, const FunctionCosts &Costs) const {
    return Costs.occupied(JumpBytes + PassedBytes);
  }

  /// Bytes to put C in an argument register.
  int64_t argumentBytes(const llvm::Constant &C) const;
  /// What a parameter costs the shared body where its value was a
  /// constant: a register instead of an immediate rarely costs anything,
  /// so this counts the moves it may add, on average.
  int64_t parameterBytes() const { return ParameterBytes; }
  /// What an address the shared body computes from a parameter (a field of
  /// a member's global) costs, on average: usually folded into the access.
  int64_t derivedAddressBytes() const { return DerivedAddressBytes; }
  /// Argument registers of the target's C calling convention.
  unsigned integerArgumentRegisters() const { return IntegerRegisters; }
  unsigned floatArgumentRegisters() const { return FloatRegisters; }

  /// Constant tables (ConstantTables.h). The table's address in a
  /// register, as a thunk passes it.
  int64_t tableAddressBytes() const { return AddressBytes; }
  /// A field of one member's table: 8 bytes, and for an address in a
  /// position-independent output the dynamic relocation that fills it in.
  int64_t tableFieldBytes(bool Pointer) const;
  /// What a load or store whose address was a constant pays to read the
  /// address from the table instead.
  int64_t tableAddressReadBytes() const { return AddressReadBytes; }
  /// What any other operand pays to read its value from the table.
  int64_t tableOperandReadBytes() const { return OperandReadBytes; }
  /// A register that keeps the table's address across the body's calls.
  int64_t tableAddressKeptBytes() const { return AddressKeptBytes; }

  bool positionIndependent() const { return PositionIndependent; }

  /// What a branch on an aligned pair's identifier costs, in tenths of a
  /// byte (ByteModel.cpp says how it was measured).
  int64_t identifierBranchTenths() const { return IdentifierBranchTenths; }
  /// Code generation for the target outlines a `minsize` function with no
  /// option asking for it (LLVM's default outlining).
  bool outlinesMinSizeByDefault() const { return OutlinesMinSizeByDefault; }
  /// Code generation for size draws the hot-code line wider for functions
  /// that are not `minsize` (SizeCodegen.cpp, hotCodePercentile).
  bool widensHotCodeLine() const { return WidensHotCodeLine; }

private:
  TargetKind Kind = TargetKind::Fallback;
  bool PositionIndependent = false;
  unsigned IntegerRegisters = 4, FloatRegisters = 4;
  int64_t JumpBytes = 8;
  int64_t AddressBytes = 8;
  int64_t ParameterBytes = 1;
  int64_t DerivedAddressBytes = 2;
  int64_t AddressReadBytes = 4;
  int64_t OperandReadBytes = 4;
  int64_t AddressKeptBytes = 8;
  /// forTarget sets it for every target (ByteModel.cpp).
  int64_t IdentifierBranchTenths = 0;
  bool OutlinesMinSizeByDefault = false;
  bool WidensHotCodeLine = false;
};

} // namespace lmf

#endif
