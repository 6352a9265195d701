//===- PartitionRefinement.h - Equal modulo equal callees -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_EQUALITY_PARTITIONREFINEMENT_H
#define LMF_CORE_EQUALITY_PARTITIONREFINEMENT_H

#include "core/TaskRunner.h"
#include "core/equality/ClassRefinement.h"
#include "core/equality/ClassSplitting.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

/// Class ids of the functions that may be referred to by class.
struct ReferenceClasses {
  /// Functions whose direct calls may be compared by class.
  ClassTable Callee;
  /// Functions whose address may be compared by class (a subset).
  ClassTable Address;

  void forget(const llvm::Function *F) {
    Callee.erase(F);
    Address.erase(F);
  }
};

/// How many skeleton tokens refinement's first split keeps by default
/// (512 MiB); see RefinementInput::SkeletonCacheTokens.
constexpr uint64_t DefaultSkeletonCacheTokens = 64ull << 20;

struct RefinementInput {
  /// Candidates by index; null entries are skipped.
  llvm::ArrayRef<llvm::Function *> Candidates;
  /// The candidates that may have a twin (the others are alone in their
  /// shape), in increasing order.
  llvm::ArrayRef<CandidateId> Members;
  /// Encoding context without class tables; refinement adds its own.
  const EncodingContext &Base;
  TaskRunner &Runner;
  size_t SerialThreshold = 0;
  /// Which candidates may be referred to by class, as callee or as address.
  llvm::function_ref<bool(const llvm::Function &)> CalleeByClass;
  llvm::function_ref<bool(const llvm::Function &)> AddressByClass;
  /// How many skeleton tokens the first split may keep: one skeleton per
  /// hash and worker. Past the budget, buckets are split by encoding their
  /// members again; the classes are the same.
  uint64_t SkeletonCacheTokens = DefaultSkeletonCacheTokens;
};

struct RefinementResult {
  /// The classes of two or more equal candidates at the fixpoint, ordered by
  /// their first member.
  ClassList Classes;
  /// The class tables under which every class's members encode equally.
  ReferenceClasses Tables;
  /// Iterations until the fixpoint (the first one compares skeletons), and
  /// the statistics of the skeleton hash buckets.
  uint64_t Iterations = 0;
  GroupStats SkeletonBuckets;
};

/// Computes the coarsest partition of the candidates in which two functions
/// share a class exactly when their encodings are equal once references to
/// candidates are replaced by the candidates' classes. Fails only when the
/// members refer to candidates more than 2^32 times (see CandidateLists,
/// ClassRefinement.h).
llvm::Expected<RefinementResult> refinePartition(const RefinementInput &In);

} // namespace lmf

#endif
