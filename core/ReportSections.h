//===- ReportSections.h - What every section of the report shares -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The JSON report (MergeReport.h) has the identical stage's numbers at its
// top level (schema 1) and a section for each later stage that ran, which
// the stage writes and reads back itself (MergeStage::reportSection). The
// keys and the pieces every section writes the same way are here, once.
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_REPORTSECTIONS_H
#define LMF_CORE_REPORTSECTIONS_H

#include "core/MergeResult.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

namespace lmf {

/// The report's keys, each spelled once: every writer and reader of the
/// report names them from here (the counts in folds_by_action are keyed by
/// the action names of MergeActions.cpp).
namespace key {
inline constexpr llvm::StringLiteral Action = "action";
inline constexpr llvm::StringLiteral AddressCompared = "address_compared";
inline constexpr llvm::StringLiteral Aligned = "aligned";
inline constexpr llvm::StringLiteral Branches = "branches";
inline constexpr llvm::StringLiteral HotExcluded = "hot_excluded";
inline constexpr llvm::StringLiteral MatchedInstructions =
    "matched_instructions";
inline constexpr llvm::StringLiteral PairsPlanned = "pairs_planned";
inline constexpr llvm::StringLiteral Selects = "selects";
inline constexpr llvm::StringLiteral UnmatchedInstructions =
    "unmatched_instructions";
inline constexpr llvm::StringLiteral Apply = "apply";
inline constexpr llvm::StringLiteral Body = "body";
inline constexpr llvm::StringLiteral BodyInstructions = "body_instructions";
inline constexpr llvm::StringLiteral Buckets = "buckets";
inline constexpr llvm::StringLiteral Classes = "classes";
inline constexpr llvm::StringLiteral ClassesMerged = "classes_merged";
inline constexpr llvm::StringLiteral Collect = "collect";
inline constexpr llvm::StringLiteral Collisions = "collisions";
inline constexpr llvm::StringLiteral EstimatedBytesSaved =
    "estimated_bytes_saved";
inline constexpr llvm::StringLiteral FoldedBodyInstructions =
    "folded_body_instructions";
inline constexpr llvm::StringLiteral FoldsByAction = "folds_by_action";
inline constexpr llvm::StringLiteral Function = "function";
inline constexpr llvm::StringLiteral FunctionsConsidered =
    "functions_considered";
inline constexpr llvm::StringLiteral FunctionsFolded = "functions_folded";
inline constexpr llvm::StringLiteral FunctionsInModule = "functions_in_module";
inline constexpr llvm::StringLiteral FunctionsMerged = "functions_merged";
inline constexpr llvm::StringLiteral Groups = "groups";
inline constexpr llvm::StringLiteral Hash = "hash";
inline constexpr llvm::StringLiteral HotFunctions = "hot_functions";
inline constexpr llvm::StringLiteral HotPolicy = "hot_policy";
inline constexpr llvm::StringLiteral KeptBytes = "kept_bytes";
inline constexpr llvm::StringLiteral Policy = "policy";
inline constexpr llvm::StringLiteral Members = "members";
inline constexpr llvm::StringLiteral Mode = "mode";
inline constexpr llvm::StringLiteral Module = "module";
inline constexpr llvm::StringLiteral Modules = "modules";
inline constexpr llvm::StringLiteral MultiMember = "multi_member";
inline constexpr llvm::StringLiteral Name = "name";
inline constexpr llvm::StringLiteral NotOutlined = "not_outlined";
inline constexpr llvm::StringLiteral Parameters = "parameters";
inline constexpr llvm::StringLiteral Positions = "positions";
inline constexpr llvm::StringLiteral Pure = "pure";
inline constexpr llvm::StringLiteral Purity = "purity";
inline constexpr llvm::StringLiteral Reason = "reason";
inline constexpr llvm::StringLiteral RefinementIterations =
    "refinement_iterations";
inline constexpr llvm::StringLiteral Refusals = "refusals";
inline constexpr llvm::StringLiteral Refused = "refused";
inline constexpr llvm::StringLiteral Resolve = "resolve";
inline constexpr llvm::StringLiteral Round = "round";
inline constexpr llvm::StringLiteral Rounds = "rounds";
inline constexpr llvm::StringLiteral Schema = "schema";
inline constexpr llvm::StringLiteral Similar = "similar";
inline constexpr llvm::StringLiteral SizeOptimized = "size_optimized";
inline constexpr llvm::StringLiteral Source = "source";
inline constexpr llvm::StringLiteral Survivor = "survivor";
inline constexpr llvm::StringLiteral TableParameters = "table_parameters";
inline constexpr llvm::StringLiteral SurvivorAction = "survivor_action";
inline constexpr llvm::StringLiteral Threads = "threads";
inline constexpr llvm::StringLiteral TimeSeconds = "time_seconds";
inline constexpr llvm::StringLiteral Total = "total";
inline constexpr llvm::StringLiteral Verify = "verify";
} // namespace key

/// A class's members: name and action.
llvm::json::Array membersToJson(llvm::ArrayRef<MergedMember> Members);

/// A stage's refusals: function, the member that names its class (the
/// report's "survivor") and reason.
llvm::json::Array refusalsToJson(llvm::ArrayRef<RefusedMember> Refusals);

/// Read back what the two above write (llvm::json::ObjectMapper finds them
/// by argument-dependent lookup).
bool fromJSON(const llvm::json::Value &V, MergedMember &M, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, RefusedMember &F, llvm::json::Path P);

} // namespace lmf

#endif
