//===- AnnotationIntersector.cpp - Keep only facts true for all -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Folding G into the kept member S means that every call that used to run G now
// runs S's body. S's optimizer facts were proven for S's callers only: a
// `nonnull` parameter, an `nsw` add, a `!range` on a load may be false for
// G's callers, and a false fact is undefined behaviour. So before the fold,
// S keeps only what holds for both: flags are intersected, ranges unioned,
// TBAA tags generalized to their common ancestor, alignment and
// dereferenceability lowered to the minimum, and any other differing fact
// dropped. The comparator guarantees that S and G have the same shape, so
// their instructions line up one to one in walk order.
//
// Attribute lists use LLVM's own AttributeList::intersectWith, which knows
// for each attribute whether it must match (ABI attributes), may be dropped
// (`nonnull`, `noundef`), takes a minimum (`dereferenceable`, `align`) or
// needs a custom merge (`range`, `memory`, `nofpclass`, `captures`).
//
// Noalias scopes are the exception to instruction-by-instruction
// intersection. A scope declared by llvm.experimental.noalias.scope.decl
// holds from that point of each run of the declaration (each iteration of a
// loop), and twins that declare their own scopes and tag their accesses with
// them compare equal whatever scopes they name. Keeping one twin's
// declarations with the union of both twins' tags can claim, for the other
// twin's callers, that accesses of two iterations do not overlap when they
// do. So when either function declares scopes, every mention of the
// declared scopes goes (forgetDeclaredNoAliasScopes); the declarations,
// naming scopes no access uses any more, claim nothing.
//
//===----------------------------------------------------------------------===//

#include "core/facts/AnnotationIntersector.h"

#include "core/equality/AnnotationPolicy.h"
#include "core/equality/WalkOrder.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace lmf {
namespace {

MDNode *intersectMetadata(unsigned Kind, MDNode *A, MDNode *B) {
  if (A == B)
    return A;
  if (!A || !B)
    return nullptr;
  switch (Kind) {
  case LLVMContext::MD_tbaa:
    return MDNode::getMostGenericTBAA(A, B);
  case LLVMContext::MD_range:
    return MDNode::getMostGenericRange(A, B);
  case LLVMContext::MD_alias_scope:
    return MDNode::getMostGenericAliasScope(A, B);
  case LLVMContext::MD_noalias:
    return MDNode::intersect(A, B);
  case LLVMContext::MD_fpmath:
    return MDNode::getMostGenericFPMath(A, B);
  case LLVMContext::MD_align:
  case LLVMContext::MD_dereferenceable:
  case LLVMContext::MD_dereferenceable_or_null:
    return MDNode::getMostGenericAlignmentOrDereferenceable(A, B);
  case LLVMContext::MD_noalias_addrspace:
    return MDNode::getMostGenericNoaliasAddrspace(A, B);
  default:
    // Equal nodes were kept above; anything else that differs is dropped.
    return nullptr;
  }
}

void intersectInstructionMetadata(Instruction &Body, const Instruction &Member,
                                  const AnnotationPolicy &Policy) {
  SmallVector<std::pair<unsigned, MDNode *>, 8> MDs;
  Body.getAllMetadataOtherThanDebugLoc(MDs);
  for (const auto &[Kind, Node] : MDs) {
    if (Policy.instructionMetadataRole(Kind) != MetadataRole::Intersectable)
      continue;
    MDNode *Meet = intersectMetadata(Kind, Node, Member.getMetadata(Kind));
    if (Meet != Node)
      Body.setMetadata(Kind, Meet);
  }
}

using ScopeSet = SmallPtrSet<const Metadata *, 8>;

/// Adds the scopes F declares to Scopes; returns whether it declares any.
bool collectDeclaredScopes(const Function &F, ScopeSet &Scopes) {
  bool Declares = false;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (const auto *Decl = dyn_cast<NoAliasScopeDeclInst>(&I)) {
        Declares = true;
        for (const MDOperand &Scope : Decl->getScopeList()->operands())
          Scopes.insert(Scope.get());
      }
  return Declares;
}

/// List without the scopes in Scopes: List itself, a shorter list, or null
/// when nothing is left.
MDNode *withoutScopes(MDNode *List, const ScopeSet &Scopes) {
  SmallVector<Metadata *, 4> Kept;
  for (const MDOperand &Scope : List->operands())
    if (!Scopes.count(Scope.get()))
      Kept.push_back(Scope.get());
  if (Kept.size() == List->getNumOperands())
    return List;
  return Kept.empty() ? nullptr : MDNode::get(List->getContext(), Kept);
}

} // namespace

bool forgetDeclaredNoAliasScopes(Function &Body,
                                 ArrayRef<const Function *> Sources) {
  ScopeSet Scopes;
  bool Declares = collectDeclaredScopes(Body, Scopes);
  for (const Function *F : Sources)
    Declares |= collectDeclaredScopes(*F, Scopes);
  if (!Declares)
    return false;
  // The declarations stay: with no access naming their scopes they claim
  // nothing, and the body keeps its members' shape.
  for (BasicBlock &BB : Body)
    for (Instruction &I : BB)
      for (unsigned Kind :
           {LLVMContext::MD_alias_scope, LLVMContext::MD_noalias})
        if (MDNode *List = I.getMetadata(Kind))
          I.setMetadata(Kind, withoutScopes(List, Scopes));
  return true;
}

/// The intersection of two attribute lists; identical lists (the common
/// case: lists are uniqued) cost nothing.
static std::optional<AttributeList>
intersectLists(LLVMContext &Ctx, AttributeList A, AttributeList B) {
  if (A == B)
    return A;
  return A.intersectWith(Ctx, B);
}

bool intersectAnnotations(Function &Body, const Function &Member,
                          const AnnotationPolicy &Policy) {
  LLVMContext &Ctx = Body.getContext();
  bool Complete = true;
  if (auto Attrs =
          intersectLists(Ctx, Body.getAttributes(), Member.getAttributes())) {
    if (*Attrs != Body.getAttributes())
      Body.setAttributes(*Attrs);
  } else {
    Complete = false;
  }
  MaybeAlign MemberAlign = Member.getAlign();
  if (MemberAlign && (!Body.getAlign() || *MemberAlign > *Body.getAlign()))
    Body.setAlignment(MemberAlign);
  forEachInstructionPair(
      Body, Member, [&](Instruction &B, const Instruction &M) {
        Complete &= intersectInstructionAnnotations(B, M, Policy);
      });
  if (&Body != &Member)
    forgetDeclaredNoAliasScopes(Body, {&Member});
  return Complete;
}

bool intersectInstructionAnnotations(Instruction &B, const Instruction &M,
                                     const AnnotationPolicy &Policy) {
  // Every flag andIRFlags intersects lives in the optional data.
  if (B.getRawSubclassOptionalData() != M.getRawSubclassOptionalData())
    B.andIRFlags(&M);
  if (B.hasMetadataOtherThanDebugLoc())
    intersectInstructionMetadata(B, M, Policy);
  auto *CB = dyn_cast<CallBase>(&B);
  const auto *CM = dyn_cast<CallBase>(&M);
  if (!CB || !CM)
    return true;
  auto Attrs =
      intersectLists(B.getContext(), CB->getAttributes(), CM->getAttributes());
  if (!Attrs)
    return false;
  if (*Attrs != CB->getAttributes())
    CB->setAttributes(*Attrs);
  return true;
}

} // namespace lmf
