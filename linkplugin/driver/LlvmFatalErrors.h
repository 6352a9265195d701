//===- LlvmFatalErrors.h - LLVM fatal errors in a merging link -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_LLVMFATALERRORS_H
#define LMF_LINKPLUGIN_DRIVER_LLVMFATALERRORS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace lmf {

/// The error a link with merging reports for LLVM's fatal error Reason
/// instead of aborting, or none when LLVM's own report stands (anything but
/// the verifier rejecting a module).
std::optional<std::string> mergingLinkFatalError(llvm::StringRef Reason);

/// While alive, LLVM's fatal errors of the kind mergingLinkFatalError names
/// end the process as `<Program>: error: ...` with exit status 1, after
/// LLVM's interrupt handlers have removed the files being written; other
/// fatal errors are reported as LLVM reports them.
class MergingLinkFatalErrors {
public:
  explicit MergingLinkFatalErrors(llvm::StringRef Program);
  ~MergingLinkFatalErrors();
  MergingLinkFatalErrors(const MergingLinkFatalErrors &) = delete;
  MergingLinkFatalErrors &operator=(const MergingLinkFatalErrors &) = delete;

private:
  std::string Program;
};

} // namespace lmf

#endif
