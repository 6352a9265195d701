//===- ByteModel.h - What a fold costs and saves in .text -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The planners decide whether a fold pays by estimating machine-code bytes,
// in x86-64 terms: 4.5 bytes per IR instruction that emits code; a body of
// B bytes occupies B rounded up to the 16-byte function alignment; a thunk
// is a 5-byte jump (plus the values it passes), rounded the same way.
// ByteModel.cpp says how each estimate is made.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_FACTS_BYTEMODEL_H
#define LMF_CORE_FACTS_BYTEMODEL_H

#include "llvm/Support/MathExtras.h"

#include <cstdint>

namespace llvm {
class Constant;
class Function;
class Type;
} // namespace llvm

namespace lmf {

constexpr int64_t FunctionAlignment = 16;
constexpr int64_t JumpBytes = 5;
/// Machine-code bytes per IR instruction that emits code, in tenths,
/// calibrated against the measured saving of similar merging
/// (bench/notebook/2026-11-23.md, "Similar merging (2026-11-23)").
constexpr int64_t TenthsOfBytesPerInstruction = 45;

/// Bytes a function of Bytes occupies, alignment padding included.
inline int64_t alignedSize(int64_t Bytes) {
  return static_cast<int64_t>(llvm::alignTo(Bytes, FunctionAlignment));
}

/// Bytes of machine code F's body takes, estimated from its instructions;
/// Instructions, when given, is set to the number of its instructions.
int64_t estimateBodyBytes(const llvm::Function &F,
                          uint64_t *Instructions = nullptr);

/// Bytes to put C in an argument register: `xor` for zero, `mov imm32`,
/// `movabs`, a RIP-relative `lea`, or a load from the constant pool for
/// floating point.
int64_t argumentBytes(const llvm::Constant &C);

/// Argument registers values take, integer and floating-point (x86-64 SysV
/// as LLVM lowers IR arguments): a 64-bit register per 64 bits of an
/// integer (i128 takes two), one per pointer, one vector register per
/// floating-point scalar and per 128 bits of a vector, the sum of the
/// elements of a structure or array passed by value.
struct ArgumentRegisters {
  unsigned Integer = 0, Float = 0;

  void add(const llvm::Type &T);
};

} // namespace lmf

#endif
