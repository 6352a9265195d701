//===- MergeRequest.cpp - Our options on the linker command line ----------===//
//
// Our ld.lld must accept every option stock ld.lld-22 accepts, unchanged,
// plus five of its own. lld's option table is private to lldELF, so we do
// not parse the command line as a whole: we walk it once, take out the
// arguments that are ours and hand everything else to lld in its original
// order. lld then reports its own errors, with its own wording.
//
// Our options follow lld's conventions. Long options take one or two
// dashes (`-lto-merge-functions` and `--lto-merge-functions` are the same;
// lld would otherwise read the former as `-l to-merge-functions`). Among
// --lto-merge-functions[=mode] and --no-lto-merge-functions the last one
// wins, like lld's own --icf / --no-... pairs. The report path may be
// joined (`=file`) or the next argument, like lld's `Eq` options.
//
// We claim the whole `lto-merge-functions*` namespace: a misspelt option
// such as `--lto-merge-functions-reprot=x` is our error, not a library
// lookup lld would fail with a confusing message. The one place where such
// text legitimately appears is the value of `-mllvm` or `--plugin-opt`
// (the plugin's own cl::opts are named `-lto-merge-functions-...`), so the
// arguments after those two options are passed through untouched.
//
// A few of lld's own options are read but not removed: --help and
// --version (we append our part of the answer), the warning switches (our
// warnings obey them too) and -o (to remove an output we turned into an
// error under --fatal-warnings).
//
// Bad values are collected rather than reported one at a time, so that a
// user fixes them all in one go; nothing is linked when any is found.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/MergeRequest.h"

#include "llvm/ADT/StringRef.h"

using namespace llvm;

namespace lmf {
namespace {

/// Drops one or two leading dashes; returns "" for non-options.
StringRef optionName(StringRef Arg) {
  if (Arg.size() < 2 || Arg[0] != '-')
    return "";
  return Arg.drop_front(Arg.starts_with("--") ? 2 : 1);
}

/// lld options whose next argument is a value that must not be parsed as
/// an option (it may well start with `-lto-merge-functions`).
bool takesVerbatimValue(StringRef Name) {
  return Name == "mllvm" || Name == "plugin-opt";
}

Error optionError(StringRef Arg, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), "'" + Arg + "': " + Why);
}

/// Reads the lld options we observe but leave in place.
void observeLldOption(StringRef Arg, StringRef Name, MergeRequest &Req) {
  if (Name == "help")
    Req.Help = true;
  else if (Name == "version")
    Req.VersionAndExit = true;
  else if (Arg == "-v" || Arg == "-V")
    Req.Verbose = true;
  else if (Name == "fatal-warnings")
    Req.FatalWarnings = true;
  else if (Name == "no-fatal-warnings")
    Req.FatalWarnings = false;
  else if (Name == "no-warnings" || Arg == "-w")
    Req.NoWarnings = true;
  else if (Name.consume_front("output="))
    Req.OutputPath = Name.str();
}

class RequestParser {
public:
  explicit RequestParser(ArrayRef<const char *> Args) : Args(Args) {}
  Expected<MergeRequest> parse();

private:
  /// Handles Args[I] if it is ours; may consume Args[I + 1].
  bool parseOurs(size_t &I);
  void setMode(StringRef Arg, StringRef Value);
  void setReport(StringRef Arg, StringRef Value);

  ArrayRef<const char *> Args;
  MergeRequest Req;
  Error Errors = Error::success();
};

void RequestParser::setMode(StringRef Arg, StringRef Value) {
  Expected<MergeMode> Mode = parseMergeMode(Value);
  if (!Mode) {
    Errors = joinErrors(std::move(Errors),
                        optionError(Arg, toString(Mode.takeError())));
    return;
  }
  Req.Enabled = true;
  Req.Mode = *Mode;
}

void RequestParser::setReport(StringRef Arg, StringRef Value) {
  if (Value.empty()) {
    Errors =
        joinErrors(std::move(Errors), optionError(Arg, "expects a file name"));
    return;
  }
  Req.ReportPath = Value.str();
}

bool RequestParser::parseOurs(size_t &I) {
  StringRef Arg = Args[I];
  StringRef Name = optionName(Arg);
  auto [Key, Value] = Name.split('=');
  bool HasValue = Name.contains('=');

  auto NoValue = [&] {
    if (HasValue)
      Errors = joinErrors(std::move(Errors),
                          optionError(Arg, "this option takes no value"));
  };
  if (Key == "lto-merge-functions") {
    if (HasValue)
      setMode(Arg, Value);
    else
      setMode(Arg, "safe");
    return true;
  }
  if (Key == "no-lto-merge-functions") {
    NoValue();
    Req.Enabled = false;
    return true;
  }
  if (Key == "lto-merge-functions-report") {
    if (HasValue) {
      setReport(Arg, Value);
    } else if (I + 1 < Args.size()) {
      setReport(Arg, Args[++I]);
    } else {
      Errors = joinErrors(std::move(Errors),
                          optionError(Arg, "expects a file name"));
    }
    return true;
  }
  if (Key == "print-merged-functions") {
    NoValue();
    Req.Print = true;
    return true;
  }
  if (Key.starts_with("lto-merge-functions") ||
      Key.starts_with("no-lto-merge-functions")) {
    Errors = joinErrors(
        std::move(Errors),
        optionError(Arg, "unknown lto-merge-functions option (expected "
                         "--lto-merge-functions[=safe|all], "
                         "--no-lto-merge-functions, "
                         "--lto-merge-functions-report=<file> or "
                         "--print-merged-functions)"));
    return true;
  }
  return false;
}

Expected<MergeRequest> RequestParser::parse() {
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    StringRef Name = optionName(Arg);
    if (takesVerbatimValue(Name) && I + 1 < Args.size()) {
      Req.LldArgs.push_back(Args[I]);
      Req.LldArgs.push_back(Args[++I]);
      continue;
    }
    if ((Arg == "-o" || Name == "output") && I + 1 < Args.size()) {
      Req.OutputPath = Args[I + 1];
      Req.LldArgs.push_back(Args[I]);
      Req.LldArgs.push_back(Args[++I]);
      continue;
    }
    if (!Name.empty() && parseOurs(I))
      continue;
    observeLldOption(Arg, Name, Req);
    Req.LldArgs.push_back(Args[I]);
  }
  if (Req.NoWarnings)
    Req.FatalWarnings = false;
  if (Errors)
    return std::move(Errors);
  return std::move(Req);
}

} // namespace

Expected<MergeRequest> parseMergeRequest(ArrayRef<const char *> Args) {
  return RequestParser(Args).parse();
}

} // namespace lmf
