//===- ResponseFilesTest.cpp - @file expansion as lld does it -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Our options may sit in response files, so the driver expands them before
// reading the command line, with lld's rules: recursively, GNU quoting
// unless the last --rsp-quoting (read as lld reads it, from the unexpanded
// command line) says windows, and a file that cannot be read left as it
// is, for lld to report. A command line that cannot be expanded (a file
// that includes itself) is an error that the driver leaves to lld to
// print: the expansion prints nothing and leaves the arguments as they are.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/ResponseFiles.h"

#include "TempDir.h"

#include "llvm/Support/StringSaver.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

using Strings = std::vector<std::string>;

Strings expand(std::vector<std::string> Args) {
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 16> Argv;
  for (const std::string &A : Args)
    Argv.push_back(Saver.save(A).data());
  if (Error E = expandLinkerResponseFiles(Argv, Saver))
    ADD_FAILURE() << toString(std::move(E));
  return Strings(Argv.begin(), Argv.end());
}

TEST(ResponseFiles, GnuQuotingAndNesting) {
  TempDir Dir;
  std::string Inner = Dir.write("inner.rsp", "--print-merged-functions\n");
  Dir.write("outer.rsp", "--lto-merge-functions=all\n"
                         "\"--lto-merge-functions-report=my report.json\" @" +
                             Inner + "\n");
  EXPECT_EQ(expand({"a.o", "@" + Dir.path("outer.rsp")}),
            Strings({"a.o", "--lto-merge-functions=all",
                     "--lto-merge-functions-report=my report.json",
                     "--print-merged-functions"}));
}

TEST(ResponseFiles, BackslashIsLiteralWithWindowsQuoting) {
  TempDir Dir;
  std::string Rsp =
      Dir.write("win.rsp", "--lto-merge-functions-report=win\\r.json\n");
  EXPECT_EQ(expand({"--rsp-quoting=windows", "@" + Rsp}),
            Strings({"--rsp-quoting=windows",
                     "--lto-merge-functions-report=win\\r.json"}));
  EXPECT_EQ(expand({"--rsp-quoting", "windows", "@" + Rsp}).back(),
            "--lto-merge-functions-report=win\\r.json");
  EXPECT_EQ(expand({"@" + Rsp}).back(),
            "--lto-merge-functions-report=winr.json");
  // The last --rsp-quoting wins.
  EXPECT_EQ(expand({"--rsp-quoting=windows", "--rsp-quoting=posix", "@" + Rsp})
                .back(),
            "--lto-merge-functions-report=winr.json");
}

// `-soname --rsp-quoting=windows` names a library; lld does not read it as
// a quoting.
TEST(ResponseFiles, QuotingIsReadAsLldReadsIt) {
  TempDir Dir;
  std::string Rsp = Dir.write("win.rsp", "a\\b\n");
  EXPECT_EQ(expand({"-soname", "--rsp-quoting=windows", "@" + Rsp}).back(),
            "ab");
}

TEST(ResponseFiles, UnreadableFileStaysForLldToReport) {
  TempDir Dir;
  std::string Missing = "@" + Dir.path("missing.rsp");
  EXPECT_EQ(expand({Missing, "a.o"}), Strings({Missing, "a.o"}));
}

TEST(ResponseFiles, RecursiveFileIsLeftToLld) {
  TempDir Dir;
  std::string Self = "@" + Dir.path("self.rsp");
  Dir.write("self.rsp", "--lto-merge-functions " + Self + "\n");
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 4> Argv = {"a.o", Self.c_str()};
  Error E = expandLinkerResponseFiles(Argv, Saver);
  ASSERT_TRUE(bool(E));
  EXPECT_NE(toString(std::move(E))
                .find("recursive expansion of: '" + Dir.path("self.rsp")),
            std::string::npos);
  // What lld then gets is the user's command line.
  EXPECT_EQ(Strings(Argv.begin(), Argv.end()), Strings({"a.o", Self}));
}

} // namespace
