//===- ResponseFiles.cpp - @file expansion as lld does it -----------------===//
//
// Compilers and build systems put long link lines into response files
// (`@file`); our options are as likely to be in there as anywhere else. We
// must therefore see the expanded command line before lld does.
//
// To stay indistinguishable from stock ld.lld we expand exactly as lld's ELF
// driver does: the same LLVM routine, recursively, a file that cannot be read
// left as a literal `@file` argument (lld then reports it as a missing
// input), and the same tokenizer choice: GNU quoting unless the last
// --rsp-quoting says `windows`. lld receives the expanded arguments; its own
// expansion then finds nothing left to do.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/ResponseFiles.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace lmf {

/// The value of the last --rsp-quoting on the unexpanded command line, as
/// lld reads it before expanding anything.
static StringRef lastRspQuoting(ArrayRef<const char *> Args) {
  StringRef Quoting;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (!Arg.consume_front("--") && !Arg.consume_front("-"))
      continue;
    if (Arg.consume_front("rsp-quoting=")) {
      Quoting = Arg;
    } else if (Arg == "rsp-quoting" && I + 1 < Args.size()) {
      Quoting = Args[++I];
    }
  }
  return Quoting;
}

void expandLinkerResponseFiles(SmallVectorImpl<const char *> &Args,
                               StringSaver &Saver) {
  StringRef Quoting = lastRspQuoting(Args);
  bool Windows = Quoting.empty() ? Triple(sys::getProcessTriple()).isOSWindows()
                                 : Quoting == "windows";
  cl::ExpandResponseFiles(Saver,
                          Windows ? cl::TokenizeWindowsCommandLine
                                  : cl::TokenizeGNUCommandLine,
                          Args);
}

} // namespace lmf
