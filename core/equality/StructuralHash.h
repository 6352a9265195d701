//===- StructuralHash.h - XXH3 over a structural encoding -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_EQUALITY_STRUCTURALHASH_H
#define LMF_CORE_EQUALITY_STRUCTURALHASH_H

#include "core/equality/StructuralEncoding.h"

namespace lmf {

/// XXH3-64 of the encoding's tokens. Equal encodings give equal hashes.
uint64_t hashEncoding(llvm::ArrayRef<uint64_t> Tokens);

/// Encodes F into Scratch (encodeFunction) and hashes the whole encoding.
/// Equal encodings give equal hashes.
uint64_t hashFunction(const llvm::Function &F, const EncodingContext &Ctx,
                      Encoding &Scratch);

/// A cheap hash of F's shape (arguments, calling convention, and per block,
/// in any order, the opcodes, result type kinds and operand counts). Equal
/// encodings imply equal shapes, so functions alone in their shape can be
/// skipped without encoding them at all. Instructions, when given, receives
/// the number of F's instructions, counted on the way.
uint64_t shapeHash(const llvm::Function &F, size_t *Instructions = nullptr);

/// What one walk over a function gives the identical-merging prefilter.
struct ShapeHashes {
  /// shapeHash: equal under every encoding context, similar merging's too.
  uint64_t Shape = 0;
  /// Shape with, besides, each instruction's integer bit width, compare
  /// predicate, integer constant operands and global variable operands
  /// (by number), all of which an encoding without parameter wildcards
  /// writes exactly: equal such encodings imply equal values.
  uint64_t ShapeAndOperands = 0;
  size_t Instructions = 0;
};

/// Both shape hashes of F in one walk.
ShapeHashes shapeHashes(const llvm::Function &F,
                        const GlobalNumbering &Globals);

} // namespace lmf

#endif
