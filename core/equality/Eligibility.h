//===- Eligibility.h - Which functions may take part ------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_EQUALITY_ELIGIBILITY_H
#define LMF_CORE_EQUALITY_ELIGIBILITY_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

/// Why a function is not a merge candidate, or "" when it is one.
llvm::StringRef ineligibilityReason(const llvm::Function &F);

inline bool isEligible(const llvm::Function &F) {
  return ineligibilityReason(F).empty();
}

} // namespace lmf

#endif
