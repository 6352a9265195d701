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

/// The report's keys, each spelled once: the writer and the reader below
/// both name them from here (the counts in folds_by_action are keyed by
/// the action names of MergeActions.cpp).
namespace key {
constexpr StringLiteral Action = "action";
constexpr StringLiteral AddressCompared = "address_compared";
constexpr StringLiteral Aligned = "aligned";
constexpr StringLiteral Branches = "branches";
constexpr StringLiteral HotExcluded = "hot_excluded";
constexpr StringLiteral MatchedInstructions = "matched_instructions";
constexpr StringLiteral PairsPlanned = "pairs_planned";
constexpr StringLiteral RealBytesAfter = "real_bytes_after";
constexpr StringLiteral RealBytesBefore = "real_bytes_before";
constexpr StringLiteral RealBytesSaved = "real_bytes_saved";
constexpr StringLiteral Selects = "selects";
constexpr StringLiteral UnmatchedInstructions = "unmatched_instructions";
constexpr StringLiteral Apply = "apply";
constexpr StringLiteral Body = "body";
constexpr StringLiteral BodyInstructions = "body_instructions";
constexpr StringLiteral Buckets = "buckets";
constexpr StringLiteral Classes = "classes";
constexpr StringLiteral ClassesMerged = "classes_merged";
constexpr StringLiteral Collect = "collect";
constexpr StringLiteral Collisions = "collisions";
constexpr StringLiteral EstimatedBytesSaved = "estimated_bytes_saved";
constexpr StringLiteral FoldedBodyInstructions = "folded_body_instructions";
constexpr StringLiteral FoldsByAction = "folds_by_action";
constexpr StringLiteral Function = "function";
constexpr StringLiteral FunctionsConsidered = "functions_considered";
constexpr StringLiteral FunctionsFolded = "functions_folded";
constexpr StringLiteral FunctionsInModule = "functions_in_module";
constexpr StringLiteral FunctionsMerged = "functions_merged";
constexpr StringLiteral Groups = "groups";
constexpr StringLiteral Hash = "hash";
constexpr StringLiteral HotFunctions = "hot_functions";
constexpr StringLiteral HotPolicy = "hot_policy";
constexpr StringLiteral KeptBytes = "kept_bytes";
constexpr StringLiteral Policy = "policy";
constexpr StringLiteral Members = "members";
constexpr StringLiteral Mode = "mode";
constexpr StringLiteral Module = "module";
constexpr StringLiteral Modules = "modules";
constexpr StringLiteral MultiMember = "multi_member";
constexpr StringLiteral Name = "name";
constexpr StringLiteral NotOutlined = "not_outlined";
constexpr StringLiteral Parameters = "parameters";
constexpr StringLiteral Positions = "positions";
constexpr StringLiteral Pure = "pure";
constexpr StringLiteral Purity = "purity";
constexpr StringLiteral Reason = "reason";
constexpr StringLiteral RefinementIterations = "refinement_iterations";
constexpr StringLiteral Refusals = "refusals";
constexpr StringLiteral Refused = "refused";
constexpr StringLiteral Resolve = "resolve";
constexpr StringLiteral Round = "round";
constexpr StringLiteral Rounds = "rounds";
constexpr StringLiteral Schema = "schema";
constexpr StringLiteral Similar = "similar";
constexpr StringLiteral SizeOptimized = "size_optimized";
constexpr StringLiteral Source = "source";
constexpr StringLiteral Survivor = "survivor";
constexpr StringLiteral TableParameters = "table_parameters";
constexpr StringLiteral SurvivorAction = "survivor_action";
constexpr StringLiteral Threads = "threads";
constexpr StringLiteral TimeSeconds = "time_seconds";
constexpr StringLiteral Total = "total";
constexpr StringLiteral Verify = "verify";
} // namespace key

static json::Object groupToJson(const FoldGroup &G) {
  json::Array Members;
  for (const FoldedMember &M : G.Members) {
    json::Object Member{{key::Name, M.Name},
                        {key::Action, foldActionName(M.Action)}};
    if (M.AddressCompared)
      Member[key::AddressCompared] = true;
    Members.push_back(std::move(Member));
  }
  json::Object Group{{key::Round, G.Round},
                     {key::Survivor, G.KeptMember},
                     {key::Body, G.KeptBody},
                     {key::BodyInstructions, G.BodyInstructions},
                     {key::Members, std::move(Members)}};
  if (G.KeptMemberForwarded)
    Group[key::SurvivorAction] = foldActionName(G.KeptMemberAction);
  else
    Group[key::SurvivorAction] = nullptr;
  return Group;
}

static json::Object similarGroupToJson(const SimilarGroup &G) {
  json::Array Members;
  for (const MergedMember &M : G.Members)
    Members.push_back(json::Object{{key::Name, M.Name},
                                   {key::Action, mergeActionName(M.Action)}});
  return json::Object{{key::Round, G.Round},
                      {key::Body, G.KeptBody},
                      {key::Source, G.KeptMember},
                      {key::Parameters, G.Parameters},
                      {key::TableParameters, G.TableParameters},
                      {key::BodyInstructions, G.BodyInstructions},
                      {key::EstimatedBytesSaved, G.EstimatedBytesSaved},
                      {key::Members, std::move(Members)}};
}

static json::Object alignedGroupToJson(const AlignedGroup &G) {
  json::Array Members;
  for (const MergedMember &M : G.Members)
    Members.push_back(json::Object{{key::Name, M.Name},
                                   {key::Action, mergeActionName(M.Action)}});
  json::Object Group{{key::Round, G.Round},
                     {key::Body, G.KeptBody},
                     {key::MatchedInstructions, G.MatchedInstructions},
                     {key::UnmatchedInstructions, G.UnmatchedInstructions},
                     {key::Selects, G.Selects},
                     {key::Branches, G.Branches},
                     {key::BodyInstructions, G.BodyInstructions},
                     {key::EstimatedBytesSaved, G.EstimatedBytesSaved},
                     {key::Members, std::move(Members)}};
  if (std::optional<int64_t> Saved = G.realBytesSaved()) {
    Group[key::RealBytesBefore] = *G.RealBytesBefore;
    Group[key::RealBytesAfter] = *G.RealBytesAfter;
    Group[key::RealBytesSaved] = *Saved;
  }
  return Group;
}

static json::Array refusalsToJson(ArrayRef<RefusedMember> Refusals) {
  json::Array Out;
  for (const RefusedMember &F : Refusals)
    Out.push_back(json::Object{{key::Function, F.Name},
                               {key::Survivor, F.ClassName},
                               {key::Reason, F.Reason}});
  return Out;
}

/// The similar stage's part of the report (only when the stage ran).
static json::Value similarToJson(const MergeResult &R) {
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

/// The aligned stage's part of the report (only when the stage ran).
static json::Value alignedToJson(const MergeResult &R) {
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
  if (S.AlignedRealBytes)
    Stage[key::RealBytesSaved] = *S.AlignedRealBytes;
  return Stage;
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
      {key::Schema, ModuleSchema},
      {key::Module, R.ModuleName},
      {key::Mode, R.Mode},
      {key::Threads, S.Threads},
      {key::FunctionsInModule, S.FunctionsInModule},
      {key::FunctionsConsidered, S.Considered},
      {key::FunctionsFolded, S.Folded},
      {key::FoldsByAction,
       json::Object{{foldActionName(FoldAction::Erased), S.FoldedErased},
                    {foldActionName(FoldAction::Alias), S.FoldedAlias},
                    {foldActionName(FoldAction::Thunk), S.FoldedThunk},
                    {foldActionName(FoldAction::CallersRedirected),
                     S.FoldedCallersRedirected}}},
      {key::AddressCompared, S.AddressCompared},
      {key::Refused, S.Refused},
      {key::Rounds, S.Rounds},
      {key::RefinementIterations, S.RefinementIterations},
      {key::FoldedBodyInstructions, S.InstructionsRemoved},
      {key::Buckets, json::Object{{key::MultiMember, S.MultiMemberBuckets},
                                  {key::Pure, S.PureBuckets},
                                  {key::Purity, Purity},
                                  {key::Collisions, S.Collisions}}},
      {key::TimeSeconds, json::Object{{key::Collect, R.Times.CollectSeconds},
                                      {key::Hash, R.Times.HashSeconds},
                                      {key::Resolve, R.Times.ResolveSeconds},
                                      {key::Apply, R.Times.ApplySeconds},
                                      {key::Similar, R.Times.SimilarSeconds},
                                      {key::Aligned, R.Times.AlignedSeconds},
                                      {key::Verify, R.Times.VerifySeconds},
                                      {key::Total, R.Times.TotalSeconds}}},
      {key::Groups, std::move(Groups)},
      {key::Refusals, refusalsToJson(R.Refusals)},
  };
}

/// What the hot-function policy did (only when the module has hot
/// functions, or code generation for size was asked for): how many hot
/// functions, the members it refused in either stage, the bytes those would
/// have saved, the functions kept from the MachineOutliner and those
/// optimized for size.
static json::Value hotPolicyToJson(const MergeResult &R) {
  const MergeStats &S = R.Stats;
  json::Object Section;
  Section[key::Policy] = R.HotPolicy;
  Section[key::HotFunctions] = S.HotFunctions;
  Section[key::Refused] = S.HotRefused;
  Section[key::KeptBytes] = S.HotKeptBytes;
  if (R.SizeCodegenRan) {
    Section[key::NotOutlined] = S.NotOutlined;
    Section[key::SizeOptimized] = S.SizeOptimized;
  }
  return Section;
}

json::Value reportToJson(const MergeResult &R) {
  json::Object Report = identicalReportToJson(R);
  if (R.SimilarRan)
    Report[key::Similar] = similarToJson(R);
  if (R.AlignedRan)
    Report[key::Aligned] = alignedToJson(R);
  if (R.Stats.HotFunctions || R.SizeCodegenRan)
    Report[key::HotPolicy] = hotPolicyToJson(R);
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
      {key::Schema, ThinLTOSchema},
      {key::Modules, std::move(Modules)},
      {key::FunctionsConsidered, Considered},
      {key::FunctionsFolded, Folded},
      {key::TimeSeconds, json::Object{{key::Total, Seconds}}},
  };
}

static bool fromJSON(const json::Value &V, FoldedMember &M, json::Path P) {
  json::ObjectMapper O(V, P);
  std::optional<bool> AddressCompared;
  bool Read = O && O.map(key::Name, M.Name) && O.map(key::Action, M.Action) &&
              O.mapOptional(key::AddressCompared, AddressCompared);
  M.AddressCompared = AddressCompared.value_or(false);
  return Read;
}

static bool fromJSON(const json::Value &V, FoldGroup &G, json::Path P) {
  json::ObjectMapper O(V, P);
  std::optional<FoldAction> KeptMemberAction;
  if (!O || !O.map(key::Round, G.Round) ||
      !O.map(key::Survivor, G.KeptMember) || !O.map(key::Body, G.KeptBody) ||
      !O.map(key::BodyInstructions, G.BodyInstructions) ||
      !O.map(key::Members, G.Members) ||
      !O.map(key::SurvivorAction, KeptMemberAction))
    return false;
  G.KeptMemberForwarded = KeptMemberAction.has_value();
  G.KeptMemberAction = KeptMemberAction.value_or(FoldAction::Thunk);
  return true;
}

static bool fromJSON(const json::Value &V, MergedMember &M, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map(key::Name, M.Name) && O.map(key::Action, M.Action);
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

static bool fromJSON(const json::Value &V, AlignedGroup &G, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map(key::Round, G.Round) && O.map(key::Body, G.KeptBody) &&
         O.map(key::MatchedInstructions, G.MatchedInstructions) &&
         O.map(key::UnmatchedInstructions, G.UnmatchedInstructions) &&
         O.map(key::Selects, G.Selects) && O.map(key::Branches, G.Branches) &&
         O.map(key::BodyInstructions, G.BodyInstructions) &&
         O.map(key::EstimatedBytesSaved, G.EstimatedBytesSaved) &&
         O.map(key::Members, G.Members) &&
         O.mapOptional(key::RealBytesBefore, G.RealBytesBefore) &&
         O.mapOptional(key::RealBytesAfter, G.RealBytesAfter);
}

static bool fromJSON(const json::Value &V, RefusedMember &F, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map(key::Function, F.Name) &&
         O.map(key::Survivor, F.ClassName) && O.map(key::Reason, F.Reason);
}

static bool fromJSON(const json::Value &V, PhaseTimes &T, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map(key::Collect, T.CollectSeconds) &&
         O.map(key::Hash, T.HashSeconds) &&
         O.map(key::Resolve, T.ResolveSeconds) &&
         O.map(key::Apply, T.ApplySeconds) &&
         O.mapOptional(key::Similar, T.SimilarSeconds) &&
         O.mapOptional(key::Aligned, T.AlignedSeconds) &&
         O.map(key::Verify, T.VerifySeconds) &&
         O.map(key::Total, T.TotalSeconds);
}

static bool mapStats(json::ObjectMapper &O, const json::Value &V, MergeStats &S,
                     json::Path P) {
  const json::Object *Obj = V.getAsObject();
  const json::Object *Actions = Obj->getObject(key::FoldsByAction);
  const json::Object *Buckets = Obj->getObject(key::Buckets);
  if (!Actions || !Buckets) {
    P.report("expected folds_by_action and buckets");
    return false;
  }
  json::ObjectMapper A(*Obj->get(key::FoldsByAction),
                       P.field(key::FoldsByAction));
  json::ObjectMapper B(*Obj->get(key::Buckets), P.field(key::Buckets));
  return O.map(key::Threads, S.Threads) &&
         O.map(key::FunctionsInModule, S.FunctionsInModule) &&
         O.map(key::FunctionsConsidered, S.Considered) &&
         O.map(key::FunctionsFolded, S.Folded) &&
         O.mapOptional(key::AddressCompared, S.AddressCompared) &&
         O.map(key::Refused, S.Refused) && O.map(key::Rounds, S.Rounds) &&
         O.map(key::RefinementIterations, S.RefinementIterations) &&
         O.map(key::FoldedBodyInstructions, S.InstructionsRemoved) &&
         A.map(foldActionName(FoldAction::Erased), S.FoldedErased) &&
         A.map(foldActionName(FoldAction::Alias), S.FoldedAlias) &&
         A.map(foldActionName(FoldAction::Thunk), S.FoldedThunk) &&
         A.map(foldActionName(FoldAction::CallersRedirected),
               S.FoldedCallersRedirected) &&
         B.map(key::MultiMember, S.MultiMemberBuckets) &&
         B.map(key::Pure, S.PureBuckets) &&
         B.map(key::Collisions, S.Collisions);
}

/// Reads the counts of code generation for size, present when it was asked
/// for.
static bool mapSizeCodegen(json::ObjectMapper &O, MergeResult &R) {
  std::optional<uint64_t> NotOutlined, SizeOptimized;
  if (!O.map(key::NotOutlined, NotOutlined) ||
      !O.map(key::SizeOptimized, SizeOptimized))
    return false;
  R.SizeCodegenRan = NotOutlined.has_value();
  R.Stats.NotOutlined = NotOutlined.value_or(0);
  R.Stats.SizeOptimized = SizeOptimized.value_or(0);
  return true;
}

/// Reads the hot-function policy's section, present when the module had hot
/// functions or code generation for size was asked for.
static bool mapHotPolicy(const json::Value &V, MergeResult &R, json::Path P) {
  const json::Value *Hot = V.getAsObject()->get(key::HotPolicy);
  if (!Hot)
    return true;
  json::ObjectMapper O(*Hot, P.field(key::HotPolicy));
  MergeStats &S = R.Stats;
  return O && O.map(key::Policy, R.HotPolicy) &&
         O.map(key::HotFunctions, S.HotFunctions) &&
         O.map(key::Refused, S.HotRefused) &&
         O.map(key::KeptBytes, S.HotKeptBytes) && mapSizeCodegen(O, R);
}

/// Reads the similar section, present when the stage ran.
static bool mapSimilar(const json::Value &V, MergeResult &R, json::Path P) {
  const json::Value *Similar = V.getAsObject()->get(key::Similar);
  if (!Similar)
    return true;
  R.SimilarRan = true;
  json::ObjectMapper O(*Similar, P.field(key::Similar));
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

/// Reads the aligned section, present when the stage ran.
static bool mapAligned(const json::Value &V, MergeResult &R, json::Path P) {
  const json::Value *Aligned = V.getAsObject()->get(key::Aligned);
  if (!Aligned)
    return true;
  R.AlignedRan = true;
  json::ObjectMapper O(*Aligned, P.field(key::Aligned));
  MergeStats &S = R.Stats;
  return O && O.map(key::FunctionsConsidered, S.AlignedConsidered) &&
         O.map(key::PairsPlanned, S.AlignedPairsPlanned) &&
         O.map(key::ClassesMerged, S.AlignedClasses) &&
         O.map(key::FunctionsMerged, S.AlignedMembers) &&
         O.map(key::HotExcluded, S.AlignedHotExcluded) &&
         O.map(key::Refused, S.AlignedRefused) &&
         O.map(key::EstimatedBytesSaved, S.AlignedEstimatedBytes) &&
         O.mapOptional(key::RealBytesSaved, S.AlignedRealBytes) &&
         O.map(key::Classes, R.Aligned) &&
         O.map(key::Refusals, R.AlignedRefusals);
}

static bool fromJSON(const json::Value &V, MergeResult &R, json::Path P) {
  json::ObjectMapper O(V, P);
  std::string Schema;
  if (!O || !O.map(key::Schema, Schema))
    return false;
  if (Schema != ModuleSchema) {
    P.field(key::Schema).report("expected lto-merge-functions-report/1");
    return false;
  }
  return O.map(key::Module, R.ModuleName) && O.map(key::Mode, R.Mode) &&
         mapStats(O, V, R.Stats, P) && O.map(key::TimeSeconds, R.Times) &&
         O.map(key::Groups, R.Groups) && O.map(key::Refusals, R.Refusals) &&
         mapSimilar(V, R, P) && mapAligned(V, R, P) && mapHotPolicy(V, R, P);
}

Expected<std::vector<MergeResult>> resultsFromJson(const json::Value &Report) {
  json::Path::Root Root("report");
  std::vector<MergeResult> Results;
  const json::Object *Obj = Report.getAsObject();
  std::optional<StringRef> Schema =
      Obj ? Obj->getString(key::Schema) : std::nullopt;
  bool Ok;
  if (Schema && *Schema == ThinLTOSchema) {
    json::ObjectMapper O(Report, Root);
    Ok = O.map(key::Modules, Results);
  } else {
    Results.emplace_back();
    Ok = fromJSON(Report, Results.back(), Root);
  }
  if (!Ok)
    return Root.getError();
  return Results;
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
    OS << "selected function " << G.KeptMember << "\n";
    if (G.KeptMemberForwarded)
      OS << "  moving body to private function " << G.KeptBody << " ("
         << G.KeptMember << ": " << foldActionName(G.KeptMemberAction) << ")\n";
    for (const FoldedMember &M : G.Members)
      OS << "  removing identical function " << M.Name << " ("
         << foldActionName(M.Action)
         << (M.AddressCompared ? ", address compared" : "") << ")\n";
  }
  for (const SimilarGroup &G : Result.Similar) {
    OS << "merged similar functions into " << G.KeptBody << " (" << G.Parameters
       << " parameters, ";
    if (G.TableParameters != 0)
      OS << G.TableParameters << " of them in constant tables, ";
    OS << "about " << G.EstimatedBytesSaved << " bytes saved)\n";
    for (const MergedMember &M : G.Members)
      OS << "  sharing body with similar function " << M.Name << " ("
         << mergeActionName(M.Action) << ")\n";
  }
  for (const AlignedGroup &G : Result.Aligned) {
    OS << "merged aligned functions into " << G.KeptBody << " ("
       << G.MatchedInstructions << " matched, " << G.UnmatchedInstructions
       << " unmatched instructions, " << G.Selects << " selects, " << G.Branches
       << " branches, about " << G.EstimatedBytesSaved << " bytes saved";
    if (std::optional<int64_t> Saved = G.realBytesSaved())
      OS << "; compiled: " << *G.RealBytesBefore << " -> " << *G.RealBytesAfter
         << " bytes, " << *Saved << " saved";
    OS << ")\n";
    for (const MergedMember &M : G.Members)
      OS << "  sharing body with aligned function " << M.Name << " ("
         << mergeActionName(M.Action) << ")\n";
  }
}

} // namespace lmf
