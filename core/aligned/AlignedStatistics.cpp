//===- AlignedStatistics.cpp - The aligned stage in -stats ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM's `-stats` shows the aligned stage's counts, filled from MergeStats
// at the end of a run like the report's, so that no count is kept twice.
//
//===----------------------------------------------------------------------===//

#include "core/MergeResult.h"
#include "core/StageStatistics.h"
#include "core/aligned/AlignedStage.h"

STATISTIC(NumAlignedConsidered, "Functions considered for aligned merging");
STATISTIC(NumAlignedPairsPlanned, "Pairs of functions aligned and priced");
STATISTIC(NumAlignedClasses, "Aligned pairs merged");
STATISTIC(NumAlignedMembers, "Functions sharing an aligned body");
STATISTIC(NumAlignedHotExcluded,
          "Functions kept from aligned merging as they run hot code");
STATISTIC(NumAlignedRefused, "Aligned pairs planned but not merged");

void lmf::AlignedStage::publishStatistics(const MergeStats &Stats) const {
  NumAlignedConsidered += Stats.AlignedConsidered;
  NumAlignedPairsPlanned += Stats.AlignedPairsPlanned;
  NumAlignedClasses += Stats.AlignedClasses;
  NumAlignedMembers += Stats.AlignedMembers;
  NumAlignedHotExcluded += Stats.AlignedHotExcluded;
  NumAlignedRefused += Stats.AlignedRefused;
}
