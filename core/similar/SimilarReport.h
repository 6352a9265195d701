//===- SimilarReport.h - The similar stage in the report --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_SIMILAR_SIMILARREPORT_H
#define LMF_CORE_SIMILAR_SIMILARREPORT_H

#include "core/MergeResult.h"

#include "llvm/Support/JSON.h"

#include <optional>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace lmf {

/// The stage's section of the report, when it ran (MergeResult::SimilarRan).
std::optional<llvm::json::Value> similarReportSection(const MergeResult &R);

/// Reads the section back into R, which then says the stage ran.
bool readSimilarReportSection(const llvm::json::Value &Section, MergeResult &R,
                              llvm::json::Path P);

/// The stage's lines of the listing.
void printSimilarListing(const MergeResult &R, llvm::raw_ostream &OS);

/// Adds the stage's counts to its `STATISTIC` counters (`-stats`).
void publishSimilarStatistics(const MergeStats &Stats);

} // namespace lmf

#endif
