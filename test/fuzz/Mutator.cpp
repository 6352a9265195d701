//===- Mutator.cpp - Clone a function and change exactly one thing --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every mutation first collects the places where it applies, then picks one
// at random, so a mutation never silently does nothing: when no place exists
// the caller tries another kind. Semantic mutations in ExecSafe mode only
// touch values that go straight into stores, so that a changed value changes
// the printed checksum but never an address or a branch.
//
// The kinds aimed at similar merging (Global, Callee, DataConstant) live in
// MutatorSimilarKinds.cpp; both files share OneMutation.h.
//
// Which metadata, attributes and flags a clone may lose or gain and still be
// equal comes from the annotation table (test/support/AnnotationTable.h),
// the same one the oracles and the unit tests' generator read. Places are
// collected in the table's order: reordering it changes what a seed picks.
//
//===----------------------------------------------------------------------===//

#include "Mutator.h"
#include "OneMutation.h"

#include "test/support/InstructionFlags.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace lmf::fuzz {

namespace detail {
using namespace testsupport;

std::string describe(const Value &V) {
  if (V.hasName())
    return ("%" + V.getName()).str();
  if (const auto *I = dyn_cast<Instruction>(&V))
    return (Twine(I->getOpcodeName()) + " (unnamed)").str();
  return "(unnamed)";
}

/// The annotations the Add* mutations put on a clone: the first ones must
/// leave it equal to its base (AddMetadata, AddAttribute), the others must
/// make it differ (Nontemporal, ABIAttribute). Checked against the
/// annotation table once per process.
const Annotation AddedKeepingEquality[] = {
    Annotation::instructionMetadata(LLVMContext::MD_range),
    Annotation::instructionMetadata(LLVMContext::MD_nonnull),
    Annotation::instructionMetadata(LLVMContext::MD_tbaa),
    Annotation::valueAttribute(Attribute::NoUndef),
    Annotation::valueAttribute(Attribute::NonNull),
    Annotation::valueAttribute(Attribute::Dereferenceable)};
const Annotation AddedMakingADifference[] = {
    Annotation::instructionMetadata(LLVMContext::MD_nontemporal),
    Annotation::valueAttribute(Attribute::ZExt),
    Annotation::valueAttribute(Attribute::SExt),
    Annotation::valueAttribute(Attribute::InReg)};

void checkAddedAnnotations() {
  requireMayDiffer(AddedKeepingEquality, true, "the fuzz mutator");
  requireMayDiffer(AddedMakingADifference, false, "the fuzz mutator");
}

/// Metadata kinds that a clone may lose and stay equal: every kind of the
/// annotation table except those of debug info, which other IR refers to
/// (a call in a function with debug info must keep its !dbg location).
const SmallVector<unsigned, 32> &droppableKinds() {
  static const SmallVector<unsigned, 32> Kinds = [] {
    SmallVector<unsigned, 32> Out;
    for (const MetadataEntry &E : instructionMetadata())
      if (E.Kind != LLVMContext::MD_dbg && E.Kind != LLVMContext::MD_DIAssignID)
        Out.push_back(E.Kind);
    return Out;
  }();
  return Kinds;
}


std::string slotName(const AttrSlot &S) {
  std::string Where = S.Call ? describe(*S.Call) + " call site" : "function";
  if (S.Index == AttributeList::FunctionIndex)
    return Where + " fn attr";
  if (S.Index == AttributeList::ReturnIndex)
    return Where + " return";
  return Where + " param " +
         std::to_string(S.Index - AttributeList::FirstArgIndex);
}

/// Instructions whose only users store them: changing their value changes
/// data, never an address or a branch.
bool onlyStored(const Instruction &I) {
  if (I.use_empty())
    return false;
  for (const Use &U : I.uses()) {
    const auto *SI = dyn_cast<StoreInst>(U.getUser());
    if (!SI || U.getOperandNo() != 0)
      return false;
  }
  return true;
}


bool OneMutation::apply(MutationKind K) {
  switch (K) {
  case MutationKind::Copy: return done("exact copy");
  case MutationKind::Rename: return rename();
  case MutationKind::MoveBlock: return moveBlock();
  case MutationKind::DropFlag: return toggleFlag(false);
  case MutationKind::AddFlag: return toggleFlag(true);
  case MutationKind::DropMetadata: return dropMetadata();
  case MutationKind::AddMetadata: return addMetadata();
  case MutationKind::DropAttribute: return dropAttribute();
  case MutationKind::AddAttribute: return addAttribute();
  case MutationKind::RaiseAlignment: return raiseAlignment();
  case MutationKind::Constant: return changeConstant();
  case MutationKind::SwapOperands: return swapOperands();
  case MutationKind::Opcode: return changeOpcode();
  case MutationKind::Predicate: return changePredicate();
  case MutationKind::Volatile: return makeVolatile();
  case MutationKind::AccessAlignment: return lowerAccessAlignment();
  case MutationKind::Nontemporal: return addNontemporal();
  case MutationKind::UnknownMetadata: return addUnknownMetadata();
  case MutationKind::StringAttribute: return addStringAttribute();
  case MutationKind::ABIAttribute: return addABIAttribute();
  case MutationKind::CallingConv: return changeCallingConv();
  case MutationKind::Section: return setSection();
  case MutationKind::Global: return swapGlobal();
  case MutationKind::Callee: return swapCallee();
  case MutationKind::DataConstant: return changeDataConstant();
  case MutationKind::NumKinds: break;
  }
  return false;
}

bool OneMutation::rename() {
  SmallVector<Value *, 64> Named;
  for (Argument &A : F.args())
    Named.push_back(&A);
  for (BasicBlock &BB : F)
    Named.push_back(&BB);
  for (Instruction *I : Insts)
    if (!I->getType()->isVoidTy())
      Named.push_back(I);
  Value *V = pick(Named);
  std::string Old = describe(*V);
  V->setName(V->getName() + ".renamed");
  return done(Old + ": renamed");
}

bool OneMutation::moveBlock() {
  // Only reachable blocks: unreachable ones keep their layout order.
  SmallPtrSet<BasicBlock *, 32> Reachable;
  SmallVector<BasicBlock *, 32> Work = {&F.getEntryBlock()};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (!Reachable.insert(BB).second)
      continue;
    for (BasicBlock *S : successors(BB))
      Work.push_back(S);
  }
  SmallVector<BasicBlock *, 32> Movable;
  for (BasicBlock &BB : F)
    if (&BB != &F.getEntryBlock() && Reachable.count(&BB))
      Movable.push_back(&BB);
  if (Movable.size() < 2)
    return false;
  BasicBlock *BB = pick(Movable);
  if (BB == &F.back())
    BB->moveAfter(&F.getEntryBlock());
  else
    BB->moveAfter(&F.back());
  return done(describe(*BB) + ": moved in the layout");
}

bool OneMutation::toggleFlag(bool Set) {
  SmallVector<std::pair<Instruction *, Flag>, 32> Places;
  for (Instruction *I : Insts)
    for (const FlagEntry &E : instructionFlags())
      if (canToggle(*I, E.F, Set))
        Places.push_back({I, E.F});
  if (Places.empty())
    return false;
  auto [I, Fl] = pick(Places);
  setFlag(*I, Fl, Set);
  return done(describe(*I) + (Set ? ": add " : ": drop ") + flagEntry(Fl).Name);
}

bool OneMutation::dropMetadata() {
  SmallVector<std::pair<Instruction *, unsigned>, 32> Places;
  for (Instruction *I : Insts)
    for (unsigned K : droppableKinds())
      if (I->getMetadata(K))
        Places.push_back({I, K});
  if (Places.empty())
    return false;
  auto [I, K] = pick(Places);
  SmallVector<StringRef, 64> Names;
  Ctx.getMDKindNames(Names);
  I->setMetadata(K, nullptr);
  return done(describe(*I) + ": drop !" + Names[K].str());
}

bool OneMutation::addMetadata() {
  SmallVector<std::pair<Instruction *, unsigned>, 32> Places;
  for (Instruction *I : Insts) {
    auto *LI = dyn_cast<LoadInst>(I);
    if (!LI || LI->isAtomic() || LI->isVolatile())
      continue;
    if (LI->getType()->isIntegerTy() && !LI->getMetadata(LLVMContext::MD_range))
      Places.push_back({I, LLVMContext::MD_range});
    if (LI->getType()->isPointerTy() &&
        !LI->getMetadata(LLVMContext::MD_nonnull))
      Places.push_back({I, LLVMContext::MD_nonnull});
    if (!LI->getMetadata(LLVMContext::MD_tbaa))
      Places.push_back({I, LLVMContext::MD_tbaa});
  }
  if (Places.empty())
    return false;
  auto [I, K] = pick(Places);
  MDBuilder MDB(Ctx);
  if (K == LLVMContext::MD_range) {
    unsigned Bits = I->getType()->getIntegerBitWidth();
    uint64_t Hi = Bits == 1 ? 1 : 2;
    I->setMetadata(K, MDB.createRange(APInt(Bits, 0), APInt(Bits, Hi)));
    return done(describe(*I) + ": add !range [0, " + std::to_string(Hi) + ")");
  }
  if (K == LLVMContext::MD_nonnull) {
    I->setMetadata(K, MDNode::get(Ctx, {}));
    return done(describe(*I) + ": add !nonnull");
  }
  MDNode *Root = MDB.createTBAARoot("lmf fuzz TBAA");
  MDNode *Ty = MDB.createTBAAScalarTypeNode("lmf scalar", Root);
  I->setMetadata(K, MDB.createTBAAStructTagNode(Ty, Ty, 0));
  return done(describe(*I) + ": add !tbaa");
}

bool OneMutation::dropAttribute() {
  SmallVector<AttrSlot, 32> Places;
  auto Collect = [&](CallBase *CB, AttributeList AL, unsigned NumArgs) {
    for (const AttributeEntry &E : functionAttributes())
      if (AL.hasFnAttr(E.Kind))
        Places.push_back({CB, AttributeList::FunctionIndex, E.Kind});
    for (unsigned Idx = 0; Idx <= NumArgs; ++Idx) {
      unsigned ListIdx = Idx == 0 ? unsigned(AttributeList::ReturnIndex)
                                  : AttributeList::FirstArgIndex + Idx - 1;
      AttributeSet Set = AL.getAttributes(ListIdx);
      for (const AttributeEntry &E : valueAttributes()) {
        if (!Set.hasAttribute(E.Kind))
          continue;
        if (E.Kind == Attribute::Alignment && alignmentIsABI(Set))
          continue;
        Places.push_back({CB, ListIdx, E.Kind});
      }
    }
  };
  Collect(nullptr, F.getAttributes(), F.arg_size());
  for (Instruction *I : Insts)
    if (auto *CB = dyn_cast<CallBase>(I))
      if (!CB->isInlineAsm())
        Collect(CB, CB->getAttributes(), CB->arg_size());
  if (Places.empty())
    return false;
  AttrSlot S = pick(Places);
  if (S.Call)
    S.Call->removeAttributeAtIndex(S.Index, S.Kind);
  else
    F.removeAttributeAtIndex(S.Index, S.Kind);
  return done(slotName(S) + ": drop " +
              Attribute::getNameFromAttrKind(S.Kind).str());
}

/// Offers the return value (unless void) and every parameter to Consider
/// and adds one of the attributes it lists.
bool OneMutation::addValueAttribute(AttrPlaces Consider) {
  SmallVector<AttrSlot, 16> Places;
  if (!F.getReturnType()->isVoidTy())
    Consider(AttributeList::ReturnIndex, F.getReturnType(), Places);
  for (Argument &A : F.args())
    Consider(AttributeList::FirstArgIndex + A.getArgNo(), A.getType(), Places);
  if (Places.empty())
    return false;
  AttrSlot S = pick(Places);
  F.addAttributeAtIndex(S.Index,
                        S.Kind == Attribute::Dereferenceable
                            ? Attribute::getWithDereferenceableBytes(Ctx, 4)
                            : Attribute::get(Ctx, S.Kind));
  return done(slotName(S) + ": add " +
              Attribute::getNameFromAttrKind(S.Kind).str());
}

bool OneMutation::addAttribute() {
  return addValueAttribute([&](unsigned ListIdx, Type *T,
                               SmallVectorImpl<AttrSlot> &Places) {
    AttributeSet Set = F.getAttributes().getAttributes(ListIdx);
    // Not on memory the caller provides (byval, byref, inalloca...).
    if (alignmentIsABI(Set))
      return;
    if (!Set.hasAttribute(Attribute::NoUndef))
      Places.push_back({nullptr, ListIdx, Attribute::NoUndef});
    if (T->isPointerTy()) {
      if (!Set.hasAttribute(Attribute::NonNull))
        Places.push_back({nullptr, ListIdx, Attribute::NonNull});
      if (!Set.hasAttribute(Attribute::Dereferenceable))
        Places.push_back({nullptr, ListIdx, Attribute::Dereferenceable});
    }
  });
}

bool OneMutation::raiseAlignment() {
  if (F.getAlign() && F.getAlign()->value() >= 64)
    return false;
  F.setAlignment(Align(64));
  return done("function: align 64");
}

Constant *otherConstant(Constant *C) {
  if (auto *CI = dyn_cast<ConstantInt>(C)) {
    if (!CI->getType()->isIntegerTy())
      return nullptr;
    return ConstantInt::get(CI->getType(), CI->getValue() + 1);
  }
  if (auto *CF = dyn_cast<ConstantFP>(C)) {
    if (!CF->getType()->isFloatingPointTy())
      return nullptr;
    APFloat V = CF->getValueAPF();
    APFloat One(V.getSemantics(), 1);
    if (V.isNaN() || V.isInfinity())
      return ConstantFP::get(CF->getType(), 1.0);
    V.add(One, APFloat::rmNearestTiesToEven);
    if (V.bitwiseIsEqual(CF->getValueAPF()))
      V.changeSign();
    if (V.bitwiseIsEqual(CF->getValueAPF()))
      return nullptr;
    return ConstantFP::get(CF->getContext(), V);
  }
  return nullptr;
}

/// Replaces the constant at one of Places, picked at random, by another
/// one (otherConstant), and records where and what.
bool OneMutation::replaceOneConstant(
    SmallVectorImpl<std::pair<Instruction *, unsigned>> &Places,
    bool DropPoisonFlags) {
  if (Places.empty())
    return false;
  auto [I, Op] = pick(Places);
  auto *Old = cast<Constant>(I->getOperand(Op));
  Constant *New = otherConstant(Old);
  I->setOperand(Op, New);
  if (DropPoisonFlags)
    I->dropPoisonGeneratingFlags();
  std::string OldText, NewText;
  raw_string_ostream(OldText) << *Old;
  raw_string_ostream(NewText) << *New;
  return doneAt(*I, Op,
                describe(*I) + ": operand " + std::to_string(Op) + " " +
                    OldText + " -> " + NewText);
}

bool OneMutation::changeConstant() {
  SmallVector<std::pair<Instruction *, unsigned>, 32> Places;
  for (Instruction *I : Insts) {
    // Operands that must stay constant or in range, or are not data.
    if (isa<CallBase>(I) || isa<GetElementPtrInst>(I) || isa<AllocaInst>(I) ||
        isa<SwitchInst>(I) || isa<ShuffleVectorInst>(I) ||
        isa<ExtractValueInst>(I) || isa<InsertValueInst>(I) ||
        isa<LandingPadInst>(I))
      continue;
    if (Opts.ExecSafeOnly) {
      // Only stored data, and only operations that cannot trap or become
      // poison: add, sub, mul, and, or, xor and their float siblings.
      auto *BO = dyn_cast<BinaryOperator>(I);
      if (!BO || !semanticOK(*I) || BO->isIntDivRem() || BO->isShift() ||
          BO->getOpcode() == Instruction::FDiv ||
          BO->getOpcode() == Instruction::FRem)
        continue;
    }
    for (unsigned Op = 0; Op < I->getNumOperands(); ++Op) {
      auto *C = dyn_cast<Constant>(I->getOperand(Op));
      if (C && otherConstant(C))
        Places.push_back({I, Op});
    }
  }
  return replaceOneConstant(Places, /*DropPoisonFlags=*/Opts.ExecSafeOnly);
}

bool OneMutation::swapOperands() {
  SmallVector<Instruction *, 32> Places;
  for (Instruction *I : Insts) {
    if (auto *BO = dyn_cast<BinaryOperator>(I)) {
      if (BO->isCommutative() || BO->getOperand(0) == BO->getOperand(1))
        continue;
      if (Opts.ExecSafeOnly &&
          (!semanticOK(*I) || BO->isIntDivRem() || BO->isShift()))
        continue;
      Places.push_back(I);
    } else if (auto *Sel = dyn_cast<SelectInst>(I)) {
      if (Sel->getTrueValue() != Sel->getFalseValue() && semanticOK(*I))
        Places.push_back(I);
    } else if (isa<CmpInst>(I) && !Opts.ExecSafeOnly &&
               I->getOperand(0) != I->getOperand(1)) {
      Places.push_back(I);
    }
  }
  if (Places.empty())
    return false;
  Instruction *I = pick(Places);
  unsigned A = isa<SelectInst>(I) ? 1 : 0;
  Value *L = I->getOperand(A), *Rv = I->getOperand(A + 1);
  I->setOperand(A, Rv);
  I->setOperand(A + 1, L);
  if (Opts.ExecSafeOnly)
    I->dropPoisonGeneratingFlags();
  return done(describe(*I) + ": operands swapped");
}

bool OneMutation::changeOpcode() {
  static const Instruction::BinaryOps IntSafe[] = {
      Instruction::Add, Instruction::Sub, Instruction::Mul,
      Instruction::And, Instruction::Or,  Instruction::Xor};
  static const Instruction::BinaryOps IntAll[] = {
      Instruction::Add,  Instruction::Sub,  Instruction::Mul,
      Instruction::And,  Instruction::Or,   Instruction::Xor,
      Instruction::Shl,  Instruction::LShr, Instruction::AShr,
      Instruction::UDiv, Instruction::SDiv, Instruction::URem,
      Instruction::SRem};
  static const Instruction::BinaryOps FPSafe[] = {
      Instruction::FAdd, Instruction::FSub, Instruction::FMul};
  static const Instruction::BinaryOps FPAll[] = {
      Instruction::FAdd, Instruction::FSub, Instruction::FMul,
      Instruction::FDiv, Instruction::FRem};
  SmallVector<BinaryOperator *, 32> Places;
  for (Instruction *I : Insts) {
    auto *BO = dyn_cast<BinaryOperator>(I);
    if (!BO)
      continue;
    if (Opts.ExecSafeOnly) {
      bool SafeOp = is_contained(IntSafe, BO->getOpcode()) ||
                    is_contained(FPSafe, BO->getOpcode());
      if (!SafeOp || !semanticOK(*I))
        continue;
    }
    Places.push_back(BO);
  }
  if (Places.empty())
    return false;
  BinaryOperator *BO = pick(Places);
  bool FP = BO->getType()->isFPOrFPVectorTy();
  ArrayRef<Instruction::BinaryOps> Choices =
      FP ? (Opts.ExecSafeOnly ? ArrayRef(FPSafe) : ArrayRef(FPAll))
         : (Opts.ExecSafeOnly ? ArrayRef(IntSafe) : ArrayRef(IntAll));
  Instruction::BinaryOps New = BO->getOpcode();
  while (New == BO->getOpcode())
    New = Choices[R.below(Choices.size())];
  auto *NewBO = BinaryOperator::Create(New, BO->getOperand(0),
                                       BO->getOperand(1), "", BO->getIterator());
  NewBO->takeName(BO);
  NewBO->setDebugLoc(BO->getDebugLoc());
  std::string Old = BO->getOpcodeName();
  BO->replaceAllUsesWith(NewBO);
  BO->eraseFromParent();
  return done(describe(*NewBO) + ": " + Old + " -> " + NewBO->getOpcodeName());
}

bool OneMutation::changePredicate() {
  SmallVector<CmpInst *, 32> Places;
  for (Instruction *I : Insts)
    if (auto *Cmp = dyn_cast<CmpInst>(I))
      Places.push_back(Cmp);
  if (Places.empty())
    return false;
  CmpInst *Cmp = pick(Places);
  CmpInst::Predicate Old = Cmp->getPredicate(), New = Old;
  while (New == Old) {
    if (isa<ICmpInst>(Cmp))
      New = CmpInst::Predicate(CmpInst::FIRST_ICMP_PREDICATE +
                               R.below(CmpInst::LAST_ICMP_PREDICATE -
                                       CmpInst::FIRST_ICMP_PREDICATE + 1));
    else
      New = CmpInst::Predicate(CmpInst::FIRST_FCMP_PREDICATE +
                               R.below(CmpInst::LAST_FCMP_PREDICATE -
                                       CmpInst::FIRST_FCMP_PREDICATE + 1));
  }
  Cmp->setPredicate(New);
  if (auto *IC = dyn_cast<ICmpInst>(Cmp))
    IC->setSameSign(false);
  return done(describe(*Cmp) + ": " + CmpInst::getPredicateName(Old).str() +
              " -> " + CmpInst::getPredicateName(New).str());
}

bool OneMutation::makeVolatile() {
  SmallVector<Instruction *, 32> Places;
  for (Instruction *I : Insts) {
    if (auto *LI = dyn_cast<LoadInst>(I); LI && !LI->isVolatile())
      Places.push_back(I);
    if (auto *SI = dyn_cast<StoreInst>(I); SI && !SI->isVolatile())
      Places.push_back(I);
  }
  if (Places.empty())
    return false;
  Instruction *I = pick(Places);
  if (auto *LI = dyn_cast<LoadInst>(I))
    LI->setVolatile(true);
  else
    cast<StoreInst>(I)->setVolatile(true);
  return done(describe(*I) + ": volatile");
}

bool OneMutation::lowerAccessAlignment() {
  SmallVector<Instruction *, 32> Places;
  for (Instruction *I : Insts) {
    if (auto *LI = dyn_cast<LoadInst>(I); LI && LI->getAlign().value() > 1 &&
                                          !LI->isAtomic())
      Places.push_back(I);
    if (auto *SI = dyn_cast<StoreInst>(I); SI && SI->getAlign().value() > 1 &&
                                           !SI->isAtomic())
      Places.push_back(I);
  }
  if (Places.empty())
    return false;
  Instruction *I = pick(Places);
  if (auto *LI = dyn_cast<LoadInst>(I)) {
    LI->setAlignment(Align(LI->getAlign().value() / 2));
    return done(describe(*I) + ": align " +
                std::to_string(LI->getAlign().value()));
  }
  auto *SI = cast<StoreInst>(I);
  SI->setAlignment(Align(SI->getAlign().value() / 2));
  return done(describe(*I) + ": align " +
              std::to_string(SI->getAlign().value()));
}

bool OneMutation::addNontemporal() {
  SmallVector<Instruction *, 32> Places;
  for (Instruction *I : Insts) {
    if (!(isa<LoadInst>(I) || isa<StoreInst>(I)) || I->isAtomic() ||
        I->getMetadata(LLVMContext::MD_nontemporal))
      continue;
    // Runnable programs: only what x86 selects (MOVNTI stores); LLVM's
    // backend crashes on, e.g., a nontemporal i1 load.
    Type *T = isa<StoreInst>(I) ? I->getOperand(0)->getType() : I->getType();
    if (Opts.ExecSafeOnly &&
        !(isa<StoreInst>(I) && (T->isIntegerTy(32) || T->isIntegerTy(64))))
      continue;
    Places.push_back(I);
  }
  if (Places.empty())
    return false;
  Instruction *I = pick(Places);
  I->setMetadata(LLVMContext::MD_nontemporal,
                 MDNode::get(Ctx, ConstantAsMetadata::get(ConstantInt::get(
                                      Type::getInt32Ty(Ctx), 1))));
  return done(describe(*I) + ": add !nontemporal");
}

bool OneMutation::addUnknownMetadata() {
  MDNode *Node = MDNode::get(Ctx, MDString::get(Ctx, "lmf fuzz"));
  if (R.below(4) == 0) {
    F.setMetadata("lmf.fuzz", Node);
    return done("function: add !lmf.fuzz");
  }
  Instruction *I = pick(Insts);
  I->setMetadata("lmf.fuzz", Node);
  return done(describe(*I) + ": add !lmf.fuzz");
}

bool OneMutation::addStringAttribute() {
  if (F.hasFnAttribute("lmf-fuzz"))
    return false;
  F.addFnAttr("lmf-fuzz", "1");
  return done("function: add \"lmf-fuzz\"=\"1\"");
}

bool OneMutation::addABIAttribute() {
  // A musttail call needs the same ABI attributes on both sides.
  for (Instruction *I : Insts)
    if (auto *CI = dyn_cast<CallInst>(I); CI && CI->isMustTailCall())
      return false;
  return addValueAttribute([&](unsigned ListIdx, Type *T,
                               SmallVectorImpl<AttrSlot> &Places) {
    AttributeSet Set = F.getAttributes().getAttributes(ListIdx);
    for (Attribute::AttrKind K :
         {Attribute::ByVal, Attribute::InAlloca, Attribute::Preallocated,
          Attribute::InReg, Attribute::Nest, Attribute::ByRef,
          Attribute::StructRet, Attribute::SwiftError, Attribute::SwiftSelf,
          Attribute::SwiftAsync})
      if (Set.hasAttribute(K))
        return;
    if (T->isIntegerTy() && T->getIntegerBitWidth() < 32 &&
        !Set.hasAttribute(Attribute::ZExt) &&
        !Set.hasAttribute(Attribute::SExt)) {
      Places.push_back({nullptr, ListIdx, Attribute::ZExt});
      Places.push_back({nullptr, ListIdx, Attribute::SExt});
    }
    if (ListIdx != AttributeList::ReturnIndex &&
        (T->isIntegerTy() || T->isPointerTy()) &&
        !Set.hasAttribute(Attribute::InReg))
      Places.push_back({nullptr, ListIdx, Attribute::InReg});
  });
}

bool OneMutation::changeCallingConv() {
  if (F.isVarArg() || F.getCallingConv() != CallingConv::C)
    return false;
  CallingConv::ID New = R.below(2) ? CallingConv::Fast : CallingConv::Cold;
  F.setCallingConv(New);
  // Recursive calls follow.
  for (Instruction *I : Insts)
    if (auto *CB = dyn_cast<CallBase>(I))
      if (CB->getCalledOperand() == &F)
        CB->setCallingConv(New);
  return done(New == CallingConv::Fast ? "function: fastcc"
                                       : "function: coldcc");
}

bool OneMutation::setSection() {
  if (F.hasSection())
    return false;
  F.setSection(".text.lmf_fuzz");
  return done("function: section .text.lmf_fuzz");
}

} // namespace detail

using detail::checkAddedAnnotations;
using detail::OneMutation;

bool Mutator::mutate(Function &F, MutationKind K, Mutation &Out) {
  static const bool Checked = (checkAddedAnnotations(), true);
  (void)Checked;
  if (Opts.ExecSafeOnly && !isExecSafe(K) &&
      !(Opts.AllowSemantic && isSemantic(K)))
    return false;
  Out = Mutation();
  Out.Kind = K;
  Out.Expect = expectationOf(K);
  Out.ExecSafe = isExecSafe(K);
  return OneMutation(F, *this, Opts, Out).apply(K);
}

Function *Mutator::cloneAndMutate(Function &F, StringRef NewName, Mutation &Out,
                                  std::optional<MutationKind> Kind) {
  // Random kinds until one applies and leaves valid IR; Copy always does.
  unsigned Drawn =
      Opts.SimilarKinds ? unsigned(MutationKind::NumKinds) : NumClassicKinds;
  for (unsigned Try = 0; Try < 17; ++Try) {
    MutationKind K = Kind        ? *Kind
                     : Try == 16 ? MutationKind::Copy
                                 : MutationKind(below(Drawn));
    Function *Clone = cloneFunction(F, NewName);
    if (mutate(*Clone, K, Out) && !verifyFunction(*Clone))
      return Clone;
    Clone->eraseFromParent();
    if (Kind)
      break;
  }
  return nullptr;
}

} // namespace lmf::fuzz
