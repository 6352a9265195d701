//===- MergeReport.h - JSON report and lld-style listing --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_MERGEREPORT_H
#define LMF_CORE_MERGEREPORT_H

#include "core/MergeResult.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace lmf {

/// The report as a JSON value; docs/report-schema.md describes it.
llvm::json::Value reportToJson(const MergeResult &Result);

/// The report of a ThinLTO link: one report per backend module, ordered by
/// module identifier, and the totals over them.
llvm::json::Value backendReportsToJson(llvm::ArrayRef<MergeResult> Results);

/// Reads back what reportToJson or backendReportsToJson wrote: the results
/// of one module or of every module of a ThinLTO report. A distributed
/// ThinLTO link gathers its remote backends' reports this way.
llvm::Expected<std::vector<MergeResult>>
resultsFromJson(const llvm::json::Value &Report);

/// Writes a JSON value to Path atomically (see writeJsonReport).
llvm::Error writeJsonFile(const llvm::json::Value &Report,
                          llvm::StringRef Path);

/// Writes the report to Path atomically: a temporary file renamed into
/// place, so a failed write never leaves a half-written report.
llvm::Error writeJsonReport(const MergeResult &Result, llvm::StringRef Path);

/// Prints `selected function S` / `  removing identical function G (action)`
/// lines, in the order the folds were made.
void printListing(const MergeResult &Result, llvm::raw_ostream &OS);

} // namespace lmf

#endif
