//===- AlignedCost.h - What merging an aligned pair saves -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_ALIGNED_ALIGNEDCOST_H
#define LMF_CORE_ALIGNED_ALIGNEDCOST_H

#include "core/aligned/Aligner.h"
#include "core/facts/ByteModel.h"

#include <cstdint>

namespace lmf {

/// What a branch on the identifier costs in the merged body, in tenths of
/// bytes, for the target of Bytes: 23 bytes on x86-64 and 12 on AArch64,
/// fitted on compiled CTMark bodies of each (AlignedCost.cpp says why it is
/// far more than its two instructions); other targets take x86-64's. The
/// aligner prices a run of unmatched instructions (a gap) and an island of
/// matched ones with it too (Aligner.cpp).
int64_t identifierBranchTenths(const ByteModel &Bytes);

/// The byte model's view of one merged body (AlignedCost.cpp says how each
/// part is priced), in bytes.
struct MergedBodyCost {
  int64_t LeftBytes = 0, RightBytes = 0;
  /// How code generation builds the two members and the merged body (its
  /// alignment padding, ByteModel::costsOf).
  FunctionCosts LeftCosts, RightCosts, BodyCosts;
  /// The merged body, alignment padding not included.
  int64_t BodyBytes = 0;
  /// Selects on the identifier (operands, phi inputs), the branches on it
  /// (around unmatched runs, to successors that are not paired) and what
  /// keeping it alive across calls costs: all part of BodyBytes.
  int64_t SelectBytes = 0, BranchBytes = 0, IdentifierBytes = 0;
  unsigned Selects = 0, Splits = 0, Dispatches = 0;

  /// What the two bodies take, alignment included, less what the merged
  /// body takes: the saving before the members' thunks or grown calls.
  int64_t bodiesSaved() const;
};

/// Prices the merged body Alignment describes (of Ctx.Left and Ctx.Right).
MergedBodyCost priceMergedBody(const PairAlignment &Alignment,
                               const PairContext &Ctx);

} // namespace lmf

#endif
