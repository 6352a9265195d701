//===- SimilarStatistics.cpp - The similar stage in -stats ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM's `-stats` shows the similar stage's counts, filled from MergeStats
// at the end of a run like the report's, so that no count is kept twice.
//
//===----------------------------------------------------------------------===//

#include "core/MergeResult.h"
#include "core/StageStatistics.h"
#include "core/similar/SimilarStage.h"

STATISTIC(NumSimilarClasses, "Classes of similar functions merged");
STATISTIC(NumSimilarMembers, "Similar functions sharing a merged body");
STATISTIC(NumSimilarParameters, "Parameters added to merged similar bodies");

void lmf::SimilarStage::publishStatistics(const MergeStats &Stats) const {
  NumSimilarClasses += Stats.SimilarClasses;
  NumSimilarMembers += Stats.SimilarMembers;
  NumSimilarParameters += Stats.SimilarParameters;
}
