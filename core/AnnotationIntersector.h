//===- AnnotationIntersector.h - Keep only facts true for all ---*- C++ -*-===//
#ifndef LMF_CORE_ANNOTATIONINTERSECTOR_H
#define LMF_CORE_ANNOTATIONINTERSECTOR_H

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;

/// True when every attribute list of Body (function and call sites) can be
/// intersected with Member's. Body and Member must compare equal.
bool canIntersectAnnotations(const llvm::Function &Body,
                             const llvm::Function &Member);

/// Weakens the annotations of Body so that they hold for Member as well:
/// poison and fast-math flags are intersected, `!range` unioned, `!tbaa`
/// generalized, `dereferenceable` takes the minimum, other differing facts
/// are dropped. Requires canIntersectAnnotations(Body, Member).
void intersectAnnotations(llvm::Function &Body, const llvm::Function &Member,
                          const AnnotationPolicy &Policy);

} // namespace lmf

#endif
