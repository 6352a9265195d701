//===- SimilarMerge.h - Merge functions differing in constants -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_SIMILAR_SIMILARMERGE_H
#define LMF_CORE_SIMILAR_SIMILARMERGE_H

#include "core/MergeStage.h"

namespace lmf {

/// Merges classes of the functions the identical stage left with their own
/// bodies (StageContext::Remaining) that are equal except at parameter
/// positions: one shared body with parameters for the constants that
/// differ, each member a thunk or gone behind its rewritten calls
/// (SimilarMerge.cpp). It runs when similarMergingOn says so.
const MergeStage &similarStage();

} // namespace lmf

#endif
