//===- StructuralEncoding.cpp - A function as a canonical token list ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM's MergeFunctions compares two functions by walking both at once. We
// instead write each function once into a canonical list of 64-bit tokens:
//
//  * equality of functions is equality of lists, so the comparator
//    (lexicographic order of lists) is a total order by construction:
//    reflexive, antisymmetric, transitive, whatever the inputs;
//  * the structural hash is XXH3 over the same list, so compare == 0 implies
//    equal hashes by construction too;
//  * the encoder only reads IR and an immutable numbering of globals, and
//    writes only to its caller's buffers (the output, and an EncoderScratch
//    that a parallel phase gives each worker), so any number of threads may
//    encode at once. The one exception is DataLayout's cache of structure
//    layouts, which fills itself on first use: the context's LayoutLock
//    guards it (ParameterPositions.cpp).
//
// The list must be injective over everything that decides behaviour: every
// variable-length part is preceded by its length and every kind of item by a
// tag, so two different functions can never produce the same list. The
// frequent items carry small fields in their tag's token (an opcode with its
// operand count, a type ID and bit width, a local value's number), and what
// is nearly always absent (must-match attributes and metadata) costs one
// token or one bit: fewer tokens to write, hash and compare, with each field
// in a fixed bit range of its own. Values local to the function are numbered
// in walk order (see WalkOrder.h): arguments and blocks first, then each
// instruction as it is written, so the body is read once; the few uses
// written before their instruction (phis over back edges) are patched at the
// end. Globals are numbered by GlobalNumbering. A function referring to itself
// is encoded as "self" only in callee position (recursion); any other use of
// its own address is encoded by its global number, which differs between twins,
// because a twin that compares its own address with a pointer behaves
// differently once folded.
//
// Annotations that AnnotationPolicy calls ignorable or intersectable (debug
// locations, `!tbaa`, poison flags, `nonnull`, `dereferenceable`...) are left
// out on purpose: they do not make two functions different. Everything else
// that reaches code generation is written: types, opcodes, alignment,
// volatility, atomic ordering and scope, predicates, shuffle masks, switch
// values, phi incoming blocks, inline asm, calling conventions, operand
// bundles, ABI attributes, GC, section, personality, prefix and prologue data,
// and must-match metadata (`!kcfi_type`, `!type`, `!func_sanitize`,
// `!nontemporal`, metadata arguments of intrinsics, unknown kinds). The one
// exception is for the planner across ThinLTO modules, which asks for it
// (EncodingContext::ArgumentFreeSignatures): a function whose body reads no
// argument is written with its return type in place of its function type,
// and without its parameters' attributes (ArgumentFreeBodies.h).
//
// This file writes the function, its blocks, instructions and operands;
// LeafEncoding.cpp writes the types, attributes, metadata and inline asm they
// refer to (the encoder class is declared in FunctionEncoder.h).
//
//===----------------------------------------------------------------------===//

#include "core/equality/StructuralEncoding.h"

#include "core/equality/AnnotationPolicy.h"
#include "core/equality/ArgumentFreeBodies.h"
#include "core/equality/CrossModuleReferences.h"
#include "core/equality/GlobalNumbering.h"
#include "core/equality/ParameterPositions.h"
#include "core/equality/WalkOrder.h"
#include "core/equality/FunctionEncoder.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/EHPersonalities.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace lmf {
namespace {

/// A local, unnamed_addr alias of a function that binds locally is that
/// function under another name: nothing can interpose either, and the
/// alias's address means nothing more than the function's. The rewriter
/// leaves such aliases behind (IdenticalRewriter.cpp), and references through
/// them compare like references to the function. An alias of a function
/// that may be interposed or preempted is not: a call through it runs this
/// module's body, a call to the function maybe another one.
const Value *seeThroughLocalAlias(const Value *V) {
  const auto *GA = dyn_cast<GlobalAlias>(V);
  if (!GA || !GA->hasLocalLinkage() || !GA->hasGlobalUnnamedAddr())
    return V;
  const auto *Fn = dyn_cast<Function>(GA->getAliasee()->stripPointerCasts());
  if (!Fn || Fn->isInterposable() ||
      !(Fn->hasLocalLinkage() || Fn->isDSOLocal()))
    return V;
  return Fn;
}

/// The personality routine, unless it cannot make a difference: without
/// any EH pad in the body, a personality such as C++'s is never consulted
/// (code generation does not even emit it), so twins that differ only in
/// having one are equal.
const Constant *personalityThatMatters(const Function &F) {
  if (!F.hasPersonalityFn())
    return nullptr;
  if (!isNoOpWithoutInvoke(classifyEHPersonality(F.getPersonalityFn())))
    return F.getPersonalityFn();
  for (const BasicBlock &BB : F)
    if (BB.isEHPad() || isa_and_nonnull<InvokeInst>(BB.getTerminator()))
      return F.getPersonalityFn();
  return nullptr;
}

/// Volatility (bit 0), atomic ordering (bits 1-3), log2 of the alignment
/// (bits 8-15) and sync scope (bits 16 and up) of a load or store.
uint64_t memoryAccessFields(bool Volatile, Align A, AtomicOrdering Ordering,
                            uint64_t Scope) {
  return uint64_t(Volatile) | static_cast<uint64_t>(Ordering) << 1 |
         uint64_t(Log2(A)) << 8 | uint64_t(Scope) << 16;
}

} // namespace

namespace encoding {

void FunctionEncoder::run() {
  Out.clear();
  ClassIds.clear();
  if (Positions)
    Positions->clear();
  Blocks.clear();
  LocalNumbers.clear();
  ForwardReferences.clear();
  WithoutParameters = Ctx.ArgumentFreeSignatures && hasArgumentFreeBody(F);
  blocksInWalkOrder(F, Blocks, SeenBlocks);
  numberArgumentsAndBlocks();
  encodeHeader();
  emit(Blocks.size());
  for (const BasicBlock *BB : Blocks)
    encodeBlock(*BB);
  resolveForwardReferences();
}

/// Arguments, then blocks in walk order, are numbered before anything is
/// written; each instruction takes the next number when it is written (see
/// encodeInstruction), so the body is walked once.
void FunctionEncoder::numberArgumentsAndBlocks() {
  NextLocal = 0;
  if (!WithoutParameters)
    for (const Argument &A : F.args())
      LocalNumbers.insert(&A, NextLocal++);
  for (const BasicBlock *BB : Blocks)
    LocalNumbers.insert(BB, NextLocal++);
}

/// A use written before its instruction (a phi's value over a back edge, an
/// unreachable block's operand) was left as a placeholder; every
/// instruction has its number now.
void FunctionEncoder::resolveForwardReferences() {
  for (auto [Index, V] : ForwardReferences)
    Out[Index] = taggedToken(TagLocal, LocalNumbers.lookup(V, ~0ULL) + 1);
}

void FunctionEncoder::encodeHeader() {
  emit(TagFunction);
  if (WithoutParameters) {
    // Nothing reads the arguments: only the return type tells twins apart.
    emit(TagArgumentFree);
    encodeType(F.getReturnType());
  } else {
    encodeType(F.getFunctionType());
  }
  emit(F.getAddressSpace());
  emit(F.getCallingConv());
  emitString(F.hasGC() ? StringRef(F.getGC()) : StringRef());
  emitString(F.getSection());
  emitString(F.getPartition());
  const Constant *Extras[] = {personalityThatMatters(F),
                              F.hasPrefixData() ? F.getPrefixData() : nullptr,
                              F.hasPrologueData() ? F.getPrologueData()
                                                  : nullptr};
  for (const Constant *Extra : Extras) {
    if (!Extra) {
      emit(TagAbsent);
      continue;
    }
    emit(TagPresent);
    encodeConstant(Extra);
  }
  encodeAttributes(F.getAttributes(), WithoutParameters ? 0 : F.arg_size());
  encodeFunctionMetadata();
}

void FunctionEncoder::encodeFunctionMetadata() {
  MDs.clear();
  F.getAllMetadata(MDs);
  for (const auto &[Kind, Node] : MDs) {
    if (Ctx.Policy.functionMetadataRole(Kind) != MetadataRole::MustMatch)
      continue;
    emitMetadataKind(Kind);
    encodeMetadata(Node);
  }
  emit(TagAbsent);
}

void FunctionEncoder::encodeBlock(const BasicBlock &BB) {
  // Every instruction starts with TagInstruction, so an end tag delimits the
  // block without counting it first (BasicBlock::size() walks the list).
  emit(TagBlock);
  for (const Instruction &I : BB)
    encodeInstruction(I);
  emit(TagBlockEnd);
}

/// The instruction's first token carries, besides its tag, the opcode (bits
/// 0-7 of the field), whether must-match metadata follows the operands (bit
/// 8) and the number of operands (bits 9 and up).
static_assert(Instruction::OtherOpsEnd <= 256, "opcodes take 8 bits");
constexpr unsigned InstructionHasMetadataBit = TagBits + 8;

void FunctionEncoder::encodeInstruction(const Instruction &I) {
  LocalNumbers.insert(&I, NextLocal++);
  size_t Head = Out.size();
  emitTagged(TagInstruction, I.getOpcode() | uint64_t(I.getNumOperands()) << 9);
  encodeType(I.getType());
  encodeInstructionFields(I);
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    encodeCallFields(*CB);
  } else {
    for (const Use &Op : I.operands())
      encodeOperandUse(Op);
  }
  if (encodeMustMatchMetadata(I))
    Out[Head] |= uint64_t(1) << InstructionHasMetadataBit;
}

bool FunctionEncoder::encodeMustMatchMetadata(const Instruction &I) {
  if (!I.hasMetadataOtherThanDebugLoc())
    return false;
  MDs.clear();
  I.getAllMetadataOtherThanDebugLoc(MDs);
  bool Any = false;
  for (const auto &[Kind, Node] : MDs) {
    if (Ctx.Policy.instructionMetadataRole(Kind) != MetadataRole::MustMatch)
      continue;
    emitMetadataKind(Kind);
    encodeMetadata(Node);
    Any = true;
  }
  if (Any)
    emit(TagAbsent);
  return Any;
}

/// Fields that are not operands. Poison-generating flags and fast-math flags
/// are deliberately absent: they are intersectable.
void FunctionEncoder::encodeInstructionFields(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::Alloca: {
    const auto *AI = cast<AllocaInst>(&I);
    encodeType(AI->getAllocatedType());
    emit(AI->getAlign().value());
    emit(AI->getAddressSpace());
    emit(AI->isUsedWithInAlloca() | AI->isSwiftError() << 1);
    return;
  }
  case Instruction::Load: {
    const auto *LI = cast<LoadInst>(&I);
    emit(memoryAccessFields(LI->isVolatile(), LI->getAlign(), LI->getOrdering(),
                            syncScopeField(LI->getSyncScopeID())));
    emitSyncScopeName(LI->getSyncScopeID());
    return;
  }
  case Instruction::Store: {
    const auto *SI = cast<StoreInst>(&I);
    emit(memoryAccessFields(SI->isVolatile(), SI->getAlign(), SI->getOrdering(),
                            syncScopeField(SI->getSyncScopeID())));
    emitSyncScopeName(SI->getSyncScopeID());
    return;
  }
  case Instruction::AtomicCmpXchg: {
    const auto *CX = cast<AtomicCmpXchgInst>(&I);
    emit(CX->isVolatile() | CX->isWeak() << 1);
    emit(CX->getAlign().value());
    emit(static_cast<uint64_t>(CX->getSuccessOrdering()));
    emit(static_cast<uint64_t>(CX->getFailureOrdering()));
    emit(syncScopeField(CX->getSyncScopeID()));
    emitSyncScopeName(CX->getSyncScopeID());
    return;
  }
  case Instruction::AtomicRMW: {
    const auto *RMW = cast<AtomicRMWInst>(&I);
    emit(RMW->getOperation());
    emit(RMW->isVolatile());
    emit(RMW->getAlign().value());
    emit(static_cast<uint64_t>(RMW->getOrdering()));
    emit(syncScopeField(RMW->getSyncScopeID()));
    emitSyncScopeName(RMW->getSyncScopeID());
    return;
  }
  case Instruction::Fence: {
    const auto *FI = cast<FenceInst>(&I);
    emit(static_cast<uint64_t>(FI->getOrdering()));
    emit(syncScopeField(FI->getSyncScopeID()));
    emitSyncScopeName(FI->getSyncScopeID());
    return;
  }
  case Instruction::ICmp:
  case Instruction::FCmp:
    emit(cast<CmpInst>(I).getPredicate());
    return;
  case Instruction::GetElementPtr:
    encodeType(cast<GetElementPtrInst>(I).getSourceElementType());
    return;
  case Instruction::ShuffleVector: {
    ArrayRef<int> Mask = cast<ShuffleVectorInst>(I).getShuffleMask();
    emit(Mask.size());
    for (int Elt : Mask)
      emit(static_cast<uint64_t>(static_cast<int64_t>(Elt)));
    return;
  }
  case Instruction::ExtractValue:
  case Instruction::InsertValue: {
    ArrayRef<unsigned> Indices = isa<ExtractValueInst>(I)
                                     ? cast<ExtractValueInst>(I).getIndices()
                                     : cast<InsertValueInst>(I).getIndices();
    emit(Indices.size());
    for (unsigned Idx : Indices)
      emit(Idx);
    return;
  }
  case Instruction::LandingPad: {
    const auto *LP = cast<LandingPadInst>(&I);
    emit(LP->isCleanup());
    emit(LP->getNumClauses());
    for (unsigned C = 0, E = LP->getNumClauses(); C != E; ++C)
      emit(LP->isCatch(C));
    return;
  }
  case Instruction::PHI: {
    // Incoming blocks are not operands; their order is part of the phi.
    const auto *Phi = cast<PHINode>(&I);
    emit(Phi->getNumIncomingValues());
    for (const BasicBlock *In : Phi->blocks())
      encodeOperand(In);
    return;
  }
  case Instruction::VAArg:
    encodeType(I.getType());
    return;
  case Instruction::CatchSwitch:
    emit(cast<CatchSwitchInst>(I).hasUnwindDest());
    return;
  case Instruction::CleanupRet:
    emit(cast<CleanupReturnInst>(I).hasUnwindDest());
    return;
  case Instruction::Switch: {
    // Case values are not operands; their order pairs them with the
    // destinations, which are.
    const auto *SW = cast<SwitchInst>(&I);
    emit(SW->getNumCases());
    for (const auto &Case : SW->cases())
      emitAPInt(Case.getCaseValue()->getValue());
    return;
  }
  default:
    // Everything else is said by the opcode, the type and the operands.
    return;
  }
}

void FunctionEncoder::encodeCallFields(const CallBase &CB) {
  encodeType(CB.getFunctionType());
  // Calling conventions are below 1024; the tail-call kind (calls only)
  // goes above.
  uint64_t TailKind = 0;
  if (const auto *CI = dyn_cast<CallInst>(&CB))
    TailKind = CI->getTailCallKind() + 1;
  emit(CB.getCallingConv() | TailKind << 10);
  encodeAttributes(CB.getAttributes(), CB.arg_size());
  emit(CB.getNumOperandBundles());
  for (unsigned B = 0, E = CB.getNumOperandBundles(); B != E; ++B) {
    OperandBundleUse Bundle = CB.getOperandBundleAt(B);
    emit(TagBundle);
    emitString(Bundle.getTagName());
    emit(Bundle.Inputs.size());
    for (const Use &In : Bundle.Inputs)
      encodeOperand(In.get());
  }
  emit(CB.arg_size());
  // The scope list of llvm.experimental.noalias.scope.decl only gives
  // meaning to the function's own !alias.scope/!noalias annotations, which
  // are intersected; twins declare their own, distinct scopes.
  bool ScopeDecl = isa<NoAliasScopeDeclInst>(CB);
  for (const Use &Arg : CB.args()) {
    if (ScopeDecl && isa<MetadataAsValue>(Arg.get()))
      emit(TagMetadataValue);
    else
      encodeOperandUse(Arg);
  }
  // invoke/callbr destinations; a plain call is no terminator.
  unsigned NumSuccessors = CB.isTerminator() ? CB.getNumSuccessors() : 0;
  emit(NumSuccessors);
  for (unsigned S = 0; S != NumSuccessors; ++S)
    encodeOperand(CB.getSuccessor(S));
  if (Ctx.ParameterWildcards && Ctx.CalleeWildcards &&
      isCalleeParameterPosition(CB, F))
    encodeParameter(CB.getCalledOperandUse());
  else
    encodeCallee(CB.getCalledOperand());
}

void FunctionEncoder::encodeCallee(const Value *V) {
  V = seeThroughLocalAlias(V);
  const auto *Callee = dyn_cast<Function>(V);
  if (Callee && Ctx.CalleeClasses) {
    auto It = Ctx.CalleeClasses->find(Callee);
    if (It != Ctx.CalleeClasses->end()) {
      emit(TagCalleeClass);
      ClassIds.push_back(It->second);
      return;
    }
  }
  if (Callee == &F) {
    emit(TagSelfCall);
    return;
  }
  encodeOperand(V);
}

/// An operand at a parameter position is, for similar merging, only its
/// type: the value may differ between members.
void FunctionEncoder::encodeOperandUse(const Use &U) {
  if (Ctx.ParameterWildcards &&
      (isParameterPosition(U) ||
       (Ctx.IntegerWildcards && isIntegerOperandPosition(U, *Ctx.LayoutLock))))
    encodeParameter(U);
  else
    encodeOperand(U.get());
}

void FunctionEncoder::encodeParameter(const Use &U) {
  emit(TagParameter);
  encodeType(U->getType());
  if (Positions)
    Positions->push_back(&U);
}

void FunctionEncoder::encodeOperand(const Value *V) {
  if (isa<Argument>(V) || isa<Instruction>(V)) {
    // A value of another function cannot appear in a valid body; encode it
    // as unknown (field 0) rather than trusting a pointer.
    uint64_t Number = LocalNumbers.lookup(V, ~0ULL);
    if (Number == ~0ULL && isa<Instruction>(V))
      ForwardReferences.push_back({Out.size(), V});
    emitTagged(isa<Argument>(V) ? TagArgument : TagLocal, Number + 1);
    return;
  }
  if (isa<BasicBlock>(V)) {
    emitTagged(TagBlockRef, LocalNumbers.lookup(V, ~0ULL) + 1);
    return;
  }
  if (const auto *C = dyn_cast<Constant>(V)) {
    encodeConstant(C);
    return;
  }
  if (const auto *IA = dyn_cast<InlineAsm>(V)) {
    encodeInlineAsm(IA);
    return;
  }
  if (const auto *MV = dyn_cast<MetadataAsValue>(V)) {
    emit(TagMetadataValue);
    encodeMetadata(MV->getMetadata());
    return;
  }
  emit(TagUnknownValue);
  emit(V->getValueID());
}

/// A function's address, used as a value. When the function is known to be
/// interchangeable with the other members of its class (its address is not
/// significant), the class stands for it. The function's own address never
/// does: a twin comparing its own address must stay distinct.
void FunctionEncoder::encodeAddressRef(const GlobalValue *GV) {
  const auto *Fn = dyn_cast<Function>(GV);
  if (Fn && Fn != &F && Ctx.AddressClasses) {
    auto It = Ctx.AddressClasses->find(Fn);
    if (It != Ctx.AddressClasses->end()) {
      emit(TagAddressClass);
      ClassIds.push_back(It->second);
      return;
    }
  }
  encodeGlobalRef(GV);
}

void FunctionEncoder::encodeGlobalRef(const GlobalValue *GV) {
  if (Ctx.CrossModule) {
    encodeCrossModuleGlobalRef(GV);
    return;
  }
  if (std::optional<uint64_t> N = Ctx.Globals.lookup(GV)) {
    emit(TagGlobal);
    emit(*N);
    return;
  }
  emit(TagGlobalByName);
  emitString(GV->getName());
}

/// See CrossModuleReferences.cpp for what each kind of reference becomes.
void FunctionEncoder::encodeCrossModuleGlobalRef(const GlobalValue *GV) {
  if (!GV->hasLocalLinkage()) {
    emit(TagGlobalByName);
    emitString(GV->getName());
    return;
  }
  const auto *Var = dyn_cast<GlobalVariable>(GV);
  constexpr size_t MaxContentDepth = 8;
  if (Var && Ctx.CrossModule->comparedByContent(*Var) &&
      ContentStack.size() < MaxContentDepth &&
      !llvm::is_contained(ContentStack, GV)) {
    ContentStack.push_back(GV);
    emit(TagGlobalByContent);
    encodeType(Var->getValueType());
    emit(Var->getAlign() ? Var->getAlign()->value() : 0);
    emit(Var->getAddressSpace());
    emitString(Var->getSection());
    encodeConstant(Var->getInitializer());
    ContentStack.pop_back();
    return;
  }
  emit(TagModuleLocal);
  emit(Ctx.CrossModule->ordinal());
  emit(Ctx.Globals.lookup(GV).value_or(~0ULL));
}

void FunctionEncoder::emitMetadataKind(unsigned Kind) {
  if (!Ctx.CrossModule) {
    emit(Kind);
    return;
  }
  emit(TagMetadataKindName);
  emitString(Ctx.CrossModule->metadataKindName(Kind));
}

uint64_t FunctionEncoder::syncScopeField(uint8_t ID) const {
  if (!Ctx.CrossModule || ID <= SyncScope::System)
    return ID;
  return SyncScope::System + 1;
}

void FunctionEncoder::emitSyncScopeName(uint8_t ID) {
  if (!Ctx.CrossModule || ID <= SyncScope::System)
    return;
  emit(TagSyncScopeName);
  emitString(Ctx.CrossModule->syncScopeName(ID));
}

void FunctionEncoder::encodeConstant(const Constant *C) {
  C = cast<Constant>(seeThroughLocalAlias(C));
  emitTagged(TagConstant, C->getValueID());
  encodeType(C->getType());
  if (const auto *GV = dyn_cast<GlobalValue>(C)) {
    encodeAddressRef(GV);
  } else if (const auto *CI = dyn_cast<ConstantInt>(C)) {
    emitAPIntWords(CI->getValue());
  } else if (const auto *CF = dyn_cast<ConstantFP>(C)) {
    emitAPIntWords(CF->getValueAPF().bitcastToAPInt());
  } else if (const auto *CDS = dyn_cast<ConstantDataSequential>(C)) {
    emitString(CDS->getRawDataValues());
  } else if (const auto *BA = dyn_cast<BlockAddress>(C)) {
    encodeGlobalRef(BA->getFunction());
    // A block of this function by walk order, of another by layout order.
    if (BA->getFunction() == &F) {
      encodeOperand(BA->getBasicBlock());
    } else {
      uint64_t Index = 0;
      for (const BasicBlock &BB : *BA->getFunction()) {
        if (&BB == BA->getBasicBlock())
          break;
        ++Index;
      }
      emit(Index);
    }
  } else if (const auto *Equiv = dyn_cast<DSOLocalEquivalent>(C)) {
    encodeGlobalRef(Equiv->getGlobalValue());
  } else if (const auto *NoCFI = dyn_cast<NoCFIValue>(C)) {
    encodeGlobalRef(NoCFI->getGlobalValue());
  } else {
    if (const auto *CE = dyn_cast<ConstantExpr>(C))
      encodeConstantExprFields(CE);
    // Aggregates, expressions, ptrauth: their operands say the rest.
    // Null, zero, undef, poison, none: value ID and type say it all.
    emit(C->getNumOperands());
    for (const Use &Op : C->operands())
      encodeConstant(cast<Constant>(Op.get()));
  }
}

/// Constant expressions cannot be edited to intersect flags, so their flags
/// take part in equality.
void FunctionEncoder::encodeConstantExprFields(const ConstantExpr *CE) {
  emit(CE->getOpcode());
  emit(cast<Operator>(CE)->getRawSubclassOptionalData());
  if (const auto *GEP = dyn_cast<GEPOperator>(CE)) {
    encodeType(GEP->getSourceElementType());
    if (std::optional<ConstantRange> R = GEP->getInRange()) {
      emit(TagPresent);
      emitAPInt(R->getLower());
      emitAPInt(R->getUpper());
    } else {
      emit(TagAbsent);
    }
  }
}

} // namespace encoding

using encoding::EncoderBuffers;
using encoding::FunctionEncoder;

EncoderScratch::EncoderScratch()
    : Buffers(std::make_unique<EncoderBuffers>()) {}
EncoderScratch::EncoderScratch(EncoderScratch &&) = default;
EncoderScratch &EncoderScratch::operator=(EncoderScratch &&) = default;
EncoderScratch::~EncoderScratch() = default;

void encodeSkeleton(const Function &F, const EncodingContext &Ctx,
                    Encoding &Skeleton, std::vector<CandidateId> &ClassIds,
                    EncoderScratch &Scratch) {
  FunctionEncoder(F, Ctx, Skeleton, ClassIds, Scratch.buffers()).run();
}

void encodeWithParameterWildcards(const Function &F, const EncodingContext &Ctx,
                                  Encoding &Out, EncoderScratch &Scratch,
                                  std::vector<const Use *> *Positions) {
  std::vector<CandidateId> &ClassIds = Scratch.buffers().ClassIds;
  FunctionEncoder Encoder(F, Ctx, Out, ClassIds, Scratch.buffers());
  if (Positions)
    Encoder.recordPositionsIn(*Positions);
  Encoder.run();
  appendClassReferences(ClassIds, Out);
}

void encodeSkeletonWithPositions(const Function &F, const EncodingContext &Ctx,
                                 Encoding &Skeleton,
                                 std::vector<CandidateId> &ClassIds,
                                 std::vector<const Use *> &Positions,
                                 EncoderScratch &Scratch) {
  FunctionEncoder Encoder(F, Ctx, Skeleton, ClassIds, Scratch.buffers());
  Encoder.recordPositionsIn(Positions);
  Encoder.run();
}

void encodeOperandValue(const Function &F, const Value &V,
                        const EncodingContext &Ctx, Encoding &Out,
                        EncoderScratch &Scratch) {
  FunctionEncoder(F, Ctx, Out, Scratch.buffers().ClassIds, Scratch.buffers())
      .encodeValueAlone(&V);
}

void appendClassReferences(ArrayRef<CandidateId> ClassIds, Encoding &Out) {
  Out.push_back(encoding::TagReferences);
  Out.push_back(ClassIds.size());
  Out.insert(Out.end(), ClassIds.begin(), ClassIds.end());
}

void encodeFunction(const Function &F, const EncodingContext &Ctx,
                    Encoding &Out, EncoderScratch &Scratch) {
  std::vector<CandidateId> &ClassIds = Scratch.buffers().ClassIds;
  encodeSkeleton(F, Ctx, Out, ClassIds, Scratch);
  appendClassReferences(ClassIds, Out);
}

} // namespace lmf
