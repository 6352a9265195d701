//===- SequenceAlignment.h - Needleman-Wunsch with affine gaps -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_ALIGNED_SEQUENCEALIGNMENT_H
#define LMF_CORE_ALIGNED_SEQUENCEALIGNMENT_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace lmf {

/// Aligns sequences of lengths N and M
/// where Gain(I, J) is what matching element I with element J saves (zero
/// or less: they may not be matched) and each run of unmatched elements
/// that follows a match (or starts the sequences) costs GapOpen, maximizing
/// the total (Needleman-Wunsch with Gotoh's affine gaps), within Band of
/// the diagonal when (N + 1) * (M + 1) exceeds FullCells. Returns the
/// columns as pairs of indices, -1 for a gap, in order; ties go to a match,
/// then to the left element alone.
std::vector<std::pair<int, int>>
alignSequences(unsigned N, unsigned M,
               llvm::function_ref<int64_t(unsigned, unsigned)> Gain,
               uint64_t FullCells, unsigned Band, int64_t GapOpen = 0);

} // namespace lmf

#endif
