//===- LinkerOptionsTest.cpp - The table of our linker options ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One table describes our options; recognising them, the list in the
// error about a misspelt one and our section of --help all come from it.
// These tests pin down the spellings users see, so that a change to the
// table is a visible change to this file.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LinkerOptions.h"

#include "core/MergeModule.h"
#include "core/OptionRow.h"

#include "linkplugin/driver/HelpText.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace lmf;

namespace {

TEST(LinkerOptions, NamesAreUniqueAndDocumented) {
  StringSet<> Names;
  for (const LinkerOption &O : linkerOptions()) {
    EXPECT_TRUE(Names.insert(O.Name).second) << O.Name.str();
    EXPECT_FALSE(O.Help.empty()) << O.Name.str();
    bool Switch = O.ID == LinkerOptionID::StageSwitch ||
                  O.ID == LinkerOptionID::NoStageSwitch;
    EXPECT_EQ(Switch, O.Row != nullptr) << O.Name.str();
    if (Switch)
      EXPECT_EQ(&stageSwitchOption(*O.Row, O.ID == LinkerOptionID::StageSwitch),
                &O);
    else
      EXPECT_EQ(&linkerOption(O.ID), &O);
    EXPECT_EQ(optionSpelling(O), "--" + O.Name.str());
  }
  EXPECT_EQ(Names.size(), 12u);
}

// A stage's switches come from its row in core's option table: every row
// with linker switches has its pair, named after them, and nothing else.
TEST(LinkerOptions, EveryStageSwitchHasItsPair) {
  unsigned Switches = 0;
  for (const OptionRow *Row : mergeOptionRows()) {
    if (!Row->Linker)
      continue;
    ++Switches;
    EXPECT_EQ(Row->Kind, OptionKind::Switch) << Row->Name.str();
    EXPECT_EQ(stageSwitchOption(*Row, true).Name, Row->Linker->Name);
    EXPECT_EQ(stageSwitchOption(*Row, false).Name,
              "no-" + Row->Linker->Name.str());
    // A misspelling in the stage's namespace is ours, not lld's.
    std::string Misspelt = "--" + Row->Linker->Name.str() + "s";
    std::optional<OurArgument> Match = matchLinkerOption(Misspelt);
    ASSERT_TRUE(Match) << Misspelt;
    EXPECT_EQ(Match->Option, nullptr) << Misspelt;
  }
  EXPECT_EQ(Switches, 2u);
}

TEST(LinkerOptions, ExpectedOptionsText) {
  EXPECT_EQ(expectedLinkerOptions(),
            "--lto-merge-functions[=safe|all], --no-lto-merge-functions, "
            "--lto-merge-similar-functions, --no-lto-merge-similar-functions, "
            "--lto-merge-aligned-functions, --no-lto-merge-aligned-functions, "
            "--lto-merge-functions-across-modules, "
            "--no-lto-merge-functions-across-modules, "
            "--lto-merge-functions-hot-policy=off|hot-identical-only, "
            "--lto-smallest-binary, "
            "--lto-merge-functions-report=<file> or --print-merged-functions");
}

TEST(LinkerOptions, SimilarFlagsOneOrTwoDashes) {
  for (const char *Arg :
       {"-lto-merge-similar-functions", "--lto-merge-similar-functions"}) {
    std::optional<OurArgument> Match = matchLinkerOption(Arg);
    ASSERT_TRUE(Match && Match->Option) << Arg;
    EXPECT_EQ(Match->Option->ID, LinkerOptionID::StageSwitch);
    EXPECT_EQ(Match->Option->Row->Name, "lto-merge-functions-similar");
  }
  for (const char *Arg : {"-no-lto-merge-similar-functions",
                          "--no-lto-merge-similar-functions"}) {
    std::optional<OurArgument> Match = matchLinkerOption(Arg);
    ASSERT_TRUE(Match && Match->Option) << Arg;
    EXPECT_EQ(Match->Option->ID, LinkerOptionID::NoStageSwitch);
    EXPECT_EQ(Match->Option->Row->Name, "lto-merge-functions-similar");
  }
}

TEST(LinkerOptions, OneOrTwoDashes) {
  for (const char *Arg : {"-lto-merge-functions", "--lto-merge-functions"}) {
    std::optional<OurArgument> Match = matchLinkerOption(Arg);
    ASSERT_TRUE(Match) << Arg;
    ASSERT_NE(Match->Option, nullptr);
    EXPECT_EQ(Match->Option->ID, LinkerOptionID::Merge);
    EXPECT_FALSE(Match->HasJoinedValue);
  }
  EXPECT_FALSE(matchLinkerOption("---lto-merge-functions"));
  EXPECT_FALSE(matchLinkerOption("lto-merge-functions"));
  EXPECT_FALSE(matchLinkerOption("-"));
}

TEST(LinkerOptions, JoinedValues) {
  std::optional<OurArgument> Empty =
      matchLinkerOption("--lto-merge-functions=");
  ASSERT_TRUE(Empty);
  EXPECT_TRUE(Empty->HasJoinedValue);
  EXPECT_EQ(Empty->JoinedValue, "");
  std::optional<OurArgument> Path =
      matchLinkerOption("--lto-merge-functions-report=a=b");
  ASSERT_TRUE(Path && Path->Option);
  EXPECT_EQ(Path->Option->ID, LinkerOptionID::Report);
  EXPECT_EQ(Path->JoinedValue, "a=b");
  EXPECT_FALSE(Path->takesNextArgument());
}

TEST(LinkerOptions, OnlyAPathTakesTheNextArgument) {
  EXPECT_TRUE(
      matchLinkerOption("--lto-merge-functions-report")->takesNextArgument());
  for (const char *Arg :
       {"--lto-merge-functions", "--no-lto-merge-functions",
        "--lto-merge-similar-functions", "--no-lto-merge-similar-functions",
        "--print-merged-functions"})
    EXPECT_FALSE(matchLinkerOption(Arg)->takesNextArgument()) << Arg;
}

TEST(LinkerOptions, OurNamespace) {
  for (const char *Arg :
       {"--lto-merge-functions-reprot", "-lto-merge-functionsx",
        "--no-lto-merge-functions-x", "-lto-merge-similar-function",
        "--no-lto-merge-similar", "--lto-merge-aligned",
        "-no-lto-merge-aligned-function"}) {
    std::optional<OurArgument> Match = matchLinkerOption(Arg);
    ASSERT_TRUE(Match) << Arg;
    EXPECT_EQ(Match->Option, nullptr) << Arg;
  }
  // Not in the namespace: lld's to judge.
  EXPECT_FALSE(matchLinkerOption("--print-merged-functionsx"));
  EXPECT_FALSE(matchLinkerOption("--lto-O2"));
}

TEST(LinkerOptions, HelpListsEveryOptionInLldsLayout) {
  std::string Help;
  raw_string_ostream OS(Help);
  printMergeHelp(OS);
  const char *Lines[] = {
      "\n  --lto-merge-functions=[safe,all]\n"
      "                          Merge identical functions in the regular "
      "LTO module, in every ThinLTO backend's module and across ThinLTO "
      "modules; 'all' also merges functions whose address is taken (pointers "
      "may then compare equal)\n",
      "\n  --lto-merge-functions   Alias for --lto-merge-functions=safe\n",
      "\n  --no-lto-merge-functions\n"
      "                          Do not merge functions (default)\n",
      "\n  --lto-merge-similar-functions\n"
      "                          With --lto-merge-functions, also merge "
      "functions that differ only in constants (similar merging; the default "
      "in modules with a profile)\n",
      "\n  --no-lto-merge-similar-functions\n"
      "                          Do not merge similar functions (the default "
      "in modules without a profile)\n",
      "\n  --lto-merge-aligned-functions\n"
      "                          With --lto-merge-functions, also merge pairs "
      "of functions that differ in instructions (aligned merging; off by "
      "default, on with --lto-smallest-binary)\n",
      "\n  --no-lto-merge-aligned-functions\n"
      "                          Do not merge functions that differ in "
      "instructions (default)\n",
      "\n  --lto-merge-functions-across-modules\n"
      "                          In a ThinLTO link, also fold functions whose "
      "twins are in other modules, by rewriting the link's bitcode inputs "
      "(default)\n",
      "\n  --no-lto-merge-functions-across-modules\n"
      "                          Leave each ThinLTO module's functions to its "
      "own backend\n",
      "\n  --lto-merge-functions-report=<file>\n"
      "                          Write a JSON report of the merge to <file>\n",
      "\n  --print-merged-functions\n"
      "                          Print merged functions to standard output\n",
      "\n  The last of --lto-merge-functions[=...] and "
      "--no-lto-merge-functions wins. Merging uses --threads threads.\n"
      "  The last of --lto-merge-similar-functions and "
      "--no-lto-merge-similar-functions wins.\n"
      "  The last of --lto-merge-aligned-functions and "
      "--no-lto-merge-aligned-functions wins.\n"
      "  The last of --lto-merge-functions-across-modules and "
      "--no-lto-merge-functions-across-modules wins.\n"};
  for (const char *Line : Lines)
    EXPECT_NE(Help.find(Line), std::string::npos) << Line << "\nin:\n" << Help;
  EXPECT_EQ(
      Help.rfind("\nLTO-MERGE-FUNCTIONS OPTIONS (lto-merge-functions ", 0), 0u);
}

} // namespace
