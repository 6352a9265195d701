//===- CandidateSearch.h - Which pairs are worth aligning -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_ALIGNED_CANDIDATESEARCH_H
#define LMF_CORE_ALIGNED_CANDIDATESEARCH_H

#include "llvm/ADT/ArrayRef.h"

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

class ShapeHasher;

/// MinHash values per function: 8 bands of 2 rows for locality-sensitive
/// hashing.
inline constexpr unsigned MinHashes = 16;
inline constexpr unsigned BandRows = 2;

/// A function as the candidate search sees it.
struct FunctionFingerprint {
  /// The shape two functions must share (ShapeHasher::header).
  uint64_t Header = 0;
  /// Instructions that the alignment lines up.
  uint32_t Instructions = 0;
  /// MinHash signature of the set of the function's shingles: each pair of
  /// consecutive instruction shapes in a block, in walk order.
  std::array<uint64_t, MinHashes> MinHash{};
};

FunctionFingerprint fingerprintOf(const llvm::Function &F, ShapeHasher &Hasher);

/// Bounds on the search: each function keeps its best PerFunction
/// partners, among those that share a band of its signature (at most
/// BucketNeighbours on either side of it in a band's bucket, in index
/// order), agree on at least MinAgreement of MinHashes values, and whose
/// size is within MaxSizeRatio of its own.
struct SearchLimits {
  unsigned PerFunction = 3;
  /// Functions whose type at most this many share are compared with all of
  /// them, whatever their signatures say (no MinAgreement).
  unsigned ExhaustiveGroup = 16;
  unsigned BucketNeighbours = 8;
  unsigned MinAgreement = 4;
  double MaxSizeRatio = 2.0;
};

/// The pairs (I, J), I < J, of fingerprints worth aligning: sub-quadratic
/// (each function looks at a bounded number of others) and deterministic
/// (indices only; ties go to the lower index).
std::vector<std::pair<unsigned, unsigned>>
findCandidatePairs(llvm::ArrayRef<FunctionFingerprint> Prints,
                   const SearchLimits &Limits = {});

/// How many of the MinHash values of A and B agree (an estimate of the
/// Jaccard similarity of their shingle sets, times MinHashes).
unsigned minHashAgreement(const FunctionFingerprint &A,
                          const FunctionFingerprint &B);

} // namespace lmf

#endif
