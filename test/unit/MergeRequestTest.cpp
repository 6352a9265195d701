//===- MergeRequestTest.cpp - Our options, taken out of a command line ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// parseMergeRequest decides what the merger is asked to do and what lld is
// given. It must follow lld's conventions for our options (one or two
// dashes, the last of a pair wins, a path joined or separate), report every
// bad value with the option as written, all at once, and leave lld's
// arguments, values included, exactly as they were.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/MergeRequest.h"

#include "core/MergeModule.h"
#include "core/OptionRow.h"
#include "test/unit/OptionRowValues.h"

#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace llvm;
using namespace lmf;

namespace {

/// The request, or a failed test with the errors.
MergeRequest parse(const std::vector<const char *> &Args) {
  Expected<MergeRequest> Req = parseMergeRequest(Args);
  if (!Req) {
    ADD_FAILURE() << toString(Req.takeError());
    return MergeRequest();
  }
  return std::move(*Req);
}

/// Every error message, in order; none is a failed test.
std::vector<std::string> errors(const std::vector<const char *> &Args) {
  Expected<MergeRequest> Req = parseMergeRequest(Args);
  std::vector<std::string> Messages;
  if (!Req)
    handleAllErrors(Req.takeError(), [&](const ErrorInfoBase &E) {
      Messages.push_back(E.message());
    });
  return Messages;
}

using Strings = std::vector<std::string>;

TEST(MergeRequest, OffByDefault) {
  MergeRequest Req = parse({"a.o"});
  EXPECT_FALSE(Req.Enabled);
  EXPECT_TRUE(Req.ReportPath.empty());
  EXPECT_FALSE(Req.Print);
  // Neither option: the pass decides per module (on with a profile).
  EXPECT_FALSE(Req.Pass.Similar.Enabled.has_value());
  EXPECT_EQ(Req.OutputPath, "a.out");
}

TEST(MergeRequest, EnableWithoutModeIsSafe) {
  MergeRequest Req = parse({"--lto-merge-functions"});
  EXPECT_TRUE(Req.Enabled);
  EXPECT_EQ(Req.Mode, MergeMode::Safe);
}

TEST(MergeRequest, ModeAll) {
  MergeRequest Req = parse({"--lto-merge-functions=all"});
  EXPECT_TRUE(Req.Enabled);
  EXPECT_EQ(Req.Mode, MergeMode::All);
}

TEST(MergeRequest, OneOrTwoDashes) {
  MergeRequest Req =
      parse({"-lto-merge-functions=all", "-lto-merge-functions-report=r.json",
             "-print-merged-functions"});
  EXPECT_TRUE(Req.Enabled);
  EXPECT_EQ(Req.Mode, MergeMode::All);
  EXPECT_EQ(Req.ReportPath, "r.json");
  EXPECT_TRUE(Req.Print);
  EXPECT_TRUE(Req.LldArgs.empty());
  EXPECT_FALSE(
      parse({"--lto-merge-functions", "-no-lto-merge-functions"}).Enabled);
}

TEST(MergeRequest, LastOfEnableAndDisableWins) {
  EXPECT_FALSE(
      parse({"--lto-merge-functions=all", "--no-lto-merge-functions"}).Enabled);
  MergeRequest Req =
      parse({"--no-lto-merge-functions", "--lto-merge-functions=all",
             "--lto-merge-functions"});
  EXPECT_TRUE(Req.Enabled);
  EXPECT_EQ(Req.Mode, MergeMode::Safe);
}

TEST(MergeRequest, LastOfSimilarAndNoSimilarWins) {
  MergeRequest Req = parse({"--lto-merge-similar-functions"});
  EXPECT_EQ(Req.Pass.Similar.Enabled, std::optional<bool>(true));
  EXPECT_FALSE(Req.Enabled);
  EXPECT_TRUE(Req.LldArgs.empty());
  EXPECT_EQ(parse({"--lto-merge-similar-functions",
                   "-no-lto-merge-similar-functions"})
                .Pass.Similar.Enabled,
            std::optional<bool>(false));
  EXPECT_EQ(parse({"--no-lto-merge-similar-functions",
                   "-lto-merge-similar-functions"})
                .Pass.Similar.Enabled,
            std::optional<bool>(true));
  // Independent of the last of --lto-merge-functions / --no-....
  Req = parse({"--lto-merge-similar-functions", "--lto-merge-functions=all",
               "--no-lto-merge-functions", "--lto-merge-functions"});
  EXPECT_TRUE(Req.Enabled);
  EXPECT_EQ(Req.Pass.Similar.Enabled, std::optional<bool>(true));
}

TEST(MergeRequest, SimilarOffReachesThePassOnlyWhenAskedFor) {
  // Neither option: nothing, so the pass follows the module's profile.
  EXPECT_EQ(mergePassOptions(parse({"--lto-merge-functions"}), "",
                             PassPlace::DistributedBackend),
            (Strings{"lto-merge-functions-mode=safe"}));
  EXPECT_EQ(mergePassOptions(parse({"--lto-merge-functions",
                                    "--no-lto-merge-similar-functions"}),
                             "", PassPlace::DistributedBackend),
            (Strings{"lto-merge-functions-mode=safe",
                     "lto-merge-functions-similar=false"}));
}

TEST(MergeRequest, BadModes) {
  EXPECT_EQ(errors({"--lto-merge-functions=bogus"}),
            Strings({"'--lto-merge-functions=bogus': unknown merge mode "
                     "'bogus' (expected 'safe' or 'all')"}));
  EXPECT_EQ(errors({"--lto-merge-functions="}),
            Strings({"'--lto-merge-functions=': unknown merge mode '' "
                     "(expected 'safe' or 'all')"}));
  // A later option does not excuse a bad value.
  EXPECT_EQ(
      errors({"--lto-merge-functions=Safe", "--no-lto-merge-functions"}).size(),
      1u);
}

TEST(MergeRequest, ValuesForOptionsWithoutOne) {
  EXPECT_EQ(errors({"--print-merged-functions=yes"}),
            Strings({"'--print-merged-functions=yes': this option takes no "
                     "value"}));
  EXPECT_EQ(errors({"--no-lto-merge-functions=1"}),
            Strings({"'--no-lto-merge-functions=1': this option takes no "
                     "value"}));
  EXPECT_EQ(errors({"--lto-merge-similar-functions=1",
                    "-no-lto-merge-similar-functions=0"}),
            Strings({"'--lto-merge-similar-functions=1': this option takes "
                     "no value",
                     "'-no-lto-merge-similar-functions=0': this option takes "
                     "no value"}));
}

TEST(MergeRequest, ReportPathJoinedOrSeparate) {
  EXPECT_EQ(parse({"--lto-merge-functions-report=r.json"}).ReportPath,
            "r.json");
  MergeRequest Req =
      parse({"--lto-merge-functions-report", "my report.json", "a.o"});
  EXPECT_EQ(Req.ReportPath, "my report.json");
  EXPECT_EQ(Req.LldArgs, std::vector<const char *>({"a.o"}));
}

TEST(MergeRequest, ReportPathMissingOrEmpty) {
  EXPECT_EQ(errors({"a.o", "--lto-merge-functions-report"}),
            Strings({"'--lto-merge-functions-report': expects a file name"}));
  EXPECT_EQ(errors({"--lto-merge-functions-report="}),
            Strings({"'--lto-merge-functions-report=': expects a file name"}));
  EXPECT_EQ(errors({"--lto-merge-functions-report", ""}),
            Strings({"'--lto-merge-functions-report': expects a file name"}));
}

TEST(MergeRequest, MisspeltOptionInOurNamespace) {
  const char *Expected =
      "unknown lto-merge-functions option (expected "
      "--lto-merge-functions[=safe|all], --no-lto-merge-functions, "
      "--lto-merge-similar-functions, --no-lto-merge-similar-functions, "
      "--lto-merge-aligned-functions, --no-lto-merge-aligned-functions, "
      "--lto-merge-functions-across-modules, "
      "--no-lto-merge-functions-across-modules, "
      "--lto-merge-functions-hot-policy=off|hot-identical-only, "
      "--lto-smallest-binary, "
      "--lto-merge-functions-report=<file> or --print-merged-functions)";
  EXPECT_EQ(errors({"--lto-merge-functions-reprot=r.json"}),
            Strings({std::string("'--lto-merge-functions-reprot=r.json': ") +
                     Expected}));
  EXPECT_EQ(errors({"-no-lto-merge-functions-x"}),
            Strings({std::string("'-no-lto-merge-functions-x': ") + Expected}));
  EXPECT_EQ(
      errors({"-lto-merge-similar-function"}),
      Strings({std::string("'-lto-merge-similar-function': ") + Expected}));
  EXPECT_EQ(errors({"--lto-smallest-binaries"}),
            Strings({std::string("'--lto-smallest-binaries': ") + Expected}));
}

TEST(MergeRequest, AllErrorsAtOnce) {
  EXPECT_EQ(
      errors({"--lto-merge-functions=x", "a.o", "--print-merged-functions=1",
              "--lto-merge-functions-report"}),
      Strings({"'--lto-merge-functions=x': unknown merge mode 'x' (expected "
               "'safe' or 'all')",
               "'--print-merged-functions=1': this option takes no value",
               "'--lto-merge-functions-report': expects a file name"}));
}

// The plugin's cl::opts look like our options; after -mllvm and
// --plugin-opt they are lld's values and reach lld untouched.
TEST(MergeRequest, ValuesAfterMllvmAndPluginOptUntouched) {
  std::vector<const char *> Args = {
      "-mllvm",       "-lto-merge-functions-mode=all",
      "--plugin-opt", "-lto-merge-functions-print",
      "-mllvm",       "--lto-merge-functions",
      "a.o"};
  MergeRequest Req = parse(Args);
  EXPECT_FALSE(Req.Enabled);
  EXPECT_FALSE(Req.Print);
  EXPECT_EQ(Req.LldArgs, Args);
}

TEST(MergeRequest, SimilarPositionKindsFollowTheLastMllvmOfEach) {
  // The step before a ThinLTO link follows what -mllvm tells the pass.
  MergeRequest Default = parse({"a.o"});
  EXPECT_TRUE(Default.Pass.Similar.Callees);
  EXPECT_TRUE(Default.Pass.Similar.Integers);
  EXPECT_TRUE(Default.Pass.Similar.ConstantTables);
  MergeRequest Req =
      parse({"-mllvm", "-lto-merge-functions-similar-constant-tables=false",
             "-mllvm=-lto-merge-functions-similar-integers=0", "-mllvm",
             "--lto-merge-functions-similar-callees=false", "-mllvm",
             "-lto-merge-functions-similar-callees", "a.o"});
  EXPECT_FALSE(Req.Pass.Similar.ConstantTables);
  EXPECT_FALSE(Req.Pass.Similar.Integers);
  EXPECT_TRUE(Req.Pass.Similar.Callees);
  // Without merging, lld keeps them all (a plugin loaded by hand reads
  // them); with merging, the pass gets what they said, spelt once.
  EXPECT_EQ(Req.LldArgs.size(), 8u);
  MergeRequest Merging =
      parse({"--lto-merge-functions", "-mllvm",
             "-lto-merge-functions-similar-constant-tables=false", "-mllvm",
             "-lto-merge-functions-similar-callees", "a.o"});
  EXPECT_EQ(Merging.LldArgs, (std::vector<const char *>{"a.o"}));
  EXPECT_EQ(mergePassOptions(Merging, "", PassPlace::InProcess),
            (Strings{"lto-merge-functions-mode=safe",
                     "lto-merge-functions-similar-constant-tables=false"}));
  // A value no option reads is an error, as the pass would make it.
  EXPECT_EQ(
      errors({"-mllvm", "-lto-merge-functions-similar-constant-tables=maybe"}),
      Strings{"-lto-merge-functions-similar-constant-tables=maybe: expected "
              "true or false"});
  // --plugin-opt=-<option> is lld's other spelling of -mllvm.
  EXPECT_FALSE(
      parse({"--plugin-opt=-lto-merge-functions-similar-constant-tables=false"})
          .Pass.Similar.ConstantTables);
}

// Every row of core's option table, given to lld with -mllvm or
// --plugin-opt=-, is read once, here: the request holds it (the plan across
// ThinLTO modules reads it there) and the pass gets it in the table's own
// spelling, instead of the argument as given.
TEST(MergeRequest, EveryPassOptionReachesThePlanAndThePassAlike) {
  for (const OptionRow *Row : mergeOptionRows())
    for (const char *Carrier : {"-mllvm", "--plugin-opt=-"}) {
      std::string Value = otherValue(*Row);
      std::string Given = (Row->Name + "=" + Value).str();
      std::string Arg = std::string(Carrier) == "-mllvm"
                            ? "-" + Given
                            : std::string(Carrier) + Given;
      std::vector<const char *> Args = {"--lto-merge-functions", "a.o"};
      if (std::string(Carrier) == "-mllvm")
        Args.insert(Args.begin() + 1, "-mllvm");
      Args.insert(Args.end() - 1, Arg.c_str());
      MergeRequest Req = parse(Args);
      MergeOptions Expected;
      ASSERT_FALSE(errorToBool(setOption(*Row, Expected, StringRef(Value))));
      EXPECT_EQ(fieldText(*Row, Req.Pass), fieldText(*Row, Expected)) << Arg;
      EXPECT_EQ(Req.LldArgs, (std::vector<const char *>{"a.o"})) << Arg;
      Strings Options = mergePassOptions(Req, "", PassPlace::InProcess);
      EXPECT_EQ(Options.size(), 2u) << Arg;
      EXPECT_EQ(Options.back(), *optionSpelling(*Row, Expected)) << Arg;
    }
}

TEST(MergeRequest, SimilarMinimumGainFollowsTheLastMllvm) {
  // The step before a ThinLTO link plans with the gain the backends get.
  EXPECT_EQ(parse({"a.o"}).Pass.Similar.MinimumGain,
            SimilarOptions().MinimumGain);
  EXPECT_EQ(parse({"-mllvm", "-lto-merge-functions-similar-min-gain=1000",
                   "--plugin-opt=-lto-merge-functions-similar-min-gain=-8"})
                .Pass.Similar.MinimumGain,
            -8);
  EXPECT_EQ(parse({"-mllvm", "-lto-merge-functions-similar-min-gain=0x20"})
                .Pass.Similar.MinimumGain,
            32);
  // A value no option reads is an error, as the pass would make it.
  EXPECT_EQ(errors({"-mllvm", "-lto-merge-functions-similar-min-gain=many"}),
            Strings{"-lto-merge-functions-similar-min-gain=many: expected an "
                    "integer"});
  EXPECT_EQ(errors({"-mllvm", "-lto-merge-functions-similar-min-gain"}),
            Strings{"-lto-merge-functions-similar-min-gain=: expected an "
                    "integer"});
}

TEST(MergeRequest, LldGetsEverythingElseInOrder) {
  std::vector<const char *> Args = {"a.o",
                                    "--lto-merge-functions",
                                    "-o",
                                    "out",
                                    "-lfoo",
                                    "--lto-merge-functions-report",
                                    "r.json",
                                    "-L",
                                    "/d",
                                    "--print-merged-functions",
                                    "--no-such-option",
                                    "b.o"};
  MergeRequest Req = parse(Args);
  std::vector<const char *> Expected = {Args[0], Args[2], Args[3],  Args[4],
                                        Args[7], Args[8], Args[10], Args[11]};
  // The same pointers: lld gets the arguments themselves.
  EXPECT_EQ(Req.LldArgs, Expected);
  EXPECT_EQ(Req.OutputPath, "out");
}

TEST(MergeRequest, OutputInEverySpelling) {
  EXPECT_EQ(parse({"-o", "x"}).OutputPath, "x");
  EXPECT_EQ(parse({"-ox"}).OutputPath, "x");
  EXPECT_EQ(parse({"--output=x"}).OutputPath, "x");
  EXPECT_EQ(parse({"--output", "x"}).OutputPath, "x");
  EXPECT_EQ(parse({"-o", "x", "-o", "y"}).OutputPath, "y");
}

TEST(MergeRequest, ObservesHelpVersionAndVerbose) {
  EXPECT_TRUE(parse({"--help"}).Help);
  EXPECT_TRUE(parse({"-help"}).Help);
  EXPECT_TRUE(parse({"--version"}).VersionAndExit);
  EXPECT_TRUE(parse({"-v"}).Verbose);
  EXPECT_TRUE(parse({"-V"}).Verbose);
  EXPECT_FALSE(parse({"--version"}).Verbose);
  // They stay on lld's command line: lld answers them.
  EXPECT_EQ(parse({"--help"}).LldArgs.size(), 1u);
}

TEST(MergeRequest, WarningSwitches) {
  EXPECT_TRUE(parse({"--fatal-warnings"}).FatalWarnings);
  EXPECT_FALSE(
      parse({"--fatal-warnings", "--no-fatal-warnings"}).FatalWarnings);
  EXPECT_TRUE(parse({"-w"}).NoWarnings);
  EXPECT_TRUE(parse({"--no-warnings"}).NoWarnings);
  // -w cancels --fatal-warnings, wherever it is.
  MergeRequest Req = parse({"-w", "--fatal-warnings"});
  EXPECT_TRUE(Req.NoWarnings);
  EXPECT_FALSE(Req.FatalWarnings);
}

// --thinlto-distributor=<exe> says the ThinLTO backends run elsewhere. The
// DTLTO options stay lld's in LldArgs; LldArgsWithoutDistribution, what lld
// gets when we merge, lacks exactly them. lld knows only the joined forms.
TEST(MergeRequest, DistributedThinLTO) {
  EXPECT_FALSE(parse({"a.o"}).Distribution.distributes());
  MergeRequest Req = parse(
      {"--thinlto-distributor=/bin/d0", "a.o", "--thinlto-distributor=/bin/d",
       "--thinlto-distributor-arg=-j", "--thinlto-distributor-arg=4",
       "--thinlto-remote-compiler=/farm/lmf-thinlto-backend",
       "--thinlto-remote-compiler-arg=-O3", "b.o"});
  EXPECT_TRUE(Req.Distribution.distributes());
  EXPECT_EQ(Req.Distribution.Distributor, "/bin/d");
  EXPECT_EQ(Req.Distribution.DistributorArgs,
            (std::vector<std::string>{"-j", "4"}));
  EXPECT_EQ(Req.Distribution.RemoteCompiler, "/farm/lmf-thinlto-backend");
  EXPECT_EQ(Req.LldArgs.size(), 8u);
  ASSERT_EQ(Req.LldArgsWithoutDistribution.size(), 3u);
  EXPECT_STREQ(Req.LldArgsWithoutDistribution[0], "a.o");
  EXPECT_STREQ(Req.LldArgsWithoutDistribution[1],
               "--thinlto-remote-compiler-arg=-O3");
  EXPECT_STREQ(Req.LldArgsWithoutDistribution[2], "b.o");
  EXPECT_FALSE(
      parse({"--thinlto-distributor", "/bin/dist"}).Distribution.distributes());
  EXPECT_FALSE(parse({"--thinlto-distributor="}).Distribution.distributes());
}

TEST(MergeRequest, PassOptionsForEachPlaceThePassRuns) {
  MergeRequest Req = parse(
      {"--lto-merge-functions=all", "--lto-merge-similar-functions",
       "--lto-merge-functions-report=r.json", "--print-merged-functions"});
  EXPECT_EQ(
      mergePassOptions(Req, "out.lmf-address-free", PassPlace::InProcess),
      (Strings{"lto-merge-functions-mode=all", "lto-merge-functions-similar",
               "lto-merge-functions-report=r.json", "lto-merge-functions-print",
               "lto-merge-functions-link-address-free="
               "out.lmf-address-free"}));
  // A distributed backend's report comes back through our distributor
  // wrapper, and the listing is printed from it: neither option goes there.
  EXPECT_EQ(
      mergePassOptions(Req, "", PassPlace::DistributedBackend),
      (Strings{"lto-merge-functions-mode=all", "lto-merge-functions-similar"}));
}

TEST(MergeRequest, HotPolicyLastOneWinsAndReachesThePass) {
  EXPECT_EQ(parse({"--lto-merge-functions"}).Hot, HotPolicy::NoInstructionAdded);
  MergeRequest Req =
      parse({"--lto-merge-functions", "--lto-merge-functions-hot-policy=off"});
  EXPECT_EQ(Req.Hot, HotPolicy::Off);
  // Only a policy other than the pass's default is spelled out.
  EXPECT_EQ(mergePassOptions(Req, "", PassPlace::DistributedBackend),
            (Strings{"lto-merge-functions-mode=safe",
                     "lto-merge-functions-hot-policy=off"}));
  Req = parse({"--lto-merge-functions-hot-policy=off",
               "-lto-merge-functions-hot-policy=hot-identical-only"});
  EXPECT_EQ(Req.Hot, HotPolicy::NoInstructionAdded);
  EXPECT_EQ(mergePassOptions(Req, "", PassPlace::InProcess),
            (Strings{"lto-merge-functions-mode=safe"}));
}

TEST(MergeRequest, HotPolicyNeedsAKnownValue) {
  EXPECT_EQ(errors({"--lto-merge-functions-hot-policy"}),
            Strings({"'--lto-merge-functions-hot-policy': expects a policy"}));
  EXPECT_EQ(errors({"--lto-merge-functions-hot-policy=cold"}),
            Strings({"'--lto-merge-functions-hot-policy=cold': unknown "
                     "hot-function policy 'cold' (expected 'off' or "
                     "'hot-identical-only')"}));
}

/// The arguments lld gets, as strings.
Strings lldArgs(const MergeRequest &Req) {
  return Strings(Req.LldArgs.begin(), Req.LldArgs.end());
}

TEST(MergeRequest, SmallestBinaryTurnsOnEveryPart) {
  MergeRequest Req = parse({"a.o", "--lto-smallest-binary"});
  EXPECT_TRUE(Req.Enabled);
  EXPECT_EQ(Req.Mode, MergeMode::Safe);
  EXPECT_EQ(Req.Pass.Similar.Enabled, std::optional<bool>(true));
  EXPECT_EQ(Req.Pass.Aligned.Enabled, std::optional<bool>(true));
  EXPECT_EQ(lldArgs(Req), (Strings{"a.o", "--icf=safe", "-mllvm",
                                   "-enable-machine-outliner"}));
  EXPECT_EQ(
      mergePassOptions(Req, "", PassPlace::InProcess),
      (Strings{"lto-merge-functions-mode=safe",
               "lto-merge-functions-no-outline-hot",
               "lto-merge-functions-optsize-cold",
               "lto-merge-functions-similar", "lto-merge-functions-aligned"}));
}

TEST(MergeRequest, SmallestBinaryYieldsToExplicitOptionsAnywhere) {
  // Before and after it: the explicit choice stands either way.
  for (bool ExplicitFirst : {true, false}) {
    std::vector<const char *> Explicit = {"--lto-merge-functions=all",
                                          "--no-lto-merge-similar-functions",
                                          "--no-lto-merge-aligned-functions",
                                          "--icf=all",
                                          "-mllvm",
                                          "-enable-machine-outliner=never"};
    std::vector<const char *> Args = {"--lto-smallest-binary"};
    Args.insert(ExplicitFirst ? Args.begin() : Args.end(), Explicit.begin(),
                Explicit.end());
    MergeRequest Req = parse(Args);
    EXPECT_EQ(Req.Mode, MergeMode::All);
    EXPECT_EQ(Req.Pass.Similar.Enabled, std::optional<bool>(false));
    EXPECT_EQ(Req.Pass.Aligned.Enabled, std::optional<bool>(false));
    EXPECT_EQ(lldArgs(Req), (Strings{"--icf=all", "-mllvm",
                                     "-enable-machine-outliner=never"}));
  }
  MergeRequest Off = parse({"--lto-smallest-binary", "--no-lto-merge-functions",
                            "--lto-merge-functions-hot-policy=off"});
  EXPECT_FALSE(Off.Enabled);
  EXPECT_EQ(
      mergePassOptions(Off, "", PassPlace::InProcess),
      (Strings{"lto-merge-functions-mode=safe",
               "lto-merge-functions-hot-policy=off",
               "lto-merge-functions-optsize-cold",
               "lto-merge-functions-similar", "lto-merge-functions-aligned"}));
}

TEST(MergeRequest, SmallestBinaryLeavesIcfToTheFinalLinkOfARelocatableOne) {
  for (const char *Relocatable : {"-r", "--relocatable"}) {
    MergeRequest Req = parse({Relocatable, "a.o", "--lto-smallest-binary"});
    EXPECT_EQ(lldArgs(Req), (Strings{Relocatable, "a.o", "-mllvm",
                                     "-enable-machine-outliner"}));
  }
}

TEST(MergeRequest, SmallestBinaryTellsDistributedBackendsToOutline) {
  MergeRequest Req =
      parse({"--lto-smallest-binary", "--thinlto-distributor=/bin/d", "a.o"});
  Strings Expected = {"a.o",
                      "--icf=safe",
                      "-mllvm",
                      "-enable-machine-outliner",
                      "--thinlto-remote-compiler-arg=-mllvm",
                      "--thinlto-remote-compiler-arg=-enable-machine-outliner"};
  EXPECT_EQ(Strings(Req.LldArgsWithoutDistribution.begin(),
                    Req.LldArgsWithoutDistribution.end()),
            Expected);
}

TEST(MergeRequest, SmallestBinaryAsksForTwoCodegenRoundsUnlessTold) {
  EXPECT_TRUE(parse({"a.o", "--lto-smallest-binary"}).TwoCodegenRounds);
  EXPECT_FALSE(parse({"a.o"}).TwoCodegenRounds);
  // Any codegen-data option, either spelling, before or after it: the user's
  // choice is lld's.
  for (std::vector<const char *> Given :
       {std::vector<const char *>{"-mllvm",
                                  "-codegen-data-thinlto-two-rounds=false"},
        std::vector<const char *>{"--plugin-opt=-codegen-data-use-path=x"}}) {
    for (bool First : {true, false}) {
      std::vector<const char *> Args = {"a.o", "--lto-smallest-binary"};
      Args.insert(First ? Args.begin() : Args.end(), Given.begin(),
                  Given.end());
      EXPECT_FALSE(parse(Args).TwoCodegenRounds) << Given.back();
    }
  }
  // Only ICF folds the backends' copies of what they outline in the second
  // round into one.
  EXPECT_FALSE(
      parse({"a.o", "--lto-smallest-binary", "--icf=none"}).TwoCodegenRounds);
  EXPECT_TRUE(parse({"a.o", "--icf=none", "--icf=all", "--lto-smallest-binary"})
                  .TwoCodegenRounds);
  EXPECT_FALSE(parse({"-r", "a.o", "--lto-smallest-binary"}).TwoCodegenRounds);
  // Distributed backends are one process each.
  EXPECT_FALSE(
      parse({"--lto-smallest-binary", "--thinlto-distributor=/bin/d", "a.o"})
          .TwoCodegenRounds);
}

} // namespace
