//===- LldCommandLineTest.cpp - The command line, read as lld reads it ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The classifier must read every argument the way lld's ELF driver will:
// these tests pin down that it is lld's own option table that decides (an
// option's kind sets how many arguments it takes, aliases resolve to lld's
// names, unknown options stay unknown), that our options are recognised
// before the table can misread them, that option values are never taken
// for options, and that every argument belongs to exactly one item.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LldCommandLine.h"

#include "llvm/ADT/StringExtras.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace llvm;
using namespace lmf;

namespace {

using Kind = CommandLineItem::ItemKind;

/// A classified command line that owns its arguments.
class Classified {
public:
  Classified(std::vector<const char *> Arguments)
      : Args(std::move(Arguments)), Line(LldCommandLine::classify(Args)) {}
  ArrayRef<CommandLineItem> items() const { return Line.items(); }
  /// The only item of a one-option command line.
  const CommandLineItem &only() const {
    EXPECT_EQ(items().size(), 1u);
    return items().front();
  }

private:
  std::vector<const char *> Args;
  LldCommandLine Line;
};

/// Args is one option of lld's, named Name, with Value, over Count
/// arguments.
void expectLld(std::vector<const char *> Args, StringRef Name, StringRef Value,
               unsigned Count) {
  std::string Text = join(Args, " ");
  Classified Line(std::move(Args));
  const CommandLineItem &Item = Line.only();
  EXPECT_EQ(Item.Kind, Kind::LldOption) << Text;
  EXPECT_EQ(Item.Name, Name) << Text;
  EXPECT_EQ(Item.value(), Value) << Text;
  EXPECT_EQ(Item.Count, Count) << Text;
  EXPECT_FALSE(Item.MissingValue) << Text;
}

// lld's table, not a list of ours: --soname is Separate (two arguments) or
// Joined with `=` (one).
TEST(LldCommandLine, SeparateOptionTakesTheNextArgument) {
  expectLld({"-soname", "foo"}, "soname", "foo", 2);
  expectLld({"--soname", "foo"}, "soname", "foo", 2);
}

TEST(LldCommandLine, EqOptionTakesOneArgument) {
  expectLld({"--soname=foo"}, "soname", "foo", 1);
  expectLld({"-soname=foo"}, "soname", "foo", 1);
}

// -o is JoinedOrSeparate; --output and --output= are its aliases.
TEST(LldCommandLine, JoinedOrSeparateAndAliases) {
  expectLld({"-ofile"}, "o", "file", 1);
  expectLld({"-o", "file"}, "o", "file", 2);
  expectLld({"--output", "file"}, "o", "file", 2);
  expectLld({"--output=file"}, "o", "file", 1);
}

// Option names match by longest prefix: -lfoo is -l foo, -L/dir is -L /dir.
TEST(LldCommandLine, LibrariesAndSearchDirectories) {
  expectLld({"-lfoo"}, "l", "foo", 1);
  expectLld({"-l", "foo"}, "l", "foo", 2);
  expectLld({"-l:libx.a"}, "l", ":libx.a", 1);
  expectLld({"--library=foo"}, "l", "foo", 1);
  expectLld({"-L/dir"}, "L", "/dir", 1);
  expectLld({"-L", "/dir"}, "L", "/dir", 2);
  expectLld({"--library-path=/dir"}, "L", "/dir", 1);
  expectLld({"--sysroot=/s"}, "sysroot", "/s", 1);
}

TEST(LldCommandLine, FlagAliasesResolveToLldsName) {
  expectLld({"-static"}, "Bstatic", "", 1);
  expectLld({"-dn"}, "Bstatic", "", 1);
  expectLld({"-dy"}, "Bdynamic", "", 1);
  expectLld({"-V"}, "v", "", 1);
  expectLld({"-w"}, "no-warnings", "", 1);
  expectLld({"-help"}, "help", "", 1);
  expectLld({"--help"}, "help", "", 1);
}

TEST(LldCommandLine, UnknownOptionIsUnknown) {
  Classified Line({"--no-such-option"});
  const CommandLineItem &Item = Line.only();
  EXPECT_EQ(Item.Kind, Kind::UnknownOption);
  EXPECT_EQ(Item.value(), "--no-such-option");
  EXPECT_EQ(Item.Count, 1u);
}

TEST(LldCommandLine, InputsAreInputs) {
  Classified Line({"a.o", "-", ""});
  ArrayRef<CommandLineItem> Items = Line.items();
  ASSERT_EQ(Items.size(), 3u);
  for (const CommandLineItem &Item : Items)
    EXPECT_EQ(Item.Kind, Kind::Input);
  EXPECT_EQ(Items[0].value(), "a.o");
  EXPECT_EQ(Items[1].value(), "-");
  EXPECT_EQ(Items[2].value(), "");
}

// lld's table would read `-lto-merge-functions` as `-l to-merge-functions`;
// ours are recognised first.
TEST(LldCommandLine, OursBeforeLldsTable) {
  expectLld({"-lto-mergefunctions"}, "l", "to-mergefunctions", 1);
  for (const char *Arg : {"-lto-merge-functions", "--lto-merge-functions"}) {
    Classified Line({Arg});
    const CommandLineItem &Item = Line.only();
    EXPECT_EQ(Item.Kind, Kind::OurOption) << Arg;
    ASSERT_NE(Item.Ours.Option, nullptr) << Arg;
    EXPECT_EQ(Item.Ours.Option->ID, LinkerOptionID::Merge);
  }
}

TEST(LldCommandLine, OurReportPathJoinedOrSeparate) {
  Classified JoinedLine({"--lto-merge-functions-report=r.json"});
  const CommandLineItem &Joined = JoinedLine.only();
  EXPECT_EQ(Joined.Kind, Kind::OurOption);
  EXPECT_EQ(Joined.value(), "r.json");
  EXPECT_EQ(Joined.Count, 1u);
  Classified SeparateLine({"--lto-merge-functions-report", "r.json"});
  const CommandLineItem &Separate = SeparateLine.only();
  EXPECT_EQ(Separate.value(), "r.json");
  EXPECT_EQ(Separate.Count, 2u);
  Classified MissingLine({"--lto-merge-functions-report"});
  const CommandLineItem &Missing = MissingLine.only();
  EXPECT_TRUE(Missing.MissingValue);
  EXPECT_TRUE(Missing.Values.empty());
}

TEST(LldCommandLine, MisspellingInOurNamespaceIsOurs) {
  Classified Line({"--lto-merge-functions-reprot=r.json"});
  const CommandLineItem &Item = Line.only();
  EXPECT_EQ(Item.Kind, Kind::OurOption);
  EXPECT_EQ(Item.Ours.Option, nullptr);
  EXPECT_EQ(Item.Count, 1u);
}

// The plugin's cl::opts are named like our options; as values they are
// lld's.
TEST(LldCommandLine, OptionValuesAreNeverOptions) {
  expectLld({"-mllvm", "-lto-merge-functions-mode=all"}, "mllvm",
            "-lto-merge-functions-mode=all", 2);
  expectLld({"-soname", "--lto-merge-functions"}, "soname",
            "--lto-merge-functions", 2);
  expectLld({"-o", "--print-merged-functions"}, "o", "--print-merged-functions",
            2);
}

// lld joins `--plugin-opt X` into `--plugin-opt=X` before parsing.
TEST(LldCommandLine, SeparatePluginOptIsJoinedAsLldJoinsIt) {
  Classified Line({"--plugin-opt", "-lto-merge-functions-print"});
  const CommandLineItem &Item = Line.only();
  EXPECT_EQ(Item.Kind, Kind::LldOption);
  EXPECT_EQ(Item.Count, 2u);
  EXPECT_EQ(Item.Index, 0u);
  Classified JoinedLine({"--plugin-opt=-lto-merge-functions-print"});
  const CommandLineItem &Joined = JoinedLine.only();
  EXPECT_EQ(Item.Name, Joined.Name);
  EXPECT_EQ(Item.Values, Joined.Values);
  // `--plugin-opt=O2` is lld's alias of --lto-O2.
  expectLld({"-plugin-opt", "O2"}, "lto-O", "2", 2);
}

TEST(LldCommandLine, MissingValueAtTheEnd) {
  Classified Line({"a.o", "-soname"});
  ArrayRef<CommandLineItem> Items = Line.items();
  ASSERT_EQ(Items.size(), 2u);
  EXPECT_EQ(Items[1].Kind, Kind::LldOption);
  EXPECT_TRUE(Items[1].MissingValue);
  EXPECT_EQ(Items[1].Index, 1u);
  EXPECT_EQ(Items[1].Count, 1u);
}

TEST(LldCommandLine, EveryArgumentInExactlyOneItem) {
  std::vector<const char *> Args = {"a.o",
                                    "-o",
                                    "out",
                                    "--lto-merge-functions",
                                    "-L",
                                    "/d",
                                    "-lfoo",
                                    "--lto-merge-functions-report",
                                    "r.json",
                                    "-mllvm",
                                    "-x",
                                    "--plugin-opt",
                                    "O3",
                                    "--no-such",
                                    "-soname",
                                    "s",
                                    "--gc-sections",
                                    "b.o",
                                    "-z"};
  LldCommandLine CommandLine = LldCommandLine::classify(Args);
  unsigned Next = 0;
  for (const CommandLineItem &Item : CommandLine.items()) {
    EXPECT_EQ(Item.Index, Next);
    EXPECT_GE(Item.Count, 1u);
    EXPECT_EQ(CommandLine.arguments(Item).data(), Args.data() + Item.Index);
    Next += Item.Count;
  }
  EXPECT_EQ(Next, Args.size());
  EXPECT_EQ(CommandLine.items().size(), 13u);
}

TEST(LldCommandLine, LastValueOfAnLldOption) {
  std::vector<const char *> Args = {"--rsp-quoting=windows", "a.o",
                                    "--rsp-quoting", "posix"};
  LldCommandLine CommandLine = LldCommandLine::classify(Args);
  EXPECT_EQ(CommandLine.lastValue("rsp-quoting"),
            std::optional<StringRef>("posix"));
  EXPECT_EQ(CommandLine.lastValue("soname"), std::nullopt);
}

} // namespace
