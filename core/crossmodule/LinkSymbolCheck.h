//===- LinkSymbolCheck.h - Symbols a rewrite leaves undefined ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_CROSSMODULE_LINKSYMBOLCHECK_H
#define LMF_CORE_CROSSMODULE_LINKSYMBOLCHECK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace lmf {

/// What one module gives the link and needs from it, by symbol name
/// (GlobalValue::getGUIDAssumingExternalLinkage, with the name for
/// diagnostics).
struct LinkSymbols {
  /// Definitions the link can resolve a reference to: not local, not
  /// available_externally.
  llvm::DenseMap<uint64_t, std::string> Defined;
  /// Declarations (available_externally copies too) that something uses.
  llvm::DenseMap<uint64_t, std::string> Referenced;
  /// Local definitions in a comdat that something uses: ThinLTO turns each
  /// of them into a declaration when another module's copy of the comdat
  /// prevails.
  llvm::StringSet<> LocalsInComdats;
};

LinkSymbols readLinkSymbols(const llvm::Module &M);

/// One rewritten module, as it was read and as it is written.
struct RewrittenSymbols {
  std::string Module;
  LinkSymbols Before, After;
};

/// What the inputs that are not rewritten give and need.
struct UnrewrittenSymbols {
  /// Names they define.
  const llvm::DenseSet<uint64_t> *Defined = nullptr;
  /// Names they refer to, and the names a shared library or the command
  /// line may supply or keep.
  const llvm::DenseSet<uint64_t> *Referenced = nullptr;
};

struct SymbolHazard {
  std::string Symbol;
  /// The rewritten module that refers to it, or empty for an input that is
  /// not rewritten.
  std::string Module;
  std::string Why;
};

/// The symbols that the rewritten modules, linked with the other inputs,
/// could leave undefined where the original inputs did not: a reference a
/// rewrite added that no input defines; a definition a rewrite removed
/// that some input still refers to; a local a rewrite put in a comdat (or
/// that it made code use), which may not survive the link's choice of
/// the comdat's copy. In module order, then by name.
std::vector<SymbolHazard> findSymbolHazards(llvm::ArrayRef<RewrittenSymbols> Modules,
                                            const UnrewrittenSymbols &Others);

} // namespace lmf

#endif
