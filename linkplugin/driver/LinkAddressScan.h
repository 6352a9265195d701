//===- LinkAddressScan.h - Addresses the link uses --------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_LINKADDRESSSCAN_H
#define LMF_LINKPLUGIN_DRIVER_LINKADDRESSSCAN_H

#include <cstdint>
#include <string>
#include <vector>

namespace lmf {

struct LinkInputs;

/// What the inputs of one link say about function addresses.
struct LinkAddressScan {
  /// The GUIDs of the functions defined in bitcode that no input refers to
  /// except by direct calls, sorted. Empty when Unknown is set or when the
  /// link has no ThinLTO module (full LTO needs no list: it internalizes).
  std::vector<uint64_t> AddressFree;
  /// Why the inputs could not be read completely (an option that exports
  /// symbols, a linker script with commands, a file of an unknown kind);
  /// empty when every input was read.
  std::string Unknown;
  /// The GUIDs of the functions a ThinLTO backend may compare after the
  /// link (MergeOptions::LinkCompared), sorted: see LinkAddressScan.cpp.
  std::vector<uint64_t> Compared;
  /// Why Compared could not be made (an unreadable input, bitcode without
  /// a summary); empty when it was. Unknown implies nothing about it: a
  /// link that exports symbols still has its summaries.
  std::string ComparedUnknown;
  /// Bitcode modules with a ThinLTO summary among the inputs.
  unsigned ThinModules = 0;
};

/// Collects, from every input of the link (files, archive members, -l
/// libraries as lld would find them, the files linker scripts name), which
/// functions' addresses some input uses.
LinkAddressScan scanLinkAddresses(const LinkInputs &Inputs);

} // namespace lmf

#endif
