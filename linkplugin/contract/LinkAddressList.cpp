//===- LinkAddressList.cpp - What the link says about addresses -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Our ld.lld looks at every input of a ThinLTO link before lld runs
// (driver/LinkAddressScan.cpp) and lists two kinds of functions: those whose
// address no module, object file or shared library uses, which a backend
// may give the address of a twin (core/identical/IdenticalPlanner.cpp), and
// those whose address some module's code holds or whose calls a profile
// predicts, which a backend may compare after promoting an indirect call,
// so that no backend gives them a twin's address (core/facts/ModuleFacts.h).
// The lists travel as a file because distributed backends run in other
// processes on other machines: a header line with the format's name and
// version, then one line per function, its kind (`free` or `compared`) and
// its GUID in hexadecimal; the line `free unknown` says the first list could
// not be made. The header makes a stale or foreign file an error rather than
// a list of wrong functions.
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

static constexpr StringLiteral Header = "lto-merge-functions link-addresses 2";
static constexpr StringLiteral FreeKind = "free";
static constexpr StringLiteral ComparedKind = "compared";
static constexpr StringLiteral Unknown = "unknown";

Error writeLinkAddressList(StringRef Path, const std::vector<uint64_t> *Free,
                           ArrayRef<uint64_t> Compared) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(EC,
                             "cannot write '" + Path + "': " + EC.message());
  OS << Header << '\n';
  if (!Free)
    OS << FreeKind << ' ' << Unknown << '\n';
  else
    for (uint64_t GUID : *Free)
      OS << FreeKind << ' ' << format_hex_no_prefix(GUID, 16) << '\n';
  for (uint64_t GUID : Compared)
    OS << ComparedKind << ' ' << format_hex_no_prefix(GUID, 16) << '\n';
  OS.close();
  if (OS.has_error())
    return createStringError(OS.error(), "cannot write '" + Path +
                                             "': " + OS.error().message());
  return Error::success();
}

Expected<LinkAddressLists> readLinkAddressList(StringRef Path) {
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
    return Bad(1, "not a list of the link's function addresses (expected '" +
                      Header + "')");
  LinkAddressLists Lists;
  Lists.Free.emplace();
  for (unsigned I = 1; I < Lines.size(); ++I) {
    StringRef Line = Lines[I].rtrim();
    if (Line.empty() && I + 1 == Lines.size())
      break;
    auto [Kind, Value] = Line.split(' ');
    if (Kind != FreeKind && Kind != ComparedKind)
      return Bad(I + 1, "expected 'free' or 'compared' and a GUID, got '" +
                            Line + "'");
    if (Kind == FreeKind && Value == Unknown) {
      Lists.Free.reset();
      continue;
    }
    uint64_t GUID;
    if (Value.size() != 16 || Value.getAsInteger(16, GUID))
      return Bad(I + 1, "expected a GUID of 16 hexadecimal digits, got '" +
                            Value + "'");
    if (Kind == ComparedKind)
      Lists.Compared.insert(GUID);
    else if (Lists.Free)
      Lists.Free->insert(GUID);
  }
  return Lists;
}

} // namespace lmf
