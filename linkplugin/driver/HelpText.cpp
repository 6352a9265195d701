//===- HelpText.cpp - Our part of --help and --version --------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lld answers --help and --version itself; we append our section in lld's
// layout (two-space indent, descriptions in column 27, long option names on
// a line of their own), so `ld.lld --help | grep` finds our options the same
// way it finds lld's. The lines come from the option table
// (LinkerOptions.cpp): an option that may take a mode is listed twice, with
// its modes and as the alias for its default mode. The version names the
// plugin this binary would load, and whether it is there: the first thing
// to check when merging fails.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/HelpText.h"

#include "linkplugin/driver/LinkerOptions.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {

/// One line of help: the option in column 3, its text in column 27.
static void printHelpLine(raw_ostream &OS, StringRef Option, StringRef Text) {
  OS << "  " << Option;
  size_t Width = Option.size() + 2;
  if (Width > 25)
    OS << "\n" << std::string(26, ' ');
  else
    OS << std::string(26 - Width, ' ');
  OS << Text << "\n";
}

/// `--name=[safe,all]`.
static std::string withModes(StringRef Spelling) {
  return (Spelling + "=[" + joinNames(mergeModes(), ",") + "]").str();
}

static void printOptionHelp(raw_ostream &OS, const LinkerOption &O) {
  std::string Spelling = optionSpelling(O);
  switch (O.Kind) {
  case LinkerOptionKind::EnableWithOptionalMode:
    printHelpLine(OS, withModes(Spelling), O.Help);
    printHelpLine(OS, Spelling,
                  "Alias for " + Spelling + "=" +
                      mergeModeName(defaultMergeMode()).str());
    return;
  case LinkerOptionKind::PathValue:
    printHelpLine(OS, Spelling + "=" + O.MetaVar.str(), O.Help);
    return;
  case LinkerOptionKind::HotPolicyValue:
    printHelpLine(OS, Spelling + "=" + O.MetaVar.str(), O.Help);
    for (const NamedValue<HotPolicy> &P : hotPolicies())
      printHelpLine(OS, "  " + P.Name.str(),
                    P.Description.str() +
                        (P.Value == MergeOptions().Hot ? " (default)" : ""));
    return;
  case LinkerOptionKind::Negation:
  case LinkerOptionKind::Flag:
    printHelpLine(OS, Spelling, O.Help);
    return;
  }
}

void printMergeHelp(raw_ostream &OS) {
  OS << "\nLTO-MERGE-FUNCTIONS OPTIONS (lto-merge-functions " << LMF_VERSION
     << "):\n";
  for (const LinkerOption &O : linkerOptions())
    printOptionHelp(OS, O);
  OS << "  The last of " << optionSpelling(LinkerOptionID::Merge)
     << "[=...] and " << optionSpelling(LinkerOptionID::NoMerge)
     << " wins. Merging uses --threads threads.\n";
  auto LastWins = [&](const LinkerOption &Yes, const LinkerOption &No) {
    OS << "  The last of " << optionSpelling(Yes) << " and "
       << optionSpelling(No) << " wins.\n";
  };
  for (const LinkerOption &O : linkerOptions())
    if (O.ID == LinkerOptionID::StageSwitch)
      LastWins(O, stageSwitchOption(*O.Row, /*On=*/false));
  LastWins(linkerOption(LinkerOptionID::AcrossModules),
           linkerOption(LinkerOptionID::NoAcrossModules));
}

void printMergeVersion(raw_ostream &OS, StringRef PluginPath) {
  OS << "lto-merge-functions " << LMF_VERSION << " (merge plugin " << PluginPath
     << (sys::fs::exists(PluginPath) ? "" : ", not found") << ")\n";
}

} // namespace lmf
