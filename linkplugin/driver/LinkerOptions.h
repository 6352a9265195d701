//===- LinkerOptions.h - The table of our linker options --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_LINKEROPTIONS_H
#define LMF_LINKPLUGIN_DRIVER_LINKEROPTIONS_H

#include "core/MergeOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace lmf {

struct OptionRow;

/// How one of our options reads its value.
enum class LinkerOptionKind {
  /// `--name` or `--name=<mode>`: turns merging on, in a mode.
  EnableWithOptionalMode,
  /// `--name`, no value: turns off what its positive option turns on.
  Negation,
  /// `--name=<file>` or `--name <file>`.
  PathValue,
  /// `--name=<policy>`, one of core's hotPolicies().
  HotPolicyValue,
  /// `--name`, no value.
  Flag,
};

/// Which option; MergeRequest decides what each one does.
enum class LinkerOptionID {
  Merge,
  NoMerge,
  /// A stage's switch and its negation (core's OptionRow::Linker), one
  /// pair for every stage that has one.
  StageSwitch,
  NoStageSwitch,
  AcrossModules,
  NoAcrossModules,
  HotPolicy,
  Smallest,
  Report,
  Print
};

struct LinkerOption {
  LinkerOptionID ID;
  /// Without dashes; `-name` and `--name` are the same option.
  llvm::StringRef Name;
  LinkerOptionKind Kind;
  /// How --help shows the value of a PathValue option.
  llvm::StringRef MetaVar;
  llvm::StringRef Help;
  /// For StageSwitch and NoStageSwitch, the stage's switch (the row of
  /// core's option table it sets); null for the others.
  const OptionRow *Row = nullptr;
};

/// Every option, in the order --help lists them.
llvm::ArrayRef<LinkerOption> linkerOptions();
/// The option of ID, which is not a stage's switch (there are several).
const LinkerOption &linkerOption(LinkerOptionID ID);
/// The option that turns Row, a stage's switch, on (On) or off.
const LinkerOption &stageSwitchOption(const OptionRow &Row, bool On);
/// `--name`: how our messages refer to an option.
std::string optionSpelling(const LinkerOption &O);
std::string optionSpelling(LinkerOptionID ID);

/// The mode an EnableWithOptionalMode option means without a value (the
/// modes it accepts: core's mergeModes()).
MergeMode defaultMergeMode();

/// An argument that is ours.
struct OurArgument {
  /// Null when the argument is in our namespace (`--lto-merge-functions*`,
  /// `--lto-smallest*`, each stage switch's name without `-functions`, such
  /// as `--lto-merge-similar*`, and their `--no-` forms) but names no
  /// option: a misspelling.
  const LinkerOption *Option = nullptr;
  /// `--name=value`; an empty value is still a value.
  bool HasJoinedValue = false;
  llvm::StringRef JoinedValue;

  /// True when the next argument is this option's value.
  bool takesNextArgument() const;
};

/// Arg as one of our options, or nullopt when it is not ours.
std::optional<OurArgument> matchLinkerOption(llvm::StringRef Arg);

/// The usage of every option, for the error about a misspelt one:
/// `--lto-merge-functions[=safe|all], ... or --print-merged-functions`.
std::string expectedLinkerOptions();

} // namespace lmf

#endif
