//===- AlignedEligibility.h - Who may share an aligned body -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_ALIGNED_ALIGNEDELIGIBILITY_H
#define LMF_CORE_ALIGNED_ALIGNEDELIGIBILITY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Attributes.h"

#include <cstdint>

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

class AnnotationPolicy;
struct ModuleFacts;

/// Functions with fewer instructions that emit code cannot pay for the two
/// thunks and the branches a merge adds; functions with more are left
/// alone to bound the stage's time and memory.
inline constexpr uint64_t AlignedMinInstructions = 12;
inline constexpr uint64_t AlignedMaxInstructions = 20000;

/// Why F cannot take part in aligned merging beyond what keeps it out of
/// identical and similar merging (ineligibilityReason,
/// similarIneligibilityReason), or "" when it can. Instructions counts F's
/// instructions; AnySize lets functions too small to pay take part (tests
/// exercise the stage on small functions with a negative minimum gain).
llvm::StringRef alignedIneligibilityReason(const llvm::Function &F,
                                           uint64_t Instructions,
                                           bool AnySize = false);

/// Why F and G cannot share one body whatever their instructions, or ""
/// when they can: the body takes their common parameters and one more, so
/// their types, conventions, sections, must-match metadata and the
/// attributes that must match (AnnotationPolicy.h) must agree, and one more
/// integer argument register must be free. Only reads F and G (the
/// attributes are compared, not intersected), so many threads may ask.
llvm::StringRef pairObstacle(const llvm::Function &F, const llvm::Function &G,
                             const AnnotationPolicy &Policy,
                             const ModuleFacts &Facts);

/// True when AttributeList::intersectWith would intersect A and B (of
/// functions or calls with NumArgs arguments): every attribute it must
/// preserve is on both sides with the same value. Creates nothing.
bool attributesMayIntersect(llvm::AttributeList A, llvm::AttributeList B,
                            unsigned NumArgs);

/// True when the personality routine of F matters: F has an EH pad or an
/// invoke.
bool usesPersonality(const llvm::Function &F);

} // namespace lmf

#endif
