//===- IdenticalMerge.h - The identical stage -------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_IDENTICAL_IDENTICALMERGE_H
#define LMF_CORE_IDENTICAL_IDENTICALMERGE_H

#include "core/MergeStage.h"

namespace lmf {

/// Folds the classes of identical functions (IdenticalMerge.cpp), round
/// after round until a round folds nothing, and leaves in
/// StageContext::Remaining the candidates that still have a body of their
/// own. It always runs.
const MergeStage &identicalStage();

} // namespace lmf

#endif
