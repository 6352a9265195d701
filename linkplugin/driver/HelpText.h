//===- HelpText.h - Our part of --help and --version ------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_HELPTEXT_H
#define LMF_LINKPLUGIN_DRIVER_HELPTEXT_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace lmf {

/// Printed after lld's --help.
void printMergeHelp(llvm::raw_ostream &OS);

/// Printed after lld's version line: our version and the plugin we use.
void printMergeVersion(llvm::raw_ostream &OS, llvm::StringRef PluginPath);

} // namespace lmf

#endif
