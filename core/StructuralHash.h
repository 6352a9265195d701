//===- StructuralHash.h - XXH3 over a structural encoding -------*- C++ -*-===//
#ifndef LMF_CORE_STRUCTURALHASH_H
#define LMF_CORE_STRUCTURALHASH_H

#include "core/StructuralEncoding.h"

namespace lmf {

/// XXH3-64 of the encoding's tokens. Equal encodings give equal hashes.
uint64_t hashEncoding(llvm::ArrayRef<uint64_t> Tokens);

/// Encodes F into Scratch and hashes it.
uint64_t hashFunction(const llvm::Function &F, const EncodingContext &Ctx,
                      Encoding &Scratch);

} // namespace lmf

#endif
