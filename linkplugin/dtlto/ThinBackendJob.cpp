//===- ThinBackendJob.cpp - One DTLTO backend job's command line ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// With DTLTO, lld does not run the ThinLTO backends itself: it writes a job
// file and a distributor runs one "remote compiler" per module, usually
// clang, with a command line made of clang driver options:
//
//   <compiler> -c --target=<triple> -O<n> [-faddrsig] [-ffunction-sections]
//     [-fdata-sections] [-fpic] [-mllvm -no-pgo-warn-mismatch]
//     [-fprofile-sample-use=<file>] -Wno-unused-command-line-argument
//     [--thinlto-remote-compiler-arg values]
//     <module> -fthinlto-index=<index> -o <object>
//
// clang cannot be that compiler for us: its ThinLTO backend
// (`-fthinlto-index=`) builds its LTO configuration without pass plugins,
// so `-fpass-plugin` is silently ignored there. lmf-thinlto-backend takes
// the same command line and runs the same LLVM ThinLTO backend with the
// merge plugin loaded. This file reads that command line.
//
// The set of options is small and known; anything else that looks like an
// option is refused with a message naming what we read, because a flag we
// ignored could change the object (a code model, a CPU) and a backend that
// compiles differently from the one lld asked for is worse than a failed
// job. Warning switches (`-W...`) cannot change the object and are
// accepted.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/dtlto/ThinBackendJob.h"

#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace lmf {
namespace {

class JobParser {
public:
  explicit JobParser(ArrayRef<const char *> Args) : Args(Args) {}
  Expected<ThinBackendJob> parse();

private:
  /// The value of a separate-value option (`-o F`); reports when missing.
  std::optional<StringRef> next(StringRef Option);
  void parseOne(StringRef Arg);
  bool parseJoined(StringRef Arg);
  void error(const Twine &Message) {
    Errors = joinErrors(std::move(Errors),
                        createStringError(inconvertibleErrorCode(), Message));
  }

  ArrayRef<const char *> Args;
  size_t Pos = 0;
  ThinBackendJob Job;
  Error Errors = Error::success();
};

std::optional<StringRef> JobParser::next(StringRef Option) {
  if (Pos + 1 >= Args.size()) {
    error("'" + Option + "' expects a value");
    return std::nullopt;
  }
  return StringRef(Args[++Pos]);
}

/// Options spelled `-name=value`; returns false when Arg is none of them.
bool JobParser::parseJoined(StringRef Arg) {
  if (Arg.consume_front("--target=")) {
    Job.TargetTriple = Arg.str();
  } else if (Arg.consume_front("-fthinlto-index=")) {
    Job.IndexPath = Arg.str();
  } else if (Arg.consume_front("-fprofile-sample-use=")) {
    Job.SampleProfile = Arg.str();
  } else if (Arg.consume_front("-fpass-plugin=")) {
    Job.PluginPath = Arg.str();
  } else if (Arg.consume_front("-mllvm=")) {
    Job.LLVMArgs.push_back(Arg.str());
  } else {
    return false;
  }
  return true;
}

void JobParser::parseOne(StringRef Arg) {
  if (parseJoined(Arg))
    return;
  if (Arg == "-c" || Arg.starts_with("-W"))
    return;
  if (Arg == "-o") {
    if (std::optional<StringRef> V = next(Arg))
      Job.OutputPath = V->str();
  } else if (Arg == "-mllvm") {
    if (std::optional<StringRef> V = next(Arg))
      Job.LLVMArgs.push_back(V->str());
  } else if (Arg == "-x") {
    std::optional<StringRef> V = next(Arg);
    if (V && *V != "ir")
      error("'-x " + *V + "': only LLVM IR ('-x ir') is compiled here");
  } else if (Arg.size() == 3 && Arg.starts_with("-O") && Arg[2] >= '0' &&
             Arg[2] <= '3') {
    Job.OptLevel = Arg[2] - '0';
  } else if (Arg == "-faddrsig" || Arg == "-fno-addrsig") {
    Job.AddressSignificanceTable = Arg == "-faddrsig";
  } else if (Arg == "-ffunction-sections" || Arg == "-fno-function-sections") {
    Job.FunctionSections = Arg == "-ffunction-sections";
  } else if (Arg == "-fdata-sections" || Arg == "-fno-data-sections") {
    Job.DataSections = Arg == "-fdata-sections";
  } else if (Arg == "-fpic" || Arg == "-fPIC" || Arg == "-fpie" ||
             Arg == "-fPIE") {
    Job.RelocModel = Reloc::PIC_;
  } else if (Arg == "-fno-pic" || Arg == "-fno-pie") {
    Job.RelocModel = Reloc::Static;
  } else if (Arg.starts_with("-") && Arg != "-") {
    error("unsupported argument '" + Arg +
          "' (a DTLTO backend job reads -c, --target=, -O0..3, "
          "-f[no-]addrsig, -f[no-]function-sections, -f[no-]data-sections, "
          "-fpic/-fPIC/-fpie/-fPIE/-fno-pic, -fprofile-sample-use=, "
          "-fthinlto-index=, -fpass-plugin=, -mllvm, -x ir, -o and -W...)");
  } else if (!Job.InputPath.empty()) {
    error("more than one input module: '" + Job.InputPath + "' and '" + Arg +
          "'");
  } else {
    Job.InputPath = Arg.str();
  }
}

Expected<ThinBackendJob> JobParser::parse() {
  for (Pos = 0; Pos < Args.size(); ++Pos)
    parseOne(Args[Pos]);
  if (Job.InputPath.empty())
    error("no input module");
  if (Job.IndexPath.empty())
    error("no summary index (-fthinlto-index=)");
  if (Job.OutputPath.empty())
    error("no output object (-o)");
  if (Job.TargetTriple.empty())
    error("no target (--target=)");
  if (Errors)
    return std::move(Errors);
  return std::move(Job);
}

} // namespace

Expected<ThinBackendJob> parseThinBackendJob(ArrayRef<const char *> Args) {
  return JobParser(Args).parse();
}

std::string backendReportPath(StringRef ObjectPath) {
  return (ObjectPath + ".lmf-report.json").str();
}

} // namespace lmf
