//===- ReportReadBackTest.cpp - Reports read back into results ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A distributed ThinLTO link learns what its remote backends merged only
// from their reports, so resultsFromJson must give back every field the
// listing and the combined report use, and refuse what is not a report.
//
//===----------------------------------------------------------------------===//

#include "core/MergeReport.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace lmf;

namespace {

MergeResult sampleResult(StringRef Module) {
  MergeResult R;
  R.ModuleName = Module.str();
  R.Mode = "safe";
  R.Stats.FunctionsInModule = 40;
  R.Stats.Considered = 30;
  R.Stats.Folded = 4;
  R.Stats.FoldedErased = 1;
  R.Stats.FoldedAlias = 1;
  R.Stats.FoldedThunk = 1;
  R.Stats.FoldedCallersRedirected = 1;
  R.Stats.Refused = 1;
  R.Stats.Rounds = 2;
  R.Stats.RefinementIterations = 3;
  R.Stats.MultiMemberBuckets = 5;
  R.Stats.PureBuckets = 4;
  R.Stats.Collisions = 1;
  R.Stats.InstructionsRemoved = 77;
  R.Stats.Threads = 2;
  R.Times = {0.5, 0.25, 0.125, 1.0, 0.0, 2.0};
  FoldGroup Moved;
  Moved.Round = 1;
  Moved.KeptMember = "keep";
  Moved.KeptBody = "keep.body";
  Moved.KeptMemberForwarded = true;
  Moved.KeptMemberAction = FoldAction::Alias;
  Moved.BodyInstructions = 12;
  Moved.Members = {{"gone", FoldAction::Erased}, {"thunk", FoldAction::Thunk}};
  FoldGroup Plain;
  Plain.Round = 2;
  Plain.KeptMember = Plain.KeptBody = "other";
  Plain.Members = {{"redirected", FoldAction::CallersRedirected}};
  R.Groups = {Moved, Plain};
  R.Refusals = {{"kept", "other", "thunk is not smaller than the body"}};
  R.SimilarRan = true;
  R.SimilarPositions = {"data", "integers"};
  R.Stats.SimilarConsidered = 9;
  R.Stats.SimilarClasses = 1;
  R.Stats.SimilarMembers = 2;
  R.Stats.SimilarParameters = 1;
  R.Stats.SimilarRefused = 1;
  R.Stats.SimilarEstimatedBytes = 48;
  SimilarGroup Shared;
  Shared.Round = 1;
  Shared.KeptBody = "first.lmf.similar";
  Shared.KeptMember = "first";
  Shared.Parameters = 1;
  Shared.BodyInstructions = 30;
  Shared.EstimatedBytesSaved = 48;
  Shared.Members = {{"first", MergeAction::Thunk},
                    {"second", MergeAction::CallsRewritten}};
  R.Similar = {Shared};
  R.SimilarRefusals = {{"third", "first", "merging saves too few bytes"}};
  R.HotPolicy = "hot-identical-only";
  R.Stats.HotFunctions = 3;
  R.Stats.HotRefused = 1;
  R.Stats.HotKeptBytes = 112;
  R.SizeCodegenRan = true;
  R.Stats.NotOutlined = 4;
  R.Stats.SizeOptimized = 17;
  return R;
}

std::string listing(const MergeResult &R) {
  std::string Text;
  raw_string_ostream OS(Text);
  printListing(R, OS);
  return Text;
}

TEST(ReportReadBack, ModuleReportGivesBackEveryField) {
  MergeResult Original = sampleResult("a.o");
  json::Value Report = reportToJson(Original);
  Expected<std::vector<MergeResult>> Read = resultsFromJson(Report);
  ASSERT_TRUE(bool(Read)) << toString(Read.takeError());
  ASSERT_EQ(Read->size(), 1u);
  EXPECT_EQ(reportToJson(Read->front()), Report);
  EXPECT_EQ(listing(Read->front()), listing(Original));
}

TEST(ReportReadBack, ThinLTOReportGivesBackEveryModule) {
  std::vector<MergeResult> Originals = {sampleResult("a.o"),
                                        sampleResult("b.o")};
  json::Value Report = backendReportsToJson(Originals);
  Expected<std::vector<MergeResult>> Read = resultsFromJson(Report);
  ASSERT_TRUE(bool(Read)) << toString(Read.takeError());
  ASSERT_EQ(Read->size(), 2u);
  EXPECT_EQ((*Read)[0].ModuleName, "a.o");
  EXPECT_EQ((*Read)[1].ModuleName, "b.o");
  EXPECT_EQ(backendReportsToJson(*Read), Report);
}

TEST(ReportReadBack, RefusesWhatIsNotAReport) {
  json::Value Report = reportToJson(sampleResult("a.o"));
  json::Value OtherSchema = Report;
  (*OtherSchema.getAsObject())["schema"] = "something-else/1";
  EXPECT_FALSE(bool(resultsFromJson(OtherSchema)));

  json::Value NoGroups = Report;
  NoGroups.getAsObject()->erase("groups");
  Expected<std::vector<MergeResult>> Read = resultsFromJson(NoGroups);
  ASSERT_FALSE(bool(Read));
  EXPECT_NE(toString(Read.takeError()).find("groups"), std::string::npos);

  json::Value BadAction = Report;
  json::Object *Group =
      (*BadAction.getAsObject()->getArray("groups"))[0].getAsObject();
  (*(*Group->getArray("members"))[0].getAsObject())["action"] = "vanished";
  EXPECT_FALSE(bool(resultsFromJson(BadAction)));
  EXPECT_FALSE(bool(resultsFromJson(json::Value(42))));
}

} // namespace
