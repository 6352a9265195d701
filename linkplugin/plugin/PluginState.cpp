//===- PluginState.cpp - What the plugin keeps between runs ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one PluginState of the process (why one: PluginState.h). The lists of the
// link's function addresses are read when a run first names its file and kept
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

Expected<const LinkAddressLists *> PluginState::linkAddresses(StringRef Path) {
  if (Path.empty())
    return nullptr;
  std::lock_guard<std::mutex> Guard(LinkAddressLock);
  if (LinkAddressPath != Path) {
    Expected<LinkAddressLists> Lists = readLinkAddressList(Path);
    if (!Lists)
      return Lists.takeError();
    LinkAddresses = std::move(*Lists);
    LinkAddressPath = Path.str();
  }
  return &LinkAddresses;
}

} // namespace lmf
