//===- BodyBuilder.cpp - Emit one synthetic function body -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A body looks like what the LTO pipeline leaves of small template code:
//
//   entry:  %k = add nsw i64 %n, <family constant>
//           <Length instructions: arithmetic with poison flags, loads and
//            stores through inbounds GEPs of %p with !tbaa, compares and
//            selects, calls to the callees>
//           optionally a diamond (br / two arms / phi)
//           optionally a guarded call (the recursion of mutual twins)
//           ret i64 <last value>
//
// Every choice comes from a SplitMix64 stream seeded by Spec.Shape, never
// from the variant, so all members of a family have the same instructions in
// the same order and differ at most in intersectable annotations.
//
//===----------------------------------------------------------------------===//

#include "bench/speed/BodyBuilder.h"

#include "test/support/AnnotationTable.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"

#include <vector>

using namespace llvm;

namespace lmf::bench {
namespace {

using testsupport::Annotation;
using testsupport::Flag;

/// What a BodyVariant changes: poison flags (nsw on add, sub, mul and shl,
/// nuw on mul), inbounds, the !tbaa tag, dereferenceable and noundef. The
/// "annotated" families are twins only if every one may differ.
const Annotation VariedAnnotations[] = {
    Annotation::flag(Flag::NSW),
    Annotation::flag(Flag::NUW),
    Annotation::flag(Flag::GEPInBounds),
    Annotation::instructionMetadata(LLVMContext::MD_tbaa),
    Annotation::valueAttribute(Attribute::Dereferenceable),
    Annotation::valueAttribute(Attribute::NoUndef)};

/// The state of one body being emitted.
struct Emitter {
  IRBuilder<> &B;
  SplitMix64 &S;
  const BodySpec &Spec;
  MDNode *Tag;
  Value *P;
  std::vector<Value *> Values;
  size_t NextCallee = 0;

  /// One of the last four values: keeps dependency chains short and local.
  Value *pick() {
    unsigned Back = S.below(std::min<unsigned>(Values.size(), 4));
    return Values[Values.size() - 1 - Back];
  }

  Value *slot() {
    Value *Index = B.getInt64(S.below(8));
    return Spec.Variant.DropInbounds ? B.CreateGEP(B.getInt64Ty(), P, Index)
                                     : B.CreateInBoundsGEP(B.getInt64Ty(), P,
                                                           Index);
  }

  void emitArithmetic() {
    Value *L = pick(), *R = pick();
    bool Flags = !Spec.Variant.DropPoisonFlags;
    switch (S.below(7)) {
    case 0: Values.push_back(B.CreateAdd(L, R, "", false, Flags)); break;
    case 1: Values.push_back(B.CreateSub(L, R, "", false, Flags)); break;
    case 2: Values.push_back(B.CreateMul(L, R, "", Flags, Flags)); break;
    case 3: Values.push_back(B.CreateXor(L, R)); break;
    case 4:
      Values.push_back(B.CreateAnd(L, B.getInt64(S.below(255) + 1)));
      break;
    case 5: Values.push_back(B.CreateOr(L, R)); break;
    default:
      Values.push_back(B.CreateShl(L, B.getInt64(S.below(7) + 1), "", false,
                                   Flags));
    }
  }

  void emitLoad() {
    LoadInst *L = B.CreateAlignedLoad(B.getInt64Ty(), slot(), Align(8));
    L->setMetadata(LLVMContext::MD_tbaa, Tag);
    Values.push_back(L);
  }

  void emitStore() {
    StoreInst *St = B.CreateAlignedStore(pick(), slot(), Align(8));
    St->setMetadata(LLVMContext::MD_tbaa, Tag);
  }

  void emitSelect() {
    Value *C = B.CreateICmpSLT(pick(), pick());
    Values.push_back(B.CreateSelect(C, pick(), pick()));
  }

  void emitCall() {
    Function *Callee = Spec.Callees[NextCallee++];
    Values.push_back(B.CreateCall(Callee, {P, pick()}));
  }

  void emitOne() {
    unsigned Kind = S.below(10);
    bool HasCallee = NextCallee < Spec.Callees.size() &&
                     !(Spec.GuardFirstCall && NextCallee == 0);
    if (Kind < 4)
      emitArithmetic();
    else if (Kind < 6)
      emitLoad();
    else if (Kind == 6)
      emitStore();
    else if (Kind == 7)
      emitSelect();
    else if (HasCallee)
      emitCall();
    else
      emitArithmetic();
  }

  void emitDiamond(Function &F) {
    BasicBlock *Then = BasicBlock::Create(F.getContext(), "", &F);
    BasicBlock *Else = BasicBlock::Create(F.getContext(), "", &F);
    BasicBlock *Join = BasicBlock::Create(F.getContext(), "", &F);
    B.CreateCondBr(B.CreateICmpSGT(pick(), B.getInt64(S.below(100))), Then,
                   Else);
    // Values made in one arm must not be picked in the other.
    B.SetInsertPoint(Then);
    emitArithmetic();
    Value *T = Values.back();
    Values.pop_back();
    B.CreateBr(Join);
    B.SetInsertPoint(Else);
    emitArithmetic();
    Value *E = Values.back();
    Values.pop_back();
    B.CreateBr(Join);
    B.SetInsertPoint(Join);
    PHINode *Phi = B.CreatePHI(B.getInt64Ty(), 2);
    Phi->addIncoming(T, Then);
    Phi->addIncoming(E, Else);
    Values.push_back(Phi);
  }

  /// `if (n != 0) v = callee(p, n - 1) + v`: the recursion of mutual twins.
  void emitGuardedCall(Function &F) {
    BasicBlock *Before = B.GetInsertBlock();
    BasicBlock *Call = BasicBlock::Create(F.getContext(), "", &F);
    BasicBlock *Join = BasicBlock::Create(F.getContext(), "", &F);
    Value *N = F.getArg(1);
    B.CreateCondBr(B.CreateICmpNE(N, B.getInt64(0)), Call, Join);
    B.SetInsertPoint(Call);
    Value *R = B.CreateCall(Spec.Callees[0],
                            {P, B.CreateSub(N, B.getInt64(1))});
    Value *Sum = B.CreateAdd(R, Values.back());
    B.CreateBr(Join);
    B.SetInsertPoint(Join);
    PHINode *Phi = B.CreatePHI(B.getInt64Ty(), 2);
    Phi->addIncoming(Values.back(), Before);
    Phi->addIncoming(Sum, Call);
    Values.push_back(Phi);
  }
};

} // namespace

BodyBuilder::BodyBuilder(Module &M)
    : Ctx(M.getContext()),
      FnTy(FunctionType::get(Type::getInt64Ty(Ctx),
                             {PointerType::getUnqual(Ctx),
                              Type::getInt64Ty(Ctx)},
                             false)) {
  testsupport::requireMayDiffer(VariedAnnotations, true,
                                "lmf-genmodule's BodyVariant");
  MDBuilder MDB(Ctx);
  MDNode *Root = MDB.createTBAARoot("Simple C++ TBAA");
  MDNode *Char = MDB.createTBAAScalarTypeNode("omnipotent char", Root);
  MDNode *Long = MDB.createTBAAScalarTypeNode("long", Char);
  MDNode *LongLong = MDB.createTBAAScalarTypeNode("long long", Char);
  LongTag = MDB.createTBAAStructTagNode(Long, Long, 0);
  AltTag = MDB.createTBAAStructTagNode(LongLong, LongLong, 0);
}

void BodyBuilder::build(Function &F, const BodySpec &Spec) {
  const BodyVariant &V = Spec.Variant;
  F.addParamAttr(0, Attribute::getWithDereferenceableBytes(
                        Ctx, V.Dereferenceable));
  if (!V.DropNoundef) {
    F.addParamAttr(0, Attribute::NoUndef);
    F.addParamAttr(1, Attribute::NoUndef);
  }
  F.addFnAttr(Attribute::NoUnwind);

  SplitMix64 S(Spec.Shape);
  IRBuilder<> B(BasicBlock::Create(Ctx, "", &F));
  Emitter E{B, S, Spec, V.AltTBAA ? AltTag : LongTag, F.getArg(0), {}, 0};
  bool Flags = !V.DropPoisonFlags;
  E.Values.push_back(F.getArg(1));
  E.Values.push_back(B.CreateAdd(F.getArg(1), B.getInt64(Spec.Constant), "",
                                 false, Flags));
  for (unsigned I = 0; I < Spec.Length; ++I)
    E.emitOne();
  if (S.below(3) == 0)
    E.emitDiamond(F);
  // Callees the straight-line part did not reach are called now, so every
  // family member has exactly the calls its spec lists.
  size_t First = Spec.GuardFirstCall ? 1 : 0;
  while (E.NextCallee < Spec.Callees.size()) {
    if (E.NextCallee < First) {
      ++E.NextCallee;
      continue;
    }
    E.emitCall();
  }
  if (Spec.GuardFirstCall && !Spec.Callees.empty())
    E.emitGuardedCall(F);
  B.CreateRet(E.Values.back());
}

} // namespace lmf::bench
