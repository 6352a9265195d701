//===- MergeReport.cpp - JSON report and lld-style listing ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Two views of one MergeResult. The listing mirrors lld's
// `--print-icf-sections` so that people used to ICF read it at a glance and
// tests can check it line by line. The JSON report is for tools: bench/
// reads the phase times and fold counts from it. Its schema is documented in
// docs/report-schema.md and versioned by its "schema" field. The report can
// be read back (resultsFromJson): the backends of a distributed ThinLTO link
// run in other processes, and their reports are all the linker receives.
//
//===----------------------------------------------------------------------===//

#include "core/MergeReport.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {

static const char ModuleSchema[] = "lto-merge-functions-report/1";
static const char ThinLTOSchema[] = "lto-merge-functions-thinlto-report/1";

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

static json::Object similarGroupToJson(const SimilarGroup &G) {
  json::Array Members;
  for (const SimilarMember &M : G.Members)
    Members.push_back(json::Object{{"name", M.Name},
                                   {"action", similarActionName(M.Action)}});
  return json::Object{{"round", G.Round},
                      {"body", G.Body},
                      {"source", G.Source},
                      {"parameters", G.Parameters},
                      {"body_instructions", G.BodyInstructions},
                      {"estimated_bytes_saved", G.EstimatedBytesSaved},
                      {"members", std::move(Members)}};
}

static json::Array refusalsToJson(ArrayRef<RefusedFold> Refusals) {
  json::Array Out;
  for (const RefusedFold &F : Refusals)
    Out.push_back(json::Object{
        {"function", F.Name}, {"survivor", F.Survivor}, {"reason", F.Reason}});
  return Out;
}

/// The similar stage's part of the report (only when the stage ran).
static json::Value similarToJson(const MergeResult &R) {
  const MergeStats &S = R.Stats;
  json::Array Classes;
  for (const SimilarGroup &G : R.Similar)
    Classes.push_back(similarGroupToJson(G));
  return json::Object{{"positions", json::Array(R.SimilarPositions)},
                      {"functions_considered", S.SimilarConsidered},
                      {"classes_merged", S.SimilarClasses},
                      {"functions_merged", S.SimilarMembers},
                      {"parameters", S.SimilarParameters},
                      {"refused", S.SimilarRefused},
                      {"estimated_bytes_saved", S.SimilarEstimatedBytes},
                      {"classes", std::move(Classes)},
                      {"refusals", refusalsToJson(R.SimilarRefusals)}};
}

/// The identical stage's report: every key the report has had since
/// schema 1.
static json::Object identicalReportToJson(const MergeResult &R) {
  const MergeStats &S = R.Stats;
  json::Array Groups;
  for (const FoldGroup &G : R.Groups)
    Groups.push_back(groupToJson(G));
  double Purity = S.MultiMemberBuckets
                      ? double(S.PureBuckets) / double(S.MultiMemberBuckets)
                      : 1.0;
  return json::Object{
      {"schema", ModuleSchema},
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
                                    {"similar", R.Times.SimilarSeconds},
                                    {"verify", R.Times.VerifySeconds},
                                    {"total", R.Times.TotalSeconds}}},
      {"groups", std::move(Groups)},
      {"refusals", refusalsToJson(R.Refusals)},
  };
}

json::Value reportToJson(const MergeResult &R) {
  json::Object Report = identicalReportToJson(R);
  if (R.SimilarRan)
    Report["similar"] = similarToJson(R);
  return Report;
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
      {"schema", ThinLTOSchema},
      {"modules", std::move(Modules)},
      {"functions_considered", Considered},
      {"functions_folded", Folded},
      {"time_seconds", json::Object{{"total", Seconds}}},
  };
}

static bool fromJSON(const json::Value &V, FoldAction &Action, json::Path P) {
  std::optional<StringRef> Name = V.getAsString();
  for (FoldAction A : {FoldAction::Erased, FoldAction::Alias, FoldAction::Thunk,
                       FoldAction::CallersRedirected})
    if (Name && *Name == foldActionName(A)) {
      Action = A;
      return true;
    }
  P.report("expected a fold action");
  return false;
}

static bool fromJSON(const json::Value &V, FoldedMember &M, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("name", M.Name) && O.map("action", M.Action);
}

static bool fromJSON(const json::Value &V, FoldGroup &G, json::Path P) {
  json::ObjectMapper O(V, P);
  std::optional<FoldAction> SurvivorAction;
  if (!O || !O.map("round", G.Round) || !O.map("survivor", G.Survivor) ||
      !O.map("body", G.Body) ||
      !O.map("body_instructions", G.BodyInstructions) ||
      !O.map("members", G.Members) || !O.map("survivor_action", SurvivorAction))
    return false;
  G.SurvivorForwarded = SurvivorAction.has_value();
  G.SurvivorAction = SurvivorAction.value_or(FoldAction::Thunk);
  return true;
}

static bool fromJSON(const json::Value &V, SimilarAction &Action,
                     json::Path P) {
  std::optional<StringRef> Name = V.getAsString();
  for (SimilarAction A : {SimilarAction::Thunk, SimilarAction::CallsRewritten})
    if (Name && *Name == similarActionName(A)) {
      Action = A;
      return true;
    }
  P.report("expected a similar-merge action");
  return false;
}

static bool fromJSON(const json::Value &V, SimilarMember &M, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("name", M.Name) && O.map("action", M.Action);
}

static bool fromJSON(const json::Value &V, SimilarGroup &G, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("round", G.Round) && O.map("body", G.Body) &&
         O.map("source", G.Source) && O.map("parameters", G.Parameters) &&
         O.map("body_instructions", G.BodyInstructions) &&
         O.map("estimated_bytes_saved", G.EstimatedBytesSaved) &&
         O.map("members", G.Members);
}

static bool fromJSON(const json::Value &V, RefusedFold &F, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("function", F.Name) && O.map("survivor", F.Survivor) &&
         O.map("reason", F.Reason);
}

static bool fromJSON(const json::Value &V, PhaseTimes &T, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("collect", T.CollectSeconds) &&
         O.map("hash", T.HashSeconds) && O.map("resolve", T.ResolveSeconds) &&
         O.map("apply", T.ApplySeconds) &&
         O.mapOptional("similar", T.SimilarSeconds) &&
         O.map("verify", T.VerifySeconds) && O.map("total", T.TotalSeconds);
}

static bool mapStats(json::ObjectMapper &O, const json::Value &V, MergeStats &S,
                     json::Path P) {
  const json::Object *Obj = V.getAsObject();
  const json::Object *Actions = Obj->getObject("folds_by_action");
  const json::Object *Buckets = Obj->getObject("buckets");
  if (!Actions || !Buckets) {
    P.report("expected folds_by_action and buckets");
    return false;
  }
  json::ObjectMapper A(*Obj->get("folds_by_action"),
                       P.field("folds_by_action"));
  json::ObjectMapper B(*Obj->get("buckets"), P.field("buckets"));
  return O.map("threads", S.Threads) &&
         O.map("functions_in_module", S.FunctionsInModule) &&
         O.map("functions_considered", S.Considered) &&
         O.map("functions_folded", S.Folded) && O.map("refused", S.Refused) &&
         O.map("rounds", S.Rounds) &&
         O.map("refinement_iterations", S.RefinementIterations) &&
         O.map("folded_body_instructions", S.InstructionsRemoved) &&
         A.map("erased", S.FoldedErased) && A.map("alias", S.FoldedAlias) &&
         A.map("thunk", S.FoldedThunk) &&
         A.map("callers-redirected", S.FoldedCallersRedirected) &&
         B.map("multi_member", S.MultiMemberBuckets) &&
         B.map("pure", S.PureBuckets) && B.map("collisions", S.Collisions);
}

/// Reads the similar section, present when the stage ran.
static bool mapSimilar(const json::Value &V, MergeResult &R, json::Path P) {
  const json::Value *Similar = V.getAsObject()->get("similar");
  if (!Similar)
    return true;
  R.SimilarRan = true;
  json::ObjectMapper O(*Similar, P.field("similar"));
  MergeStats &S = R.Stats;
  return O && O.mapOptional("positions", R.SimilarPositions) &&
         O.map("functions_considered", S.SimilarConsidered) &&
         O.map("classes_merged", S.SimilarClasses) &&
         O.map("functions_merged", S.SimilarMembers) &&
         O.map("parameters", S.SimilarParameters) &&
         O.map("refused", S.SimilarRefused) &&
         O.map("estimated_bytes_saved", S.SimilarEstimatedBytes) &&
         O.map("classes", R.Similar) && O.map("refusals", R.SimilarRefusals);
}

static bool fromJSON(const json::Value &V, MergeResult &R, json::Path P) {
  json::ObjectMapper O(V, P);
  std::string Schema;
  if (!O || !O.map("schema", Schema))
    return false;
  if (Schema != ModuleSchema) {
    P.field("schema").report("expected lto-merge-functions-report/1");
    return false;
  }
  return O.map("module", R.ModuleName) && O.map("mode", R.Mode) &&
         mapStats(O, V, R.Stats, P) && O.map("time_seconds", R.Times) &&
         O.map("groups", R.Groups) && O.map("refusals", R.Refusals) &&
         mapSimilar(V, R, P);
}

Expected<std::vector<MergeResult>> resultsFromJson(const json::Value &Report) {
  json::Path::Root Root("report");
  std::vector<MergeResult> Results;
  const json::Object *Obj = Report.getAsObject();
  std::optional<StringRef> Schema =
      Obj ? Obj->getString("schema") : std::nullopt;
  bool Ok;
  if (Schema && *Schema == ThinLTOSchema) {
    json::ObjectMapper O(Report, Root);
    Ok = O.map("modules", Results);
  } else {
    Results.emplace_back();
    Ok = fromJSON(Report, Results.back(), Root);
  }
  if (!Ok)
    return Root.getError();
  return std::move(Results);
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
  for (const SimilarGroup &G : Result.Similar) {
    OS << "merged similar functions into " << G.Body << " (" << G.Parameters
       << " parameters, about " << G.EstimatedBytesSaved << " bytes saved)\n";
    for (const SimilarMember &M : G.Members)
      OS << "  sharing body with similar function " << M.Name << " ("
         << similarActionName(M.Action) << ")\n";
  }
}

} // namespace lmf
