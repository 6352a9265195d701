//===- DistributedThinLTOTest.cpp - DTLTO jobs, job files, lld options ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pure parts of merging in distributed ThinLTO backends: reading the
// command line lld writes for a job (as LLD 22 writes it), declaring the
// merge reports in lld's job file, and the DTLTO options our ld.lld gives
// lld in place of the user's.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/DistributedBackends.h"
#include "linkplugin/driver/MergeRequest.h"
#include "linkplugin/dtlto/JobFile.h"
#include "linkplugin/dtlto/ThinBackendJob.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace lmf;

namespace {

TEST(ThinBackendJob, ReadsTheCommandLineLldWrites) {
  Expected<ThinBackendJob> Job = parseThinBackendJob(
      {"-c", "--target=x86_64-pc-linux-gnu", "-O3", "-faddrsig",
       "-ffunction-sections", "-fdata-sections", "-fpic", "-mllvm",
       "-no-pgo-warn-mismatch", "-fprofile-sample-use=prof.txt",
       "-Wno-unused-command-line-argument", "-mllvm",
       "-lto-merge-functions-mode=all", "a.o", "-fthinlto-index=a.1.bc", "-o",
       "a.1.native.o"});
  ASSERT_TRUE(bool(Job)) << toString(Job.takeError());
  EXPECT_EQ(Job->TargetTriple, "x86_64-pc-linux-gnu");
  EXPECT_EQ(Job->OptLevel, 3u);
  EXPECT_TRUE(Job->AddressSignificanceTable);
  EXPECT_TRUE(Job->FunctionSections);
  EXPECT_TRUE(Job->DataSections);
  EXPECT_EQ(Job->RelocModel, Reloc::PIC_);
  EXPECT_EQ(Job->SampleProfile, "prof.txt");
  EXPECT_EQ(Job->LLVMArgs,
            (std::vector<std::string>{"-no-pgo-warn-mismatch",
                                      "-lto-merge-functions-mode=all"}));
  EXPECT_EQ(Job->InputPath, "a.o");
  EXPECT_EQ(Job->IndexPath, "a.1.bc");
  EXPECT_EQ(Job->OutputPath, "a.1.native.o");
  EXPECT_TRUE(Job->PluginPath.empty());
}

TEST(ThinBackendJob, DefaultsAreLldsForAnExecutableWithoutPic) {
  Expected<ThinBackendJob> Job = parseThinBackendJob(
      {"--target=x86_64-pc-linux-gnu", "a.o", "-fthinlto-index=i", "-o", "o"});
  ASSERT_TRUE(bool(Job)) << toString(Job.takeError());
  EXPECT_EQ(Job->OptLevel, 2u);
  EXPECT_EQ(Job->RelocModel, Reloc::Static);
  EXPECT_FALSE(Job->FunctionSections);
}

TEST(ThinBackendJob, RefusesWhatCouldChangeTheObject) {
  for (const char *Unknown : {"-mcmodel=large", "-march=znver4", "-g", "-O"}) {
    Expected<ThinBackendJob> Job = parseThinBackendJob(
        {"--target=t", Unknown, "a.o", "-fthinlto-index=i", "-o", "o"});
    ASSERT_FALSE(bool(Job)) << Unknown;
    EXPECT_NE(toString(Job.takeError()).find(Unknown), std::string::npos);
  }
  EXPECT_FALSE(bool(parseThinBackendJob(
      {"--target=t", "-x", "c", "a.o", "-fthinlto-index=i", "-o", "o"})));
}

TEST(ThinBackendJob, ReportLivesNextToTheObject) {
  EXPECT_EQ(backendReportPath("out/a.1.native.o"),
            "out/a.1.native.o.lmf-report.json");
}

json::Value jobFile() {
  Expected<json::Value> V = json::parse(R"json({
    "common": {"linker_output": "prog", "args": ["/farm/backend", "-c"],
               "inputs": []},
    "jobs": [
      {"args": ["a.o", "-fthinlto-index=a.1.bc", "-o", "a.1.native.o"],
       "inputs": ["a.o", "a.1.bc"], "outputs": ["a.1.native.o"]},
      {"args": ["lib.a(b.o at 8)", "-fthinlto-index=b.2.bc", "-o",
                "b.2.native.o"],
       "inputs": ["b.2.bc"], "outputs": ["b.2.native.o"]}]})json");
  EXPECT_TRUE(bool(V));
  return V ? std::move(*V) : json::Value(nullptr);
}

TEST(JobFile, DeclaresEachReportAsAnOutput) {
  json::Value File = jobFile();
  json::Value Before = File;
  Expected<JobList> List = declareMergeFiles(File);
  ASSERT_TRUE(bool(List)) << toString(List.takeError());
  EXPECT_EQ(List->RemoteCompiler, "/farm/backend");
  ASSERT_EQ(List->Jobs.size(), 2u);
  EXPECT_EQ(List->Jobs[1].Module, "lib.a(b.o at 8)");
  EXPECT_EQ(List->Jobs[1].Object, "b.2.native.o");
  EXPECT_EQ(List->Jobs[1].Report, "b.2.native.o.lmf-report.json");

  // Only the outputs changed.
  json::Array *Jobs = File.getAsObject()->getArray("jobs");
  EXPECT_EQ(*(*Jobs)[0].getAsObject()->getArray("outputs"),
            (json::Array{"a.1.native.o", "a.1.native.o.lmf-report.json"}));
  for (size_t I = 0; I < 2; ++I)
    (*Jobs)[I].getAsObject()->getArray("outputs")->pop_back();
  EXPECT_EQ(File, Before);
}

TEST(JobFile, DeclaresOurFilesAsInputsOfEveryJob) {
  json::Value File = jobFile();
  Expected<JobList> List = declareMergeFiles(File, {"prog.lmf-address-free"});
  ASSERT_TRUE(bool(List)) << toString(List.takeError());
  json::Object *Common = File.getAsObject()->getObject("common");
  ASSERT_TRUE(Common->getArray("inputs"));
  EXPECT_EQ(Common->getArray("inputs")->back(),
            json::Value("prog.lmf-address-free"));
}

TEST(JobFile, SaysWhatIsMissing) {
  json::Value NoJobs = jobFile();
  NoJobs.getAsObject()->erase("jobs");
  EXPECT_FALSE(bool(declareMergeFiles(NoJobs)));
  json::Value NoObject = jobFile();
  json::Array *Args =
      (*NoObject.getAsObject()->getArray("jobs"))[0].getAsObject()->getArray(
          "args");
  Args->pop_back();
  Args->pop_back();
  Expected<JobList> List = declareMergeFiles(NoObject);
  ASSERT_FALSE(bool(List));
  EXPECT_NE(toString(List.takeError()).find("job 0"), std::string::npos);
}

TEST(DistributedBackends, OurProgramsStandInForTheUsers) {
  MergeRequest Req;
  Req.Mode = MergeMode::All;
  Req.Distribution.Distributor = "/usr/bin/dist";
  Req.Distribution.DistributorArgs = {"--pool", "x"};
  std::vector<std::string> Args =
      lldDistributionArguments(Req, {"/bin/wrap", "/bin/backend"}, "/t/list");
  EXPECT_EQ(Args, (std::vector<std::string>{
                      "--thinlto-distributor=/bin/wrap",
                      "--thinlto-distributor-arg=--reports=/t/list",
                      "--thinlto-distributor-arg=--",
                      "--thinlto-distributor-arg=/usr/bin/dist",
                      "--thinlto-distributor-arg=--pool",
                      "--thinlto-distributor-arg=x",
                      "--thinlto-remote-compiler=/bin/backend",
                      "--thinlto-remote-compiler-arg=-mllvm",
                      "--thinlto-remote-compiler-arg=-lto-merge-functions-"
                      "mode=all"}));
}

TEST(DistributedBackends, RemoteCompilerIsToldSimilarMerging) {
  MergeRequest Req;
  Req.Distribution.Distributor = "/usr/bin/dist";
  std::vector<std::string> Without =
      lldDistributionArguments(Req, {"/bin/wrap", "/bin/backend"}, "l");
  Req.Pass.Similar.Enabled = true;
  std::vector<std::string> With =
      lldDistributionArguments(Req, {"/bin/wrap", "/bin/backend"}, "l");
  std::vector<std::string> Expected = Without;
  Expected.push_back("--thinlto-remote-compiler-arg=-mllvm");
  Expected.push_back(
      "--thinlto-remote-compiler-arg=-lto-merge-functions-similar");
  EXPECT_EQ(With, Expected);
}

TEST(DistributedBackends, ListOfAddressFreeFunctionsShippedAndNamed) {
  MergeRequest Req;
  Req.Distribution.Distributor = "/usr/bin/dist";
  std::vector<std::string> Args = lldDistributionArguments(
      Req, {"/bin/wrap", "/bin/backend"}, "l", "prog.lmf-address-free");
  auto Has = [&](StringRef Arg) {
    return std::find(Args.begin(), Args.end(), Arg) != Args.end();
  };
  EXPECT_TRUE(Has("--thinlto-distributor-arg=--input=prog.lmf-address-free"));
  EXPECT_TRUE(Has("--thinlto-remote-compiler-arg=-lto-merge-functions-link-"
                  "address-free=prog.lmf-address-free"));
  // The wrapper's own arguments come before the user's distributor.
  EXPECT_LT(
      std::find(Args.begin(), Args.end(),
                "--thinlto-distributor-arg=--input=prog.lmf-address-free"),
      std::find(Args.begin(), Args.end(), "--thinlto-distributor-arg=--"));
}

TEST(DistributedBackends, TheUsersRemoteCompilerIsKept) {
  MergeRequest Req;
  Req.Distribution.Distributor = "/usr/bin/dist";
  Req.Distribution.RemoteCompiler = "/farm/lmf-thinlto-backend";
  std::vector<std::string> Args =
      lldDistributionArguments(Req, {"/bin/wrap", "/bin/backend"}, "l");
  EXPECT_NE(std::find(Args.begin(), Args.end(),
                      "--thinlto-remote-compiler=/farm/lmf-thinlto-backend"),
            Args.end());
}

} // namespace
