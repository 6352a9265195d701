//===- AlignedEligibility.cpp - Who may share an aligned body -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A merged body runs the code of two functions: instructions they share
// once, with a `select` on a new identifier parameter where their operands
// differ, and the rest in blocks only one of them reaches (AlignedMerge.cpp).
// Whatever the similar stage refuses, this stage refuses too, for the same
// reasons: the body gains a trailing parameter, so varargs, conventions
// other than C and fastcc, prefix and prologue data, patchable entries,
// parameters passed in memory or special registers, `musttail` calls and
// `llvm.localescape` stay out (similarIneligibilityReason). On top of that,
// the merged control flow sends values through new phis and selects and
// adds blocks, which some IR does not survive:
//
//  * token values (funclet pads, `catchswitch`, convergence and
//    preallocated tokens) may not flow through a phi or a select, and
//    funclet-based exception handling needs its pads' structure; only
//    `landingpad` exception handling is merged;
//  * `callbr` and `indirectbr` have successors that only their own
//    operands name;
//  * a call of a `returns_twice` function (`setjmp`) may come back after
//    the merged code changed what lives in registers;
//  * x86_amx and target extension types cannot be selected.
//
// A pair must agree on everything a thunk passes through unchanged: the
// function type, calling convention, GC, section and partition, the
// personality when both use one, the function metadata that must match
// (`!kcfi_type`, `!type`, `!func_sanitize`, unknown kinds) and every
// attribute LLVM must preserve when it intersects attribute lists (the ABI
// attributes, `noinline`, stack protectors, sanitizers, target features).
// The others are intersected when the pair merges, as the identical stage
// intersects them. The identifier takes one more integer argument register,
// which must be free: a stack argument would make every thunk a frame.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/AlignedEligibility.h"

#include "core/equality/AnnotationPolicy.h"
#include "core/equality/ParameterPositions.h"
#include "core/facts/ByteModel.h"
#include "core/facts/ModuleFacts.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace lmf {
namespace {

bool isUnselectableType(const Type *T) {
  return T->isTokenTy() || T->isX86_AMXTy() || T->isTargetExtTy() ||
         T->isLabelTy() || T->isMetadataTy();
}

StringRef instructionObstacle(const Instruction &I) {
  if (isa<CallBrInst>(I) || isa<IndirectBrInst>(I))
    return "callbr or indirectbr";
  if (I.isEHPad() && !isa<LandingPadInst>(I))
    return "funclet-based exception handling";
  if (isa<CatchReturnInst>(I) || isa<CleanupReturnInst>(I))
    return "funclet-based exception handling";
  if (isUnselectableType(I.getType()) && !I.getType()->isVoidTy())
    return "token, x86_amx or target extension value";
  for (const Value *Op : I.operands())
    if (!isa<BasicBlock>(Op) && !isa<MetadataAsValue>(Op) &&
        isUnselectableType(Op->getType()))
      return "token, x86_amx or target extension value";
  if (const auto *CB = dyn_cast<CallBase>(&I))
    if (CB->hasFnAttr(Attribute::ReturnsTwice))
      return "calls a returns_twice function";
  return "";
}

/// Function attributes compared as AttributeList::intersectWith would,
/// without creating anything: every attribute it must preserve is present
/// and equal on both sides.
bool mustMatchAttributesAgree(AttributeSet A, AttributeSet B) {
  for (const Attribute &Attr : A)
    if (attributeMustMatch(Attr)) {
      Attribute Other = Attr.isStringAttribute()
                            ? B.getAttribute(Attr.getKindAsString())
                            : B.getAttribute(Attr.getKindAsEnum());
      if (Other != Attr)
        return false;
    }
  for (const Attribute &Attr : B)
    if (attributeMustMatch(Attr)) {
      bool Present = Attr.isStringAttribute()
                         ? A.hasAttribute(Attr.getKindAsString())
                         : A.hasAttribute(Attr.getKindAsEnum());
      if (!Present)
        return false;
    }
  return true;
}

bool mustMatchMetadataAgrees(const Function &F, const Function &G,
                             const AnnotationPolicy &Policy) {
  SmallVector<std::pair<unsigned, MDNode *>, 4> FM, GM;
  F.getAllMetadata(FM);
  G.getAllMetadata(GM);
  auto MustMatch = [&](ArrayRef<std::pair<unsigned, MDNode *>> All) {
    SmallVector<std::pair<unsigned, MDNode *>, 4> Kept;
    for (const auto &KV : All)
      if (Policy.functionMetadataRole(KV.first) == MetadataRole::MustMatch)
        Kept.push_back(KV);
    return Kept;
  };
  return MustMatch(FM) == MustMatch(GM);
}

} // namespace

bool attributesMayIntersect(AttributeList A, AttributeList B,
                            unsigned NumArgs) {
  if (A == B)
    return true;
  if (!mustMatchAttributesAgree(A.getFnAttrs(), B.getFnAttrs()) ||
      !mustMatchAttributesAgree(A.getRetAttrs(), B.getRetAttrs()))
    return false;
  for (unsigned I = 0; I < NumArgs; ++I)
    if (!mustMatchAttributesAgree(A.getParamAttrs(I), B.getParamAttrs(I)))
      return false;
  return true;
}

bool usesPersonality(const Function &F) {
  for (const BasicBlock &BB : F)
    if (BB.isEHPad() || isa<InvokeInst>(BB.getTerminator()))
      return true;
  return false;
}

StringRef alignedIneligibilityReason(const Function &F, uint64_t Instructions,
                                     bool AnySize) {
  // Even tests leave out the thunks earlier merges made.
  if (Instructions < (AnySize ? 4 : AlignedMinInstructions))
    return "too small to pay for a merge";
  if (Instructions > AlignedMaxInstructions)
    return "too large to align";
  if (StringRef Why = similarIneligibilityReason(F); !Why.empty())
    return Why;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (StringRef Why = instructionObstacle(I); !Why.empty())
        return Why;
  return "";
}

StringRef pairObstacle(const Function &F, const Function &G,
                       const AnnotationPolicy &Policy,
                       const ModuleFacts &Facts) {
  if (F.getFunctionType() != G.getFunctionType())
    return "different function types";
  if (F.getCallingConv() != G.getCallingConv())
    return "different calling conventions";
  if (F.getAddressSpace() != G.getAddressSpace() ||
      F.getSection() != G.getSection() ||
      F.getPartition() != G.getPartition() || F.hasGC() != G.hasGC() ||
      (F.hasGC() && F.getGC() != G.getGC()))
    return "different address space, section, partition or GC";
  if (usesPersonality(F) && usesPersonality(G) &&
      F.getPersonalityFn() != G.getPersonalityFn())
    return "different personality routines";
  if (!mustMatchMetadataAgrees(F, G, Policy))
    return "different function metadata that must match (KCFI, CFI, "
           "sanitizer)";
  if (!attributesMayIntersect(F.getAttributes(), G.getAttributes(),
                              F.arg_size()))
    return "different attributes that must match";
  ArgumentRegisters Registers;
  for (const Argument &A : F.args())
    Registers.add(*A.getType());
  if (Registers.Integer + 1 > Facts.Bytes.integerArgumentRegisters() ||
      Registers.Float > Facts.Bytes.floatArgumentRegisters())
    return "no free argument register for the identifier";
  return "";
}

} // namespace lmf
