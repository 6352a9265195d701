//===- ThinLTOInputsTest.cpp - Which inputs are ThinLTO bitcode -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Before a merging link the driver names the ThinLTO inputs, whose
// functions the merger never sees. It must find them where lld finds them:
// plain inputs, archives named by `-l` in the `-L` directories (a shared
// library first in line hides the archive unless -Bstatic is in effect),
// `-l:file`, `=` and `$SYSROOT` under --sysroot; and it must not take the
// value of an option for an input. The files are real: bitcode with and
// without a summary, written by LLVM's bitcode writer, and archives.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/ThinLTOInputs.h"

#include "TempDir.h"

#include "llvm/Analysis/ModuleSummaryAnalysis.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSummaryIndex.h"
#include "llvm/Object/ArchiveWriter.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

using Strings = std::vector<std::string>;

enum class Bitcode { Full, Thin, UnifiedThin };

/// Writes a bitcode module of the given LTO kind; returns its path.
std::string writeBitcode(const TempDir &Dir, StringRef Name, Bitcode Kind) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(
      "define i32 @f(i32 %x) {\n  ret i32 %x\n}\n", Err, Ctx);
  EXPECT_TRUE(M) << Err.getMessage().str();
  std::string Path = Dir.path(Name);
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  EXPECT_FALSE(EC) << EC.message();
  if (Kind == Bitcode::Full) {
    WriteBitcodeToFile(*M, OS);
    return Path;
  }
  ProfileSummaryInfo PSI(*M);
  ModuleSummaryIndex Index = buildModuleSummaryIndex(*M, nullptr, &PSI);
  if (Kind == Bitcode::UnifiedThin)
    Index.setUnifiedLTO();
  WriteBitcodeToFile(*M, OS, /*ShouldPreserveUseListOrder=*/false, &Index);
  return Path;
}

/// Writes an archive of Members (paths); returns its path.
std::string writeArchive(const TempDir &Dir, const Twine &Name,
                         ArrayRef<std::string> Members) {
  std::vector<NewArchiveMember> New;
  for (const std::string &Member : Members) {
    Expected<NewArchiveMember> M =
        NewArchiveMember::getFile(Member, /*Deterministic=*/true);
    if (!M) {
      ADD_FAILURE() << toString(M.takeError());
      continue;
    }
    M->MemberName = sys::path::filename(Member); // as `ar` names it
    New.push_back(std::move(*M));
  }
  std::string Path = Dir.path(Name);
  EXPECT_FALSE(bool(llvm::writeArchive(
      Path, New, SymtabWritingMode::NormalSymtab, object::Archive::K_GNU,
      /*Deterministic=*/true,
      /*Thin=*/false)));
  return Path;
}

Strings find(std::vector<std::string> Args) {
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  return findThinLTOInputs(Argv);
}

/// A directory with full and ThinLTO objects and libraries of both.
class ThinLTOInputs : public testing::Test {
protected:
  void SetUp() override {
    Full = writeBitcode(Dir, "full.o", Bitcode::Full);
    Thin = writeBitcode(Dir, "thin.o", Bitcode::Thin);
    Native = Dir.write("native.o", "not bitcode");
    Lib = Dir.makeDir("lib");
    writeArchive(Dir, "lib/libthin.a", {Thin, Full});
    writeArchive(Dir, "lib/libfull.a", {Full});
  }

  TempDir Dir;
  std::string Full, Thin, Native, Lib;
};

TEST_F(ThinLTOInputs, PlainInputs) {
  EXPECT_EQ(find({Full, Native}), Strings());
  EXPECT_EQ(find({Full, Thin, Native}), Strings({Thin}));
}

TEST_F(ThinLTOInputs, ReportedOnceAndUnreadableSkipped) {
  EXPECT_EQ(find({Thin, Thin, Dir.path("missing.o"), "-"}), Strings({Thin}));
}

TEST_F(ThinLTOInputs, ArchiveMembersThroughMinusL) {
  Strings Expected = {Lib + "/libthin.a(thin.o)"};
  EXPECT_EQ(find({"-L", Lib, "-lthin", "-lfull"}), Expected);
  EXPECT_EQ(find({"-L" + Lib, "-l", "thin"}), Expected);
  EXPECT_EQ(find({"--library-path=" + Lib, "--library=thin"}), Expected);
  EXPECT_EQ(find({"-L", Lib, "-l:libthin.a"}), Expected);
  // lld searches every -L for every -l, wherever it is.
  EXPECT_EQ(find({"-lthin", "-L", Lib}), Expected);
  EXPECT_EQ(find({Dir.path("lib/libthin.a")}), Expected);
}

TEST_F(ThinLTOInputs, SharedLibraryHidesTheArchiveUnlessStatic) {
  Dir.write("lib/libthin.so", "a shared library");
  Strings Expected = {Lib + "/libthin.a(thin.o)"};
  EXPECT_EQ(find({"-L", Lib, "-lthin"}), Strings());
  EXPECT_EQ(find({"-L", Lib, "-Bstatic", "-lthin"}), Expected);
  EXPECT_EQ(find({"-L", Lib, "-static", "-lthin"}), Expected);
  EXPECT_EQ(find({"-L", Lib, "-Bstatic", "-Bdynamic", "-lthin"}), Strings());
  EXPECT_EQ(find({"-L", Lib, "-lthin", "-Bstatic"}), Strings());
  // `-l:` names the file itself.
  EXPECT_EQ(find({"-L", Lib, "-l:libthin.a"}), Expected);
}

TEST_F(ThinLTOInputs, SysrootPrefixes) {
  Strings Expected = {Lib + "/libthin.a(thin.o)"};
  EXPECT_EQ(find({"--sysroot", Dir.path(), "-L=/lib", "-lthin"}), Expected);
  EXPECT_EQ(find({"--sysroot=" + Dir.path(), "-L$SYSROOT/lib", "-lthin"}),
            Expected);
  EXPECT_EQ(find({"-L=/lib", "-lthin"}), Strings());
}

TEST_F(ThinLTOInputs, OptionValuesAreNotInputs) {
  EXPECT_EQ(find({"-soname", Thin, "-o", Thin, "--version-script", Thin,
                  "-mllvm", Thin, Full}),
            Strings());
  EXPECT_EQ(find({"-T", Thin, "--lto-merge-functions-report", Thin}),
            Strings());
}

TEST_F(ThinLTOInputs, UnifiedLTOFollowsTheLastLtoOption) {
  std::string Unified = writeBitcode(Dir, "unified.o", Bitcode::UnifiedThin);
  EXPECT_EQ(find({Unified}), Strings({Unified}));
  EXPECT_EQ(find({"--lto=full", Unified}), Strings());
  EXPECT_EQ(find({"--lto=full", "--lto=thin", Unified}), Strings({Unified}));
  // Plain ThinLTO bitcode stays ThinLTO.
  EXPECT_EQ(find({"--lto=full", Thin}), Strings({Thin}));
}

} // namespace
