//===- FoldCensus.h - Which functions a merger folded -----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM's MergeFunctions reports no list of what it folded, so both mergers
// are counted the same way, from the module alone: a definition is folded
// when, after the run, its name is gone, no longer names a definition (an
// alias or a declaration), or names a thunk, a body that only forwards its
// arguments to another function, that was not a thunk before.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_BENCH_FOLDCENSUS_H
#define LMF_BENCH_FOLDCENSUS_H

#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace lmf::bench {

/// Named definitions of a module, and whether each one is a thunk.
struct Census {
  llvm::StringMap<bool> IsThunk;
  uint64_t Instructions = 0;
};

/// True when F's body only forwards its arguments to another function.
bool isThunk(const llvm::Function &F);

Census takeCensus(const llvm::Module &M);

/// The definitions of Before that After folded, sorted by name.
std::vector<std::string> foldedSince(const Census &Before,
                                     const llvm::Module &After);

} // namespace lmf::bench

#endif
