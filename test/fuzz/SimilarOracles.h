//===- SimilarOracles.h - Wildcard encodings of clones ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Similar merging (core/similar/SimilarMerge.h) groups functions whose encodings
// are equal when every operand at a parameter position is written as a
// wildcard (EncodingContext::ParameterWildcards), and, when asked for, every
// direct callee too (CalleeWildcards) or every integer operand of the kinds
// isIntegerOperandPosition names (IntegerWildcards). For one family of
// clones, each with one mutation whose place is known, these checks hold:
//
//  * a change at a parameter position (a qualifying constant at the address
//    of a load, the value or address of a store, or a plain argument of a
//    call or invoke) leaves the clone equal to its base under wildcards, and
//    the changed operand is among the positions the encoder reports;
//  * a swapped callee leaves it unequal without callee wildcards, and equal
//    with them exactly when the callee may be a parameter (not an
//    intrinsic, no operand bundles, no musttail, not the caller itself);
//  * a change at an integer operand position (an integer constant of a
//    compare, `add`, `sub`, `or`, `xor`, an `and` that is no zero extension,
//    a `select` value, a phi input, or an array index scaled by 1, 2, 4 or
//    8 bytes) leaves it equal under integer wildcards, and the encoder
//    reports the operand;
//  * any other change that matters (an operand elsewhere, an opcode, a
//    predicate, volatility, alignment, attributes...) keeps it unequal under
//    every kind of wildcards;
//  * wildcards only coarsen: equal without them implies equal with them,
//    and equal with parameter wildcards implies equal with callee ones and
//    with integer ones too;
//  * under each, the total-order laws hold on the family, compare == 0
//    implies equal hashes (hashFunction over the same context), equal
//    encodings imply equal shapes (shapeHash, which the similar stage buckets
//    by), and equal encodings report their positions at the same places.
//
// Whether a changed operand is a position is decided here from the rules
// that ParameterPositions.h documents, not by calling it: a change the rules
// cannot place (an argument of a callbr that calls no inline assembly) that
// compares unequal is counted as a missed similar pair, not reported as a
// problem.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_FUZZ_SIMILARORACLES_H
#define LMF_TEST_FUZZ_SIMILARORACLES_H

#include "Mutator.h"

#include "core/equality/StructuralEncoding.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace llvm {
class Function;
} // namespace llvm

namespace lmf::fuzz {

struct SimilarCounts {
  /// Clones changed at a parameter position, and those of them that encode
  /// equal to their base under wildcards (all of them, or a problem).
  uint64_t AtPositions = 0, EqualAtPositions = 0;
  /// Changes the rules cannot place that left the clone unequal, by kind.
  uint64_t Missed = 0;
  std::map<std::string, uint64_t> MissedByKind;
  /// Changes that are no position, checked to stay unequal under wildcards.
  uint64_t KeptApart = 0;
  /// Swapped callees, and those that encode equal with callee wildcards.
  uint64_t CalleeSwaps = 0, CalleeSwapsEqual = 0;
  /// Clones changed at an integer operand position that is no parameter
  /// position otherwise, and those equal under integer wildcards.
  uint64_t AtIntegerPositions = 0, EqualAtIntegerPositions = 0;
};

/// Checks one family: Fns[0] is the base, Changes[I] the mutation of
/// Fns[I] (ignored for I = 0), Plain[I][J] the sign of compareFunctions
/// under Ctx (a context without wildcards). Returns the problems found;
/// Missed receives a line per missed similar pair.
std::vector<std::string>
checkSimilarFamily(llvm::ArrayRef<const llvm::Function *> Fns,
                   llvm::ArrayRef<const Mutation *> Changes,
                   const std::vector<std::vector<int>> &Plain,
                   const EncodingContext &Ctx, SimilarCounts &Counts,
                   uint64_t &Triples, std::vector<std::string> &Missed);

/// Ctx with parameter wildcards, with callee wildcards when Callees and
/// with integer wildcards when Integers.
EncodingContext wildcardContext(const EncodingContext &Ctx, bool Callees,
                                bool Integers = false);

} // namespace lmf::fuzz

#endif
