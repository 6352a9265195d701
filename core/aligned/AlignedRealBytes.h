//===- AlignedRealBytes.h - What aligned merging really saved -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_ALIGNED_ALIGNEDREALBYTES_H
#define LMF_CORE_ALIGNED_ALIGNEDREALBYTES_H

#include "core/MergeResult.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace llvm {
class Module;
} // namespace llvm

namespace lmf {

/// Fills the real-byte figures of the aligned classes Groups (in the order
/// the stage merged them): Before is a copy of the module taken before the
/// stage, After the module after it. A class whose body merged again in a
/// later round is counted in that later class (its RealBytes stay unset).
/// Returns what the stage saved in all (a caller of two classes counted
/// once), or nothing when no class was merged.
llvm::Expected<std::optional<int64_t>>
measureAlignedClasses(const llvm::Module &Before, const llvm::Module &After,
                      llvm::MutableArrayRef<AlignedGroup> Groups);

} // namespace lmf

#endif // LMF_CORE_ALIGNED_ALIGNEDREALBYTES_H
