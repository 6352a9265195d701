//===- SimilarReport.cpp - The similar stage in the report ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The similar stage's section of the JSON report (docs/report-schema.md,
// "similar"), written when the stage ran and read back from a distributed
// backend's report, and its lines of the listing: one per merged class
// with its parameters (and how many travel in constant tables) and the
// byte model's estimate, one per member with how it reaches the body.
//
//===----------------------------------------------------------------------===//

#include "core/similar/SimilarStage.h"

#include "core/MergeResult.h"
#include "core/ReportSections.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {

static json::Object similarGroupToJson(const SimilarGroup &G) {
  return json::Object{{key::Round, G.Round},
                      {key::Body, G.KeptBody},
                      {key::Source, G.KeptMember},
                      {key::Parameters, G.Parameters},
                      {key::TableParameters, G.TableParameters},
                      {key::BodyInstructions, G.BodyInstructions},
                      {key::EstimatedBytesSaved, G.EstimatedBytesSaved},
                      {key::Members, membersToJson(G.Members)}};
}

static bool fromJSON(const json::Value &V, SimilarGroup &G, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map(key::Round, G.Round) && O.map(key::Body, G.KeptBody) &&
         O.map(key::Source, G.KeptMember) &&
         O.map(key::Parameters, G.Parameters) &&
         O.mapOptional(key::TableParameters, G.TableParameters) &&
         O.map(key::BodyInstructions, G.BodyInstructions) &&
         O.map(key::EstimatedBytesSaved, G.EstimatedBytesSaved) &&
         O.map(key::Members, G.Members);
}

std::optional<json::Value>
SimilarStage::reportSection(const MergeResult &R) const {
  if (!R.SimilarRan)
    return std::nullopt;
  const MergeStats &S = R.Stats;
  json::Array Classes;
  for (const SimilarGroup &G : R.Similar)
    Classes.push_back(similarGroupToJson(G));
  return json::Object{{key::Positions, json::Array(R.SimilarPositions)},
                      {key::FunctionsConsidered, S.SimilarConsidered},
                      {key::ClassesMerged, S.SimilarClasses},
                      {key::FunctionsMerged, S.SimilarMembers},
                      {key::Parameters, S.SimilarParameters},
                      {key::Refused, S.SimilarRefused},
                      {key::EstimatedBytesSaved, S.SimilarEstimatedBytes},
                      {key::Classes, std::move(Classes)},
                      {key::Refusals, refusalsToJson(R.SimilarRefusals)}};
}

bool SimilarStage::readReportSection(const json::Value &Section, MergeResult &R,
                                     json::Path P) const {
  R.SimilarRan = true;
  json::ObjectMapper O(Section, P);
  MergeStats &S = R.Stats;
  return O && O.mapOptional(key::Positions, R.SimilarPositions) &&
         O.map(key::FunctionsConsidered, S.SimilarConsidered) &&
         O.map(key::ClassesMerged, S.SimilarClasses) &&
         O.map(key::FunctionsMerged, S.SimilarMembers) &&
         O.map(key::Parameters, S.SimilarParameters) &&
         O.map(key::Refused, S.SimilarRefused) &&
         O.map(key::EstimatedBytesSaved, S.SimilarEstimatedBytes) &&
         O.map(key::Classes, R.Similar) &&
         O.map(key::Refusals, R.SimilarRefusals);
}

void SimilarStage::printListing(const MergeResult &R, raw_ostream &OS) const {
  for (const SimilarGroup &G : R.Similar) {
    OS << "merged similar functions into " << G.KeptBody << " (" << G.Parameters
       << " parameters, ";
    if (G.TableParameters != 0)
      OS << G.TableParameters << " of them in constant tables, ";
    OS << "about " << G.EstimatedBytesSaved << " bytes saved)\n";
    for (const MergedMember &M : G.Members)
      OS << "  sharing body with similar function " << M.Name << " ("
         << mergeActionName(M.Action) << ")\n";
  }
}

} // namespace lmf
