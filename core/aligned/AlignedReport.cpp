//===- AlignedReport.cpp - The aligned stage in the report ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The aligned stage's section of the JSON report (docs/report-schema.md,
// "aligned"), written when the stage ran and read back from a distributed
// backend's report, and its lines of the listing: one per merged pair with
// its matched and unmatched instructions, selects, branches and the byte
// model's estimate, one per member with how it reaches the body. (What the
// pairs save once compiled is bench/size/aligned_pair_bytes.py's to
// measure, offline: no code generator runs inside the pass.)
//
//===----------------------------------------------------------------------===//

#include "core/aligned/AlignedStage.h"

#include "core/MergeResult.h"
#include "core/ReportSections.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {

static json::Object alignedGroupToJson(const AlignedGroup &G) {
  json::Object Group{{key::Round, G.Round},
                     {key::Body, G.KeptBody},
                     {key::MatchedInstructions, G.MatchedInstructions},
                     {key::UnmatchedInstructions, G.UnmatchedInstructions},
                     {key::Selects, G.Selects},
                     {key::Branches, G.Branches},
                     {key::BodyInstructions, G.BodyInstructions},
                     {key::EstimatedBytesSaved, G.EstimatedBytesSaved},
                     {key::Members, membersToJson(G.Members)}};
  return Group;
}

static bool fromJSON(const json::Value &V, AlignedGroup &G, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map(key::Round, G.Round) && O.map(key::Body, G.KeptBody) &&
         O.map(key::MatchedInstructions, G.MatchedInstructions) &&
         O.map(key::UnmatchedInstructions, G.UnmatchedInstructions) &&
         O.map(key::Selects, G.Selects) && O.map(key::Branches, G.Branches) &&
         O.map(key::BodyInstructions, G.BodyInstructions) &&
         O.map(key::EstimatedBytesSaved, G.EstimatedBytesSaved) &&
         O.map(key::Members, G.Members);
}

std::optional<json::Value>
AlignedStage::reportSection(const MergeResult &R) const {
  if (!R.AlignedRan)
    return std::nullopt;
  const MergeStats &S = R.Stats;
  json::Array Classes;
  for (const AlignedGroup &G : R.Aligned)
    Classes.push_back(alignedGroupToJson(G));
  json::Object Stage{{key::FunctionsConsidered, S.AlignedConsidered},
                     {key::PairsPlanned, S.AlignedPairsPlanned},
                     {key::ClassesMerged, S.AlignedClasses},
                     {key::FunctionsMerged, S.AlignedMembers},
                     {key::HotExcluded, S.AlignedHotExcluded},
                     {key::Refused, S.AlignedRefused},
                     {key::EstimatedBytesSaved, S.AlignedEstimatedBytes},
                     {key::Classes, std::move(Classes)},
                     {key::Refusals, refusalsToJson(R.AlignedRefusals)}};
  return json::Value(std::move(Stage));
}

bool AlignedStage::readReportSection(const json::Value &Section, MergeResult &R,
                                     json::Path P) const {
  R.AlignedRan = true;
  json::ObjectMapper O(Section, P);
  MergeStats &S = R.Stats;
  return O && O.map(key::FunctionsConsidered, S.AlignedConsidered) &&
         O.map(key::PairsPlanned, S.AlignedPairsPlanned) &&
         O.map(key::ClassesMerged, S.AlignedClasses) &&
         O.map(key::FunctionsMerged, S.AlignedMembers) &&
         O.map(key::HotExcluded, S.AlignedHotExcluded) &&
         O.map(key::Refused, S.AlignedRefused) &&
         O.map(key::EstimatedBytesSaved, S.AlignedEstimatedBytes) &&
         O.map(key::Classes, R.Aligned) &&
         O.map(key::Refusals, R.AlignedRefusals);
}

void AlignedStage::printListing(const MergeResult &R, raw_ostream &OS) const {
  for (const AlignedGroup &G : R.Aligned) {
    OS << "merged aligned functions into " << G.KeptBody << " ("
       << G.MatchedInstructions << " matched, " << G.UnmatchedInstructions
       << " unmatched instructions, " << G.Selects << " selects, " << G.Branches
       << " branches, about " << G.EstimatedBytesSaved << " bytes saved)\n";
    for (const MergedMember &M : G.Members)
      OS << "  sharing body with aligned function " << M.Name << " ("
         << mergeActionName(M.Action) << ")\n";
  }
}

} // namespace lmf
