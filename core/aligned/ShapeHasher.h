//===- ShapeHasher.h - Stable hashes of types and instructions --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_ALIGNED_SHAPEHASHER_H
#define LMF_CORE_ALIGNED_SHAPEHASHER_H

#include "llvm/ADT/DenseMap.h"

#include <cstdint>

namespace llvm {
class Function;
class Instruction;
class Type;
} // namespace llvm

namespace lmf {

class GlobalNumbering;

/// Mixes V into Seed (a 64-bit finalizer of splitmix64): the one way the
/// aligned stage combines hashes, so that every hash is a function of the
/// values alone.
uint64_t mixHash(uint64_t Seed, uint64_t V);

/// Hashes of types and of instruction shapes that depend on nothing but the
/// IR and the module's global numbering: never on pointer values, so that
/// every choice made from them is the same in every run. Two instructions
/// the aligned stage may match (InstructionMatch.h) always have equal shape
/// hashes; equal hashes prove nothing. A hasher keeps a cache of type hashes
/// and serves one thread.
class ShapeHasher {
public:
  explicit ShapeHasher(const GlobalNumbering &Globals) : Globals(Globals) {}

  uint64_t type(const llvm::Type *T);
  /// Opcode, result and operand types, and what the exact match compares
  /// besides operands: predicates, orderings, the callee of a direct call
  /// (a self call of Self as "self"), the intrinsic, inline asm.
  uint64_t instruction(const llvm::Instruction &I, const llvm::Function &Self);
  /// What two functions must share to be merged at all: the function type
  /// and the calling convention.
  uint64_t header(const llvm::Function &F);

private:
  uint64_t computeType(const llvm::Type *T);

  const GlobalNumbering &Globals;
  llvm::DenseMap<const llvm::Type *, uint64_t> Types;
};

} // namespace lmf

#endif
