//===- InstructionMatch.h - When two instructions may be one ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_ALIGNED_INSTRUCTIONMATCH_H
#define LMF_CORE_ALIGNED_INSTRUCTIONMATCH_H

#include "core/facts/ByteModel.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <mutex>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Use;
class Value;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;

/// What the matching rules read of one pair of functions. Only read, so
/// that pairs are aligned on many threads; LayoutLock guards DataLayout's
/// cache of structure layouts (see isIntegerOperandPosition).
struct PairContext {
  const llvm::Function &Left;
  const llvm::Function &Right;
  const AnnotationPolicy &Policy;
  std::mutex &LayoutLock;
  /// The module's byte model (ModuleFacts::Bytes).
  const ByteModel &Bytes;
  /// What code generation makes of the merged body: what it makes of Left
  /// (a pair agrees on `optsize`, `minsize` and the target CPU and
  /// features, attributes that must match: AlignedEligibility.cpp).
  FunctionCosts Costs;
  /// The right block each paired left block goes with, once blocks are
  /// paired: an invoke is then matched only with one that unwinds to the
  /// partner of its own unwind block. Null: invokes are matched whatever
  /// their unwind blocks, for the aligner to check once it knows them.
  const llvm::DenseMap<const llvm::BasicBlock *, const llvm::BasicBlock *>
      *Partners = nullptr;
};

/// How a merged body may get the value of an operand where the two
/// members' operands differ.
enum class OperandPosition {
  /// The operand must be the same value in both: a `select` would change
  /// the operation (an intrinsic's argument, a direct callee, an alloca's
  /// size, an operand bundle, a `swifterror` argument).
  MustBeEqual,
  /// A `select` on the identifier may choose between the two.
  Selectable,
};

OperandPosition operandPosition(const llvm::Use &U);

/// True when a left and a right value stand for the same merged value
/// without knowing how the instructions were matched: the same constant,
/// or the same argument. (Two instructions are the same merged value when
/// they are matched with each other.)
bool sameOutsideValue(const llvm::Value *L, const llvm::Value *R,
                      const PairContext &Ctx);

/// True when L (of Ctx.Left) and R (of Ctx.Right) may become one
/// instruction of the merged body, as far as can be told without the
/// matching of the other instructions: the same operation (opcode, types,
/// orderings, predicates, alignment, conventions, switch cases, landing pad
/// clauses), attribute lists and flags that intersect, equal must-match
/// metadata, and every pair of differing operands at a position that takes
/// a `select` of them (see differenceAllowed). Operands that are
/// instructions are taken to be equal here; the aligner checks them once
/// the matching is known.
bool mayMatch(const llvm::Instruction &L, const llvm::Instruction &R,
              const PairContext &Ctx);

/// True when a `select` may choose between the operands LU (of a left
/// instruction) and RU (of the matched right one), which stand for
/// different values: LV and RV are what they stand for in the merged body
/// when known (the merged instruction for an operand that is an
/// instruction), else the operands themselves.
bool differenceAllowed(const llvm::Use &LU, const llvm::Use &RU,
                       const llvm::Value *LV, const llvm::Value *RV,
                       const PairContext &Ctx);

/// The bytes, in tenths, that matching L with R saves: L's bytes, less a
/// rough price of the selects its differing constants and arguments need
/// (differing instruction operands are priced once the matching is known,
/// AlignedCost.cpp). Zero or less: not worth matching.
int64_t matchGainTenths(const llvm::Instruction &L,
                        const llvm::Instruction &R, const PairContext &Ctx);

/// Tenths of bytes an instruction takes in machine code, in a function
/// built like Costs says (the byte model's bytes per instruction that
/// emits code, ByteModel::emitsCode).
int64_t instructionTenths(const llvm::Instruction &I,
                          const FunctionCosts &Costs);

/// True when I is one of Self's calls of itself (recursion).
bool isSelfCall(const llvm::Instruction &I, const llvm::Function &Self);

} // namespace lmf

#endif
