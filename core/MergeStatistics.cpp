//===- MergeStatistics.cpp - LLVM statistics of a merge run ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The merge counts what it does once, in MergeStats, which the JSON report
// and the listing print. LLVM's `-stats` shows the same numbers through
// `STATISTIC` counters, filled here from MergeStats at the end of a run, so
// that no count is kept in two places that could disagree.
//
// Debian's LLVM is built without assertions, where `STATISTIC` counters
// compile to nothing unless LLVM_FORCE_ENABLE_STATS is set; it is set for
// this file only, after llvm-config.h has given it its default.
//
//===----------------------------------------------------------------------===//

#include "core/MergeRemarks.h"
#include "core/MergeResult.h"

#include "llvm/Config/llvm-config.h"
#undef LLVM_FORCE_ENABLE_STATS
#define LLVM_FORCE_ENABLE_STATS 1
#include "llvm/ADT/Statistic.h"

#define DEBUG_TYPE lmf::MergePassName

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
STATISTIC(NumSimilarClasses, "Classes of similar functions merged");
STATISTIC(NumSimilarMembers, "Similar functions sharing a merged body");
STATISTIC(NumSimilarParameters, "Parameters added to merged similar bodies");
STATISTIC(NumHotRefused, "Hot functions kept from folds that add instructions");
STATISTIC(NumAlignedConsidered, "Functions considered for aligned merging");
STATISTIC(NumAlignedPairsPlanned, "Pairs of functions aligned and priced");
STATISTIC(NumAlignedClasses, "Aligned pairs merged");
STATISTIC(NumAlignedMembers, "Functions sharing an aligned body");
STATISTIC(NumAlignedHotExcluded,
          "Functions kept from aligned merging as they run hot code");
STATISTIC(NumAlignedRefused, "Aligned pairs planned but not merged");

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
  NumSimilarClasses += Stats.SimilarClasses;
  NumSimilarMembers += Stats.SimilarMembers;
  NumSimilarParameters += Stats.SimilarParameters;
  NumHotRefused += Stats.HotRefused;
  NumAlignedConsidered += Stats.AlignedConsidered;
  NumAlignedPairsPlanned += Stats.AlignedPairsPlanned;
  NumAlignedClasses += Stats.AlignedClasses;
  NumAlignedMembers += Stats.AlignedMembers;
  NumAlignedHotExcluded += Stats.AlignedHotExcluded;
  NumAlignedRefused += Stats.AlignedRefused;
}
