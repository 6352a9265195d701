//===- AnnotationPolicy.h - Which annotations must match --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One place decides, for every metadata kind and attribute, whether two
// otherwise equal functions that disagree on it are still equal. The
// structural encoding leaves out what does not matter, the intersector merges
// what may differ; both ask this file so they can never disagree.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_EQUALITY_ANNOTATIONPOLICY_H
#define LMF_CORE_EQUALITY_ANNOTATIONPOLICY_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Attributes.h"

namespace llvm {
class Module;
} // namespace llvm

namespace lmf {

enum class MetadataRole {
  /// Does not change what the code does (debug locations, profile weights):
  /// not compared; the kept member keeps its own.
  Ignored,
  /// An optimizer fact (`!tbaa`, `!range`, `!nonnull`...): not compared; the
  /// kept member keeps only what holds for every folded member.
  Intersectable,
  /// Changes semantics or code generation: must be equal.
  MustMatch,
};

/// Metadata kind IDs beyond the fixed ones are per context, so the policy
/// is built once per context, before any parallel phase, and only read
/// afterwards.
class AnnotationPolicy {
public:
  /// TypeTestsMayBeLive: the caller cannot tell whether type tests use
  /// `!type` (a lazily loaded module, whose unread bodies hide their calls
  /// to them), so `!type` always matters.
  explicit AnnotationPolicy(const llvm::Module &M,
                            bool TypeTestsMayBeLive = false);

  /// Role of an instruction metadata attachment of kind KindID.
  MetadataRole instructionMetadataRole(unsigned KindID) const;
  /// Role of a function-level metadata attachment of kind KindID.
  MetadataRole functionMetadataRole(unsigned KindID) const;

private:
  llvm::SmallVector<unsigned, 4> IgnoredCustomKinds;
  /// Whether type tests still use `!type` (before LowerTypeTests).
  bool TypeMetadataLive = true;
};

/// True when two functions (or call sites) that differ in A must not be
/// folded: ABI attributes, string attributes and everything LLVM marks as
/// "must preserve" when intersecting attribute lists.
bool attributeMustMatch(const llvm::Attribute &A);

} // namespace lmf

#endif
