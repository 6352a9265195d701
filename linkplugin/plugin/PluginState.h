//===- PluginState.h - What the plugin keeps between runs -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every pass builder creates the pass afresh (lld makes one for each ThinLTO
// backend it runs), and our ld.lld reaches the plugin through C entry points
// that carry no handle (contract/PluginEntryPoints.h). So what must outlive
// one run of the pass is kept here, once per process: how often the pass has
// run, and the lists of the link's function addresses, which the in-process
// backends of one link read once and share. The backends' results are kept
// apart, in a ManagedStatic (BackendResults.cpp): with a stock linker they
// are written when LLVM shuts down and destroys it.
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_PLUGIN_PLUGINSTATE_H
#define LMF_LINKPLUGIN_PLUGIN_PLUGINSTATE_H

#include "linkplugin/contract/LinkAddressList.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

namespace lmf {

class PluginState {
public:
  /// The state of this process.
  static PluginState &get();

  /// Counts one merge (a run of the pass, or a remote backend's result).
  void noteMergeRun() { ++RunCount; }
  unsigned runCount() const { return RunCount.load(); }

  /// While set, the pass prints nothing: lld runs the link again after
  /// this run and shows only the last run's output (LLD_IN_TEST).
  void setQuiet(bool Value) { Quiet = Value; }
  bool quiet() const { return Quiet.load(); }

  /// What the link says about function addresses, from the file at Path
  /// (-lto-merge-functions-link-address-free); null when Path is empty.
  /// The file is read at the first call and again only when Path changes.
  /// Safe to call from the backends' threads.
  llvm::Expected<const LinkAddressLists *> linkAddresses(llvm::StringRef Path);

private:
  PluginState() = default;

  std::atomic<unsigned> RunCount{0};
  std::atomic<bool> Quiet{false};
  /// Guards LinkAddressPath and LinkAddresses.
  std::mutex LinkAddressLock;
  std::string LinkAddressPath;
  LinkAddressLists LinkAddresses;
};

} // namespace lmf

#endif
