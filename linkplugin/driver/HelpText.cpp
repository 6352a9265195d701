//===- HelpText.cpp - Our part of --help and --version --------------------===//
//
// lld answers --help and --version itself; we append our section in lld's
// layout (two-space indent, descriptions in column 27, long option names on
// a line of their own), so `ld.lld --help | grep` finds our options the same
// way it finds lld's. The version names the plugin this binary would load,
// and whether it is there: the first thing to check when merging fails.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/HelpText.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {

namespace {
struct HelpEntry {
  const char *Option;
  const char *Text;
};
} // namespace

static const HelpEntry Entries[] = {
    {"--lto-merge-functions=[safe,all]",
     "Merge identical functions in the full-LTO module; 'all' also merges "
     "functions whose address is taken (pointers may then compare equal)"},
    {"--lto-merge-functions", "Alias for --lto-merge-functions=safe"},
    {"--no-lto-merge-functions", "Do not merge functions (default)"},
    {"--lto-merge-functions-report=<file>",
     "Write a JSON report of the merge to <file>"},
    {"--print-merged-functions", "Print merged functions to standard output"},
};

void printMergeHelp(raw_ostream &OS) {
  OS << "\nLTO-MERGE-FUNCTIONS OPTIONS (lto-merge-functions " << LMF_VERSION
     << "):\n";
  for (const HelpEntry &E : Entries) {
    OS << "  " << E.Option;
    size_t Width = StringRef(E.Option).size() + 2;
    if (Width > 25)
      OS << "\n" << std::string(26, ' ');
    else
      OS << std::string(26 - Width, ' ');
    OS << E.Text << "\n";
  }
  OS << "  The last of --lto-merge-functions[=...] and "
        "--no-lto-merge-functions wins. Merging uses --threads threads.\n";
}

void printMergeVersion(raw_ostream &OS, StringRef PluginPath) {
  OS << "lto-merge-functions " << LMF_VERSION << " (merge plugin " << PluginPath
     << (sys::fs::exists(PluginPath) ? "" : ", not found") << ")\n";
}

} // namespace lmf
