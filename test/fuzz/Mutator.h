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
// The last kinds (Global, Callee, DataConstant) aim at similar merging: they
// change one operand that may be a parameter position (ParameterPositions.h)
// and record where (Mutation::Site), so that an oracle can tell whether the
// clone must encode equal to its base with wildcards at those positions.
// Random draws leave them out unless MutatorOptions::SimilarKinds is set:
// a seed then draws what it drew before they existed, and lmf-ircheck asks
// for them by name in clones of their own (Families.h).
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
class GlobalVariable;
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
  // Unequal, at or around parameter positions of similar merging; never
  // drawn at random by default (see NumClassicKinds).
  Global,
  Callee,
  DataConstant,
  NumKinds
};

/// The kinds a random draw picks from unless MutatorOptions::SimilarKinds is
/// set: those that existed before the similar kinds, so that every seed
/// keeps drawing the mutations it drew then.
constexpr unsigned NumClassicKinds = unsigned(MutationKind::Global);

enum class Expectation { Equal, Unequal };

/// One operand of a function: the instruction's index in instructions(F)
/// order and the operand's number. A clone and its base have the same
/// instructions in that order, so a site names the same operand in both.
struct OperandSite {
  unsigned Instruction = 0;
  unsigned Operand = 0;
};

struct Mutation {
  MutationKind Kind = MutationKind::Copy;
  Expectation Expect = Expectation::Equal;
  /// Adds no undefined behaviour to a program that had none.
  bool ExecSafe = true;
  /// The clone behaves like its base and merging may make it equal to it:
  /// its call goes to an exact copy of the callee, which identical merging
  /// may fold into the callee, after which the clone is a twin of its base.
  bool MayFoldWithBase = false;
  /// The operand changed, for mutations of one operand (Constant, Global,
  /// Callee, DataConstant).
  std::optional<OperandSite> Site;
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
  /// Random draws include the kinds aimed at similar merging (Global,
  /// Callee, DataConstant). Changes what every seed draws.
  bool SimilarKinds = false;
};

class Mutator {
public:
  Mutator(uint64_t Seed, MutatorOptions Opts = {})
      : Rng(Seed), Seed(Seed), Opts(Opts) {}

  /// A mutator with a stream of its own, derived from this one's seed
  /// without drawing from this one's stream: whatever the new one draws,
  /// this one goes on drawing what it would have drawn.
  Mutator fork() {
    return Mutator(Seed ^ (0x9e3779b97f4a7c15ULL * ++Forks), Opts);
  }

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
  uint64_t Seed;
  uint64_t Forks = 0;
  MutatorOptions Opts;
};

/// Clones F into its module under NewName; recursive calls call the clone.
llvm::Function *cloneFunction(llvm::Function &F, llvm::StringRef NewName);

/// A copy of GV named GV.lmf.copy, made once per module: same value type,
/// initializer, constness, thread-local mode and alignment, internal when GV
/// has a definition (a declaration when it has none), in no section (a
/// section can be enumerated, and would list the copy too).
llvm::GlobalVariable *copyOfGlobal(llvm::GlobalVariable &GV);

/// An internal exact copy of the definition F named F.lmf.callee, made once
/// per module.
llvm::Function *copyOfCallee(llvm::Function &F);

/// A declaration named F.lmf.decl of F's type, calling convention and
/// attributes, made once per module: a callee nothing can make equal to F.
llvm::Function *otherDeclaration(llvm::Function &F);

/// Whether F refers to its own address other than as the callee of a call:
/// an exact copy of such a function is rightly not equal to it (its copy
/// compares its own, different address).
bool usesOwnAddress(const llvm::Function &F);

/// Gives every unnamed argument, block and instruction of F a name, so that
/// clones of F line up by name in printed IR.
void nameValues(llvm::Function &F);

} // namespace lmf::fuzz

#endif
