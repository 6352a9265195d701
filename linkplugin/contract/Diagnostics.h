//===- Diagnostics.h - Our warnings and errors, in lld's words --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_CONTRACT_DIAGNOSTICS_H
#define LMF_LINKPLUGIN_CONTRACT_DIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace lmf {

/// Prints `ld.lld: warning: ...` and `ld.lld: error: ...` like lld, and
/// obeys lld's --fatal-warnings and --no-warnings.
class Diagnostics {
public:
  /// ProgramName is the name lld prints, the file name of its argv[0].
  Diagnostics(llvm::raw_ostream &OS, llvm::StringRef ProgramName)
      : OS(OS), ProgramName(ProgramName.str()) {}

  void setWarningPolicy(bool Fatal, bool Suppress) {
    FatalWarnings = Fatal;
    SuppressWarnings = Suppress;
  }
  void warn(const llvm::Twine &Message);
  /// What goes with an error or a warning: never fatal, never suppressed.
  void note(const llvm::Twine &Message);
  void error(const llvm::Twine &Message);
  /// Reports every error held in E.
  void error(llvm::Error E);
  unsigned errorCount() const { return Errors; }

private:
  llvm::raw_ostream &OS;
  std::string ProgramName;
  bool FatalWarnings = false;
  bool SuppressWarnings = false;
  unsigned Errors = 0;
};

} // namespace lmf

#endif
