//===- MergeStage.h - One merging stage, as mergeModule runs it -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A stage is a unit of the design: its folder below core/, one object that
// says its name, whether it runs on this module with these options, which
// options it has (OptionRow.h), and runs. mergeModule (MergeModule.cpp) reads
// the module's facts once, then runs the stages of mergeStages() in order, each
// on what the stages before it left; what comes after the last stage (code
// generation for size, member symbols, the verifier) is mergeModule's.
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_MERGESTAGE_H
#define LMF_CORE_MERGESTAGE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;
class GlobalNumbering;
class TaskRunner;
struct MergeOptions;
struct MergeResult;
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
  /// The stage's name, as the report and `--time-trace` show it.
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
};

} // namespace lmf

#endif
