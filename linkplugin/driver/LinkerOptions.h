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
  MergeSimilar,
  NoMergeSimilar,
  MergeAligned,
  NoMergeAligned,
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
  llvm::StringLiteral Name;
  LinkerOptionKind Kind;
  /// How --help shows the value of a PathValue option.
  llvm::StringLiteral MetaVar;
  llvm::StringLiteral Help;
};

/// Every option, in the order --help lists them.
llvm::ArrayRef<LinkerOption> linkerOptions();
const LinkerOption &linkerOption(LinkerOptionID ID);

/// `--name`: how our messages refer to an option.
std::string optionSpelling(LinkerOptionID ID);

/// The mode an EnableWithOptionalMode option means without a value (the
/// modes it accepts: core's mergeModes()).
MergeMode defaultMergeMode();

/// An argument that is ours.
struct OurArgument {
  /// Null when the argument is in our namespace (`--lto-merge-functions*`,
  /// `--lto-merge-similar*`, `--lto-merge-aligned*`, `--lto-smallest*` and
  /// their `--no-` forms) but
  /// names no option: a misspelling.
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
