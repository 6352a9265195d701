//===- AnnotationIntersector.h - Keep only facts true for all ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_FACTS_ANNOTATIONINTERSECTOR_H
#define LMF_CORE_FACTS_ANNOTATIONINTERSECTOR_H

#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;

/// Weakens the annotations of Body so that they hold for Member as well:
/// poison and fast-math flags are intersected, `!range` unioned, `!tbaa`
/// generalized, `dereferenceable` takes the minimum, other differing facts
/// are dropped. Returns false when some attribute list could not be
/// intersected (which equal encodings rule out); Body is then only partly
/// weakened, which is still sound for Body, but Member must not be folded.
bool intersectAnnotations(llvm::Function &Body, const llvm::Function &Member,
                          const AnnotationPolicy &Policy);

/// The same for one instruction of Body and the instruction of Member it
/// stands for (same operation): flags, metadata and, for calls, attribute
/// lists. Returns false when the attribute lists could not be intersected.
bool intersectInstructionAnnotations(llvm::Instruction &Body,
                                     const llvm::Instruction &Member,
                                     const AnnotationPolicy &Policy);

/// Takes from Body every noalias scope that Body or one of Sources declares
/// (llvm.experimental.noalias.scope.decl): the scopes leave every
/// `!alias.scope` and `!noalias` list of Body, and the declarations, which
/// stay, claim nothing. A declaration gives its scopes meaning only together
/// with the accesses that name them, and a fold keeps one function's
/// declarations beside another's accesses; losing the facts is sound,
/// mixing them is not.
/// Returns whether Body changed.
bool forgetDeclaredNoAliasScopes(
    llvm::Function &Body, llvm::ArrayRef<const llvm::Function *> Sources);

} // namespace lmf

#endif
