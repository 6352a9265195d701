//===- OptionRow.h - One merge option, declared once ------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A merge option is declared once, as a row next to the code it steers: a
// stage's rows in its own folder (MergeStage::options), mergeModule's own
// after the stage list (MergeModule.cpp). The plugin makes its `cl::opt`s
// from the rows, our ld.lld reads the same options on its command line with
// them and passes them on with them, so one function reads every value
// (setOption) and one writes it (optionSpelling), wherever it travels.
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_OPTIONROW_H
#define LMF_CORE_OPTIONROW_H

#include "core/MergeOptions.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace lmf {

/// How an option's value reads after `=`.
enum class OptionKind {
  /// `true` or `false` (also `1` or `0`); the option alone means true.
  Switch,
  /// A signed integer (decimal, or hexadecimal after `0x`).
  Integer,
  /// A whole number from OptionRow::Min to Max.
  Count,
  /// A share in millionths, from OptionRow::Min to Max.
  Millionths,
};

/// The field of MergeOptions that a row sets: a Switch sets a bool (an
/// optional one where unset means "the module decides"), an Integer an
/// int64_t, a Count or Millionths an unsigned (an optional one where unset
/// means "the default decides").
using OptionField = std::variant<bool *, std::optional<bool> *, int64_t *,
                                 unsigned *, std::optional<unsigned> *>;

/// A stage's switch on our ld.lld's command line: `--Name` turns the stage
/// on and `--no-Name` off, the last of the two winning over the row's own
/// option wherever they stand; --lto-smallest-binary turns it on unless
/// something set it.
struct LinkerSwitch {
  llvm::StringLiteral Name;
  llvm::StringLiteral Help;
  llvm::StringLiteral NegationHelp;
};

struct OptionRow {
  /// The option's name on every command line, without dashes.
  llvm::StringLiteral Name;
  OptionKind Kind;
  llvm::StringLiteral Help;
  /// The field the option sets, in Opts.
  OptionField (*Field)(MergeOptions &Opts);
  /// Left out of `--help` (tests lower minimum gains with them).
  bool Hidden = false;
  /// The range of a Count or Millionths.
  uint64_t Min = 0, Max = UINT32_MAX;
  /// For a stage's switch (a Switch row), its linker options; null for
  /// the others.
  const LinkerSwitch *Linker = nullptr;
};

/// Sets Row's field of Opts from Value, the text after `=` (none when the
/// option is given alone). A value the row's kind does not read is an error
/// naming the option and the value; Opts is then unchanged.
llvm::Error setOption(const OptionRow &Row, MergeOptions &Opts,
                      std::optional<llvm::StringRef> Value);

/// Row as setOption reads it back to Opts's value (`name` for a switch that
/// is on, `name=value` otherwise), or none when Opts leaves the field as a
/// default MergeOptions has it.
std::optional<std::string> optionSpelling(const OptionRow &Row,
                                          const MergeOptions &Opts);

/// The word `--help` shows for the row's value.
llvm::StringRef optionValueWord(const OptionRow &Row);

} // namespace lmf

#endif
