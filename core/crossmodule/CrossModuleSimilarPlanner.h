//===- CrossModuleSimilarPlanner.h - Similar twins --------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_CROSSMODULE_CROSSMODULESIMILARPLANNER_H
#define LMF_CORE_CROSSMODULE_CROSSMODULESIMILARPLANNER_H

#include "core/crossmodule/CrossModulePlanner.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace lmf {

/// Plans the classes of similar functions with members in several modules
/// among Free, candidates of Modules in module order that identical folding
/// left alone: which members share a body, which positions become
/// parameters (in registers, or in a constant table per member where that
/// saves more, if Opts.ConstantTables), and what the class saves by the
/// byte model (at least Opts.MinimumGain bytes).
std::vector<CrossModuleSimilarClass>
planCrossModuleSimilar(llvm::ArrayRef<ModuleCandidates> Modules,
                       llvm::ArrayRef<CrossModuleRef> Free,
                       const SimilarOptions &Opts);

} // namespace lmf

#endif
