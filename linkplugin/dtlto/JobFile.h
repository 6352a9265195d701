//===- JobFile.h - The job file lld writes for a distributor ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DTLTO_JOBFILE_H
#define LMF_LINKPLUGIN_DTLTO_JOBFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace lmf {

/// One backend job: the module it compiles, the object it writes and the
/// merge report its backend leaves next to the object.
struct BackendJob {
  std::string Module;
  std::string Object;
  std::string Report;
};

struct JobList {
  /// The program every job runs (common.args[0]).
  std::string RemoteCompiler;
  std::vector<BackendJob> Jobs;
};

/// Declares each job's merge report as one of its outputs, so that any
/// distributor, local or a build farm's, brings it back with the object,
/// and CommonInputs (our files every backend reads) as inputs of every job;
/// returns the jobs. JobFile is lld's job file as parsed JSON.
llvm::Expected<JobList>
declareMergeFiles(llvm::json::Value &JobFile,
                  llvm::ArrayRef<std::string> CommonInputs = {});

/// The same on the file at Path, rewritten in place.
llvm::Expected<JobList>
declareMergeFiles(llvm::StringRef Path,
                  llvm::ArrayRef<std::string> CommonInputs = {});

} // namespace lmf

#endif
