//===- ReportPathCheck.h - Can the report be written? -----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_REPORTPATHCHECK_H
#define LMF_LINKPLUGIN_DRIVER_REPORTPATHCHECK_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace lmf {

/// Succeeds when a report can be written to Path ("-" is standard output).
llvm::Error checkReportPath(llvm::StringRef Path);

} // namespace lmf

#endif
