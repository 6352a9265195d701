//===- LinkerOptions.cpp - The table of our linker options ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Our ld.lld has options of its own. Each is described once: the fixed ones
// in the tables below (their name, how each reads its value, its kind, and
// its help text), and a pair for each stage that has a switch, from the
// stage's row in core's option table (OptionRow::Linker), so that a stage
// brings its linker options with it. Everything else is produced from the
// table: recognising an option on the command line (here and in
// LldCommandLine.cpp), the list of expected options in the error about a
// misspelt one (here), and our section of --help (HelpText.cpp). What an option
// does is MergeRequest's business, chosen by its ID.
//
// The spelling rules are lld's: one or two leading dashes, and a value
// either joined with `=` or, for a path, the next argument. We also claim
// a namespace, every name that starts with `lto-merge-functions`,
// `lto-smallest`, a stage switch's name without `-functions`
// (`lto-merge-similar`, `lto-merge-aligned`) or their `no-` forms: an
// argument there
// that names no option is reported as a misspelling of ours, not passed on to
// lld, which would read `-lto-merge-functions-reprot` as
// `-l to-merge-functions-reprot` and fail with a confusing message about a
// missing library.
//
// The modes and the hot-function policies come from core (mergeModes,
// hotPolicies), in the order its tables list them.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LinkerOptions.h"

#include "core/MergeModule.h"
#include "core/OptionRow.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <cassert>
#include <deque>
#include <vector>

using namespace llvm;

namespace lmf {

namespace {

/// The options before the stages' switches, and after them.
const LinkerOption FirstOptions[] = {
    {LinkerOptionID::Merge, "lto-merge-functions",
     LinkerOptionKind::EnableWithOptionalMode, "",
     "Merge identical functions in the regular LTO module, in every ThinLTO "
     "backend's module and across ThinLTO modules; 'all' also merges "
     "functions whose address is taken (pointers may then compare equal)"},
    {LinkerOptionID::NoMerge, "no-lto-merge-functions",
     LinkerOptionKind::Negation, "", "Do not merge functions (default)"},
};

const LinkerOption LastOptions[] = {
    {LinkerOptionID::AcrossModules, "lto-merge-functions-across-modules",
     LinkerOptionKind::Flag, "",
     "In a ThinLTO link, also fold functions whose twins are in other "
     "modules, by rewriting the link's bitcode inputs (default)"},
    {LinkerOptionID::NoAcrossModules, "no-lto-merge-functions-across-modules",
     LinkerOptionKind::Negation, "",
     "Leave each ThinLTO module's functions to its own backend"},
    {LinkerOptionID::HotPolicy, "lto-merge-functions-hot-policy",
     LinkerOptionKind::HotPolicyValue, "<policy>",
     "How functions that a profile (or the hot attribute) calls hot may "
     "merge"},
    {LinkerOptionID::Smallest, "lto-smallest-binary", LinkerOptionKind::Flag,
     "",
     "The smallest binary: --lto-merge-functions with similar and aligned "
     "functions, LLVM's MachineOutliner (across in-process ThinLTO backends "
     "too) and code generation for size (both kept off hot "
     "code where a profile says which it is) and --icf=safe; each part "
     "yields to an explicit option"},
    {LinkerOptionID::Report, "lto-merge-functions-report",
     LinkerOptionKind::PathValue, "<file>",
     "Write a JSON report of the merge to <file>"},
    {LinkerOptionID::Print, "print-merged-functions", LinkerOptionKind::Flag,
     "", "Print merged functions to standard output"},
};

/// Names in here are ours even when no option has them; each stage's
/// switch adds its name without `-functions`, and the `no-` form of it.
const StringLiteral FixedNamespaces[] = {"lto-merge-functions",
                                         "no-lto-merge-functions",
                                         "lto-smallest", "no-lto-smallest"};

/// The whole table: the fixed options, with a pair of switches for every
/// stage that has one (core's option table) between them.
struct OptionTable {
  std::vector<LinkerOption> Options;
  std::vector<std::string> Namespaces;
  /// Storage for the names made here (the negations).
  std::deque<std::string> Names;

  OptionTable() {
    Options.assign(std::begin(FirstOptions), std::end(FirstOptions));
    Namespaces.assign(std::begin(FixedNamespaces), std::end(FixedNamespaces));
    for (const OptionRow *Row : mergeOptionRows())
      if (const LinkerSwitch *Switch = Row->Linker)
        addStageSwitch(*Row, *Switch);
    Options.insert(Options.end(), std::begin(LastOptions),
                   std::end(LastOptions));
  }

  void addStageSwitch(const OptionRow &Row, const LinkerSwitch &Switch) {
    StringRef Negation = Names.emplace_back(("no-" + Switch.Name).str());
    Options.push_back({LinkerOptionID::StageSwitch, Switch.Name,
                       LinkerOptionKind::Flag, "", Switch.Help, &Row});
    Options.push_back({LinkerOptionID::NoStageSwitch, Negation,
                       LinkerOptionKind::Negation, "", Switch.NegationHelp,
                       &Row});
    StringRef Stem = Switch.Name;
    Stem.consume_back("-functions");
    Namespaces.push_back(Stem.str());
    Namespaces.push_back(("no-" + Stem).str());
  }
};

const OptionTable &table() {
  static const OptionTable Table;
  return Table;
}

} // namespace

ArrayRef<LinkerOption> linkerOptions() { return table().Options; }

const LinkerOption &linkerOption(LinkerOptionID ID) {
  assert(ID != LinkerOptionID::StageSwitch &&
         ID != LinkerOptionID::NoStageSwitch && "a stage's switch has a row");
  ArrayRef<LinkerOption> Options = linkerOptions();
  const LinkerOption *Found =
      find_if(Options, [&](const LinkerOption &O) { return O.ID == ID; });
  assert(Found != Options.end() && "every ID has a row");
  return *Found;
}

const LinkerOption &stageSwitchOption(const OptionRow &Row, bool On) {
  LinkerOptionID ID =
      On ? LinkerOptionID::StageSwitch : LinkerOptionID::NoStageSwitch;
  ArrayRef<LinkerOption> Options = linkerOptions();
  const LinkerOption *Found = find_if(Options, [&](const LinkerOption &O) {
    return O.ID == ID && O.Row == &Row;
  });
  assert(Found != Options.end() && "every stage switch has two options");
  return *Found;
}

std::string optionSpelling(const LinkerOption &O) {
  return ("--" + O.Name).str();
}

std::string optionSpelling(LinkerOptionID ID) {
  return optionSpelling(linkerOption(ID));
}

MergeMode defaultMergeMode() { return MergeMode::Safe; }

bool OurArgument::takesNextArgument() const {
  return Option && Option->Kind == LinkerOptionKind::PathValue &&
         !HasJoinedValue;
}

std::optional<OurArgument> matchLinkerOption(StringRef Arg) {
  if (Arg.size() < 2 || Arg[0] != '-')
    return std::nullopt;
  StringRef Name = Arg.drop_front(Arg.starts_with("--") ? 2 : 1);
  OurArgument Match;
  Match.HasJoinedValue = Name.contains('=');
  auto [Key, Value] = Name.split('=');
  Match.JoinedValue = Value;
  for (const LinkerOption &O : linkerOptions())
    if (Key == O.Name) {
      Match.Option = &O;
      return Match;
    }
  StringRef Stem = Key; // a lambda may not capture a structured binding
  if (any_of(table().Namespaces,
             [&](StringRef NS) { return Stem.starts_with(NS); }))
    return Match;
  return std::nullopt;
}

/// `--name[=safe|all]`, `--name=<file>`, `--name`.
static std::string usage(const LinkerOption &O) {
  std::string Text = ("--" + O.Name).str();
  switch (O.Kind) {
  case LinkerOptionKind::EnableWithOptionalMode:
    Text += "[=" + joinNames(mergeModes(), "|") + "]";
    break;
  case LinkerOptionKind::PathValue:
    Text += ("=" + O.MetaVar).str();
    break;
  case LinkerOptionKind::HotPolicyValue:
    Text += "=" + joinNames(hotPolicies(), "|");
    break;
  case LinkerOptionKind::Negation:
  case LinkerOptionKind::Flag:
    break;
  }
  return Text;
}

std::string expectedLinkerOptions() {
  ArrayRef<LinkerOption> Options = linkerOptions();
  std::string Text;
  for (size_t I = 0; I < Options.size(); ++I) {
    if (I)
      Text += I + 1 == Options.size() ? " or " : ", ";
    Text += usage(Options[I]);
  }
  return Text;
}

} // namespace lmf
