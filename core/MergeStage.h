//===- MergeStage.h - One merging stage, as mergeModule runs it -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A stage is a unit of the design: its folder below core/, one object that
// says its name, whether it runs on this module with these options, which
// options it has (OptionRow.h), and runs; and, once it ran, writes and
// reads back its section of the report and prints its lines of the listing.
// mergeModule (MergeModule.cpp) reads the module's facts once, then runs the
// stages of mergeStages() in order, each on what the stages before it left;
// what comes after the last stage (code generation for size, member symbols,
// the verifier) is mergeModule's.
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_MERGESTAGE_H
#define LMF_CORE_MERGESTAGE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>

namespace llvm {
class Function;
class Module;
class raw_ostream;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;
class GlobalNumbering;
class TaskRunner;
struct MergeOptions;
struct MergeResult;
struct MergeStats;
struct ModuleFacts;
struct OptionRow;

/// What every stage works with; mergeModule owns it all and hands it from
/// one stage to the next.
struct StageContext {
  llvm::Module &M;
  const MergeOptions &Opts;
  TaskRunner &Runner;
  /// The numbering of the module's globals, which every rewrite keeps up
  /// to date.
  GlobalNumbering &Globals;
  const AnnotationPolicy &Policy;
  const ModuleFacts &Facts;
  MergeResult &Result;
  /// The functions the identical stage considered that still have a body
  /// of their own once it is done (the similar stage's candidates); empty
  /// before it runs.
  llvm::DenseSet<llvm::Function *> Remaining;
};

class MergeStage {
public:
  virtual ~MergeStage() = default;
  /// The stage's name: its section's key in the report.
  virtual llvm::StringRef name() const = 0;
  /// Whether the stage runs on M with Opts (a stage may be off by default,
  /// or on only in modules that carry a profile).
  virtual bool runsOn(const llvm::Module &M,
                      const MergeOptions &Opts) const = 0;
  /// Merges what the stage merges and records it in Ctx.Result.
  virtual llvm::Error run(StageContext &Ctx) const = 0;
  /// The stage's options (OptionRow.h), which every command line reads
  /// from this table alone: the plugin's `cl::opt`s, our ld.lld, which
  /// passes them on, and the plan across ThinLTO modules.
  virtual llvm::ArrayRef<OptionRow> options() const { return {}; }

  /// The stage's section of the JSON report, under its name (MergeReport.h),
  /// or none: it did not run on the module, or keeps no section (the
  /// identical stage's numbers are the report's top level).
  virtual std::optional<llvm::json::Value>
  reportSection(const MergeResult &) const {
    return std::nullopt;
  }
  /// Reads the stage's section of a report back into R (the reports of
  /// distributed ThinLTO backends); false, with the error in P, when it is
  /// not what reportSection writes.
  virtual bool readReportSection(const llvm::json::Value &, MergeResult &,
                                 llvm::json::Path) const {
    return true;
  }
  /// The stage's lines of the listing (`--print-merged-functions`).
  virtual void printListing(const MergeResult &, llvm::raw_ostream &) const {}
  /// Adds the stage's counts to its `STATISTIC` counters (`-stats`,
  /// StageStatistics.h), derived from MergeStats like the report's.
  virtual void publishStatistics(const MergeStats &) const {}
};

} // namespace lmf

#endif
