//===- SimilarStage.h - The similar stage, run by mergeModule ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The stage object of the folder (MergeStage.h), used only inside it: each
// method is defined beside the code it runs (SimilarMerge.cpp: runsOn,
// run, options; SimilarReport.cpp: the report's section and the listing;
// SimilarStatistics.cpp: `-stats`). Everyone else reaches it as
// similarStage() (SimilarMerge.h).
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_SIMILAR_SIMILARSTAGE_H
#define LMF_CORE_SIMILAR_SIMILARSTAGE_H

#include "core/MergeStage.h"

namespace lmf {

class SimilarStage final : public MergeStage {
public:
  llvm::StringRef name() const override { return "similar"; }
  bool runsOn(const llvm::Module &M, const MergeOptions &Opts) const override;
  llvm::Error run(StageContext &Ctx) const override;
  llvm::ArrayRef<OptionRow> options() const override;
  std::optional<llvm::json::Value>
  reportSection(const MergeResult &R) const override;
  bool readReportSection(const llvm::json::Value &Section, MergeResult &R,
                         llvm::json::Path P) const override;
  void printListing(const MergeResult &R, llvm::raw_ostream &OS) const override;
  void publishStatistics(const MergeStats &Stats) const override;
};

} // namespace lmf

#endif
