//===- UserFunctions.h - Which bodies refer to a value ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_FACTS_USERFUNCTIONS_H
#define LMF_CORE_FACTS_USERFUNCTIONS_H

#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class Function;
class Value;
} // namespace llvm

namespace lmf {

/// Adds every function whose body refers to V, directly or through constant
/// expressions and aggregates, to Out. Only reads IR.
void collectUserFunctions(const llvm::Value &V,
                          llvm::SmallPtrSetImpl<llvm::Function *> &Out);

} // namespace lmf

#endif
