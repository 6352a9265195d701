//===- CodeBytes.h - Functions' bytes as the code generator emits them ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_ALIGNED_CODEBYTES_H
#define LMF_CORE_ALIGNED_CODEBYTES_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace lmf {

/// Compiles the functions of M named in Names (each in a section of its
/// own, the rest of M left as declarations) with the code generator of M's
/// target, and returns each one's size in the object file, by name. M is
/// not changed. A function of Names without a body in M has no entry. An
/// error when M's target is not registered or its objects are not ELF.
llvm::Expected<llvm::StringMap<uint64_t>>
measureCodeBytes(const llvm::Module &M, const llvm::StringSet<> &Names);

} // namespace lmf

#endif // LMF_CORE_ALIGNED_CODEBYTES_H
