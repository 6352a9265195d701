//===- StructuralHash.cpp - XXH3 over a structural encoding ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The hash buckets candidate functions before the exact comparison. It is
// computed over the very token list the comparator compares, so two functions
// the comparator calls equal always land in the same bucket, and a collision
// costs a comparison, never a wrong fold. XXH3 is fast enough that hashing a
// whole module is dominated by the IR walk, not by the hash.
//
// The full hash is XXH3 of the skeleton (see encodeSkeleton) seeded into
// XXH3 of the class ids, so partition refinement can rehash a function under
// new class ids without encoding it again.
//
// Before any of that, a much cheaper shape hash (opcodes, result type kinds,
// operand counts) sorts out the functions that cannot have a twin: most
// functions of a program are alone in their shape, and they are never
// encoded at all.
//
//===----------------------------------------------------------------------===//

#include "core/StructuralHash.h"

#include "llvm/IR/Function.h"

#include <xxhash.h>

namespace lmf {

uint64_t hashEncoding(llvm::ArrayRef<uint64_t> Tokens) {
  return XXH3_64bits(Tokens.data(), Tokens.size() * sizeof(uint64_t));
}

uint64_t combineHashes(uint64_t SkeletonHash,
                       llvm::ArrayRef<uint64_t> ClassPart) {
  return XXH3_64bits_withSeed(
      ClassPart.data(), ClassPart.size() * sizeof(uint64_t), SkeletonHash);
}

uint64_t hashFunction(const llvm::Function &F, const EncodingContext &Ctx,
                      Encoding &Scratch) {
  size_t SkeletonSize = encodeFunction(F, Ctx, Scratch);
  llvm::ArrayRef<uint64_t> All(Scratch);
  return combineHashes(hashEncoding(All.take_front(SkeletonSize)),
                       All.drop_front(SkeletonSize));
}

/// One multiply-xorshift step: cheap, and good enough for a prefilter whose
/// collisions only cost an exact comparison.
static uint64_t mix(uint64_t H, uint64_t V) {
  H ^= V + 0x9e3779b97f4a7c15ULL + (H << 6) + (H >> 2);
  return H * 0xff51afd7ed558ccdULL;
}

uint64_t shapeHash(const llvm::Function &F, size_t &Instructions) {
  // Blocks are summed so that layout order does not matter: the encoding
  // walks blocks in CFG order, not layout order.
  uint64_t BlockSum = 0;
  Instructions = 0;
  for (const llvm::BasicBlock &BB : F) {
    uint64_t H = 0x51ab;
    for (const llvm::Instruction &I : BB) {
      H = mix(H, uint64_t(I.getOpcode()) << 32 | I.getNumOperands() << 8 |
                     I.getType()->getTypeID());
      ++Instructions;
    }
    BlockSum += H;
  }
  uint64_t Header[] = {F.arg_size(), F.getCallingConv(), F.size(), BlockSum,
                       F.isVarArg()};
  return XXH3_64bits(Header, sizeof(Header));
}

} // namespace lmf
