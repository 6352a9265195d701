//===- StructuralHash.cpp - XXH3 over a structural encoding ---------------===//
//
// The hash buckets candidate functions before the exact comparison. It is
// computed over the very token list the comparator compares, so two functions
// the comparator calls equal always land in the same bucket, and a collision
// costs a comparison, never a wrong fold. XXH3 is fast enough that hashing a
// whole module is dominated by the IR walk, not by the hash.
//
//===----------------------------------------------------------------------===//

#include "core/StructuralHash.h"

#include <xxhash.h>

namespace lmf {

uint64_t hashEncoding(llvm::ArrayRef<uint64_t> Tokens) {
  return XXH3_64bits(Tokens.data(), Tokens.size() * sizeof(uint64_t));
}

uint64_t hashFunction(const llvm::Function &F, const EncodingContext &Ctx,
                      Encoding &Scratch) {
  encodeFunction(F, Ctx, Scratch);
  return hashEncoding(Scratch);
}

} // namespace lmf
