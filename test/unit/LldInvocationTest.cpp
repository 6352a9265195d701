//===- LldInvocationTest.cpp - What lld is given --------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lld picks its flavor from argv[0], so the name we pass must read as the
// GNU flavor; and our options must reach the plugin under the names its
// cl::opts are declared with. The names are spelt out here as a user of a
// stock ld.lld-22 would write them: a rename in PassOptionNames.h that
// forgets the documentation fails this test.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LldInvocation.h"

#include "linkplugin/driver/MergeRequest.h"

#include <gtest/gtest.h>

using namespace lmf;

namespace {

using Strings = std::vector<std::string>;

TEST(LldInvocation, GnuNamesAreKept) {
  for (const char *Name : {"ld.lld", "/usr/bin/ld.lld", "ld", "ld.lld-22",
                           "x86_64-linux-gnu-ld", "LD.LLD", "gnu-ld"})
    EXPECT_EQ(lldArgv0(Name), Name) << Name;
}

TEST(LldInvocation, OtherFlavorsAndNamesBecomeLdLld) {
  for (const char *Name : {"wasm-ld", "ld64.lld", "lld-link", "my-linker",
                           "/opt/bin/ld64.lld.darwinnew", "lld"})
    EXPECT_STREQ(lldArgv0(Name), "ld.lld") << Name;
}

TEST(LldInvocation, ModeOnly) {
  MergeRequest Req;
  Req.Enabled = true;
  EXPECT_EQ(lldMergeArguments(Req, "/lib/LTOMergeFunctions.so"),
            Strings({"--load-pass-plugin=/lib/LTOMergeFunctions.so", "-mllvm",
                     "-lto-merge-functions-mode=safe"}));
}

TEST(LldInvocation, EveryOption) {
  MergeRequest Req;
  Req.Enabled = true;
  Req.Mode = MergeMode::All;
  Req.Pass.Similar.Enabled = true;
  Req.ReportPath = "my report.json";
  Req.Print = true;
  EXPECT_EQ(lldMergeArguments(Req, "p.so"),
            Strings({"--load-pass-plugin=p.so", "-mllvm",
                     "-lto-merge-functions-mode=all", "-mllvm",
                     "-lto-merge-functions-similar", "-mllvm",
                     "-lto-merge-functions-report=my report.json", "-mllvm",
                     "-lto-merge-functions-print"}));
}

TEST(LldInvocation, ListOfAddressFreeFunctionsWhenThereIsOne) {
  MergeRequest Req;
  Req.Enabled = true;
  EXPECT_EQ(lldMergeArguments(Req, "p.so", "prog.lmf-address-free"),
            Strings({"--load-pass-plugin=p.so", "-mllvm",
                     "-lto-merge-functions-mode=safe", "-mllvm",
                     "-lto-merge-functions-link-address-free=prog.lmf-address-"
                     "free"}));
}

} // namespace
