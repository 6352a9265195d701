//===- ResponseFiles.cpp - @file expansion as lld does it -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Compilers and build systems put long link lines into response files
// (`@file`); our options are as likely to be in there as anywhere else. We
// must therefore see the expanded command line before lld does.
//
// To stay indistinguishable from stock ld.lld we expand exactly as lld's ELF
// driver does: the same LLVM routine, recursively, a file that cannot be read
// left as a literal `@file` argument (lld then reports it as a missing
// input), and the same tokenizer choice: GNU quoting unless the last
// --rsp-quoting says `windows`, found as lld finds it, by reading the
// unexpanded command line with lld's option table (LldCommandLine.cpp).
// lld receives the expanded arguments; its own expansion then finds nothing
// left to do.
//
// A command line that cannot be expanded (a response file that includes
// itself, one that exists but cannot be read) is not ours to report: the
// error comes back to the caller, which prints nothing and hands lld the
// command line as the user wrote it, so that lld reports it as stock ld.lld
// does, once (its dispatcher expands the files to look for `-m <PE target>`
// and stops at the first error). Reporting it ourselves and then running lld
// on what we could expand, as LLVM's convenience routine
// cl::ExpandResponseFiles invites, printed the error twice.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/ResponseFiles.h"

#include "linkplugin/driver/LldCommandLine.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace lmf {

/// True when the last --rsp-quoting on the unexpanded command line, as lld
/// reads it before expanding anything, or else the host, asks for Windows
/// quoting.
static bool windowsQuoting(ArrayRef<const char *> Args) {
  LldCommandLine CommandLine = LldCommandLine::classify(Args);
  if (std::optional<StringRef> Quoting = CommandLine.lastValue("rsp-quoting"))
    return *Quoting == "windows";
  return Triple(sys::getProcessTriple()).isOSWindows();
}

Error expandLinkerResponseFiles(SmallVectorImpl<const char *> &Args,
                                StringSaver &Saver) {
  cl::ExpansionContext Expansion(Saver.getAllocator(),
                                 windowsQuoting(Args)
                                     ? cl::TokenizeWindowsCommandLine
                                     : cl::TokenizeGNUCommandLine);
  SmallVector<const char *, 256> Expanded(Args.begin(), Args.end());
  if (Error E = Expansion.expandResponseFiles(Expanded))
    return E;
  Args.assign(Expanded.begin(), Expanded.end());
  return Error::success();
}

} // namespace lmf
