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
// Partition refinement and the planners across modules hash skeletons
// (hashEncoding) and compare the class ids apart; hashFunction hashes a
// whole encoding, skeleton and class ids alike, for the tests that bucket
// whole encodings.
//
// Before any of that, a much cheaper shape hash (opcodes, result type kinds,
// operand counts) sorts out the functions that cannot have a twin: most
// functions of a program are alone in their shape, and they are never
// encoded at all. Identical merging's first round prefilters with a finer
// one, read in the same walk, that adds the values every encoding writes as
// they are (integer constants, compare predicates, bit widths, global
// variables), but no function references, which partition refinement
// compares by class: it leaves fewer functions to encode for the price of
// reading each operand once (bench/notebook/2026-11-23.md). Similar merging,
// whose wildcards hide those very values, and the later rounds keep the
// coarse hash.
//
//===----------------------------------------------------------------------===//

#include "core/equality/StructuralHash.h"

#include "core/equality/GlobalNumbering.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"

#include <xxhash.h>

namespace lmf {

uint64_t hashEncoding(llvm::ArrayRef<uint64_t> Tokens) {
  return XXH3_64bits(Tokens.data(), Tokens.size() * sizeof(uint64_t));
}

uint64_t hashFunction(const llvm::Function &F, const EncodingContext &Ctx,
                      Encoding &Scratch) {
  EncoderScratch Encoder;
  encodeFunction(F, Ctx, Scratch, Encoder);
  return hashEncoding(Scratch);
}

/// One multiply-xorshift step: cheap, and good enough for a prefilter whose
/// collisions only cost an exact comparison.
static uint64_t mix(uint64_t H, uint64_t V) {
  H ^= V + 0x9e3779b97f4a7c15ULL + (H << 6) + (H >> 2);
  return H * 0xff51afd7ed558ccdULL;
}

/// What the shape hash mixes in for one instruction.
static uint64_t instructionShape(const llvm::Instruction &I) {
  return uint64_t(I.getOpcode()) << 32 | I.getNumOperands() << 8 |
         I.getType()->getTypeID();
}

/// What ShapeAndOperands mixes in for one instruction besides its shape:
/// only values that an encoding without wildcards writes as they are.
static uint64_t mixOperandValues(uint64_t H, const llvm::Instruction &I,
                                 const GlobalNumbering &Globals) {
  if (I.getType()->isIntegerTy())
    H = mix(H, I.getType()->getIntegerBitWidth());
  if (const auto *Cmp = llvm::dyn_cast<llvm::CmpInst>(&I))
    H = mix(H, Cmp->getPredicate());
  for (const llvm::Use &Op : I.operands()) {
    if (const auto *CI = llvm::dyn_cast<llvm::ConstantInt>(Op.get()))
      H = mix(H, uint64_t(Op.getOperandNo()) << 56 ^
                     CI->getValue().getRawData()[0]);
    else if (const auto *GV = llvm::dyn_cast<llvm::GlobalVariable>(Op.get()))
      H = mix(H, uint64_t(Op.getOperandNo()) << 56 ^
                     Globals.lookup(GV).value_or(~0ULL));
  }
  return H;
}

static uint64_t finishShape(const llvm::Function &F, uint64_t BlockSum) {
  uint64_t Header[] = {F.arg_size(), F.getCallingConv(), F.size(), BlockSum,
                       F.isVarArg()};
  return XXH3_64bits(Header, sizeof(Header));
}

/// One walk for both hashes; ShapeAndOperands only when Globals is given.
/// Blocks are summed so that layout order does not matter: the encoding
/// walks blocks in CFG order, not layout order.
static ShapeHashes walkShapes(const llvm::Function &F,
                              const GlobalNumbering *Globals) {
  ShapeHashes Out;
  uint64_t ShapeSum = 0, OperandSum = 0;
  for (const llvm::BasicBlock &BB : F) {
    uint64_t Shape = 0x51ab, WithOperands = 0x51ab;
    for (const llvm::Instruction &I : BB) {
      uint64_t InstructionShape = instructionShape(I);
      Shape = mix(Shape, InstructionShape);
      if (Globals)
        WithOperands =
            mixOperandValues(mix(WithOperands, InstructionShape), I, *Globals);
      ++Out.Instructions;
    }
    ShapeSum += Shape;
    OperandSum += WithOperands;
  }
  Out.Shape = finishShape(F, ShapeSum);
  if (Globals)
    Out.ShapeAndOperands = finishShape(F, OperandSum);
  return Out;
}

uint64_t shapeHash(const llvm::Function &F, size_t *Instructions) {
  ShapeHashes Out = walkShapes(F, /*Globals=*/nullptr);
  if (Instructions)
    *Instructions = Out.Instructions;
  return Out.Shape;
}

ShapeHashes shapeHashes(const llvm::Function &F,
                        const GlobalNumbering &Globals) {
  return walkShapes(F, &Globals);
}

} // namespace lmf
