//===- ThinBackendJob.h - One DTLTO backend job's command line --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DTLTO_THINBACKENDJOB_H
#define LMF_LINKPLUGIN_DTLTO_THINBACKENDJOB_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace lmf {

/// What a DTLTO job asks of its remote compiler: the clang-style arguments
/// lld writes into the job file (common and per-job ones together).
struct ThinBackendJob {
  std::string TargetTriple;
  unsigned OptLevel = 2;
  bool AddressSignificanceTable = false;
  bool FunctionSections = false;
  bool DataSections = false;
  llvm::Reloc::Model RelocModel = llvm::Reloc::Static;
  std::string SampleProfile;
  /// `-mllvm` arguments, in order.
  std::vector<std::string> LLVMArgs;
  /// `-fpass-plugin=`: the merge plugin, when not the one installed next to
  /// the backend.
  std::string PluginPath;
  std::string InputPath;
  std::string IndexPath;
  std::string OutputPath;
};

/// Reads a backend job's arguments (without argv[0]). Every argument that
/// would change the object and is not understood is an error, so that a
/// remote backend never silently compiles differently from what lld asked.
llvm::Expected<ThinBackendJob>
parseThinBackendJob(llvm::ArrayRef<const char *> Args);

/// Where the backend writing ObjectPath leaves its merge report, and where
/// the distributor wrapper looks for it: next to the object, so that a build
/// farm brings it back with the object.
std::string backendReportPath(llvm::StringRef ObjectPath);

} // namespace lmf

#endif
