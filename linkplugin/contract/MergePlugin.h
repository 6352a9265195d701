//===- MergePlugin.h - Finding and loading LTOMergeFunctions.so -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_CONTRACT_MERGEPLUGIN_H
#define LMF_LINKPLUGIN_CONTRACT_MERGEPLUGIN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace lmf {

/// `<directory of this executable>/../lib/LTOMergeFunctions.so`.
std::string defaultPluginPath(const char *Argv0);

/// `<directory of this executable>/<Name>`: the programs installed with us.
std::string siblingProgramPath(const char *Argv0, llvm::StringRef Name);

/// The plugin, loaded into this process for the rest of its life.
class MergePlugin {
public:
  /// Loads the plugin at Path; the error says what is missing.
  static llvm::Expected<MergePlugin> load(const std::string &Path);

  const std::string &path() const { return Path; }
  /// How often the merge pass has run in this process.
  unsigned runCount() const { return RunCount(); }
  /// Prints and writes what the ThinLTO backends merged, once lld is done.
  llvm::Error finish() const;
  /// Hands the plugin a remote (DTLTO) backend's report, to be printed and
  /// written by finish() with the others.
  llvm::Error recordReport(const std::string &ReportPath) const;
  /// Hands the plugin what the driver did before the link, as JSON (the
  /// names of rewritten modules, what was folded across modules).
  llvm::Error setLinkFacts(const std::string &Json) const;
  /// Tells the plugin that lld is about to run on the link, again after an
  /// earlier run when LLD_IN_TEST asks for several (LldInvocation.cpp):
  /// the earlier run's results are forgotten, and with Quiet the pass
  /// prints nothing during this run.
  void beginLldRun(bool Quiet) const { BeginLldRun(Quiet ? 1 : 0); }

private:
  using MessageFn = const char *(const char *);
  MergePlugin(std::string Path, unsigned (*RunCount)(), const char *(*Finish)(),
              MessageFn *RecordReport, MessageFn *SetLinkFacts,
              void (*BeginLldRun)(int))
      : Path(std::move(Path)), RunCount(RunCount), Finish(Finish),
        RecordReport(RecordReport), SetLinkFacts(SetLinkFacts),
        BeginLldRun(BeginLldRun) {}

  std::string Path;
  unsigned (*RunCount)();
  const char *(*Finish)();
  MessageFn *RecordReport;
  MessageFn *SetLinkFacts;
  void (*BeginLldRun)(int);
};

} // namespace lmf

#endif
