//===- LinkWithMergingTest.cpp - The decisions of one link with merging ---===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// linkWithMerging (LinkWithMerging.h) runs steps 3 to 5 of our ld.lld. Here
// lld is a stand-in that records what it is given and returns the exit code
// a test chooses, and the plugin is the one the build made: so each test
// watches one decision, which options reach lld, when the step before a
// ThinLTO link runs and what it leaves behind, how a bad input or a bad
// option is reported, without linking anything. The ThinLTO inputs are
// written as clang would write them for -flto=thin: bitcode with a module
// summary and a module hash.
//
//===----------------------------------------------------------------------===//

#include "TempDir.h"

#include "linkplugin/contract/Diagnostics.h"
#include "linkplugin/contract/LinkAddressList.h"
#include "linkplugin/contract/MergePlugin.h"
#include "linkplugin/driver/CrossModuleFolding.h"
#include "linkplugin/driver/LinkAddressScan.h"
#include "linkplugin/driver/LinkInputs.h"
#include "linkplugin/driver/LinkWithMerging.h"
#include "linkplugin/driver/MergeRequest.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ModuleSummaryAnalysis.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

using Strings = std::vector<std::string>;

bool contains(StringRef Text, StringRef Part) { return Text.contains(Part); }

/// One link: the request read from a command line, a stand-in for lld,
/// and what was printed.
struct Link {
  TempDir Dir;
  std::vector<std::string> Storage;
  MergeRequest Req;
  std::string Errors, Notes;
  raw_string_ostream ErrorStream{Errors}, NoteStream{Notes};
  Diagnostics Diag{ErrorStream, "ld.lld"};
  LinkEnvironment Env;
  /// What lld was given, each time it ran, and what it returns.
  std::vector<Strings> LldRuns;
  int LldExitCode = 0;
  /// Called while lld "runs".
  std::function<void()> DuringLld;

  Link() {
    Env.Self = Dir.path("bin/ld.lld");
    Env.PluginPath = LMF_TEST_PLUGIN;
    Env.Out = &NoteStream;
    Env.RunLld = [this](ArrayRef<const char *> Args,
                        BeforeLldRun BeforeEachRun) {
      BeforeEachRun(/*Quiet=*/false);
      LldRuns.emplace_back(Args.begin(), Args.end());
      if (DuringLld)
        DuringLld();
      return LldExitCode;
    };
  }

  /// Reads our options from Args, which name files in Dir by their plain
  /// names (`%` stands for Dir).
  void request(std::initializer_list<const char *> Args) {
    Storage.clear();
    for (StringRef A : Args) {
      std::string S = A.str();
      for (size_t At; (At = S.find('%')) != std::string::npos;)
        S.replace(At, 1, Dir.path());
      Storage.push_back(S);
    }
    std::vector<const char *> Argv;
    for (const std::string &S : Storage)
      Argv.push_back(S.c_str());
    Expected<MergeRequest> R = parseMergeRequest(Argv);
    ASSERT_TRUE(bool(R)) << toString(R.takeError());
    Req = std::move(*R);
    Diag.setWarningPolicy(Req.FatalWarnings, Req.NoWarnings);
  }

  int run() { return linkWithMerging(Req, Env, Diag); }
};

/// Writes IR as a ThinLTO object of Dir (clang -flto=thin -c).
std::string writeThinObject(const TempDir &Dir, StringRef Name, StringRef IR) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(
      (Twine("target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-"
             "i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n"
             "target triple = \"x86_64-unknown-linux-gnu\"\n") +
       IR)
          .str(),
      Err, Ctx);
  EXPECT_TRUE(M) << Err.getMessage().str();
  if (!M)
    return "";
  ProfileSummaryInfo PSI(*M);
  ModuleSummaryIndex Index = buildModuleSummaryIndex(*M, nullptr, &PSI);
  std::string Path = Dir.path(Name);
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  EXPECT_FALSE(EC) << EC.message();
  WriteBitcodeToFile(*M, OS, /*ShouldPreserveUseListOrder=*/false, &Index,
                     /*GenerateHash=*/true);
  return Path;
}

/// A `static` helper and its caller; Tag tells the modules' names apart,
/// Add their callers' bodies.
std::string staticTwin(StringRef Tag, int Add) {
  return (Twine("define internal i32 @helper_") + Tag +
          "(i32 %x) local_unnamed_addr noinline {\n"
          "  %m = mul i32 %x, 7\n  %a = add i32 %m, 3\n"
          "  %s = shl i32 %a, 2\n  %r = xor i32 %s, %x\n  ret i32 %r\n}\n"
          "define i32 @use_" +
          Tag + "(i32 %x) noinline {\n  %r = call i32 @helper_" + Tag +
          "(i32 %x)\n  %s = add i32 %r, " + Twine(Add) + "\n  ret i32 %s\n}\n")
      .str();
}

/// Two ThinLTO objects, a.o and b.o, whose static helpers are twins.
void writeTwinObjects(const TempDir &Dir) {
  writeThinObject(Dir, "a.o", staticTwin("a", 1));
  writeThinObject(Dir, "b.o", staticTwin("b", 2));
}

bool hasArgument(const Strings &Args, StringRef A) {
  return llvm::is_contained(Args, A.str());
}

//===-- Step 3: what fails before lld runs --------------------------------===//

TEST(LinkWithMerging, ReportThatCannotBeWrittenStopsTheLinkBeforeLld) {
  Link L;
  L.request({"--lto-merge-functions",
             "--lto-merge-functions-report=%/missing/report.json", "x.o", "-o",
             "%/prog"});
  EXPECT_EQ(L.run(), 1);
  EXPECT_TRUE(L.LldRuns.empty());
  EXPECT_TRUE(contains(L.Errors, "ld.lld: error: cannot write merge report"))
      << L.Errors;
  EXPECT_TRUE(contains(L.Errors, "missing' does not exist")) << L.Errors;
}

TEST(LinkWithMerging, MissingPluginStopsTheLinkBeforeLld) {
  Link L;
  L.Env.PluginPath = L.Dir.path("lib/LTOMergeFunctions.so");
  L.request({"--lto-merge-functions", "x.o", "-o", "%/prog"});
  EXPECT_EQ(L.run(), 1);
  EXPECT_TRUE(L.LldRuns.empty());
  EXPECT_TRUE(contains(L.Errors, "ld.lld: error: cannot find the merge "
                                 "plugin '" +
                                     L.Env.PluginPath + "'"))
      << L.Errors;
}

TEST(LinkWithMerging, FileThatIsNotAPluginStopsTheLinkBeforeLld) {
  Link L;
  L.Env.PluginPath = L.Dir.write("not-a-plugin.so", "text, not ELF");
  L.request({"--lto-merge-functions", "x.o", "-o", "%/prog"});
  EXPECT_EQ(L.run(), 1);
  EXPECT_TRUE(L.LldRuns.empty());
  EXPECT_TRUE(contains(L.Errors, "ld.lld: error: cannot load the merge "
                                 "plugin"))
      << L.Errors;
}

//===-- Step 4: what lld is given -----------------------------------------===//

TEST(LinkWithMerging, LldGetsTheUsersArgumentsThenOurs) {
  Link L;
  L.request({"--lto-merge-functions=all", "--print-merged-functions",
             "--gc-sections", "x.o", "-o", "%/prog"});
  L.run();
  ASSERT_EQ(L.LldRuns.size(), 1u);
  EXPECT_EQ(L.LldRuns[0],
            Strings({"--gc-sections", "x.o", "-o", L.Dir.path("prog"),
                     "--load-pass-plugin=" + L.Env.PluginPath, "-mllvm",
                     "-lto-merge-functions-mode=all", "-mllvm",
                     "-lto-merge-functions-print"}));
}

TEST(LinkWithMerging, DistributedBackendsRunOurProgramsBehindTheUsers) {
  Link L;
  L.request({"--lto-merge-functions", "--thinlto-distributor=farm.py",
             "--thinlto-distributor-arg=--queue=q", "x.o", "-o", "%/prog"});
  EXPECT_EQ(L.run(), 0);
  ASSERT_EQ(L.LldRuns.size(), 1u);
  const Strings &Args = L.LldRuns[0];
  EXPECT_FALSE(hasArgument(Args, "--thinlto-distributor=farm.py"));
  EXPECT_EQ(llvm::count(Args, "--thinlto-distributor-arg=--queue=q"), 1);
  std::string Wrapper =
      siblingProgramPath(L.Env.Self.c_str(), "lmf-thinlto-distribute");
  EXPECT_TRUE(hasArgument(Args, "--thinlto-distributor=" + Wrapper));
  // The user's distributor and its argument follow ours, after `--`.
  auto At = llvm::find(Args, "--thinlto-distributor-arg=--");
  ASSERT_NE(At, Args.end());
  ASSERT_LT(At + 2, Args.end());
  EXPECT_EQ(At[1], "--thinlto-distributor-arg=farm.py");
  EXPECT_EQ(At[2], "--thinlto-distributor-arg=--queue=q");
  EXPECT_TRUE(hasArgument(
      Args, "--thinlto-remote-compiler=" +
                siblingProgramPath(L.Env.Self.c_str(), "lmf-thinlto-backend")));
}

TEST(LldLinkArguments, RewrittenInputsReplaceTheirOriginals) {
  Link L;
  L.request({"--lto-merge-functions", "a.o", "b.o", "c.o", "-o", "prog"});
  CrossModuleOutcome Rewritten;
  // b.o is the second of lld's arguments.
  ASSERT_STREQ(L.Req.LldArgs[1], "b.o");
  Rewritten.Replacements = {{1, "prog.lmf-modules/1.o"}};
  Strings Ours = {"--ours"};
  std::vector<const char *> Args = lldLinkArguments(L.Req, &Rewritten, Ours);
  EXPECT_EQ(
      Strings(Args.begin(), Args.end()),
      Strings({"a.o", "prog.lmf-modules/1.o", "c.o", "-o", "prog", "--ours"}));
  Args = lldLinkArguments(L.Req, nullptr, {});
  EXPECT_EQ(Strings(Args.begin(), Args.end()),
            Strings({"a.o", "b.o", "c.o", "-o", "prog"}));
}

//===-- Step 5: after lld -------------------------------------------------===//

TEST(LinkWithMerging, LldsFailureIsTheLinksExitCode) {
  Link L;
  L.LldExitCode = 3;
  L.request({"--lto-merge-functions", "x.o", "-o", "%/prog"});
  EXPECT_EQ(L.run(), 3);
  // A failed link says nothing about what was merged.
  EXPECT_FALSE(contains(L.Errors, "nothing to merge")) << L.Errors;
}

TEST(LinkWithMerging, LinkWithoutLtoModuleIsAWarning) {
  Link L;
  L.request({"--lto-merge-functions", "x.o", "-o", "%/prog"});
  EXPECT_EQ(L.run(), 0);
  EXPECT_EQ(L.Errors, "ld.lld: warning: --lto-merge-functions: no LTO module "
                      "in this link, nothing to merge (compile with -flto or "
                      "-flto=thin to merge)\n");
}

TEST(LinkWithMerging, LinkWithoutLtoModuleFailsUnderFatalWarnings) {
  Link L;
  std::string Output = L.Dir.path("prog");
  L.DuringLld = [&] { L.Dir.write("prog", "an executable"); };
  L.request(
      {"--lto-merge-functions", "--fatal-warnings", "x.o", "-o", "%/prog"});
  EXPECT_EQ(L.run(), 1);
  EXPECT_TRUE(contains(L.Errors, "ld.lld: error: --lto-merge-functions: no "
                                 "LTO module in this link"))
      << L.Errors;
  // As lld does for its own fatal warnings: no output is left.
  EXPECT_FALSE(sys::fs::exists(Output));
}

//===-- Step 3b: the list of address-free functions -----------------------===//

TEST(WriteLinkAddressFacts, ListedInSafeModeNextToTheOutput) {
  Link L;
  L.request({"--lto-merge-functions", "-v", "-o", "%/prog"});
  LinkAddressScan Scan;
  Scan.ThinModules = 2;
  Scan.AddressFree = {11, 22};
  std::string Path =
      writeLinkAddressFacts(L.Req, Scan, 0.0, L.Diag, L.NoteStream);
  EXPECT_EQ(Path, L.Dir.path("prog.lmf-address-free"));
  EXPECT_TRUE(sys::fs::exists(Path));
  EXPECT_TRUE(contains(L.Notes, "lto-merge-functions: 2 functions' addresses "
                                "unused in 2 ThinLTO modules"))
      << L.Notes;
}

TEST(WriteLinkAddressFacts, InModeAllOnlyTheComparedFunctions) {
  Link L;
  L.request({"--lto-merge-functions=all", "-v", "-o", "%/prog"});
  LinkAddressScan Scan;
  Scan.ThinModules = 2;
  Scan.AddressFree = {11, 22};
  Scan.Compared = {33};
  std::string Path =
      writeLinkAddressFacts(L.Req, Scan, 0.0, L.Diag, L.NoteStream);
  ASSERT_EQ(Path, L.Dir.path("prog.lmf-address-free"));
  // Every address is free in that mode; the backends still must not give
  // a compared function its twin's address.
  Expected<LinkAddressLists> Lists = readLinkAddressList(Path);
  if (!Lists)
    FAIL() << toString(Lists.takeError());
  EXPECT_FALSE(Lists->Free.has_value());
  EXPECT_EQ(Lists->Compared, DenseSet<uint64_t>({33}));
  EXPECT_EQ(L.Notes, "lto-merge-functions: 1 functions' addresses a backend "
                     "may compare (referred to by code, or predicted targets "
                     "of profiled calls)\n");
}

TEST(WriteLinkAddressFacts, ComparedOnlyWhenTheInputsDoNotSayWhatIsFree) {
  Link L;
  L.request({"--lto-merge-functions", "-v", "-o", "%/prog"});
  LinkAddressScan Scan;
  Scan.ThinModules = 2;
  Scan.Unknown = "-shared exports symbols";
  Scan.AddressFree = {11};
  Scan.Compared = {33, 44};
  std::string Path =
      writeLinkAddressFacts(L.Req, Scan, 0.0, L.Diag, L.NoteStream);
  ASSERT_EQ(Path, L.Dir.path("prog.lmf-address-free"));
  Expected<LinkAddressLists> Lists = readLinkAddressList(Path);
  if (!Lists)
    FAIL() << toString(Lists.takeError());
  EXPECT_FALSE(Lists->Free.has_value());
  EXPECT_EQ(Lists->Compared, DenseSet<uint64_t>({33, 44}));
  EXPECT_TRUE(contains(L.Notes, "lto-merge-functions: no list of "
                                "address-free functions: -shared exports "
                                "symbols\n"))
      << L.Notes;
}

TEST(WriteLinkAddressFacts, NoneWithoutSummariesOrThinLTOModules) {
  Link L;
  L.request({"--lto-merge-functions", "-v", "-o", "%/prog"});
  LinkAddressScan Scan;
  Scan.ThinModules = 2;
  Scan.Unknown = Scan.ComparedUnknown = "'x.o' has bitcode without a module "
                                        "summary";
  EXPECT_EQ(writeLinkAddressFacts(L.Req, Scan, 0.0, L.Diag, L.NoteStream), "");
  EXPECT_EQ(L.Notes, "lto-merge-functions: no list of the link's function "
                     "addresses: 'x.o' has bitcode without a module "
                     "summary\n");

  L.Notes.clear();
  Scan.Unknown.clear();
  Scan.ComparedUnknown.clear();
  Scan.ThinModules = 0;
  Scan.AddressFree = {11};
  EXPECT_EQ(writeLinkAddressFacts(L.Req, Scan, 0.0, L.Diag, L.NoteStream), "");
  EXPECT_EQ(L.Notes, "lto-merge-functions: no list of the link's function "
                     "addresses: no ThinLTO module\n");
  EXPECT_FALSE(sys::fs::exists(L.Dir.path("prog.lmf-address-free")));
}

TEST(WriteLinkAddressFacts, QuietWithoutVerbose) {
  Link L;
  L.request({"--lto-merge-functions", "-o", "%/prog"});
  LinkAddressScan Scan;
  Scan.Unknown = "-shared exports symbols";
  EXPECT_EQ(writeLinkAddressFacts(L.Req, Scan, 0.0, L.Diag, L.NoteStream), "");
  EXPECT_EQ(L.Notes, "");
}

//===-- Step 3c: when twins are folded across modules ---------------------===//

TEST(WhyNoCrossModuleFolding, RunsForTwoReadableThinModules) {
  Link L;
  L.request({"--lto-merge-functions", "a.o", "b.o"});
  LinkInputs Inputs;
  Inputs.ThinModules = 2;
  EXPECT_EQ(whyNoCrossModuleFolding(L.Req, Inputs), "");
}

TEST(WhyNoCrossModuleFolding, EachReasonNotTo) {
  LinkInputs Two;
  Two.ThinModules = 2;
  struct Case {
    std::initializer_list<const char *> Args;
    std::string Why;
  };
  for (const Case &C : std::initializer_list<Case>{
           {{"--lto-merge-functions", "--no-lto-merge-functions-across-modules",
             "a.o", "b.o"},
            "turned off"},
           {{"--lto-merge-functions", "-r", "a.o", "b.o"},
            "a relocatable output (-r) may be linked again with other "
            "objects"},
           {{"--lto-merge-functions", "--wrap=malloc", "a.o", "b.o"},
            "--wrap renames symbols"},
           {{"--lto-merge-functions", "--thinlto-index-only", "a.o", "b.o"},
            "--thinlto-index-only hands the inputs' own paths to a "
            "distributed build"}}) {
    Link L;
    L.request(C.Args);
    EXPECT_EQ(whyNoCrossModuleFolding(L.Req, Two), C.Why);
  }

  Link L;
  L.request({"--lto-merge-functions", "a.o"});
  LinkInputs One;
  One.ThinModules = 1;
  EXPECT_EQ(whyNoCrossModuleFolding(L.Req, One),
            "fewer than two ThinLTO modules");
  LinkInputs Unreadable;
  Unreadable.ThinModules = 2;
  Unreadable.Unreadable = "cannot read 'c.o'";
  EXPECT_EQ(whyNoCrossModuleFolding(L.Req, Unreadable), "cannot read 'c.o'");
}

TEST(LinkWithMerging, TwinsAcrossModulesReachLldAsRewrittenFiles) {
  Link L;
  writeTwinObjects(L.Dir);
  std::string Modules = L.Dir.path("prog.lmf-modules");
  bool ModulesDuringLld = false;
  L.DuringLld = [&] { ModulesDuringLld = sys::fs::is_directory(Modules); };
  L.request({"--lto-merge-functions", "-v", "--print-merged-functions", "%/a.o",
             "%/b.o", "-o", "%/prog"});
  EXPECT_EQ(L.run(), 0);
  ASSERT_EQ(L.LldRuns.size(), 1u);
  const Strings &Args = L.LldRuns[0];
  // Neither original reaches lld: both modules were rewritten, and their
  // rewritten files stand where they stood, after -v.
  EXPECT_FALSE(hasArgument(Args, L.Dir.path("a.o")));
  EXPECT_FALSE(hasArgument(Args, L.Dir.path("b.o")));
  ASSERT_GE(Args.size(), 3u);
  EXPECT_EQ(Args[0], "-v");
  EXPECT_TRUE(StringRef(Args[1]).starts_with(Modules)) << Args[1];
  EXPECT_TRUE(StringRef(Args[2]).starts_with(Modules)) << Args[2];
  EXPECT_NE(Args[1], Args[2]);
  EXPECT_TRUE(ModulesDuringLld);
  // Removed once lld is done.
  EXPECT_FALSE(sys::fs::exists(Modules));
  EXPECT_TRUE(contains(L.Notes, "lto-merge-functions: across modules: 2 "
                                "functions in 1 classes folded, 0 in 0 "
                                "similar classes merged, 2 of 2 modules "
                                "rewritten"))
      << L.Notes;
  EXPECT_TRUE(contains(L.Notes, "removing identical function helper_a in " +
                                    L.Dir.path("a.o") + " (erased)"))
      << L.Notes;
}

TEST(LinkWithMerging, RewrittenModulesStayWithSaveTemps) {
  Link L;
  writeTwinObjects(L.Dir);
  L.request({"--lto-merge-functions", "--save-temps", "%/a.o", "%/b.o", "-o",
             "%/prog"});
  EXPECT_EQ(L.run(), 0);
  EXPECT_TRUE(sys::fs::is_directory(L.Dir.path("prog.lmf-modules")));
}

TEST(LinkWithMerging, InputsStayAsGivenWhenFoldingAcrossModulesIsOff) {
  Link L;
  writeTwinObjects(L.Dir);
  L.request({"--lto-merge-functions", "-v",
             "--no-lto-merge-functions-across-modules", "%/a.o", "%/b.o", "-o",
             "%/prog"});
  EXPECT_EQ(L.run(), 0);
  ASSERT_EQ(L.LldRuns.size(), 1u);
  EXPECT_EQ(L.LldRuns[0][1], L.Dir.path("a.o"));
  EXPECT_EQ(L.LldRuns[0][2], L.Dir.path("b.o"));
  EXPECT_TRUE(contains(L.Notes, "lto-merge-functions: no folding across "
                                "modules: turned off\n"))
      << L.Notes;
}

TEST(LinkWithMerging, DamagedInputIsLeftToLld) {
  Link L;
  writeTwinObjects(L.Dir);
  // A bitcode file cut short: lld reads the inputs again and names it.
  ErrorOr<std::unique_ptr<MemoryBuffer>> A =
      MemoryBuffer::getFile(L.Dir.path("a.o"));
  ASSERT_TRUE(bool(A));
  L.Dir.write("a.o", (*A)->getBuffer().take_front((*A)->getBufferSize() / 2));
  L.request({"--lto-merge-functions", "-v", "%/a.o", "%/b.o", "-o", "%/prog"});
  L.LldExitCode = 1;
  EXPECT_EQ(L.run(), 1);
  ASSERT_EQ(L.LldRuns.size(), 1u);
  EXPECT_EQ(L.LldRuns[0][1], L.Dir.path("a.o"));
  EXPECT_EQ(L.LldRuns[0][2], L.Dir.path("b.o"));
  // Our part is a note, not an error of ours: lld's error names the file.
  EXPECT_EQ(L.Errors, "");
  EXPECT_TRUE(contains(L.Notes, "lto-merge-functions: no folding across "
                                "modules: cannot read the bitcode of '" +
                                    L.Dir.path("a.o") + "'\n"))
      << L.Notes;
}

//===-- Without merging ---------------------------------------------------===//

TEST(IdleOptionWarnings, OurOptionsThatDoNothingWithoutMerging) {
  Link L;
  L.request({"--lto-merge-similar-functions", "--lto-merge-functions-report=r",
             "--print-merged-functions", "x.o"});
  EXPECT_EQ(idleOptionWarnings(L.Req),
            Strings({"--lto-merge-similar-functions has no effect without "
                     "--lto-merge-functions",
                     "--lto-merge-functions-report has no effect without "
                     "--lto-merge-functions",
                     "--print-merged-functions has no effect without "
                     "--lto-merge-functions"}));
  // Turning similar merging off asks for nothing.
  L.request({"--no-lto-merge-similar-functions", "x.o"});
  EXPECT_EQ(idleOptionWarnings(L.Req), Strings());
  L.request({"--lto-merge-functions", "--lto-merge-similar-functions",
             "--print-merged-functions", "x.o"});
  EXPECT_EQ(idleOptionWarnings(L.Req), Strings());
}

} // namespace
