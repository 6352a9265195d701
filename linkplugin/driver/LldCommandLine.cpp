//===- LldCommandLine.cpp - An ld.lld command line, read as lld does ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The driver needs to know what a command line says: which arguments are
// ours and which are lld's options and their values (MergeRequest.cpp), and
// which --rsp-quoting applies (ResponseFiles.cpp). Each needs lld's answer,
// not a guess: whether `-soname x` is one option or an option and an input,
// whether `-ofile` is the output, that `-static` means `-Bstatic`. We get
// that answer from lld itself, through the option table it parses with
// (ELFOptTable.h), and classify the command line once, into items:
//
//  * our options, recognised first wherever an option may start: lld's
//    table would read `-lto-merge-functions` as `-l to-merge-functions`;
//  * lld's options, with lld's name for them after aliases are resolved
//    and their values, joined or separate, spanning one argument or more,
//    as lld's table decides (llvm::opt::OptTable::ParseOneArg);
//  * options lld does not know, which lld will reject itself;
//  * input files.
//
// An option's values are never read as options: the argument after
// `-mllvm` is `-mllvm`'s, however much it looks like one of ours (the
// plugin's own cl::opts are named `-lto-merge-functions-...`). Before
// parsing, lld joins `--plugin-opt X` into `--plugin-opt=X`; we do the same,
// one item spanning both arguments.
//
// Every argument belongs to exactly one item, in order, so the driver can
// hand lld what is not ours unchanged.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LldCommandLine.h"

#include "linkplugin/driver/ELFOptTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/StringSaver.h"

using namespace llvm;

namespace lmf {

static const lld::elf::ELFOptTable &lldOptionTable() {
  static const lld::elf::ELFOptTable Table;
  return Table;
}

/// Our option at Args[I], if it is one; advances I past it.
static std::optional<CommandLineItem> ourItem(ArrayRef<const char *> Args,
                                              unsigned &I) {
  std::optional<OurArgument> Ours = matchLinkerOption(Args[I]);
  if (!Ours)
    return std::nullopt;
  CommandLineItem Item;
  Item.Kind = CommandLineItem::OurOption;
  Item.Index = I;
  Item.Ours = *Ours;
  if (Ours->Option)
    Item.Name = Ours->Option->Name;
  if (Ours->HasJoinedValue) {
    Item.Values.push_back(Ours->JoinedValue);
  } else if (Ours->takesNextArgument()) {
    if (I + 1 < Args.size()) {
      Item.Values.push_back(Args[I + 1]);
      Item.Count = 2;
    } else {
      Item.MissingValue = true;
    }
  }
  I += Item.Count;
  return Item;
}

/// The item for an argument lld's table has parsed.
static CommandLineItem lldItem(const opt::Arg &A, StringSaver &Saver) {
  CommandLineItem Item;
  switch (A.getOption().getKind()) {
  case opt::Option::InputClass:
    Item.Kind = CommandLineItem::Input;
    break;
  case opt::Option::UnknownClass:
    Item.Kind = CommandLineItem::UnknownOption;
    break;
  default:
    Item.Kind = CommandLineItem::LldOption;
    Item.Name = A.getOption().getName();
    break;
  }
  // Values may live in the parser's own list; keep copies.
  for (const char *Value : A.getValues())
    Item.Values.push_back(Saver.save(Value));
  return Item;
}

/// `--plugin-opt X` as lld reads it, `--plugin-opt=X`.
static bool isSeparatePluginOpt(ArrayRef<const char *> Args, unsigned I) {
  StringRef Arg = Args[I];
  return (Arg == "-plugin-opt" || Arg == "--plugin-opt") && I + 1 < Args.size();
}

void LldCommandLine::classifyFrom(const opt::InputArgList &List, unsigned &I) {
  if (std::optional<CommandLineItem> Item = ourItem(Args, I)) {
    Items.push_back(std::move(*Item));
    return;
  }
  StringSaver Saver(*Strings);
  unsigned Start = I;
  std::unique_ptr<opt::Arg> A;
  if (isSeparatePluginOpt(Args, I)) {
    const char *Joined = Saver.save(Twine(Args[I]) + "=" + Args[I + 1]).data();
    opt::InputArgList One(&Joined, &Joined + 1);
    unsigned J = 0;
    A = lldOptionTable().ParseOneArg(One, J);
    I += 2;
  } else {
    A = lldOptionTable().ParseOneArg(List, I);
  }
  CommandLineItem Item;
  if (A) {
    Item = lldItem(*A, Saver);
  } else {
    // The option's values run past the end; lld reports that.
    Item.Kind = CommandLineItem::LldOption;
    Item.MissingValue = true;
    I = Args.size();
  }
  Item.Index = Start;
  Item.Count = I - Start;
  Items.push_back(std::move(Item));
}

LldCommandLine LldCommandLine::classify(ArrayRef<const char *> Args) {
  LldCommandLine CommandLine(Args);
  opt::InputArgList List(Args.begin(), Args.end());
  for (unsigned I = 0; I < Args.size();)
    CommandLine.classifyFrom(List, I);
  return CommandLine;
}

std::optional<StringRef> LldCommandLine::lastValue(StringRef Name) const {
  for (const CommandLineItem &Item : reverse(Items))
    if (Item.isLld(Name) && !Item.MissingValue)
      return Item.value();
  return std::nullopt;
}

} // namespace lmf
