//===- DistributedBackends.cpp - Merging in DTLTO backends ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// With --thinlto-distributor=<d>, lld does not run the ThinLTO backends: it
// writes a job file and runs <d>, which runs a remote compiler per module,
// on this machine or a build farm's. For those backends to merge, three
// things change when --lto-merge-functions is on:
//
//  * the remote compiler must run our pass. clang cannot (its ThinLTO
//    backend ignores pass plugins), so unless the user names one with
//    --thinlto-remote-compiler (the path of lmf-thinlto-backend on the
//    build machines), it is ours, next to this ld.lld. Either way it is told
//    the merge mode with `-mllvm -lto-merge-functions-mode=`, similar
//    merging with `-mllvm -lto-merge-functions-similar` when asked for, and
//    the link's list of address-free functions when there is one, as the
//    in-process backends are;
//  * lld runs our wrapper, lmf-thinlto-distribute, as the distributor, with
//    <d> and its --thinlto-distributor-arg values behind `--`. The wrapper
//    makes each backend's merge report an output of its job (and the list
//    an input of every job), runs <d>, and
//    fails the link when a job left no report (a compiler that did not
//    merge), so merging is never silently lost;
//  * after the link, the reports, listed by the wrapper, go to the plugin,
//    which prints and writes them as it does the in-process backends'
//    results: one listing and one report, in module order.
//
// Without --lto-merge-functions, lld gets the user's options unchanged.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/DistributedBackends.h"

#include "linkplugin/contract/MergePlugin.h"
#include "linkplugin/driver/MergeRequest.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace lmf {

DistributionPrograms defaultDistributionPrograms(const char *Argv0) {
  return {siblingProgramPath(Argv0, "lmf-thinlto-distribute"),
          siblingProgramPath(Argv0, "lmf-thinlto-backend")};
}

std::vector<std::string>
lldDistributionArguments(const MergeRequest &Req,
                         const DistributionPrograms &Programs,
                         StringRef ReportList, StringRef LinkAddressList) {
  const DistributionOptions &Dist = Req.Distribution;
  std::vector<std::string> Args = {"--thinlto-distributor=" +
                                   Programs.Distribute};
  auto DistributorArg = [&](const Twine &Arg) {
    Args.push_back(("--thinlto-distributor-arg=" + Arg).str());
  };
  DistributorArg("--reports=" + ReportList);
  if (!LinkAddressList.empty())
    DistributorArg("--input=" + LinkAddressList);
  DistributorArg("--");
  DistributorArg(Dist.Distributor);
  for (const std::string &A : Dist.DistributorArgs)
    DistributorArg(A);

  Args.push_back("--thinlto-remote-compiler=" + (Dist.RemoteCompiler.empty()
                                                     ? Programs.ThinBackend
                                                     : Dist.RemoteCompiler));
  for (const std::string &Option :
       mergePassOptions(Req, LinkAddressList, PassPlace::DistributedBackend)) {
    Args.push_back("--thinlto-remote-compiler-arg=-mllvm");
    Args.push_back("--thinlto-remote-compiler-arg=-" + Option);
  }
  return Args;
}

Error gatherRemoteReports(StringRef ReportList, const MergePlugin &Plugin,
                          bool Record) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> List =
      MemoryBuffer::getFile(ReportList);
  if (!List && !Record)
    return Error::success();
  if (!List)
    return createStringError(List.getError(),
                             "the DTLTO distributor wrapper left no list of "
                             "merge reports ('" +
                                 ReportList + "')");
  SmallVector<StringRef, 16> Reports;
  (*List)->getBuffer().split(Reports, '\n', -1, /*KeepEmpty=*/false);
  Error Errors = Error::success();
  for (StringRef Report : Reports) {
    if (Record)
      Errors = joinErrors(std::move(Errors), Plugin.recordReport(Report.str()));
    sys::fs::remove(Report);
  }
  sys::fs::remove(ReportList);
  return Errors;
}

} // namespace lmf
