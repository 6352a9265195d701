//===- LinkAddressList.h - What the link says about addresses ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_CONTRACT_LINKADDRESSLIST_H
#define LMF_LINKPLUGIN_CONTRACT_LINKADDRESSLIST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace lmf {

/// The two lists a ThinLTO link gives its backends, by GUID.
struct LinkAddressLists {
  /// MergeOptions::LinkAddressFree; unset when the link's inputs could not
  /// tell.
  std::optional<llvm::DenseSet<uint64_t>> Free;
  /// MergeOptions::LinkCompared.
  llvm::DenseSet<uint64_t> Compared;
};

/// Writes both lists to Path, in the order given; Free null: not known.
llvm::Error writeLinkAddressList(llvm::StringRef Path,
                                 const std::vector<uint64_t> *Free,
                                 llvm::ArrayRef<uint64_t> Compared);

/// Reads a file writeLinkAddressList wrote; any other content is an error
/// naming the file and the line.
llvm::Expected<LinkAddressLists> readLinkAddressList(llvm::StringRef Path);

} // namespace lmf

#endif
