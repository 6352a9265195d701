//===- MergePlugin.h - Finding and loading LTOMergeFunctions.so -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_MERGEPLUGIN_H
#define LMF_LINKPLUGIN_DRIVER_MERGEPLUGIN_H

#include "llvm/Support/Error.h"

#include <string>

namespace lmf {

/// `<directory of this executable>/../lib/LTOMergeFunctions.so`.
std::string defaultPluginPath(const char *Argv0);

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

private:
  MergePlugin(std::string Path, unsigned (*RunCount)(), const char *(*Finish)())
      : Path(std::move(Path)), RunCount(RunCount), Finish(Finish) {}

  std::string Path;
  unsigned (*RunCount)();
  const char *(*Finish)();
};

} // namespace lmf

#endif
