//===- TotalOrder.cpp - Total order on functions --------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Functions are compared through their structural encodings (see
// StructuralEncoding.cpp): the first differing token decides, and a proper
// prefix comes first. Because each function is mapped to its list independently
// of the function it is compared with, the order is a total order by
// construction: no pair-specific state (such as LLVM's per-comparison
// numbering of values) can make it intransitive. Bucket resolution encodes
// each member once and sorts the lists, so a bucket of n functions costs n
// encodings and O(n log n) list comparisons.
//
//===----------------------------------------------------------------------===//

#include "core/equality/TotalOrder.h"

#include <algorithm>
#include <cstring>

namespace lmf {

int compareEncodings(llvm::ArrayRef<uint64_t> L, llvm::ArrayRef<uint64_t> R) {
  size_t Common = std::min(L.size(), R.size());
  auto Mismatch = std::mismatch(L.begin(), L.begin() + Common, R.begin());
  if (Mismatch.first != L.begin() + Common)
    return *Mismatch.first < *Mismatch.second ? -1 : 1;
  if (L.size() == R.size())
    return 0;
  return L.size() < R.size() ? -1 : 1;
}

bool sameEncoding(llvm::ArrayRef<uint64_t> L, llvm::ArrayRef<uint64_t> R) {
  return L.size() == R.size() &&
         (L.empty() ||
          std::memcmp(L.data(), R.data(), L.size() * sizeof(uint64_t)) == 0);
}

int compareFunctions(const llvm::Function &L, const llvm::Function &R,
                     const EncodingContext &Ctx) {
  Encoding EL, ER;
  EncoderScratch Scratch;
  encodeFunction(L, Ctx, EL, Scratch);
  encodeFunction(R, Ctx, ER, Scratch);
  return compareEncodings(EL, ER);
}

} // namespace lmf
