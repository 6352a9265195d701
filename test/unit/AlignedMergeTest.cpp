//===- AlignedMergeTest.cpp - The aligned stage on generated modules ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The aligned stage on a module of a few hundred generated functions in
// families whose members differ in one to three operations (an opcode, a
// constant, volatility, a callee, a type, a shape... IRGenerator.h): every
// merged body verifies (merge() runs the verifier), the module printed after
// merging with the serial runner and with TBB runners of 1 and 4 threads is
// byte-identical, and the report lists the same classes. The report's aligned
// section then reads back as written.
//
//===----------------------------------------------------------------------===//

#include "IRGenerator.h"
#include "TestIR.h"

#include "core/MergeReport.h"
#include "parallel/TBBTaskRunner.h"

#include "llvm/ADT/Statistic.h"

#include <tbb/global_control.h>

#include <sstream>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

std::string buildFamilies(uint64_t Seed, unsigned Families, unsigned Members) {
  SpecGenerator Gen(Seed);
  std::ostringstream Out;
  Out << renderPreamble();
  for (unsigned K = 0; K < Families; ++K) {
    FunctionSpec Base = Gen.randomFunction();
    for (unsigned V = 0; V < Members; ++V) {
      FunctionSpec S = Base;
      for (unsigned Edits = Gen.below(3) + 1; Edits > 0; --Edits)
        Gen.mutateSemantics(S, /*Signature=*/false);
      RenderOptions RO;
      RO.Name = "fam" + std::to_string(K) + "_" + std::to_string(V);
      RO.Linkage = V % 2 ? "internal" : "";
      Out << renderFunction(S, RO);
    }
  }
  // Calls keep the internal members alive, and give some calls to rewrite.
  Out << "define i32 @driver(i32 %a, i32 %b, ptr %p) {\n";
  for (unsigned K = 0; K < Families; ++K)
    for (unsigned V = 1; V < Members; V += 2)
      Out << "  %c" << K << "_" << V << " = call i32 @fam" << K << "_" << V
          << "(i32 %a, i32 %b, ptr %p)\n";
  Out << "  ret i32 %a\n}\n";
  return Out.str();
}

std::string describe(const MergeResult &R) {
  std::ostringstream Out;
  for (const AlignedGroup &G : R.Aligned) {
    Out << G.Round << " " << G.KeptBody << " " << G.MatchedInstructions << "/"
        << G.UnmatchedInstructions << " " << G.EstimatedBytesSaved << ":";
    for (const MergedMember &M : G.Members)
      Out << " " << M.Name << "=" << mergeActionName(M.Action).str();
    Out << "\n";
  }
  return Out.str();
}

struct Outcome {
  std::string Module, Aligned;
  MergeResult Result;
};

Outcome mergeAligned(const std::string &Text, TaskRunner &Runner) {
  Outcome O;
  LLVMContext Ctx;
  auto M = parseIR(Ctx, Text);
  if (!M)
    return O;
  MergeOptions Opts;
  Opts.SerialThreshold = 0;
  Opts.Aligned.Enabled = true;
  // Merge every legal pair, however little it saves: the most IR to build.
  Opts.Aligned.MinimumGain = -1000;
  std::optional<MergeResult> R = merge(*M, Opts, Runner);
  if (!R)
    return O;
  O.Module = printModule(*M);
  O.Aligned = describe(*R);
  O.Result = std::move(*R);
  return O;
}

TEST(AlignedMerge, BodiesVerifyAndOutputIndependentOfThreadCount) {
  std::string Text = buildFamilies(0xA11E9, 60, 4);
  Outcome Serial = mergeAligned(Text, serialRunner());
  ASSERT_FALSE(Serial.Module.empty());
  const MergeStats &S = Serial.Result.Stats;
  EXPECT_GT(S.AlignedClasses, 40u);
  EXPECT_EQ(S.AlignedRefused, 0u) << "no merged body failed to verify";

  tbb::global_control FourThreads(tbb::global_control::max_allowed_parallelism,
                                  4);
  for (unsigned Threads : {1u, 4u}) {
    SCOPED_TRACE("threads " + std::to_string(Threads));
    std::unique_ptr<TaskRunner> Runner = createTaskRunner(Threads);
    ASSERT_TRUE(Runner);
    Outcome Parallel = mergeAligned(Text, *Runner);
    EXPECT_TRUE(Parallel.Module == Serial.Module)
        << "printed modules differ (" << Parallel.Module.size() << " vs "
        << Serial.Module.size() << " bytes)";
    EXPECT_EQ(Parallel.Aligned, Serial.Aligned);
  }
}

TEST(AlignedMerge, ReportReadsBack) {
  Outcome O = mergeAligned(buildFamilies(0xBEEF, 20, 3), serialRunner());
  ASSERT_FALSE(O.Module.empty());
  ASSERT_FALSE(O.Result.Aligned.empty());
  Expected<std::vector<MergeResult>> Back =
      resultsFromJson(reportToJson(O.Result));
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  ASSERT_EQ(Back->size(), 1u);
  const MergeResult &R = Back->front();
  EXPECT_TRUE(R.AlignedRan);
  EXPECT_EQ(describe(R), O.Aligned);
  EXPECT_EQ(R.Stats.AlignedClasses, O.Result.Stats.AlignedClasses);
  EXPECT_EQ(R.Stats.AlignedEstimatedBytes,
            O.Result.Stats.AlignedEstimatedBytes);
  EXPECT_EQ(R.Times.AlignedSeconds, O.Result.Times.AlignedSeconds);
}

// A report written before the pass stopped measuring real bytes (their
// keys now bench/size/aligned_pair_bytes.py's) still reads back.
TEST(AlignedMerge, OlderReportWithRealBytesReadsBack) {
  Outcome O = mergeAligned(buildFamilies(0xBEEF, 20, 3), serialRunner());
  ASSERT_FALSE(O.Result.Aligned.empty());
  json::Value Report = reportToJson(O.Result);
  json::Object &Aligned = *Report.getAsObject()->getObject("aligned");
  Aligned["real_bytes_saved"] = 123;
  (*Aligned.getArray("classes"))[0].getAsObject()->try_emplace(
      "real_bytes_before", 300);
  Expected<std::vector<MergeResult>> Back = resultsFromJson(Report);
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  EXPECT_EQ(describe(Back->front()), O.Aligned);
}

} // namespace

namespace {

/// LLVM lists a STATISTIC only if statistics were on when it first counted:
/// on before any test of this binary runs.
const bool StatisticsOn = (EnableStatistics(/*DoPrintOnExit=*/false), true);

/// The value of the STATISTIC named Name of our pass; 0 when not found.
uint64_t statistic(StringRef Name) {
  for (const auto &[StatName, Value] : GetStatistics())
    if (StatName == Name)
      return Value;
  return 0;
}

// `-stats` shows the report's numbers (MergeStatistics.cpp), aligned merging
// included. Debian's opt cannot print them (its LLVM counts none), so this
// reads them from LLVM's registry.
TEST(AlignedMerge, StatisticsCountWhatTheReportCounts) {
  ASSERT_TRUE(StatisticsOn);
  ResetStatistics();
  Outcome O = mergeAligned(buildFamilies(0xBEEF, 20, 3), serialRunner());
  ASSERT_FALSE(O.Module.empty());
  const MergeStats &S = O.Result.Stats;
  ASSERT_GT(S.AlignedClasses, 0u);
  EXPECT_EQ(statistic("NumAlignedConsidered"), S.AlignedConsidered);
  EXPECT_EQ(statistic("NumAlignedPairsPlanned"), S.AlignedPairsPlanned);
  EXPECT_EQ(statistic("NumAlignedClasses"), S.AlignedClasses);
  EXPECT_EQ(statistic("NumAlignedMembers"), S.AlignedMembers);
  EXPECT_EQ(statistic("NumAlignedRefused"), S.AlignedRefused);
  EXPECT_EQ(statistic("NumFolded"), S.Folded);
}

} // namespace
