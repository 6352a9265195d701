//===- ProfileFacts.h - Functions on the program's fast path ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_FACTS_PROFILEFACTS_H
#define LMF_CORE_FACTS_PROFILEFACTS_H

#include "core/MergeOptions.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class Function;
class Module;
class ProfileSummaryInfo;
} // namespace llvm

namespace lmf {

using HotFunctionSet = llvm::SmallPtrSet<const llvm::Function *, 16>;

/// The highest percentile, in millionths, that merging or LLVM's profile
/// queries (ProfileSummaryInfo's hot and cold thresholds) look up in a
/// profile summary, given the hot-code option (MergeOptions).
uint64_t highestPercentileAsked(std::optional<unsigned> HotCodePercentile);

/// Why M's profile summary cannot answer a lookup of Percentile, or "" when
/// it can (or M has none). ProfileSummaryInfo aborts the process on a
/// summary whose detailed cutoffs all lie below a percentile it is asked
/// for (a tiny training run, a hand-written summary); every user of one in
/// core/ asks here first and goes on as if M had no profile.
std::string profileSummaryProblem(const llvm::Module &M, uint64_t Percentile);

/// The definitions of M that Policy keeps to folds adding no instruction
/// (see HotPolicy): none under HotPolicy::Off. Without ReadProfile only the
/// `hot` attribute counts (profileSummaryProblem).
HotFunctionSet collectHotFunctions(const llvm::Module &M, HotPolicy Policy,
                                   bool ReadProfile);

/// True when Policy keeps F to folds adding no instruction: the policy is
/// not Off, F's entry count is hot by the module's profile summary (PSI,
/// when there is one to read) or F carries the `hot` attribute, whether or
/// not F is built for size.
bool isHotFunction(const llvm::Function &F,
                   const llvm::ProfileSummaryInfo *PSI, HotPolicy Policy);

/// True when M carries a profile summary (a PGO build).
bool hasProfile(const llvm::Module &M);

/// Whether similar merging runs on M: as Asked when the user said, else
/// only where M carries a profile (SimilarOptions::Enabled). The one
/// place that default is decided, in one module and across modules.
bool similarMergingOn(std::optional<bool> Asked, const llvm::Module &M);

/// Body now also runs every call that entered Member: with a profile, its
/// entry count grows by Member's, so that what reads the count afterwards
/// (hot/cold section placement, inlining of the body) sees the merged
/// traffic. Nothing changes when either has no count.
void addEntryCount(llvm::Function &Body, const llvm::Function &Member);

/// addEntryCount, and the branch weights of Body's branches, selects and
/// switches grow by those of Member's same instruction (Member has Body's
/// shape: an identical twin or a similar member). Weights that only one
/// side has stay as they are.
void addProfileCounts(llvm::Function &Body, const llvm::Function &Member);

/// Why the policy refused a hot member: the reasons the listing and the
/// report give.
inline constexpr llvm::StringLiteral HotThunkRefusal =
    "hot: would become a thunk, a jump on its calls (hot-function policy "
    "hot-identical-only)";
inline constexpr llvm::StringLiteral HotSimilarRefusal =
    "hot: a member of a similar class runs extra instructions (hot-function "
    "policy hot-identical-only)";

} // namespace lmf

#endif
