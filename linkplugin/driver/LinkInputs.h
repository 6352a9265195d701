//===- LinkInputs.h - Every input of a link, read once ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_LINKINPUTS_H
#define LMF_LINKPLUGIN_DRIVER_LINKINPUTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lmf {

/// The size of a function as its module summary gives it: twins in two
/// modules have equal keys.
struct FunctionShapeKey {
  uint64_t GUID = 0;
  uint32_t Instructions = 0;
  uint32_t Calls = 0;
  uint32_t References = 0;
  /// A hash of the GUIDs it calls and of those it refers to, each list
  /// sorted: twins of one module that reach the same functions and globals
  /// have equal ones (twins in two modules may not: each may call its own
  /// unit's copy of a helper).
  uint64_t Targets = 0;
};

/// What one bitcode module's summary says.
struct ModuleSummaryFacts {
  /// The functions it defines, and the values whose address it uses.
  std::vector<uint64_t> DefinedFunctions;
  std::vector<uint64_t> AddressUses;
  /// Every function it defines, with its size.
  std::vector<FunctionShapeKey> Shapes;
  /// For each function its functions call, how many of them call it.
  llvm::DenseMap<uint64_t, uint32_t> CallingFunctions;
  /// The values whose address its functions' code uses (their summaries'
  /// references), and the callees of its calls that carry a profile's
  /// hotness, indirect calls' predicted targets among them.
  std::vector<uint64_t> CodeReferences, ProfiledCallees;
  bool Read = false;
};

/// A bitcode module among the link's inputs.
struct InputModule {
  InputModule(llvm::BitcodeModule Module, std::string Name)
      : Module(Module), Name(std::move(Name)) {}

  llvm::BitcodeModule Module;
  /// As lld names it: the path as given, or `archive(member at offset)`.
  std::string Name;
  /// For an archive member, what a distributed (DTLTO) backend calls its
  /// module: for a regular archive the last path component of Name, to
  /// which LLVM appends `.<sequence>.<process id>.o`; for a thin archive
  /// the member's own path. Empty for a file named on the command line.
  std::string DistributedName;
  /// When the module may be replaced by a rewritten one: the index, in the
  /// lld arguments, of the input naming its file. That is a file named on
  /// the command line once, outside --start-lib/--end-lib, holding this
  /// one module, a ThinLTO module with a summary and not split into a
  /// regular and a thin part.
  std::optional<unsigned> Argument;
  bool ThinLTO = false;
  bool HasSummary = false;
  /// The symbol names (by GUID) its symbol table defines and leaves
  /// undefined.
  std::vector<uint64_t> DefinedNames, UndefinedNames;
  ModuleSummaryFacts Summary;
};

/// Every input of one link, read as lld would find it: files, archive
/// members, -l libraries, the inputs linker scripts name.
struct LinkInputs {
  /// Every file read, kept open: the modules point into them.
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> Files;
  /// The bitcode modules, in command-line order.
  std::vector<InputModule> Modules;
  /// Names that inputs other than bitcode use: undefined symbols of object
  /// files, every dynamic symbol of shared libraries, and the names the
  /// command line gives lld (-u, -e, --init...) or that it always keeps
  /// (the entry point).
  llvm::DenseSet<uint64_t> NamesUsedOutsideBitcode;
  /// Names that object files define.
  llvm::DenseSet<uint64_t> NamesDefinedOutsideBitcode;
  /// Why the link's inputs do not tell which symbols the output exports or
  /// renames (an option such as -shared or --version-script, a linker
  /// script with commands); empty when they do.
  std::string Unjudgeable;
  /// Why some input could not be read; empty when every one was. Nothing
  /// is known about a link with an unreadable input.
  std::string Unreadable;
  unsigned ThinModules = 0;

  /// Unreadable, else Unjudgeable: why the inputs say nothing certain about
  /// the output's symbols; empty when they do.
  const std::string &unknown() const {
    return Unreadable.empty() ? Unjudgeable : Unreadable;
  }
};

/// Reads every input of the lld command line LldArgs; with a ThinLTO
/// module among them, reads every bitcode module's summary too, in
/// parallel.
LinkInputs readLinkInputs(llvm::ArrayRef<const char *> LldArgs);

/// Whether BM has module-level inline assembly, read from its bitcode
/// records without building any IR: the module block's MODULE_CODE_ASM
/// record, which LLVM writes exactly when the assembly is not empty. An
/// error when the records cannot be read.
llvm::Expected<bool> hasModuleInlineAsm(const llvm::BitcodeModule &BM);

} // namespace lmf

#endif
