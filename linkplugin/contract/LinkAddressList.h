//===- LinkAddressList.h - Functions whose address is unused ----*- C++ -*-===//
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

namespace lmf {

/// Writes the GUIDs of the link's address-free functions
/// (MergeOptions::LinkAddressFree) to Path, in the order given.
llvm::Error writeLinkAddressList(llvm::StringRef Path,
                                 llvm::ArrayRef<uint64_t> GUIDs);

/// Reads a file writeLinkAddressList wrote; any other content is an error
/// naming the file and the line.
llvm::Expected<llvm::DenseSet<uint64_t>>
readLinkAddressList(llvm::StringRef Path);

} // namespace lmf

#endif
