//===- MergeRequest.cpp - Our options on the linker command line ----------===//
//
// Our ld.lld must accept every option stock ld.lld-22 accepts, unchanged,
// plus five of its own. lld's option table is private to lldELF, so we do
// not parse the command line as a whole: we walk it once, take out the
// arguments that are ours and hand everything else to lld in its original
// order. lld then reports its own errors, with its own wording.
//
// Our options, and how each reads its value, are described once, in the
// table of LinkerOptions.cpp; here we decide what each one does. They
// follow lld's conventions. Long options take one or two
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

#include "linkplugin/driver/LinkerOptions.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

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
  /// Checks Value against what O's kind allows; reports what is wrong.
  bool checkValue(StringRef Arg, const LinkerOption &O,
                  std::optional<StringRef> Value);
  void apply(StringRef Arg, const LinkerOption &O,
             std::optional<StringRef> Value);
  void error(StringRef Arg, const Twine &Why) {
    Errors = joinErrors(std::move(Errors), optionError(Arg, Why));
  }

  ArrayRef<const char *> Args;
  MergeRequest Req;
  Error Errors = Error::success();
};

bool RequestParser::checkValue(StringRef Arg, const LinkerOption &O,
                               std::optional<StringRef> Value) {
  switch (O.Kind) {
  case LinkerOptionKind::EnableWithOptionalMode:
    return true;
  case LinkerOptionKind::Negation:
  case LinkerOptionKind::Flag:
    if (Value)
      error(Arg, "this option takes no value");
    return !Value;
  case LinkerOptionKind::PathValue:
    if (!Value || Value->empty())
      error(Arg, "expects a file name");
    return Value && !Value->empty();
  }
  return false;
}

void RequestParser::apply(StringRef Arg, const LinkerOption &O,
                          std::optional<StringRef> Value) {
  if (!checkValue(Arg, O, Value))
    return;
  switch (O.ID) {
  case LinkerOptionID::Merge: {
    Expected<MergeMode> Mode = Value ? parseMergeMode(*Value)
                                     : Expected<MergeMode>(defaultMergeMode());
    if (!Mode)
      return error(Arg, toString(Mode.takeError()));
    Req.Enabled = true;
    Req.Mode = *Mode;
    return;
  }
  case LinkerOptionID::NoMerge:
    Req.Enabled = false;
    return;
  case LinkerOptionID::Report:
    Req.ReportPath = Value->str();
    return;
  case LinkerOptionID::Print:
    Req.Print = true;
    return;
  }
}

bool RequestParser::parseOurs(size_t &I) {
  std::optional<OurArgument> Ours = matchLinkerOption(Args[I]);
  if (!Ours)
    return false;
  StringRef Arg = Args[I];
  if (!Ours->Option) {
    error(Arg, "unknown lto-merge-functions option (expected " +
                   expectedLinkerOptions() + ")");
    return true;
  }
  std::optional<StringRef> Value;
  if (Ours->HasJoinedValue)
    Value = Ours->JoinedValue;
  else if (Ours->takesNextArgument() && I + 1 < Args.size())
    Value = Args[++I];
  apply(Arg, *Ours->Option, Value);
  return true;
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
    if (parseOurs(I))
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
