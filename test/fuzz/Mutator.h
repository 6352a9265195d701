//===- Mutator.h - Clone a function and change one thing --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The fuzzers and the csmith campaign need twins: a function and a copy of
// it that differs in exactly one spot, where we know whether that spot may
// make the two unequal. A Mutator clones a function into its own module and
// applies one mutation, and says what it did and what the merger must
// conclude:
//
//  * Equal: the copy differs in nothing, or only in what the merger promises
//    to see through (names, block layout, poison and fast-math flags,
//    intersectable metadata and attributes, function alignment);
//  * Unequal: the copy differs in code (an operand, a constant, an opcode, a
//    predicate, volatility, alignment of an access) or in something the
//    merger promises to respect (calling convention, section, string and ABI
//    attributes, unknown or must-match metadata).
//
// Mutations marked ExecSafe never add undefined behaviour to a program that
// had none, so a program whose calls were redirected to such copies must
// still print what it printed: the csmith campaign only uses those (plus, on
// request, semantic ones, whose mutants are dropped when they crash).
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_FUZZ_MUTATOR_H
#define LMF_TEST_FUZZ_MUTATOR_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace lmf::fuzz {

enum class MutationKind {
  // Equal.
  Copy,
  Rename,
  MoveBlock,
  DropFlag,
  AddFlag,
  DropMetadata,
  AddMetadata,
  DropAttribute,
  AddAttribute,
  RaiseAlignment,
  // Unequal.
  Constant,
  SwapOperands,
  Opcode,
  Predicate,
  Volatile,
  AccessAlignment,
  Nontemporal,
  UnknownMetadata,
  StringAttribute,
  ABIAttribute,
  CallingConv,
  Section,
  NumKinds
};

enum class Expectation { Equal, Unequal };

struct Mutation {
  MutationKind Kind = MutationKind::Copy;
  Expectation Expect = Expectation::Equal;
  /// Adds no undefined behaviour to a program that had none.
  bool ExecSafe = true;
  /// Where and what, for failure messages: "%x: drop nsw".
  std::string Description;
};

llvm::StringRef kindName(MutationKind K);
Expectation expectationOf(MutationKind K);
/// The mutation adds no undefined behaviour to a program that had none.
bool isExecSafe(MutationKind K);
/// The mutation changes what the code computes (a constant, an opcode, an
/// operand order), without a new way to trap.
bool isSemantic(MutationKind K);

struct MutatorOptions {
  /// Only mutations that add no undefined behaviour.
  bool ExecSafeOnly = false;
  /// With ExecSafeOnly: also allow semantic changes (constants, opcodes,
  /// predicates, operand order) restricted to operations that cannot trap.
  bool AllowSemantic = false;
};

class Mutator {
public:
  Mutator(uint64_t Seed, MutatorOptions Opts = {}) : Rng(Seed), Opts(Opts) {}

  /// Uniform in [0, N).
  uint64_t below(uint64_t N) { return N ? Rng() % N : 0; }

  /// Clones F into its module under NewName (recursive calls call the
  /// clone) and applies one mutation: of kind Kind if given, else of a
  /// random applicable kind. Returns null when nothing applies.
  llvm::Function *cloneAndMutate(llvm::Function &F, llvm::StringRef NewName,
                                 Mutation &Out,
                                 std::optional<MutationKind> Kind = {});

  /// Applies a mutation of kind K to F in place; false if none applies.
  bool mutate(llvm::Function &F, MutationKind K, Mutation &Out);

  std::mt19937_64 &rng() { return Rng; }

private:
  std::mt19937_64 Rng;
  MutatorOptions Opts;
};

/// Clones F into its module under NewName; recursive calls call the clone.
llvm::Function *cloneFunction(llvm::Function &F, llvm::StringRef NewName);

/// Whether F refers to its own address other than as the callee of a call:
/// an exact copy of such a function is rightly not equal to it (its copy
/// compares its own, different address).
bool usesOwnAddress(const llvm::Function &F);

/// Gives every unnamed argument, block and instruction of F a name, so that
/// clones of F line up by name in printed IR.
void nameValues(llvm::Function &F);

} // namespace lmf::fuzz

#endif
