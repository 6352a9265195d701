//===- StructuralEncoding.h - A function as a canonical token list -*- C++
//-*-===//
//
// Each candidate function is written as a list of 64-bit tokens that captures
// everything that decides what the function does and nothing else. Two
// functions are equal exactly when their lists are equal; the hash is XXH3 of
// the list and the total order is the lexicographic order of the lists.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_STRUCTURALENCODING_H
#define LMF_CORE_STRUCTURALENCODING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <vector>

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;
class GlobalNumbering;

using Encoding = std::vector<uint64_t>;

/// What the encoder may read besides the function itself. Everything here is
/// immutable while encoders run on several threads.
struct EncodingContext {
  const GlobalNumbering &Globals;
  const AnnotationPolicy &Policy;
  /// When set, a direct call to a function in this table (the encoded
  /// function itself included) is encoded by the function's equivalence
  /// class instead of its identity (partition refinement). Without it, self
  /// calls are encoded as "self".
  const llvm::DenseMap<const llvm::Function *, uint64_t> *CalleeClasses =
      nullptr;
  /// When set, any other reference to a function in this table, except the
  /// encoded function's own address, is encoded by its class.
  const llvm::DenseMap<const llvm::Function *, uint64_t> *AddressClasses =
      nullptr;
};

/// Replaces Out with the encoding of F. F must be a definition.
void encodeFunction(const llvm::Function &F, const EncodingContext &Ctx,
                    Encoding &Out);

} // namespace lmf

#endif
