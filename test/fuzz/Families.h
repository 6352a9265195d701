//===- Families.h - Grow families of mutated clones in a module -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A family is a base function of the input plus clones of it, each with one
// mutation (the first clone is an exact copy; optionally some aimed at
// similar merging, named .sN instead of .mN), and optionally one caller
// per member, so that folding a member makes its caller foldable in the
// next round. Every member knows its class: members that the merger may
// fold together share a class, and two members of one family with
// different classes must never end up in one fold group.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_FUZZ_FAMILIES_H
#define LMF_TEST_FUZZ_FAMILIES_H

#include "Mutator.h"

#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace lmf::fuzz {

struct FamilyMember {
  std::string Name;
  unsigned Family = 0;
  bool Base = false, Caller = false;
  /// Unset for bases and callers.
  Mutation Change;
  /// Members of one family with the same class may be folded together.
  std::string Class;
};

struct FamilyOptions {
  unsigned Clones = 12;
  /// At most this many base functions per module (0: all).
  unsigned MaxBases = 8;
  bool Callers = true;
  /// Give clones and callers random linkage, visibility and unnamed_addr.
  bool RandomLinkage = true;
  /// Store some clones' and callers' addresses in a table, keep some with
  /// llvm.used, give some an alias or a comdat.
  bool Expose = true;
  /// Skip bases smaller than this many instructions.
  unsigned MinInstructions = 2;
  /// Clones per base, after the others, each with one change of a kind
  /// aimed at similar merging (Global, Callee, Argument or Constant), with
  /// callers, linkage and exposure drawn from a stream of their own: the
  /// first Clones clones and everything else drawn stay what they were
  /// without these.
  unsigned SimilarClones = 0;
};

/// Whether F can be a base: a definition that the merger considers and the
/// mutator can copy.
bool canBeBase(const llvm::Function &F, unsigned MinInstructions);

/// Picks bases in M, names their values, and adds clones and callers after
/// the existing functions. Returns the members, bases first in each family.
std::vector<FamilyMember> growFamilies(llvm::Module &M, Mutator &Mu,
                                       const FamilyOptions &Opts);

/// Gives F a random linkage, visibility and unnamed_addr.
void randomizeLinkage(llvm::Function &F, Mutator &Mu);

/// Problems where a fold group holds two members of one family with
/// different classes.
std::vector<std::string>
checkFoldClasses(const std::vector<FamilyMember> &Members,
                 const std::vector<std::vector<std::string>> &GroupNames);

} // namespace lmf::fuzz

#endif
