//===- MergeResult.h - What one merge run did -------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Everything the report, the listing and the remarks need, as plain data with
// names rather than pointers (folded functions no longer exist afterwards).
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_MERGERESULT_H
#define LMF_CORE_MERGERESULT_H

#include "core/MergeActions.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lmf {

struct FoldedMember {
  std::string Name;
  FoldAction Action = FoldAction::Thunk;
  /// It kept an address of its own because its address, or the kept
  /// body's, is compared (ModuleFacts::Compared); without the comparison it
  /// would have been erased or an alias, or had every use replaced.
  bool AddressCompared = false;
};

/// One class of identical functions that was folded (MergeActions.h has
/// the words).
struct FoldGroup {
  unsigned Round = 0;
  /// The member whose body the class keeps, as it was named in the input
  /// (the report's "survivor").
  std::string KeptMember;
  /// Where the kept body lives now: the kept member, or its private copy.
  std::string KeptBody;
  /// Set when the body moved to a private copy: what became of the kept
  /// member (the report's "survivor_action").
  bool KeptMemberForwarded = false;
  FoldAction KeptMemberAction = FoldAction::Thunk;
  uint64_t BodyInstructions = 0;
  std::vector<FoldedMember> Members;
};

/// A refusal: a member that stayed out of its class, in either stage.
struct RefusedMember {
  std::string Name;
  /// The member that names the class: an identical class's kept member; for
  /// a similar class, the class's first member in module order, or the kept
  /// member when the members' attributes could not be intersected. Not
  /// always the kept member, hence its own word. The report's key for it
  /// is "survivor" in both stages (schema 1).
  std::string ClassName;
  std::string Reason;
};

/// A member of a similar class or an aligned pair, and how it reaches the
/// kept body.
struct MergedMember {
  std::string Name;
  MergeAction Action = MergeAction::Thunk;
};

/// One class of similar functions that was merged: they now share a body.
struct SimilarGroup {
  /// The similar stage's round (from 0) that merged the class.
  unsigned Round = 0;
  /// The kept body: the new internal function that holds it (the report's
  /// "body").
  std::string KeptBody;
  /// The member whose body it was (the report's "source").
  std::string KeptMember;
  uint64_t Parameters = 0;
  /// Of those, the ones passed in each member's constant table
  /// (ConstantTables.h).
  uint64_t TableParameters = 0;
  uint64_t BodyInstructions = 0;
  int64_t EstimatedBytesSaved = 0;
  /// Every member that shares the body, the kept member first, in module
  /// order.
  std::vector<MergedMember> Members;
};

/// One pair of functions that differ in instructions and now share one
/// body (AlignedMerge.h).
struct AlignedGroup {
  /// The aligned stage's round (from 0) that merged the pair.
  unsigned Round = 0;
  /// The kept body: the new internal function holding the merged body (the
  /// report's "body").
  std::string KeptBody;
  /// Instructions emitted once for both members, and those of one member
  /// only (in blocks only it reaches).
  uint64_t MatchedInstructions = 0, UnmatchedInstructions = 0;
  /// Selects on the identifier, and branches on it.
  uint64_t Selects = 0, Branches = 0;
  uint64_t BodyInstructions = 0;
  int64_t EstimatedBytesSaved = 0;
  /// Both members, the one whose identifier is 0 first.
  std::vector<MergedMember> Members;
};

struct PhaseTimes {
  double CollectSeconds = 0, HashSeconds = 0, ResolveSeconds = 0,
         ApplySeconds = 0, SimilarSeconds = 0, AlignedSeconds = 0,
         VerifySeconds = 0, TotalSeconds = 0;
};

struct MergeStats {
  uint64_t FunctionsInModule = 0;
  uint64_t Considered = 0;
  uint64_t Folded = 0;
  uint64_t FoldedErased = 0, FoldedAlias = 0, FoldedThunk = 0,
           FoldedCallersRedirected = 0;
  uint64_t Refused = 0;
  uint64_t Rounds = 0;
  /// Partition refinement iterations until the fixpoint, the first split by
  /// skeletons included.
  uint64_t RefinementIterations = 0;
  /// Skeleton hash buckets of refinement's first split with two or more
  /// functions, and of those, the ones whose members all compared equal.
  uint64_t MultiMemberBuckets = 0, PureBuckets = 0;
  uint64_t Collisions = 0;
  uint64_t InstructionsRemoved = 0;
  /// Folded members that kept an address of their own because an address
  /// is compared (FoldedMember::AddressCompared).
  uint64_t AddressCompared = 0;
  /// Compared functions that lost unnamed_addr after merging
  /// (markComparedAddressesSignificant): the module changed even when
  /// nothing folded.
  uint64_t AddressesMadeSignificant = 0;
  /// Similar merging: functions considered, classes merged, their members
  /// (each now a thunk or gone), parameters added, members refused, and the
  /// byte model's estimate of the saving.
  uint64_t SimilarConsidered = 0, SimilarClasses = 0, SimilarMembers = 0,
           SimilarParameters = 0, SimilarRefused = 0;
  int64_t SimilarEstimatedBytes = 0;
  /// Aligned merging: functions considered (in its first round), pairs
  /// aligned and priced, pairs merged, their members, the functions the
  /// hot-function policy kept out (they run hot code), and the byte model's
  /// estimate of the saving.
  uint64_t AlignedConsidered = 0, AlignedPairsPlanned = 0, AlignedClasses = 0,
           AlignedMembers = 0, AlignedHotExcluded = 0, AlignedRefused = 0;
  int64_t AlignedEstimatedBytes = 0;
  /// The hot-function policy: the module's hot functions, the members it
  /// refused in either stage, and the byte model's estimate of what they
  /// would have saved.
  uint64_t HotFunctions = 0, HotRefused = 0;
  int64_t HotKeptBytes = 0;
  /// Functions given `nooutline` because they run hot code, and `optsize`
  /// because they do not (SizeCodegen.h).
  uint64_t NotOutlined = 0, SizeOptimized = 0;
  unsigned Threads = 1;

  /// Whether the run changed the module: a stage merged something, an
  /// address was made significant, or functions were marked for code
  /// generation (what the pass tells the pass manager).
  bool changedModule() const {
    return Folded != 0 || SimilarClasses != 0 || AlignedClasses != 0 ||
           AddressesMadeSignificant != 0 || NotOutlined != 0 ||
           SizeOptimized != 0;
  }
};

/// Adds a run's counts to LLVM's `STATISTIC` counters (`-stats`), which
/// are derived from MergeStats and counted nowhere else.
void publishStatistics(const MergeStats &Stats);

struct MergeResult {
  std::string ModuleName;
  std::string Mode;
  /// The hot-function policy's name (hotPolicyName).
  std::string HotPolicy;
  MergeStats Stats;
  PhaseTimes Times;
  std::vector<FoldGroup> Groups;
  /// Members an identical class left out.
  std::vector<RefusedMember> Refusals;
  /// Whether the similar stage ran: when asked for, or, not asked either
  /// way, in a module that carries a profile (similarMergingOn).
  bool SimilarRan = false;
  /// Whether code generation for size was asked for (SizeCodegen.h): the
  /// report then gives NotOutlined and SizeOptimized.
  bool SizeCodegenRan = false;
  /// The kinds of parameter positions the similar stage used, of "data",
  /// "integers", "callees" (callees are left out in a module that protects
  /// indirect calls even when asked for).
  std::vector<std::string> SimilarPositions;
  std::vector<SimilarGroup> Similar;
  /// Members a similar class left out (RefusedMember::ClassName says which
  /// member names the class).
  std::vector<RefusedMember> SimilarRefusals;
  /// Whether the aligned stage ran.
  bool AlignedRan = false;
  std::vector<AlignedGroup> Aligned;
  /// Pairs the aligned stage found worth merging but could not merge
  /// (RefusedMember::ClassName names the other member of the pair).
  std::vector<RefusedMember> AlignedRefusals;
};

} // namespace lmf

#endif
