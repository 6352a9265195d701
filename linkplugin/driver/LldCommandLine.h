//===- LldCommandLine.h - A command line read as lld does -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_LLDCOMMANDLINE_H
#define LMF_LINKPLUGIN_DRIVER_LLDCOMMANDLINE_H

#include "linkplugin/driver/LinkerOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"

#include <memory>
#include <optional>
#include <vector>

namespace llvm::opt {
class InputArgList;
} // namespace llvm::opt

namespace lmf {

/// One option or input file of a command line.
struct CommandLineItem {
  enum ItemKind {
    /// One of our options, or a misspelling in our namespace.
    OurOption,
    /// An option in lld's table.
    LldOption,
    /// An option lld's table does not know (lld will reject it).
    UnknownOption,
    /// An input file ("-" and "" included; lld ignores "").
    Input,
  };
  ItemKind Kind = Input;
  /// The arguments the item spans: Args[Index, Index + Count).
  unsigned Index = 0;
  unsigned Count = 1;
  /// Ours: the option; Option is null for a misspelling.
  OurArgument Ours;
  /// LldOption: lld's name for the option, aliases resolved, without
  /// dashes: "o" for `-o x`, `-ox`, `--output x` and `--output=x`; "L"
  /// for `-L` and `--library-path`; "lto=" for `--lto=full`. Empty when
  /// the option's value is missing.
  llvm::StringRef Name;
  /// Ours and LldOption: the values, joined or separate; Input: the file;
  /// UnknownOption: the argument.
  llvm::SmallVector<llvm::StringRef, 1> Values;
  /// The option needs a value the command line ends before.
  bool MissingValue = false;

  bool isLld(llvm::StringRef LldName) const {
    return Kind == LldOption && Name == LldName;
  }
  llvm::StringRef value() const {
    return Values.empty() ? llvm::StringRef() : Values.front();
  }
};

/// An ld.lld command line (without argv[0]) cut into items, each option
/// with its values, as lld's own option table cuts it; our options are
/// recognised first, wherever an option may start.
class LldCommandLine {
public:
  static LldCommandLine classify(llvm::ArrayRef<const char *> Args);

  llvm::ArrayRef<CommandLineItem> items() const { return Items; }
  /// The arguments of Item, as given.
  llvm::ArrayRef<const char *> arguments(const CommandLineItem &Item) const {
    return Args.slice(Item.Index, Item.Count);
  }
  /// The value of the last lld option named Name, if any.
  std::optional<llvm::StringRef> lastValue(llvm::StringRef Name) const;

private:
  explicit LldCommandLine(llvm::ArrayRef<const char *> Args)
      : Args(Args), Strings(std::make_unique<llvm::BumpPtrAllocator>()) {}
  /// Classifies the item at Args[I] and moves I past it.
  void classifyFrom(const llvm::opt::InputArgList &List, unsigned &I);

  llvm::ArrayRef<const char *> Args;
  std::vector<CommandLineItem> Items;
  /// Values lld's parser made up (joined `--plugin-opt`, aliases' values).
  std::unique_ptr<llvm::BumpPtrAllocator> Strings;
};

} // namespace lmf

#endif
