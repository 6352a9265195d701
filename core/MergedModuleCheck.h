//===- MergedModuleCheck.h - The verifier after merging ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_MERGEDMODULECHECK_H
#define LMF_CORE_MERGEDMODULECHECK_H

#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace lmf {

/// Runs the IR verifier on M after merging. Success when M verifies. Else
/// every function that fails is given an `unreachable` body, so that the
/// verifier later in the pipeline does not abort the process, and the error
/// names those functions and quotes the verifier.
llvm::Error checkMergedModule(llvm::Module &M);

} // namespace lmf

#endif
