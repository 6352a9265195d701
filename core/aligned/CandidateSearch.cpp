//===- CandidateSearch.cpp - Which pairs are worth aligning ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Aligning every pair of a module's functions would cost time quadratic in
// their number; F3M (CGO'22) showed that MinHash signatures and
// locality-sensitive hashing find the pairs worth aligning at a fraction of
// the cost, with nearly all of the saving. Each function becomes the set of
// its shingles (the shapes of two consecutive instructions of a block,
// ShapeHasher.h), summarized by MinHashes minimum hashes under as many
// independent hash functions: two sets agree at each position with the
// probability of their Jaccard similarity. The signature is cut into bands
// of BandRows values; functions that share a whole band, and the same
// header (function type and calling convention: only such functions can
// share a body), land in one bucket. With 8 bands of 2 rows, a pair of
// similarity 0.5 shares a band with probability 0.90, one of 0.3 with
// probability 0.53.
//
// A function whose type at most ExhaustiveGroup functions share looks at
// all of them instead: hashing would save nothing there, and its chance
// misses would cost pairs.
//
// Within a bucket each function looks at its BucketNeighbours nearest
// members by index (a bucket of a thousand getters must not cost a million
// comparisons), keeps those whose signatures agree at MinAgreement
// positions or more and whose sizes are within MaxSizeRatio, and of those
// its PerFunction best by agreement (then by the closer size, then the
// lower index). The result depends on the fingerprints alone.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/CandidateSearch.h"

#include "core/aligned/ShapeHasher.h"
#include "core/equality/WalkOrder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <limits>

using namespace llvm;

namespace lmf {
namespace {

constexpr unsigned Bands = MinHashes / BandRows;

uint64_t seedOf(unsigned H) { return mixHash(0x5eed, H); }

} // namespace

FunctionFingerprint fingerprintOf(const Function &F, ShapeHasher &Hasher) {
  FunctionFingerprint Print;
  Print.Header = Hasher.header(F);
  Print.MinHash.fill(std::numeric_limits<uint64_t>::max());
  std::array<uint64_t, MinHashes> Seeds;
  for (unsigned H = 0; H < MinHashes; ++H)
    Seeds[H] = seedOf(H);
  for (const BasicBlock *BB : blocksInWalkOrder(F)) {
    uint64_t Previous = mixHash(0xb10c, 0);
    for (const Instruction &I : *BB) {
      if (isa<PHINode>(I))
        continue;
      ++Print.Instructions;
      uint64_t Shape = Hasher.instruction(I, F);
      uint64_t Shingle = mixHash(Previous, Shape);
      Previous = Shape;
      for (unsigned H = 0; H < MinHashes; ++H)
        Print.MinHash[H] = std::min(Print.MinHash[H], mixHash(Seeds[H], Shingle));
    }
  }
  return Print;
}

unsigned minHashAgreement(const FunctionFingerprint &A,
                          const FunctionFingerprint &B) {
  unsigned N = 0;
  for (unsigned H = 0; H < MinHashes; ++H)
    N += A.MinHash[H] == B.MinHash[H];
  return N;
}

std::vector<std::pair<unsigned, unsigned>>
findCandidatePairs(ArrayRef<FunctionFingerprint> Prints,
                   const SearchLimits &Limits) {
  unsigned N = Prints.size();
  // Candidates of each function, found through any band.
  std::vector<SmallVector<unsigned, 8>> Near(N);
  // Functions of a type few others have look at all of them: the hashing
  // would save nothing there, and its chance misses would cost pairs.
  DenseMap<uint64_t, SmallVector<unsigned, 4>> ByHeader;
  for (unsigned I = 0; I < N; ++I)
    ByHeader[Prints[I].Header].push_back(I);
  std::vector<char> Exhaustive(N, 0);
  for (auto &[Header, Members] : ByHeader) {
    if (Members.size() > Limits.ExhaustiveGroup)
      continue;
    for (unsigned I : Members) {
      Exhaustive[I] = 1;
      for (unsigned J : Members)
        if (J != I)
          Near[I].push_back(J);
    }
  }
  for (unsigned Band = 0; Band < Bands; ++Band) {
    DenseMap<uint64_t, SmallVector<unsigned, 4>> Buckets;
    for (unsigned I = 0; I < N; ++I) {
      if (Exhaustive[I])
        continue;
      uint64_t Key = mixHash(Prints[I].Header, Band);
      for (unsigned R = 0; R < BandRows; ++R)
        Key = mixHash(Key, Prints[I].MinHash[Band * BandRows + R]);
      Buckets[Key].push_back(I);
    }
    // Buckets are visited in the order of their first member, so that the
    // lists below fill the same way in every run.
    std::vector<ArrayRef<unsigned>> InOrder;
    for (auto &KV : Buckets)
      if (KV.second.size() > 1)
        InOrder.push_back(KV.second);
    llvm::sort(InOrder, [](ArrayRef<unsigned> A, ArrayRef<unsigned> B) {
      return A.front() < B.front();
    });
    for (ArrayRef<unsigned> Bucket : InOrder)
      for (size_t K = 0; K < Bucket.size(); ++K) {
        size_t From = K > Limits.BucketNeighbours ? K - Limits.BucketNeighbours : 0;
        size_t To = std::min(Bucket.size(), K + Limits.BucketNeighbours + 1);
        for (size_t Other = From; Other < To; ++Other)
          if (Other != K)
            Near[Bucket[K]].push_back(Bucket[Other]);
      }
  }
  std::vector<std::pair<unsigned, unsigned>> Pairs;
  for (unsigned I = 0; I < N; ++I) {
    SmallVector<unsigned, 8> &Cands = Near[I];
    llvm::sort(Cands);
    Cands.erase(std::unique(Cands.begin(), Cands.end()), Cands.end());
    struct Scored {
      unsigned Index, Agreement;
      double SizeRatio;
    };
    SmallVector<Scored, 8> Kept;
    for (unsigned J : Cands) {
      if (Prints[J].Header != Prints[I].Header)
        continue;
      double A = std::max(1u, Prints[I].Instructions);
      double B = std::max(1u, Prints[J].Instructions);
      double Ratio = std::max(A, B) / std::min(A, B);
      unsigned Agreement = minHashAgreement(Prints[I], Prints[J]);
      if ((!Exhaustive[I] && Agreement < Limits.MinAgreement) ||
          Ratio > Limits.MaxSizeRatio)
        continue;
      Kept.push_back({J, Agreement, Ratio});
    }
    llvm::sort(Kept, [](const Scored &A, const Scored &B) {
      if (A.Agreement != B.Agreement)
        return A.Agreement > B.Agreement;
      if (A.SizeRatio != B.SizeRatio)
        return A.SizeRatio < B.SizeRatio;
      return A.Index < B.Index;
    });
    if (Kept.size() > Limits.PerFunction)
      Kept.resize(Limits.PerFunction);
    for (const Scored &S : Kept)
      Pairs.push_back({std::min(I, S.Index), std::max(I, S.Index)});
  }
  llvm::sort(Pairs);
  Pairs.erase(std::unique(Pairs.begin(), Pairs.end()), Pairs.end());
  return Pairs;
}

} // namespace lmf
