//===- Diagnostics.cpp - Our warnings and errors, in lld's words ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Build logs and IDEs parse linker output by its shape, so our diagnostics
// look exactly like lld's own: `ld.lld: warning: ` / `ld.lld: error: ` on
// standard error, with the program name lld itself would print. They follow the
// same switches: --fatal-warnings turns our warnings into errors (and the link
// fails), --no-warnings (-w) hides them. Colors are left out: lld's come from
// its own error handler, which does not exist outside a link. Our ld.lld
// and the DTLTO programs (lmf-thinlto-backend, lmf-thinlto-distribute) print
// through it, each under its own name.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/contract/Diagnostics.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {

void Diagnostics::warn(const Twine &Message) {
  if (FatalWarnings) {
    error(Message);
    return;
  }
  if (SuppressWarnings)
    return;
  OS << ProgramName << ": warning: " << Message << "\n";
  OS.flush();
}

void Diagnostics::note(const Twine &Message) {
  OS << ProgramName << ": note: " << Message << "\n";
  OS.flush();
}

void Diagnostics::error(const Twine &Message) {
  ++Errors;
  OS << ProgramName << ": error: " << Message << "\n";
  OS.flush();
}

void Diagnostics::error(Error E) {
  handleAllErrors(std::move(E),
                  [&](const ErrorInfoBase &Info) { error(Info.message()); });
}

} // namespace lmf
