//===- OptionRowTest.cpp - The merge options' one grammar -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every merge option is a row of core's table (mergeOptionRows); setOption
// is the one reading of its value, wherever it comes from, and
// optionSpelling the one writing. For every row, a value other than the
// default must survive the trip: written, read back into fresh options, and
// then equal in every field the row sets. A value the row's kind does not
// read is an error naming the option and leaves the options unchanged.
//
//===----------------------------------------------------------------------===//

#include "core/OptionRow.h"
#include "core/MergeModule.h"
#include "test/unit/OptionRowValues.h"

#include "llvm/ADT/StringSet.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace lmf;

namespace {

TEST(OptionRows, NamesAreUniqueAndHaveHelp) {
  StringSet<> Seen;
  for (const OptionRow *Row : mergeOptionRows()) {
    EXPECT_TRUE(Seen.insert(Row->Name).second) << Row->Name.str();
    EXPECT_TRUE(Row->Name.starts_with("lto-merge-functions-"))
        << Row->Name.str();
    EXPECT_FALSE(Row->Help.empty()) << Row->Name.str();
  }
  // Both stages after the identical one declare their switch.
  EXPECT_TRUE(Seen.contains("lto-merge-functions-similar"));
  EXPECT_TRUE(Seen.contains("lto-merge-functions-aligned"));
}

TEST(OptionRows, DefaultsAreNotSpelt) {
  for (const OptionRow *Row : mergeOptionRows())
    EXPECT_EQ(optionSpelling(*Row, MergeOptions()), std::nullopt)
        << Row->Name.str();
}

TEST(OptionRows, EveryRowSurvivesTheTrip) {
  for (const OptionRow *Row : mergeOptionRows()) {
    MergeOptions Given;
    std::string Value = otherValue(*Row);
    ASSERT_FALSE(errorToBool(setOption(*Row, Given, StringRef(Value))))
        << Row->Name.str() << "=" << Value;
    EXPECT_NE(fieldText(*Row, Given), fieldText(*Row, MergeOptions()))
        << Row->Name.str();
    std::optional<std::string> Spelt = optionSpelling(*Row, Given);
    ASSERT_TRUE(Spelt) << Row->Name.str();
    auto [Name, Text] = StringRef(*Spelt).split('=');
    EXPECT_EQ(Name, Row->Name);
    MergeOptions Read;
    std::optional<StringRef> ReadValue;
    if (StringRef(*Spelt).contains('='))
      ReadValue = Text;
    ASSERT_FALSE(errorToBool(setOption(*Row, Read, ReadValue)));
    EXPECT_EQ(fieldText(*Row, Read), fieldText(*Row, Given)) << *Spelt;
  }
}

const OptionRow &row(StringRef Name) {
  for (const OptionRow *Row : mergeOptionRows())
    if (Row->Name == Name)
      return *Row;
  ADD_FAILURE() << "no row " << Name.str();
  return *mergeOptionRows().front();
}

std::string errorOf(StringRef Name, std::optional<StringRef> Value) {
  MergeOptions Opts;
  Error E = setOption(row(Name), Opts, Value);
  EXPECT_EQ(fieldText(row(Name), Opts), fieldText(row(Name), MergeOptions()))
      << "a refused value changed the option";
  return E ? toString(std::move(E)) : "no error";
}

TEST(OptionRows, SwitchesReadAsLLVMBooleans) {
  const OptionRow &Similar = row("lto-merge-functions-similar");
  for (auto [Text, Expected] : {std::pair<const char *, bool>{"true", true},
                                {"TRUE", true},
                                {"True", true},
                                {"1", true},
                                {"false", false},
                                {"FALSE", false},
                                {"False", false},
                                {"0", false}}) {
    MergeOptions Opts;
    ASSERT_FALSE(errorToBool(setOption(Similar, Opts, StringRef(Text))));
    EXPECT_EQ(Opts.Similar.Enabled, std::optional<bool>(Expected)) << Text;
  }
  MergeOptions Alone;
  ASSERT_FALSE(errorToBool(setOption(Similar, Alone, std::nullopt)));
  EXPECT_EQ(Alone.Similar.Enabled, std::optional<bool>(true));
  EXPECT_EQ(errorOf("lto-merge-functions-similar", StringRef("maybe")),
            "-lto-merge-functions-similar=maybe: expected true or false");
}

TEST(OptionRows, NumbersMustReadAndLieInTheirRange) {
  EXPECT_EQ(errorOf("lto-merge-functions-similar-min-gain", StringRef("x")),
            "-lto-merge-functions-similar-min-gain=x: expected an integer");
  EXPECT_EQ(errorOf("lto-merge-functions-similar-min-gain", std::nullopt),
            "-lto-merge-functions-similar-min-gain=: expected an integer");
  EXPECT_EQ(
      errorOf("lto-merge-functions-hot-code-percentile", StringRef("0")),
      "-lto-merge-functions-hot-code-percentile=0: expected millionths from "
      "1 to 999999");
  EXPECT_EQ(
      errorOf("lto-merge-functions-size-codegen-budget", StringRef("-1")),
      "-lto-merge-functions-size-codegen-budget=-1: expected millionths from "
      "0 to 1000000");
  EXPECT_EQ(errorOf("lto-merge-functions-aligned-rounds", StringRef("two")),
            "-lto-merge-functions-aligned-rounds=two: expected a count from 0 "
            "to 4294967295");
  MergeOptions Hex;
  ASSERT_FALSE(errorToBool(setOption(
      row("lto-merge-functions-similar-min-gain"), Hex, StringRef("0x20"))));
  EXPECT_EQ(Hex.Similar.MinimumGain, 32);
}

} // namespace
