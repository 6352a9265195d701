//===- DistributedBackends.h - Merging in DTLTO backends --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_DISTRIBUTEDBACKENDS_H
#define LMF_LINKPLUGIN_DRIVER_DISTRIBUTEDBACKENDS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace lmf {

class MergePlugin;
struct MergeRequest;

/// Where our DTLTO programs are: the distributor wrapper and the default
/// remote backend, both installed next to our ld.lld.
struct DistributionPrograms {
  std::string Distribute;
  std::string ThinBackend;
};

DistributionPrograms defaultDistributionPrograms(const char *Argv0);

/// lld's DTLTO options in our words: our wrapper as the distributor, with
/// the user's distributor and its arguments behind it, and a remote compiler
/// that merges (the user's --thinlto-remote-compiler, else ours) told the
/// merge mode and, when asked for, similar merging. The wrapper writes the
/// reports' paths to ReportList. LinkAddressList, when not empty, is the
/// link's list of address-free functions: an input of every job, named to
/// every remote backend.
std::vector<std::string> lldDistributionArguments(
    const MergeRequest &Req, const DistributionPrograms &Programs,
    llvm::StringRef ReportList, llvm::StringRef LinkAddressList = "");

/// After the link: hands every report listed in ReportList to the plugin
/// (unless the link failed: Record is false) and removes the reports and
/// the list.
llvm::Error gatherRemoteReports(llvm::StringRef ReportList,
                                const MergePlugin &Plugin, bool Record);

} // namespace lmf

#endif
