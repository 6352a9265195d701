//===- CrossModuleReferences.h - Encodings across modules -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An encoding made for one module names globals by their number in that
// module, and metadata kinds and sync scopes by their ID in its LLVMContext.
// Twins in two modules of a ThinLTO link live in two contexts, so an
// encoding that must compare equal across modules writes those by what they
// are instead. An EncodingContext with CrossModule set does that (see the
// file comment of CrossModuleReferences.cpp for the rules).
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_EQUALITY_CROSSMODULEREFERENCES_H
#define LMF_CORE_EQUALITY_CROSSMODULEREFERENCES_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class GlobalVariable;
class Module;
} // namespace llvm

namespace lmf {

/// What an encoder needs to write one module's references so that they
/// compare with another module's. Built once per module before any encoder
/// runs; only read afterwards.
class CrossModuleReferences {
public:
  /// Ordinal: the module's place among the link's modules. References to
  /// what only this module can see (a `static` variable, a local function
  /// not compared by class) carry it, so they never equal another
  /// module's.
  CrossModuleReferences(const llvm::Module &M, uint32_t Ordinal);

  uint32_t ordinal() const { return Ordinal; }
  /// The name of a metadata kind of this module's context.
  llvm::StringRef metadataKindName(unsigned Kind) const;
  /// The name of a sync scope of this module's context.
  llvm::StringRef syncScopeName(uint8_t ID) const;
  /// A local constant whose address means nothing: twins in two modules
  /// that read equal such constants (two units' copies of a string) are
  /// equal, so it is written by its contents.
  bool comparedByContent(const llvm::GlobalVariable &GV) const {
    return ByContent.contains(&GV);
  }

private:
  uint32_t Ordinal;
  llvm::SmallVector<llvm::StringRef, 64> MetadataKinds;
  llvm::SmallVector<llvm::StringRef, 4> SyncScopes;
  llvm::DenseSet<const llvm::GlobalVariable *> ByContent;
};

} // namespace lmf

#endif
