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
// The identical stage's numbers are the report's top level (schema 1); every
// later stage that ran writes a section under its name and reads it back
// itself (MergeStage::reportSection, in the stage's folder), and adds its
// lines to the listing after the identical stage's, in stage order.
//
//===----------------------------------------------------------------------===//

#include "core/MergeReport.h"

#include "core/MergeModule.h"
#include "core/MergeStage.h"
#include "core/ReportSections.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {

static const char ModuleSchema[] = "lto-merge-functions-report/1";
static const char ThinLTOSchema[] = "lto-merge-functions-thinlto-report/1";

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
  for (const MergeStage *Stage : mergeStages())
    if (std::optional<json::Value> Section = Stage->reportSection(R))
      Report[Stage->name()] = std::move(*Section);
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

/// Reads back the section of every stage that has one in the report.
static bool mapStageSections(const json::Value &V, MergeResult &R,
                             json::Path P) {
  for (const MergeStage *Stage : mergeStages())
    if (const json::Value *Section = V.getAsObject()->get(Stage->name()))
      if (!Stage->readReportSection(*Section, R, P.field(Stage->name())))
        return false;
  return true;
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
         mapStageSections(V, R, P) && mapHotPolicy(V, R, P);
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
  for (const MergeStage *Stage : mergeStages())
    Stage->printListing(Result, OS);
}

} // namespace lmf
