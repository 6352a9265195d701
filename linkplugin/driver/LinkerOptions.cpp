//===- LinkerOptions.cpp - The table of our linker options ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Our ld.lld has twelve options of its own. Each is described once, in the
// table below: its name, how it reads its value (its kind), and its help
// text. Everything else is produced from the table: recognising an option
// on the command line (here and in LldCommandLine.cpp), the list of
// expected options in the error about a misspelt one (here), and our
// section of --help (HelpText.cpp). What an option does is MergeRequest's
// business, chosen by its ID.
//
// The spelling rules are lld's: one or two leading dashes, and a value
// either joined with `=` or, for a path, the next argument. We also claim
// a namespace, every name that starts with `lto-merge-functions`,
// `lto-merge-similar`, `lto-merge-aligned`, `lto-smallest` or their `no-`
// forms: an argument there
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

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <cassert>

using namespace llvm;

namespace lmf {

static const LinkerOption Options[] = {
    {LinkerOptionID::Merge, "lto-merge-functions",
     LinkerOptionKind::EnableWithOptionalMode, "",
     "Merge identical functions in the regular LTO module, in every ThinLTO "
     "backend's module and across ThinLTO modules; 'all' also merges "
     "functions whose address is taken (pointers may then compare equal)"},
    {LinkerOptionID::NoMerge, "no-lto-merge-functions",
     LinkerOptionKind::Negation, "", "Do not merge functions (default)"},
    {LinkerOptionID::MergeSimilar, "lto-merge-similar-functions",
     LinkerOptionKind::Flag, "",
     "With --lto-merge-functions, also merge functions that differ only in "
     "constants (similar merging; the default in modules with a profile)"},
    {LinkerOptionID::NoMergeSimilar, "no-lto-merge-similar-functions",
     LinkerOptionKind::Negation, "",
     "Do not merge similar functions (the default in modules without a "
     "profile)"},
    {LinkerOptionID::MergeAligned, "lto-merge-aligned-functions",
     LinkerOptionKind::Flag, "",
     "With --lto-merge-functions, also merge pairs of functions that differ "
     "in instructions (aligned merging; off by default, on with "
     "--lto-smallest-binary)"},
    {LinkerOptionID::NoMergeAligned, "no-lto-merge-aligned-functions",
     LinkerOptionKind::Negation, "",
     "Do not merge functions that differ in instructions (default)"},
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

/// Names in here are ours even when no option has them.
static const StringLiteral Namespaces[] = {
    "lto-merge-functions",  "no-lto-merge-functions", "lto-merge-similar",
    "no-lto-merge-similar", "lto-merge-aligned",      "no-lto-merge-aligned",
    "lto-smallest",         "no-lto-smallest"};

ArrayRef<LinkerOption> linkerOptions() { return Options; }

const LinkerOption &linkerOption(LinkerOptionID ID) {
  const LinkerOption *Found =
      find_if(Options, [&](const LinkerOption &O) { return O.ID == ID; });
  assert(Found != std::end(Options) && "every ID has a row");
  return *Found;
}

std::string optionSpelling(LinkerOptionID ID) {
  return ("--" + linkerOption(ID).Name).str();
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
  for (const LinkerOption &O : Options)
    if (Key == O.Name) {
      Match.Option = &O;
      return Match;
    }
  if (any_of(Namespaces, [&](StringRef NS) { return Key.starts_with(NS); }))
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
  std::string Text;
  for (size_t I = 0; I < std::size(Options); ++I) {
    if (I)
      Text += I + 1 == std::size(Options) ? " or " : ", ";
    Text += usage(Options[I]);
  }
  return Text;
}

} // namespace lmf
