//===- PluginState.cpp - What the plugin keeps between runs ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one PluginState of the process (why one: PluginState.h). The list of
// address-free functions is read when a run first names its file and kept
// while runs name the same file: the in-process backends of one ThinLTO link
// all do, concurrently, so reading and keeping it take the lock. A run that
// names another file (the next link in the same process) reads that one.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/plugin/PluginState.h"

#include "linkplugin/contract/LinkAddressList.h"

using namespace llvm;

namespace lmf {

PluginState &PluginState::get() {
  static PluginState State;
  return State;
}

Expected<const DenseSet<uint64_t> *>
PluginState::linkAddressFree(StringRef Path) {
  if (Path.empty())
    return nullptr;
  std::lock_guard<std::mutex> Guard(LinkAddressLock);
  if (LinkAddressPath != Path) {
    Expected<DenseSet<uint64_t>> List = readLinkAddressList(Path);
    if (!List)
      return List.takeError();
    LinkAddressFree = std::move(*List);
    LinkAddressPath = Path.str();
  }
  return &LinkAddressFree;
}

} // namespace lmf
