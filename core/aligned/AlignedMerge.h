//===- AlignedMerge.h - Merge functions that differ in instructions -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_ALIGNED_ALIGNEDMERGE_H
#define LMF_CORE_ALIGNED_ALIGNEDMERGE_H

#include "core/MergeStage.h"

#include <optional>

namespace lmf {

/// Merges pairs of the module's functions whose bodies align well into one
/// body with an identifier parameter (AlignedMerge.cpp), each member a
/// thunk or gone behind its rewritten calls. It runs when alignedMergingOn
/// says so.
const MergeStage &alignedStage();

/// Whether aligned merging runs: as Asked when the user said, else off
/// (docs/linker.md, "Aligned functions", says why). The one place the
/// default is decided.
bool alignedMergingOn(std::optional<bool> Asked);

} // namespace lmf

#endif
