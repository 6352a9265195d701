//===- FunctionEncoder.h - The encoder behind the encodings -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to core/: the tags of the token list and the class that writes one
// function's tokens. Its members are defined in StructuralEncoding.cpp (the
// function, its instructions and operands) and LeafEncoding.cpp (types,
// attributes, metadata, inline asm and raw values).
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_EQUALITY_FUNCTIONENCODER_H
#define LMF_CORE_EQUALITY_FUNCTIONENCODER_H

#include "core/equality/StructuralEncoding.h"
#include "core/equality/LocalValueTable.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/DerivedTypes.h"

#include <cstdint>
#include <vector>

namespace llvm {
class APInt;
class BasicBlock;
class CallBase;
class Constant;
class ConstantExpr;
class GlobalValue;
class InlineAsm;
class Instruction;
class MDNode;
class Metadata;
class Type;
class Use;
class Value;
} // namespace llvm

namespace lmf {
namespace encoding {

/// Item tags. Values are arbitrary but distinct; they keep items of different
/// kinds from ever producing the same tokens.
enum Tag : uint64_t {
  TagFunction = 0xF0,
  TagBlock,
  TagBlockEnd,
  TagInstruction,
  TagArgument,
  TagLocal,
  TagBlockRef,
  TagConstant,
  TagGlobal,
  TagGlobalByName,
  TagSelfCall,
  TagCalleeClass,
  TagAddressClass,
  TagReferences,
  TagInlineAsm,
  TagMetadataValue,
  TagMDString,
  TagMDConstant,
  TagMDLocal,
  TagMDNode,
  TagMDBackRef,
  TagMDNull,
  TagMDArgList,
  TagType,
  TagAttribute,
  TagBundle,
  TagAbsent,
  TagPresent,
  TagUnknownValue,
  TagParameter,
  TagNoAttributes,
  // Cross-module encodings only (CrossModuleReferences.h).
  TagGlobalByContent,
  TagModuleLocal,
  TagMetadataKindName,
  TagSyncScopeName,
  TagArgumentFree,
  TagMDDistinct,
};

/// Tags take the low 16 bits of a token; fields packed with them the rest.
constexpr unsigned TagBits = 16;

/// A tag and a field in one token; Field must fit in 48 bits.
constexpr uint64_t taggedToken(Tag T, uint64_t Field) {
  return T | Field << TagBits;
}

/// What an EncoderScratch holds (StructuralEncoding.h).
struct EncoderBuffers {
  llvm::SmallVector<const llvm::BasicBlock *, 16> Blocks;
  /// Which blocks the walk has seen (blocksInWalkOrder).
  std::vector<char> SeenBlocks;
  LocalValueTable LocalNumbers;
  llvm::SmallVector<std::pair<unsigned, llvm::MDNode *>, 4> MDs;
  /// Where a use of a not yet numbered instruction was written, and which.
  llvm::SmallVector<std::pair<size_t, const llvm::Value *>, 16>
      ForwardReferences;
  /// Class ids for the encodings that append them to the skeleton
  /// (encodeFunction, encodeWithParameterWildcards).
  std::vector<CandidateId> ClassIds;
};

class FunctionEncoder {
public:
  FunctionEncoder(const llvm::Function &F, const EncodingContext &Ctx,
                  Encoding &Out, std::vector<CandidateId> &ClassIds,
                  EncoderBuffers &Scratch)
      : F(F), Ctx(Ctx), Out(Out), ClassIds(ClassIds), Blocks(Scratch.Blocks),
        SeenBlocks(Scratch.SeenBlocks), LocalNumbers(Scratch.LocalNumbers),
        MDs(Scratch.MDs), ForwardReferences(Scratch.ForwardReferences) {}

  void run();
  /// Replaces Out with V alone, written as an operand of F: what a
  /// parameter wildcard stands for.
  void encodeValueAlone(const llvm::Value *V) {
    Out.clear();
    ClassIds.clear();
    encodeOperand(V);
  }
  /// Records the operands written as parameter wildcards.
  void recordPositionsIn(std::vector<const llvm::Use *> &Out) {
    Positions = &Out;
  }

private:
  void emit(uint64_t Token) { Out.push_back(Token); }
  void emitTagged(Tag T, uint64_t Field) { emit(taggedToken(T, Field)); }
  void emitString(llvm::StringRef S);
  void emitAPInt(const llvm::APInt &V);
  /// The words of V without its width, where the type written before says
  /// the width (integer and floating-point constants).
  void emitAPIntWords(const llvm::APInt &V);

  void numberArgumentsAndBlocks();
  void resolveForwardReferences();
  void encodeHeader();
  void encodeBlock(const llvm::BasicBlock &BB);
  void encodeInstruction(const llvm::Instruction &I);
  void encodeInstructionFields(const llvm::Instruction &I);
  void encodeCallFields(const llvm::CallBase &CB);
  void encodeOperand(const llvm::Value *V);
  void encodeOperandUse(const llvm::Use &U);
  void encodeParameter(const llvm::Use &U);
  void encodeCallee(const llvm::Value *V);
  void encodeGlobalRef(const llvm::GlobalValue *GV);
  void encodeCrossModuleGlobalRef(const llvm::GlobalValue *GV);
  /// A metadata kind: its ID, or in a cross-module encoding its name.
  void emitMetadataKind(unsigned Kind);
  /// What a field holding a sync scope ID writes: the ID, or in a
  /// cross-module encoding a stand-in for every scope beyond the fixed ones,
  /// whose name emitSyncScopeName then writes.
  uint64_t syncScopeField(uint8_t ID) const;
  void emitSyncScopeName(uint8_t ID);
  void encodeAddressRef(const llvm::GlobalValue *GV);
  void encodeConstant(const llvm::Constant *C);
  void encodeConstantExprFields(const llvm::ConstantExpr *CE);
  void encodeInlineAsm(const llvm::InlineAsm *IA);
  /// Writes T; integer, pointer and scalar types take one token, inline:
  /// one is written for nearly every instruction and constant.
  void encodeType(const llvm::Type *T) {
    // Bit widths (at most 2^23) and address spaces (24 bits) share the
    // token with the type ID.
    switch (T->getTypeID()) {
    case llvm::Type::IntegerTyID:
      emitTagged(TagType, T->getTypeID() | uint64_t(T->getIntegerBitWidth())
                                               << 8);
      return;
    case llvm::Type::PointerTyID:
      emitTagged(TagType, T->getTypeID() | uint64_t(T->getPointerAddressSpace())
                                               << 8);
      return;
    case llvm::Type::FixedVectorTyID:
    case llvm::Type::ScalableVectorTyID:
    case llvm::Type::ArrayTyID:
    case llvm::Type::StructTyID:
    case llvm::Type::FunctionTyID:
    case llvm::Type::TargetExtTyID:
      encodeTypeWithParts(T);
      return;
    default:
      // Floating-point, void, label, metadata, token, x86_amx: the ID says
      // it.
      emitTagged(TagType, T->getTypeID());
      return;
    }
  }
  /// Vectors, arrays, structs, functions and target types: their ID, then
  /// their parts.
  void encodeTypeWithParts(const llvm::Type *T);
  void encodeAttributes(llvm::AttributeList Attrs, unsigned NumArgs);
  void encodeAttributeSet(llvm::AttributeSet Set);
  void encodeMetadata(const llvm::Metadata *MD);
  void encodeDistinctNode(const llvm::MDNode *N);
  /// Writes I's must-match metadata, if it has any, and says whether it did.
  bool encodeMustMatchMetadata(const llvm::Instruction &I);
  void encodeFunctionMetadata();

  const llvm::Function &F;
  const EncodingContext &Ctx;
  Encoding &Out;
  std::vector<CandidateId> &ClassIds;
  llvm::SmallVectorImpl<const llvm::BasicBlock *> &Blocks;
  std::vector<char> &SeenBlocks;
  LocalValueTable &LocalNumbers;
  /// The number the next instruction written takes.
  uint64_t NextLocal = 0;
  llvm::SmallVectorImpl<std::pair<unsigned, llvm::MDNode *>> &MDs;
  llvm::SmallVectorImpl<std::pair<size_t, const llvm::Value *>>
      &ForwardReferences;
  std::vector<const llvm::Use *> *Positions = nullptr;
  /// F is written without its parameter list (see
  /// EncodingContext::ArgumentFreeSignatures).
  bool WithoutParameters = false;
  /// MDNodes currently being encoded, for cycles (self-referential loops).
  llvm::SmallVector<const llvm::MDNode *, 8> MDStack;
  /// Constants being written by their contents (cross-module encodings),
  /// for initializers that refer back to themselves.
  llvm::SmallVector<const llvm::GlobalValue *, 4> ContentStack;
};

} // namespace encoding
} // namespace lmf

#endif
