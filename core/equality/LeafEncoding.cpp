//===- LeafEncoding.cpp - Types, attributes, metadata as tokens -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The instruction encoder (StructuralEncoding.cpp) reaches the same few kinds
// of leaves from everywhere: the type of a value, an attribute list, a
// metadata node, an inline asm string, an arbitrary-precision integer. This
// file writes them. Each is self-delimiting: a tag (with the type ID packed
// into it for types), then a length before anything of variable length, so
// the token list stays injective whatever surrounds a leaf.
//
// Only what must match is written. Attributes that LLVM can intersect when
// it merges two functions (nonnull, noundef, dereferenceable...) are left
// out, except the alignment of a by-value argument, which is ABI. Metadata
// reaches here when AnnotationPolicy says its kind must match, or as an
// argument of an intrinsic; a distinct node is compared by identity, not by
// its operands (encodeDistinctNode).
// Named structs are written by layout, not by name, so `%struct.A` and
// `%struct.B` with the same fields are equal; opaque structs are told apart
// by name.
//
//===----------------------------------------------------------------------===//

#include "core/equality/AnnotationPolicy.h"
#include "core/equality/CrossModuleReferences.h"
#include "core/equality/FunctionEncoder.h"
#include "core/equality/GlobalNumbering.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"

#include <algorithm>
#include <cstring>

using namespace llvm;

namespace lmf {
namespace encoding {

void FunctionEncoder::emitString(StringRef S) {
  emit(S.size());
  for (size_t I = 0; I < S.size(); I += 8) {
    uint64_t Word = 0;
    std::memcpy(&Word, S.data() + I, std::min<size_t>(8, S.size() - I));
    emit(Word);
  }
}

void FunctionEncoder::emitAPInt(const APInt &V) {
  emit(V.getBitWidth());
  emitAPIntWords(V);
}

void FunctionEncoder::emitAPIntWords(const APInt &V) {
  for (unsigned I = 0, E = V.getNumWords(); I != E; ++I)
    emit(V.getRawData()[I]);
}

void FunctionEncoder::encodeInlineAsm(const InlineAsm *IA) {
  emit(TagInlineAsm);
  encodeType(IA->getFunctionType());
  emitString(IA->getAsmString());
  emitString(IA->getConstraintString());
  emit(IA->hasSideEffects() | IA->isAlignStack() << 1 | IA->canThrow() << 2);
  emit(IA->getDialect());
}

void FunctionEncoder::encodeTypeWithParts(const Type *T) {
  emitTagged(TagType, T->getTypeID());
  switch (T->getTypeID()) {
  case Type::FixedVectorTyID:
  case Type::ScalableVectorTyID:
    emit(cast<VectorType>(T)->getElementCount().getKnownMinValue());
    encodeType(cast<VectorType>(T)->getElementType());
    return;
  case Type::ArrayTyID:
    emit(T->getArrayNumElements());
    encodeType(T->getArrayElementType());
    return;
  case Type::StructTyID: {
    const auto *ST = cast<StructType>(T);
    // Named structs with the same body have the same layout; only opaque
    // ones are told apart by name.
    emit(ST->isOpaque() | ST->isPacked() << 1);
    if (ST->isOpaque()) {
      emitString(ST->getName());
      return;
    }
    emit(ST->getNumElements());
    for (const Type *Elt : ST->elements())
      encodeType(Elt);
    return;
  }
  case Type::FunctionTyID: {
    const auto *FT = cast<FunctionType>(T);
    emit(FT->isVarArg());
    encodeType(FT->getReturnType());
    emit(FT->getNumParams());
    for (const Type *P : FT->params())
      encodeType(P);
    return;
  }
  case Type::TargetExtTyID: {
    const auto *TT = cast<TargetExtType>(T);
    emitString(TT->getName());
    emit(TT->getNumTypeParameters());
    for (const Type *P : TT->type_params())
      encodeType(P);
    emit(TT->getNumIntParameters());
    for (unsigned P : TT->int_params())
      emit(P);
    return;
  }
  default:
    return; // Only the types encodeType sends here.
  }
}

/// A list with no must-match attribute, as most are, is one token. Else
/// each set is written (an absent set as one token), so the long form is
/// longer than its 3 + NumArgs minimum exactly when something must match.
void FunctionEncoder::encodeAttributes(AttributeList Attrs, unsigned NumArgs) {
  if (Attrs.isEmpty()) {
    emit(TagNoAttributes);
    return;
  }
  size_t Start = Out.size();
  encodeAttributeSet(Attrs.getFnAttrs());
  encodeAttributeSet(Attrs.getRetAttrs());
  emit(NumArgs);
  for (unsigned A = 0; A != NumArgs; ++A)
    encodeAttributeSet(Attrs.getParamAttrs(A));
  if (Out.size() - Start == 3 + size_t(NumArgs)) {
    Out.resize(Start);
    emit(TagNoAttributes);
  }
}

/// Only must-match attributes are written; the set iterates in a canonical
/// order (enum attributes by kind, then string attributes by key).
void FunctionEncoder::encodeAttributeSet(AttributeSet Set) {
  if (!Set.hasAttributes()) {
    emit(TagAbsent);
    return;
  }
  // The alignment of a pointer passed by value is part of the ABI (where
  // the copy lives), even though `align` is otherwise intersectable.
  bool AlignIsABI = Set.hasAttribute(Attribute::ByVal) ||
                    Set.hasAttribute(Attribute::ByRef) ||
                    Set.hasAttribute(Attribute::InAlloca) ||
                    Set.hasAttribute(Attribute::Preallocated);
  for (const Attribute &A : Set) {
    bool ABIAlign = AlignIsABI && A.isIntAttribute() &&
                    A.getKindAsEnum() == Attribute::Alignment;
    if (!ABIAlign && !attributeMustMatch(A))
      continue;
    emit(TagAttribute);
    if (A.isStringAttribute()) {
      emit(0);
      emitString(A.getKindAsString());
      emitString(A.getValueAsString());
      continue;
    }
    emit(A.getKindAsEnum());
    if (A.isIntAttribute())
      emit(A.getValueAsInt());
    else if (A.isTypeAttribute())
      encodeType(A.getValueAsType());
    else if (A.isConstantRangeAttribute()) {
      emitAPInt(A.getValueAsConstantRange().getLower());
      emitAPInt(A.getValueAsConstantRange().getUpper());
    } else if (A.isConstantRangeListAttribute()) {
      ArrayRef<ConstantRange> Ranges = A.getValueAsConstantRangeList();
      emit(Ranges.size());
      for (const ConstantRange &R : Ranges) {
        emitAPInt(R.getLower());
        emitAPInt(R.getUpper());
      }
    }
  }
  emit(TagAbsent);
}

void FunctionEncoder::encodeMetadata(const Metadata *MD) {
  if (!MD) {
    emit(TagMDNull);
    return;
  }
  if (const auto *S = dyn_cast<MDString>(MD)) {
    emit(TagMDString);
    emitString(S->getString());
    return;
  }
  if (const auto *CM = dyn_cast<ConstantAsMetadata>(MD)) {
    emit(TagMDConstant);
    encodeConstant(CM->getValue());
    return;
  }
  if (const auto *LM = dyn_cast<LocalAsMetadata>(MD)) {
    emit(TagMDLocal);
    encodeOperand(LM->getValue());
    return;
  }
  if (const auto *AL = dyn_cast<DIArgList>(MD)) {
    emit(TagMDArgList);
    emit(AL->getArgs().size());
    for (const ValueAsMetadata *Arg : AL->getArgs())
      encodeMetadata(Arg);
    return;
  }
  const auto *N = dyn_cast<MDNode>(MD);
  if (!N) {
    emit(TagUnknownValue);
    emit(MD->getMetadataID());
    return;
  }
  // Self-referential nodes (loop IDs) refer back by stack depth.
  for (size_t Depth = 0; Depth < MDStack.size(); ++Depth) {
    if (MDStack[Depth] == N) {
      emit(TagMDBackRef);
      emit(Depth);
      return;
    }
  }
  if (N->isDistinct() && !isa<DINode>(N)) {
    encodeDistinctNode(N);
    return;
  }
  MDStack.push_back(N);
  emit(TagMDNode);
  emit(N->getMetadataID());
  emit(N->isDistinct());
  emit(N->getNumOperands());
  for (const MDOperand &Op : N->operands())
    encodeMetadata(Op.get());
  MDStack.pop_back();
}

/// A distinct node is equal only to itself: two `distinct !{}` type ids
/// name two classes, however alike they print. It is written by its number
/// (GlobalNumbering), in a cross-module encoding with its module's ordinal;
/// one made after the table (none that we know of) gets the encoded
/// function's own number, so that the function equals no other.
void FunctionEncoder::encodeDistinctNode(const MDNode *N) {
  emit(TagMDDistinct);
  if (Ctx.CrossModule)
    emit(Ctx.CrossModule->ordinal());
  if (std::optional<uint64_t> Number = Ctx.Globals.lookupDistinct(N)) {
    emit(*Number);
    return;
  }
  emit(~0ULL);
  emit(Ctx.Globals.lookup(&F).value_or(~0ULL));
}

} // namespace encoding
} // namespace lmf
