//===- DistributeMain.cpp - Runs a DTLTO distributor, gathers reports -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lmf-thinlto-distribute stands between lld and the distributor the user
// chose. With `--lto-merge-functions --thinlto-distributor=<d>`, our ld.lld
// gives lld this program as the distributor instead:
//
//   lmf-thinlto-distribute --reports=<list> [--input=<file>...] -- <d>
//       [<d's arguments>] <jobs>
//
// where lld appends <jobs>, its job file. We
//  1. declare each job's merge report (written by lmf-thinlto-backend next
//     to the job's object) as an output of the job, and each --input file
//     as an input of every job, in the job file (JobFile.cpp), so that any
//     distributor brings the reports back and ships the inputs;
//  2. run <d> with its arguments and the job file, exactly as lld would
//     have, and fail as it fails;
//  3. check that every job left its report. A job without one was compiled
//     by a remote compiler that did not merge (clang, whose ThinLTO backend
//     ignores pass plugins, or a build machine's compiler of another kind):
//     that is an error naming the module and the compiler, not a link that
//     silently merged less than the user asked for;
//  4. write the reports' paths, one per line in job order, to <list>. Our
//     ld.lld reads them after the link and hands them to the plugin, which
//     prints and reports them with the regular LTO module's results; after
//     a failed link it only removes them.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/contract/Diagnostics.h"
#include "linkplugin/dtlto/JobFile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace lmf;

namespace {

const char ProgramName[] = "lmf-thinlto-distribute";

struct Invocation {
  std::string ReportList;
  /// Files every job reads (--input=).
  std::vector<std::string> CommonInputs;
  /// The user's distributor, its arguments and, last, lld's job file.
  std::vector<StringRef> Distributor;
};

Expected<Invocation> parseInvocation(ArrayRef<const char *> Args) {
  Invocation Inv;
  size_t I = 0;
  for (; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg == "--") {
      ++I;
      break;
    }
    if (Arg.consume_front("--reports="))
      Inv.ReportList = Arg.str();
    else if (Arg.consume_front("--input="))
      Inv.CommonInputs.push_back(Arg.str());
    else
      return createStringError(inconvertibleErrorCode(),
                               "unknown argument '" + Arg +
                                   "' (usage: " + ProgramName +
                                   " --reports=<file> [--input=<file>...] "
                                   "-- <distributor> [<argument>...] <job "
                                   "file>)");
  }
  Inv.Distributor.assign(Args.begin() + I, Args.end());
  if (Inv.Distributor.size() < 2)
    return createStringError(inconvertibleErrorCode(),
                             "expected a distributor and a job file after "
                             "'--'");
  return Inv;
}

/// Step 3: every job must have left its merge report. When the distributor
/// failed, only the jobs that left their object are checked: a job without
/// a report then explains a distributor that fails for a missing output.
Error checkReports(const JobList &List, bool DistributorFailed) {
  Error Missing = Error::success();
  for (const BackendJob &Job : List.Jobs)
    if (!sys::fs::exists(Job.Report) &&
        (!DistributorFailed || sys::fs::exists(Job.Object)))
      Missing = joinErrors(
          std::move(Missing),
          createStringError(
              inconvertibleErrorCode(),
              "the backend of '" + Job.Module + "' left no merge report ('" +
                  Job.Report + "'): its remote compiler '" +
                  List.RemoteCompiler +
                  "' did not run lto-merge-functions; with "
                  "--lto-merge-functions, DTLTO jobs must run "
                  "lmf-thinlto-backend (clang's ThinLTO backend does not "
                  "run pass plugins)"));
  return Missing;
}

Error writeReportList(const JobList &List, StringRef Path) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(EC,
                             "cannot write '" + Path + "': " + EC.message());
  for (const BackendJob &Job : List.Jobs)
    OS << Job.Report << "\n";
  return Error::success();
}

} // namespace

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  Diagnostics Diag(errs(), ProgramName);
  Expected<Invocation> Inv =
      parseInvocation(ArrayRef<const char *>(Argv + 1, Argv + Argc));
  if (!Inv) {
    Diag.error(Inv.takeError());
    return 1;
  }
  Expected<JobList> List =
      declareMergeFiles(Inv->Distributor.back(), Inv->CommonInputs);
  if (!List) {
    Diag.error(List.takeError());
    return 1;
  }
  std::string Why;
  int RC = sys::ExecuteAndWait(Inv->Distributor.front(), Inv->Distributor,
                               /*Env=*/std::nullopt, /*Redirects=*/{},
                               /*SecondsToWait=*/0, /*MemoryLimit=*/0, &Why);
  if (Error E = checkReports(*List, /*DistributorFailed=*/RC != 0))
    Diag.error(std::move(E));
  if (RC != 0)
    Diag.error("the distributor '" + Inv->Distributor.front() + "' failed" +
               (Why.empty() ? " (exit code " + std::to_string(RC) + ")"
                            : ": " + Why));
  // Listed even when a job failed, so that our ld.lld removes what the
  // others left.
  if (!Inv->ReportList.empty())
    if (Error E = writeReportList(*List, Inv->ReportList))
      Diag.error(std::move(E));
  if (Diag.errorCount())
    return 1;
  return 0;
}
