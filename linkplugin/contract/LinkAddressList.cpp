//===- LinkAddressList.cpp - Functions whose address no input uses --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Our ld.lld looks at every input of a ThinLTO link before lld runs
// (driver/LinkAddressScan.cpp) and lists the functions whose address no
// module, object file or shared library uses; the backends, in this process
// or on a build farm, read the list and may give such an exported function
// the address of its twin (core/identical/IdenticalPlanner.cpp). The list travels as a
// file because distributed backends run in other processes on other
// machines: a header line with the format's name and version, then one GUID
// per line in hexadecimal. The header makes a stale or foreign file an error
// rather than a list of wrong functions.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/contract/LinkAddressList.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {

static constexpr StringLiteral Header =
    "lto-merge-functions link-address-free 1";

Error writeLinkAddressList(StringRef Path, ArrayRef<uint64_t> GUIDs) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(EC,
                             "cannot write '" + Path + "': " + EC.message());
  OS << Header << '\n';
  for (uint64_t GUID : GUIDs)
    OS << format_hex_no_prefix(GUID, 16) << '\n';
  OS.close();
  if (OS.has_error())
    return createStringError(OS.error(), "cannot write '" + Path +
                                             "': " + OS.error().message());
  return Error::success();
}

Expected<DenseSet<uint64_t>> readLinkAddressList(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
  if (!Text)
    return createStringError(Text.getError(), "cannot read '" + Path + "': " +
                                                  Text.getError().message());
  auto Bad = [&](unsigned Line, const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             Path + ":" + Twine(Line) + ": " + Why);
  };
  SmallVector<StringRef, 0> Lines;
  (*Text)->getBuffer().split(Lines, '\n');
  if (Lines.empty() || Lines.front().rtrim() != Header)
    return Bad(1, "not a list of address-free functions (expected '" + Header +
                      "')");
  DenseSet<uint64_t> GUIDs;
  GUIDs.reserve(Lines.size());
  for (unsigned I = 1; I < Lines.size(); ++I) {
    StringRef Line = Lines[I].rtrim();
    if (Line.empty() && I + 1 == Lines.size())
      break;
    uint64_t GUID;
    if (Line.size() != 16 || Line.getAsInteger(16, GUID))
      return Bad(I + 1, "expected a GUID of 16 hexadecimal digits, got '" +
                            Line + "'");
    GUIDs.insert(GUID);
  }
  return GUIDs;
}

} // namespace lmf
