//===- MergeReport.cpp - JSON report and lld-style listing ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Two views of one MergeResult. The listing mirrors lld's
// `--print-icf-sections` so that people used to ICF read it at a glance and
// tests can check it line by line. The JSON report is for tools: bench/
// reads the phase times and fold counts from it. Its schema is documented in
// docs/report-schema.md and versioned by its "schema" field.
//
//===----------------------------------------------------------------------===//

#include "core/MergeReport.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {

static json::Object groupToJson(const FoldGroup &G) {
  json::Array Members;
  for (const FoldedMember &M : G.Members)
    Members.push_back(
        json::Object{{"name", M.Name}, {"action", foldActionName(M.Action)}});
  json::Object Group{{"round", G.Round},
                     {"survivor", G.Survivor},
                     {"body", G.Body},
                     {"body_instructions", G.BodyInstructions},
                     {"members", std::move(Members)}};
  if (G.SurvivorForwarded)
    Group["survivor_action"] = foldActionName(G.SurvivorAction);
  else
    Group["survivor_action"] = nullptr;
  return Group;
}

json::Value reportToJson(const MergeResult &R) {
  const MergeStats &S = R.Stats;
  json::Array Groups, Refusals;
  for (const FoldGroup &G : R.Groups)
    Groups.push_back(groupToJson(G));
  for (const RefusedFold &F : R.Refusals)
    Refusals.push_back(json::Object{
        {"function", F.Name}, {"survivor", F.Survivor}, {"reason", F.Reason}});
  double Purity = S.MultiMemberBuckets
                      ? double(S.PureBuckets) / double(S.MultiMemberBuckets)
                      : 1.0;
  return json::Object{
      {"schema", "lto-merge-functions-report/1"},
      {"module", R.ModuleName},
      {"mode", R.Mode},
      {"threads", S.Threads},
      {"functions_in_module", S.FunctionsInModule},
      {"functions_considered", S.Considered},
      {"functions_folded", S.Folded},
      {"folds_by_action",
       json::Object{{"erased", S.FoldedErased},
                    {"alias", S.FoldedAlias},
                    {"thunk", S.FoldedThunk},
                    {"callers-redirected", S.FoldedCallersRedirected}}},
      {"refused", S.Refused},
      {"rounds", S.Rounds},
      {"refinement_iterations", S.RefinementIterations},
      {"folded_body_instructions", S.InstructionsRemoved},
      {"buckets", json::Object{{"multi_member", S.MultiMemberBuckets},
                               {"pure", S.PureBuckets},
                               {"purity", Purity},
                               {"collisions", S.Collisions}}},
      {"time_seconds", json::Object{{"collect", R.Times.CollectSeconds},
                                    {"hash", R.Times.HashSeconds},
                                    {"resolve", R.Times.ResolveSeconds},
                                    {"apply", R.Times.ApplySeconds},
                                    {"verify", R.Times.VerifySeconds},
                                    {"total", R.Times.TotalSeconds}}},
      {"groups", std::move(Groups)},
      {"refusals", std::move(Refusals)},
  };
}

json::Value backendReportsToJson(ArrayRef<MergeResult> Results) {
  json::Array Modules;
  uint64_t Considered = 0, Folded = 0;
  double Seconds = 0;
  for (const MergeResult &R : Results) {
    Modules.push_back(reportToJson(R));
    Considered += R.Stats.Considered;
    Folded += R.Stats.Folded;
    Seconds += R.Times.TotalSeconds;
  }
  return json::Object{
      {"schema", "lto-merge-functions-thinlto-report/1"},
      {"modules", std::move(Modules)},
      {"functions_considered", Considered},
      {"functions_folded", Folded},
      {"time_seconds", json::Object{{"total", Seconds}}},
  };
}

Error writeJsonReport(const MergeResult &Result, StringRef Path) {
  return writeJsonFile(reportToJson(Result), Path);
}

Error writeJsonFile(const json::Value &Report, StringRef Path) {
  Error E = writeToOutput(Path, [&](raw_ostream &OS) -> Error {
    OS << formatv("{0:2}", Report) << "\n";
    return Error::success();
  });
  if (E)
    return createStringError(inconvertibleErrorCode(),
                             "cannot write merge report '" + Path +
                                 "': " + toString(std::move(E)));
  return Error::success();
}

void printListing(const MergeResult &Result, raw_ostream &OS) {
  for (const FoldGroup &G : Result.Groups) {
    OS << "selected function " << G.Survivor << "\n";
    if (G.SurvivorForwarded)
      OS << "  moving body to private function " << G.Body << " (" << G.Survivor
         << ": " << foldActionName(G.SurvivorAction) << ")\n";
    for (const FoldedMember &M : G.Members)
      OS << "  removing identical function " << M.Name << " ("
         << foldActionName(M.Action) << ")\n";
  }
}

} // namespace lmf
