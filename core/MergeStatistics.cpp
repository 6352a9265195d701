//===- MergeStatistics.cpp - LLVM statistics of a merge run ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The merge counts what it does once, in MergeStats, which the JSON report
// and the listing print. LLVM's `-stats` shows the same numbers through
// `STATISTIC` counters, filled here from MergeStats at the end of a run, so
// that no count is kept in two places that could disagree.
//
// The counters of mergeModule's own steps are here; each later stage
// declares and fills its own (MergeStage::publishStatistics), in its folder
// (StageStatistics.h turns them on in Debian's build).
//
//===----------------------------------------------------------------------===//

#include "core/MergeModule.h"
#include "core/MergeResult.h"
#include "core/MergeStage.h"
#include "core/StageStatistics.h"

STATISTIC(NumConsidered, "Functions considered for merging");
STATISTIC(NumFolded, "Functions folded");
STATISTIC(NumErased, "Folded functions erased");
STATISTIC(NumAliases, "Folded functions turned into aliases");
STATISTIC(NumThunks, "Folded functions turned into thunks");
STATISTIC(NumRedirected, "Folded functions whose callers were redirected");
STATISTIC(NumAddressCompared,
          "Folded functions kept apart in address because it is compared");
STATISTIC(NumRefused, "Equal functions not folded");
STATISTIC(NumRounds, "Merge rounds");
STATISTIC(NumHotRefused, "Hot functions kept from folds that add instructions");

void lmf::publishStatistics(const MergeStats &Stats) {
  NumConsidered += Stats.Considered;
  NumFolded += Stats.Folded;
  NumErased += Stats.FoldedErased;
  NumAliases += Stats.FoldedAlias;
  NumThunks += Stats.FoldedThunk;
  NumRedirected += Stats.FoldedCallersRedirected;
  NumAddressCompared += Stats.AddressCompared;
  NumRefused += Stats.Refused;
  NumRounds += Stats.Rounds;
  NumHotRefused += Stats.HotRefused;
  for (const MergeStage *Stage : mergeStages())
    Stage->publishStatistics(Stats);
}
