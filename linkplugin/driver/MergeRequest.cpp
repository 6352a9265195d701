//===- MergeRequest.cpp - Our options on the linker command line ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Our ld.lld must accept every option stock ld.lld-22 accepts, unchanged,
// plus its own. We read the command line once, as lld would
// (LldCommandLine.cpp), take out the arguments that are ours and hand
// everything else to lld in its original order. lld then reports its own
// errors, with its own wording.
//
// Our options, and how each reads its value, are described once, in the
// table of LinkerOptions.cpp; here we decide what each one does. They
// follow lld's conventions: one or two leading dashes, a value joined with
// `=` or, for the report path, the next argument, like lld's `Eq` options.
// Among --lto-merge-functions[=mode] and --no-lto-merge-functions the last
// one wins, like lld's own --icf / --no-... pairs; so does the last of
// --lto-merge-similar-functions and --no-lto-merge-similar-functions, and of
// --lto-merge-aligned-functions and --no-lto-merge-aligned-functions.
//
// We claim the whole `lto-merge-functions*` and `lto-merge-similar*`
// namespaces (and their `no-` forms): a misspelt option such as
// `--lto-merge-functions-reprot=x` is our error, listing the options we
// have, not a library lookup lld would fail with a confusing message. Such
// text is legitimate as the value of an lld option (`-mllvm
// -lto-merge-functions-mode=all` is how the plugin's own cl::opts are set),
// and values are never taken for options.
//
// A few of lld's own options are read but not removed: --help and
// --version (we append our part of the answer), the warning switches (our
// warnings obey them too), -o (to remove an output we turned into an
// error under --fatal-warnings) and the DTLTO options, which we replace
// when merging (DistributedBackends.cpp) and leave alone otherwise. lld's table
// tells us every spelling of them: `-V` is `-v`, `-w` is `--no-warnings`,
// `-ofile` is `-o file`.
//
// Bad values are collected rather than reported one at a time, so that a
// user fixes them all in one go; nothing is linked when any is found. Our
// options that do nothing because merging is off are only warned about
// (idleOptionWarnings).
//
// --lto-smallest-binary is a bundle, and each of its parts yields to an
// explicit option wherever it stands on the command line: merging is on
// unless --lto-merge-functions or its negation says otherwise (a mode
// given there is kept), similar and aligned merging are on unless one of
// their options is given, lld gets `--icf=safe` unless an --icf= option is
// there or the link is relocatable (`-r`, which lld refuses with ICF; the final
// link can fold), and `-mllvm -enable-machine-outliner` (for distributed
// backends also as --thinlto-remote-compiler-arg) unless an -mllvm option
// already sets the outliner, and, in an in-process ThinLTO link of two modules
// or more that folds with ICF (not --icf=none, not -r), `-mllvm
// -codegen-data-thinlto-two-rounds` (each backend's outliner
// then also outlines what the other backends outlined) unless an -mllvm
// option sets a `codegen-data-` option. The merge pass is then told to keep the
// outliner off hot code (unless the hot-function policy is off) and to have the
// other code generated for size (core/facts/SizeCodegen.cpp).
//
// The merge pass's own options (core's option table, core/OptionRow.h)
// given to lld with -mllvm or --plugin-opt=- are read here, once, by the
// table, into MergeRequest::Pass: the step before a ThinLTO link plans with
// those values, and, while merging is on, the pass gets them in the table's
// spelling instead of the arguments as given, so that both read one thing.
// A value the table does not read is an error like ours. Without merging,
// lld gets them back untouched.
//
// The request is turned into the merge pass's options here too, once, for
// both places the pass runs: lld's in-process backends (LldInvocation.cpp
// passes them with -mllvm) and distributed backends (DistributedBackends.cpp
// passes them to the remote compiler), which leave the report and listing
// to our distributor wrapper.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/MergeRequest.h"

#include "core/MergeModule.h"
#include "core/OptionRow.h"
#include "linkplugin/contract/PassOptionNames.h"
#include "linkplugin/driver/LinkerOptions.h"
#include "linkplugin/driver/LldCommandLine.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"

#include <optional>

using namespace llvm;

namespace lmf {
namespace {

Error optionError(StringRef Arg, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), "'" + Arg + "': " + Why);
}

/// Reads the lld options we observe but leave in place.
void observeLldOption(const CommandLineItem &Item, MergeRequest &Req) {
  StringRef Name = Item.Name;
  if (Name == "help")
    Req.Help = true;
  else if (Name == "version")
    Req.VersionAndExit = true;
  else if (Name == "v")
    Req.Verbose = true;
  else if (Name == "fatal-warnings")
    Req.FatalWarnings = true;
  else if (Name == "no-fatal-warnings")
    Req.FatalWarnings = false;
  else if (Name == "no-warnings")
    Req.NoWarnings = true;
  else if (Name == "o" && !Item.MissingValue)
    Req.OutputPath = Item.value().str();
  else if (Name.rtrim('=') == "threads" && !Item.MissingValue)
    Req.Threads = Item.value().str();
}

/// The row of the merge pass's option table (OptionRow.h) that Item, an
/// -mllvm or --plugin-opt=- option of lld's, gives, with its value after
/// `=`; none for any other item.
std::optional<std::pair<const OptionRow *, std::optional<StringRef>>>
passOptionRow(const CommandLineItem &Item) {
  if (Item.Kind != CommandLineItem::LldOption || Item.MissingValue ||
      !(Item.Name.rtrim('=') == "mllvm" || Item.Name == "plugin-opt=-"))
    return std::nullopt;
  StringRef Text = Item.value().ltrim('-');
  auto [Name, Value] = Text.split('=');
  for (const OptionRow *Row : mergeOptionRows())
    if (Row->Name == Name)
      return std::make_pair(Row, Text.contains('=')
                                     ? std::optional<StringRef>(Value)
                                     : std::nullopt);
  return std::nullopt;
}

/// Records lld's DTLTO options; returns whether Item is one.
bool observeDistributionOption(const CommandLineItem &Item,
                               DistributionOptions &Dist) {
  if (Item.Kind != CommandLineItem::LldOption)
    return false;
  StringRef Name = Item.Name.rtrim('=');
  if (Name == "thinlto-distributor")
    Dist.Distributor = Item.value().str();
  else if (Name == "thinlto-distributor-arg")
    Dist.DistributorArgs.push_back(Item.value().str());
  else if (Name == "thinlto-remote-compiler")
    Dist.RemoteCompiler = Item.value().str();
  else
    return false;
  return true;
}

/// What the command line already sets of what --lto-smallest-binary adds,
/// and whether the link is relocatable (lld refuses ICF with -r).
struct ExplicitChoices {
  bool Merge = false;       // --lto-merge-functions[=mode], its negation
  bool Icf = false;         // --icf=all|safe|none
  bool IcfNone = false;     // the last --icf= is none
  bool Outliner = false;    // -mllvm -enable-machine-outliner[=mode]
  bool CodegenData = false; // -mllvm -codegen-data-*
  bool Relocatable = false; // -r, --relocatable

  void observe(const CommandLineItem &Item) {
    if (Item.Kind != CommandLineItem::LldOption)
      return;
    if (Item.Name.starts_with("icf=")) {
      Icf = true;
      IcfNone = Item.Name == "icf=none";
    } else if (Item.Name == "relocatable" || Item.Name == "r")
      Relocatable = true;
    else if (Item.Name.rtrim('=') == "mllvm" || Item.Name == "plugin-opt=-")
      observeLlvmOption(Item.value().ltrim('-'));
  }

  void observeLlvmOption(StringRef Option) {
    if (Option.starts_with("enable-machine-outliner"))
      Outliner = true;
    else if (Option.starts_with("codegen-data-"))
      CodegenData = true;
  }
};

/// The lld arguments --lto-smallest-binary adds; string literals, which
/// outlive the request.
std::vector<const char *> smallestBinaryArguments(const ExplicitChoices &Given,
                                                  bool Distributes) {
  std::vector<const char *> Args;
  if (!Given.Icf && !Given.Relocatable)
    Args.push_back("--icf=safe");
  if (!Given.Outliner) {
    Args.push_back("-mllvm");
    Args.push_back("-enable-machine-outliner");
    if (Distributes) {
      Args.push_back("--thinlto-remote-compiler-arg=-mllvm");
      Args.push_back("--thinlto-remote-compiler-arg=-enable-machine-outliner");
    }
  }
  return Args;
}

class RequestParser {
public:
  explicit RequestParser(ArrayRef<const char *> Args)
      : Args(Args), CommandLine(LldCommandLine::classify(Args)) {}
  Expected<MergeRequest> parse();

private:
  void parseOurs(const CommandLineItem &Item);
  bool readPassOption(const CommandLineItem &Item);
  void applySwitches();
  void applySmallest();
  /// Checks Value against what O's kind allows; reports what is wrong.
  bool checkValue(StringRef Arg, const LinkerOption &O,
                  std::optional<StringRef> Value);
  void apply(StringRef Arg, const LinkerOption &O,
             std::optional<StringRef> Value);
  void error(StringRef Arg, const Twine &Why) {
    Errors = joinErrors(std::move(Errors), optionError(Arg, Why));
  }

  ArrayRef<const char *> Args;
  LldCommandLine CommandLine;
  MergeRequest Req;
  ExplicitChoices Given;
  /// The arguments that gave pass options (readPassOption): lld gets them
  /// only when we do not merge, and otherwise mergePassOptions' spelling.
  std::vector<const char *> PassOptionArgs;
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
  case LinkerOptionKind::HotPolicyValue:
    if (!Value)
      error(Arg, "expects a policy");
    return Value.has_value();
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
    Given.Merge = true;
    return;
  }
  case LinkerOptionID::NoMerge:
    Req.Enabled = false;
    Given.Merge = true;
    return;
  case LinkerOptionID::StageSwitch:
    Req.StageSwitches[O.Row] = true;
    return;
  case LinkerOptionID::NoStageSwitch:
    Req.StageSwitches[O.Row] = false;
    return;
  case LinkerOptionID::AcrossModules:
    Req.AcrossModules = true;
    return;
  case LinkerOptionID::NoAcrossModules:
    Req.AcrossModules = false;
    return;
  case LinkerOptionID::HotPolicy: {
    Expected<HotPolicy> Policy = parseHotPolicy(*Value);
    if (!Policy)
      return error(Arg, toString(Policy.takeError()));
    Req.Hot = *Policy;
    return;
  }
  case LinkerOptionID::Smallest:
    Req.Smallest = true;
    return;
  case LinkerOptionID::Report:
    Req.ReportPath = Value->str();
    return;
  case LinkerOptionID::Print:
    Req.Print = true;
    return;
  }
}

void RequestParser::parseOurs(const CommandLineItem &Item) {
  StringRef Arg = Args[Item.Index];
  if (!Item.Ours.Option)
    return error(Arg, "unknown lto-merge-functions option (expected " +
                          expectedLinkerOptions() + ")");
  std::optional<StringRef> Value;
  if (!Item.Values.empty())
    Value = Item.value();
  apply(Arg, *Item.Ours.Option, Value);
}

/// Reads a merge pass option given to lld (setOption, the reading the pass
/// itself makes); returns whether Item is one.
bool RequestParser::readPassOption(const CommandLineItem &Item) {
  auto Row = passOptionRow(Item);
  if (!Row)
    return false;
  if (Error E = setOption(*Row->first, Req.Pass, Row->second))
    Errors = joinErrors(std::move(Errors), std::move(E));
  ArrayRef<const char *> Own = CommandLine.arguments(Item);
  PassOptionArgs.insert(PassOptionArgs.end(), Own.begin(), Own.end());
  return true;
}

/// Our linker switches win over the pass options wherever they stand.
void RequestParser::applySwitches() {
  for (auto [Row, On] : Req.StageSwitches)
    cantFail(setOption(*Row, Req.Pass, StringRef(On ? "true" : "false")));
}

Expected<MergeRequest> RequestParser::parse() {
  for (const CommandLineItem &Item : CommandLine.items()) {
    if (Item.Kind == CommandLineItem::OurOption) {
      parseOurs(Item);
      continue;
    }
    if (readPassOption(Item))
      continue;
    if (Item.Kind == CommandLineItem::LldOption)
      observeLldOption(Item, Req);
    Given.observe(Item);
    ArrayRef<const char *> Own = CommandLine.arguments(Item);
    Req.LldArgs.insert(Req.LldArgs.end(), Own.begin(), Own.end());
    if (!observeDistributionOption(Item, Req.Distribution))
      Req.LldArgsWithoutDistribution.insert(
          Req.LldArgsWithoutDistribution.end(), Own.begin(), Own.end());
  }
  if (Req.NoWarnings)
    Req.FatalWarnings = false;
  if (Errors)
    return std::move(Errors);
  applySwitches();
  if (Req.Smallest)
    applySmallest();
  if (!Req.Enabled) {
    Req.LldArgs.insert(Req.LldArgs.end(), PassOptionArgs.begin(),
                       PassOptionArgs.end());
    Req.LldArgsWithoutDistribution.insert(Req.LldArgsWithoutDistribution.end(),
                                          PassOptionArgs.begin(),
                                          PassOptionArgs.end());
  }
  return std::move(Req);
}

void RequestParser::applySmallest() {
  if (!Given.Merge)
    Req.Enabled = true;
  // Every stage with a switch, unless something set it.
  for (const OptionRow *Row : mergeOptionRows())
    if (Row->Linker && !optionSpelling(*Row, Req.Pass))
      cantFail(setOption(*Row, Req.Pass, std::nullopt));
  // The outliner keeps off hot code (where the hot-function policy sees
  // any), the rest is generated for size (core/facts/SizeCodegen.cpp).
  if (Req.Hot != HotPolicy::Off)
    Req.Pass.KeepOutlinerOffHotCode = true;
  Req.Pass.OptimizeOtherCodeForSize = true;
  // Two code generation rounds let the outliner of each in-process ThinLTO
  // backend outline what other modules outlined (the first round gathers
  // them). Each backend then emits its own local copy of each such
  // sequence, which only ICF folds into one: without ICF in this link
  // (--icf=none, -r) they would grow the binary (CTMark's kc at AArch64
  // -Oz: 323,164 bytes against 200,776 with one round). Distributed
  // backends are one process each, which no round can join. Whether the
  // link has the modules to share is known once its inputs are read
  // (linkWithMerging).
  Req.TwoCodegenRounds = !Given.CodegenData && !Given.IcfNone &&
                         !Given.Relocatable && !Req.Distribution.distributes();
  std::vector<const char *> Extra =
      smallestBinaryArguments(Given, Req.Distribution.distributes());
  Req.LldArgs.insert(Req.LldArgs.end(), Extra.begin(), Extra.end());
  Req.LldArgsWithoutDistribution.insert(Req.LldArgsWithoutDistribution.end(),
                                        Extra.begin(), Extra.end());
}

} // namespace

Expected<MergeRequest> parseMergeRequest(ArrayRef<const char *> Args) {
  return RequestParser(Args).parse();
}

std::vector<std::string> idleOptionWarnings(const MergeRequest &Req) {
  std::vector<std::string> Warnings;
  if (Req.Enabled)
    return Warnings;
  auto Idle = [&](const LinkerOption &O) {
    Warnings.push_back(optionSpelling(O) + " has no effect without " +
                       optionSpelling(LinkerOptionID::Merge));
  };
  for (const OptionRow *Row : mergeOptionRows())
    if (Row->Linker && Req.StageSwitches.lookup(Row))
      Idle(stageSwitchOption(*Row, /*On=*/true));
  if (!Req.ReportPath.empty())
    Idle(linkerOption(LinkerOptionID::Report));
  if (Req.Print)
    Idle(linkerOption(LinkerOptionID::Print));
  return Warnings;
}

std::vector<std::string> mergePassOptions(const MergeRequest &Req,
                                          StringRef LinkAddressList,
                                          PassPlace Place) {
  std::vector<std::string> Options = {
      (Twine(passopt::ModeOption) + "=" + mergeModeName(Req.Mode)).str()};
  if (Req.Hot != MergeOptions().Hot)
    Options.push_back(
        (Twine(passopt::HotPolicyOption) + "=" + hotPolicyName(Req.Hot)).str());
  for (const OptionRow *Row : mergeOptionRows())
    if (std::optional<std::string> Spelling = optionSpelling(*Row, Req.Pass))
      Options.push_back(std::move(*Spelling));
  if (Place == PassPlace::InProcess) {
    if (!Req.ReportPath.empty())
      Options.push_back(
          (Twine(passopt::ReportOption) + "=" + Req.ReportPath).str());
    if (Req.Print)
      Options.push_back(passopt::PrintOption);
  }
  if (!LinkAddressList.empty())
    Options.push_back(
        (Twine(passopt::LinkAddressFreeOption) + "=" + LinkAddressList).str());
  return Options;
}

} // namespace lmf
