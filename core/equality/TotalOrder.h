//===- TotalOrder.h - Total order on functions ------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_EQUALITY_TOTALORDER_H
#define LMF_CORE_EQUALITY_TOTALORDER_H

#include "core/equality/StructuralEncoding.h"

namespace lmf {

/// Lexicographic three-way comparison of two encodings: <0, 0 or >0.
int compareEncodings(llvm::ArrayRef<uint64_t> L, llvm::ArrayRef<uint64_t> R);

/// compareEncodings(L, R) == 0, faster: one memcmp.
bool sameEncoding(llvm::ArrayRef<uint64_t> L, llvm::ArrayRef<uint64_t> R);

/// Three-way comparison of two functions, modulo intersectable annotations.
/// A total order; 0 exactly when the functions may be folded into one.
int compareFunctions(const llvm::Function &L, const llvm::Function &R,
                     const EncodingContext &Ctx);

} // namespace lmf

#endif
