//===- CrossModuleAnnotations.cpp - Facts twins share across modules ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Twins in one module are weakened to what holds for both by intersecting
// their IR directly (AnnotationIntersector.cpp). Twins in two modules of a
// ThinLTO link live in two LLVMContexts and are never in memory together,
// so the same intersection is done in three steps:
//
//  1. each twin's intersectable annotations are written down as facts, in
//     a form that does not depend on its context (collectAnnotationFacts):
//     where the fact sits (the function, or its N-th instruction in walk
//     order, which equal encodings make the same instruction in every twin),
//     what it is, and its value as text or as a number;
//  2. the planner intersects the facts of a class (meetOfFacts): a fact
//     survives when every member has it with one value; instruction flags
//     keep the flags all members have; `dereferenceable`, `align` and their
//     metadata forms keep the smallest value; the function keeps the
//     largest alignment any member asks for (a caller may rely on it);
//  3. every module that keeps a copy of a member's body, or a member that a
//     shared body may now reach, weakens it to the meet (applyFactMeet).
//
// Dropping a fact is always correct; keeping one needs it to hold for every
// member. Facts that differ in a way this file cannot combine (two `range`
// attributes, two `!tbaa` tags) are dropped, where the one-module
// intersector would have computed their union or common ancestor: a little
// weaker, never wrong.
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/CrossModuleAnnotations.h"

#include "core/equality/AnnotationPolicy.h"
#include "core/equality/WalkOrder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace lmf {
namespace {

//===-- Instruction flags
//--------------------------------------------------===//

/// The flags an instruction may carry, one bit each. Bits are ours, not
/// LLVM's raw optional data, so that reading and writing go through
/// LLVM's accessors only.
constexpr uint64_t NoUnsignedWrap = 1 << 0;
constexpr uint64_t NoSignedWrap = 1 << 1;
constexpr uint64_t Exact = 1 << 2;
constexpr uint64_t Disjoint = 1 << 3;
constexpr uint64_t NonNeg = 1 << 4;
constexpr uint64_t SameSign = 1 << 5;
/// GEPNoWrapFlags' raw bits, shifted.
constexpr unsigned GEPShift = 6;
constexpr uint64_t GEPMask = uint64_t(7) << GEPShift;
/// FastMathFlags, one bit each from here.
constexpr unsigned FMFShift = 9;

/// The fast-math flags as a list of (getter, setter) in one fixed order.
struct FastMathBit {
  bool (FastMathFlags::*Get)() const;
  void (FastMathFlags::*Set)(bool);
};
constexpr FastMathBit FastMathBits[] = {
    {&FastMathFlags::allowReassoc, &FastMathFlags::setAllowReassoc},
    {&FastMathFlags::noNaNs, &FastMathFlags::setNoNaNs},
    {&FastMathFlags::noInfs, &FastMathFlags::setNoInfs},
    {&FastMathFlags::noSignedZeros, &FastMathFlags::setNoSignedZeros},
    {&FastMathFlags::allowReciprocal, &FastMathFlags::setAllowReciprocal},
    {&FastMathFlags::allowContract, &FastMathFlags::setAllowContract},
    {&FastMathFlags::approxFunc, &FastMathFlags::setApproxFunc},
};

bool hasWrapFlags(const Instruction &I) {
  return isa<OverflowingBinaryOperator>(I) || isa<TruncInst>(I);
}

uint64_t readFlags(const Instruction &I) {
  uint64_t Flags = 0;
  if (hasWrapFlags(I)) {
    Flags |= I.hasNoUnsignedWrap() ? NoUnsignedWrap : 0;
    Flags |= I.hasNoSignedWrap() ? NoSignedWrap : 0;
  }
  if (isa<PossiblyExactOperator>(I) && I.isExact())
    Flags |= Exact;
  if (const auto *D = dyn_cast<PossiblyDisjointInst>(&I))
    Flags |= D->isDisjoint() ? Disjoint : 0;
  if (isa<PossiblyNonNegInst>(I) && I.hasNonNeg())
    Flags |= NonNeg;
  if (const auto *C = dyn_cast<ICmpInst>(&I))
    Flags |= C->hasSameSign() ? SameSign : 0;
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(&I))
    Flags |= uint64_t(GEP->getNoWrapFlags().getRaw()) << GEPShift;
  if (isa<FPMathOperator>(I)) {
    FastMathFlags FMF = I.getFastMathFlags();
    for (auto [Bit, F] : enumerate(FastMathBits))
      if ((FMF.*F.Get)())
        Flags |= uint64_t(1) << (FMFShift + Bit);
  }
  return Flags;
}

/// Clears every flag of I that Keep lacks.
void keepOnlyFlags(Instruction &I, uint64_t Keep) {
  uint64_t Drop = readFlags(I) & ~Keep;
  if (!Drop)
    return;
  if (Drop & NoUnsignedWrap)
    I.setHasNoUnsignedWrap(false);
  if (Drop & NoSignedWrap)
    I.setHasNoSignedWrap(false);
  if (Drop & Exact)
    I.setIsExact(false);
  if (Drop & Disjoint)
    cast<PossiblyDisjointInst>(I).setIsDisjoint(false);
  if (Drop & NonNeg)
    I.setNonNeg(false);
  if (Drop & SameSign)
    cast<ICmpInst>(I).setSameSign(false);
  if (Drop & GEPMask) {
    auto &GEP = cast<GetElementPtrInst>(I);
    GEP.setNoWrapFlags(GEPNoWrapFlags::fromRaw(GEP.getNoWrapFlags().getRaw() &
                                               (Keep & GEPMask) >> GEPShift));
  }
  if (Drop >> FMFShift) {
    FastMathFlags FMF = I.getFastMathFlags();
    for (auto [Bit, F] : enumerate(FastMathBits))
      if (Drop & (uint64_t(1) << (FMFShift + Bit)))
        (FMF.*F.Set)(false);
    I.copyFastMathFlags(FMF);
  }
}

//===-- Metadata as text
//---------------------------------------------------===//

/// Writes MD so that equal text means equal metadata in any context. Local
/// values are written with the module's ordinal: a fact about one module's
/// function is not a fact about another's.
///
/// Each node is written once: a node met again (a shared operand, or a
/// cycle such as a loop ID's reference to itself) is written as the number
/// of its first visit, so that the text grows with the nodes, not with the
/// paths to them (written as a tree, the debug-info graph of a large C++
/// unit runs to gigabytes). Uniqued nodes of equal content are one node in
/// a context, so equal metadata still writes equal text in any two.
///
/// Debug-information nodes (a `!llvm.loop`'s source locations, say) are
/// written as the module's own: they name the unit they come from, so twins
/// of two modules never share them, and a fact that holds one is dropped
/// across modules (the weaker choice, always correct).
class MetadataWriter {
public:
  MetadataWriter(raw_ostream &OS, uint32_t ModuleOrdinal)
      : OS(OS), ModuleOrdinal(ModuleOrdinal) {}

  void write(const Metadata *MD) {
    if (!MD) {
      OS << "null;";
      return;
    }
    if (const auto *S = dyn_cast<MDString>(MD)) {
      OS << "S" << S->getString().size() << ":" << S->getString() << ";";
      return;
    }
    if (const auto *C = dyn_cast<ConstantAsMetadata>(MD)) {
      writeConstant(C->getValue());
      return;
    }
    const auto *N = dyn_cast<MDNode>(MD);
    if (!N || isa<DINode>(N) || isa<DILocation>(N)) {
      // Local values and argument lists do not occur in attachments, and
      // debug information is the module's own; never call two of them
      // equal across modules.
      OS << "U" << ModuleOrdinal << ":" << static_cast<const void *>(MD) << ";";
      return;
    }
    auto [It, First] = Visits.try_emplace(N, Visits.size());
    if (!First) {
      OS << "R" << It->second << ";";
      return;
    }
    OS << (N->isDistinct() ? "D" : "N") << N->getNumOperands() << "(";
    for (const MDOperand &Op : N->operands())
      write(Op.get());
    OS << ")";
  }

private:
  void writeConstant(const Constant *C) {
    if (const auto *CI = dyn_cast<ConstantInt>(C)) {
      OS << "I" << CI->getBitWidth() << ":" << CI->getValue() << ";";
      return;
    }
    if (const auto *GV = dyn_cast<GlobalValue>(C)) {
      if (GV->hasLocalLinkage())
        OS << "L" << ModuleOrdinal << ":";
      OS << "G" << GV->getName().size() << ":" << GV->getName() << ";";
      return;
    }
    // Other constants do not occur in the intersectable kinds; never call
    // two of them equal across modules.
    OS << "C" << ModuleOrdinal << ":" << static_cast<const void *>(C) << ";";
  }

  raw_ostream &OS;
  uint32_t ModuleOrdinal;
  /// The nodes written so far, by the order of their first visit.
  DenseMap<const MDNode *, unsigned> Visits;
};

/// Metadata whose single integer intersects by its minimum.
bool metadataTakesMinimum(unsigned Kind) {
  return Kind == LLVMContext::MD_align ||
         Kind == LLVMContext::MD_dereferenceable ||
         Kind == LLVMContext::MD_dereferenceable_or_null;
}

uint64_t metadataInteger(const MDNode *N) {
  if (N->getNumOperands() != 1)
    return 0;
  if (auto *C = mdconst::dyn_extract<ConstantInt>(N->getOperand(0)))
    return C->getZExtValue();
  return 0;
}

//===-- Attributes
//---------------------------------------------------------===//

/// Slot 0 is the function, 1 the return value, 2 + N argument N.
unsigned slotOfIndex(unsigned Index) {
  if (Index == AttributeList::FunctionIndex)
    return 0;
  return Index + 1;
}

unsigned indexOfSlot(unsigned Slot) {
  return Slot == 0 ? unsigned(AttributeList::FunctionIndex) : Slot - 1;
}

/// The attributes of Set the encoder leaves out (see encodeAttributeSet in
/// LeafEncoding.cpp): those, and only those, may differ between twins.
template <typename Callback>
void forEachIntersectableAttribute(AttributeSet Set, Callback Visit) {
  bool AlignIsABI = Set.hasAttribute(Attribute::ByVal) ||
                    Set.hasAttribute(Attribute::ByRef) ||
                    Set.hasAttribute(Attribute::InAlloca) ||
                    Set.hasAttribute(Attribute::Preallocated);
  for (const llvm::Attribute &A : Set) {
    if (attributeMustMatch(A))
      continue;
    if (AlignIsABI && A.isIntAttribute() &&
        A.getKindAsEnum() == llvm::Attribute::Alignment)
      continue;
    Visit(A);
  }
}

//===-- Collecting
//---------------------------------------------------------===//

class FactCollector {
public:
  FactCollector(const AnnotationPolicy &Policy, uint32_t ModuleOrdinal,
                bool ParameterFacts = true)
      : Policy(Policy), ModuleOrdinal(ModuleOrdinal),
        ParameterFacts(ParameterFacts) {}

  AnnotationFacts run(const Function &F) {
    if (MaybeAlign A = F.getAlign())
      add(0, AnnotationFact::Alignment, 0, 0, "", A->value());
    AttributeList Own = F.getAttributes();
    if (!ParameterFacts)
      Own = AttributeList::get(F.getContext(), Own.getFnAttrs(),
                               Own.getRetAttrs(), {});
    addAttributes(0, Own);
    uint32_t Site = 0;
    for (const BasicBlock *BB : blocksInWalkOrder(F))
      for (const Instruction &I : *BB)
        addInstruction(++Site, I);
    llvm::sort(Facts, [](const AnnotationFact &L, const AnnotationFact &R) {
      return L.key() < R.key();
    });
    return std::move(Facts);
  }

private:
  void add(uint32_t Site, AnnotationFact::FactKind Kind, uint32_t Slot,
           uint32_t Code, std::string Text, uint64_t Number) {
    Facts.push_back({Site, Kind, Slot, Code, std::move(Text), Number});
  }

  void addAttributes(uint32_t Site, AttributeList Attrs) {
    for (unsigned Index : Attrs.indexes())
      forEachIntersectableAttribute(
          Attrs.getAttributes(Index), [&](const llvm::Attribute &A) {
            uint64_t Number = A.isIntAttribute() ? A.getValueAsInt() : 0;
            add(Site, AnnotationFact::Attribute, slotOfIndex(Index),
                A.getKindAsEnum(), A.getAsString(), Number);
          });
  }

  void addInstruction(uint32_t Site, const Instruction &I) {
    if (uint64_t Flags = readFlags(I))
      add(Site, AnnotationFact::Flags, 0, 0, "", Flags);
    if (const auto *CB = dyn_cast<CallBase>(&I))
      addAttributes(Site, CB->getAttributes());
    if (!I.hasMetadataOtherThanDebugLoc())
      return;
    SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
    I.getAllMetadataOtherThanDebugLoc(MDs);
    for (const auto &[Kind, Node] : MDs) {
      if (Policy.instructionMetadataRole(Kind) != MetadataRole::Intersectable)
        continue;
      add(Site, AnnotationFact::Metadata, 0, Kind,
          describeMetadata(Node, ModuleOrdinal),
          metadataTakesMinimum(Kind) ? metadataInteger(Node) : 0);
    }
  }

  const AnnotationPolicy &Policy;
  uint32_t ModuleOrdinal;
  bool ParameterFacts;
  AnnotationFacts Facts;
};

//===-- Intersecting
//-------------------------------------------------------===//

/// The meet of one fact that every member has (Same: all equal).
std::optional<AnnotationFact>
meetOfOneFact(ArrayRef<const AnnotationFact *> All) {
  AnnotationFact Meet = *All.front();
  bool Same = all_of(All, [&](const AnnotationFact *F) {
    return F->Text == Meet.Text && F->Number == Meet.Number;
  });
  switch (Meet.Kind) {
  case AnnotationFact::Alignment:
    for (const AnnotationFact *F : All)
      Meet.Number = std::max(Meet.Number, F->Number);
    return Meet;
  case AnnotationFact::Flags:
    for (const AnnotationFact *F : All)
      Meet.Number &= F->Number;
    if (!Meet.Number)
      return std::nullopt;
    return Meet;
  case AnnotationFact::Attribute:
    if (!Same && llvm::Attribute::intersectWithMin(
                     llvm::Attribute::AttrKind(Meet.Code))) {
      for (const AnnotationFact *F : All)
        Meet.Number = std::min(Meet.Number, F->Number);
      Meet.Text.clear();
      return Meet;
    }
    break;
  case AnnotationFact::Metadata:
    if (!Same && metadataTakesMinimum(Meet.Code)) {
      for (const AnnotationFact *F : All)
        Meet.Number = std::min(Meet.Number, F->Number);
      Meet.Text.clear();
      return Meet;
    }
    break;
  }
  if (!Same)
    return std::nullopt;
  return Meet;
}

//===-- Applying
//-----------------------------------------------------------===//

class MeetApplier {
public:
  MeetApplier(Function &F, const AnnotationFacts &Meet, uint32_t ModuleOrdinal)
      : F(F), Meet(Meet), ModuleOrdinal(ModuleOrdinal) {}

  bool run(const AnnotationPolicy &Policy) {
    AnnotationFacts Own = FactCollector(Policy, ModuleOrdinal).run(F);
    std::vector<Instruction *> Sites{nullptr};
    for (const BasicBlock *BB : blocksInWalkOrder(F))
      for (const Instruction &I : *BB)
        Sites.push_back(const_cast<Instruction *>(&I));
    bool LinesUp = true;
    // Facts of the meet that F lacks: only an alignment may be added.
    for (const AnnotationFact &M : Meet) {
      if (M.Site >= Sites.size()) {
        LinesUp = false;
        continue;
      }
      const AnnotationFact *Mine = find(Own, M);
      if (!Mine) {
        if (M.Kind == AnnotationFact::Alignment)
          F.setAlignment(Align(M.Number));
        else
          LinesUp = false;
      }
    }
    for (const AnnotationFact &Mine : Own) {
      const AnnotationFact *M = find(Meet, Mine);
      if (M && M->Number == Mine.Number && M->Text == Mine.Text)
        continue;
      if (Mine.Site >= Sites.size()) {
        LinesUp = false;
        continue;
      }
      weaken(Sites[Mine.Site], Mine, M);
    }
    return LinesUp;
  }

private:
  static const AnnotationFact *find(const AnnotationFacts &In,
                                    const AnnotationFact &Key) {
    auto It = llvm::partition_point(
        In, [&](const AnnotationFact &F) { return F.key() < Key.key(); });
    if (It == In.end() || It->key() != Key.key())
      return nullptr;
    return &*It;
  }

  /// Makes F's fact Mine what the meet says: M, or absent.
  void weaken(Instruction *I, const AnnotationFact &Mine,
              const AnnotationFact *M) {
    LLVMContext &Ctx = F.getContext();
    switch (Mine.Kind) {
    case AnnotationFact::Alignment:
      if (M)
        F.setAlignment(Align(M->Number));
      return;
    case AnnotationFact::Flags:
      keepOnlyFlags(*I, M ? M->Number : 0);
      return;
    case AnnotationFact::Metadata: {
      MDNode *Node = nullptr;
      if (M) {
        Type *I64 = Type::getInt64Ty(Ctx);
        Node = MDNode::get(
            Ctx, ConstantAsMetadata::get(ConstantInt::get(I64, M->Number)));
      }
      I->setMetadata(Mine.Code, Node);
      return;
    }
    case AnnotationFact::Attribute: {
      auto Kind = llvm::Attribute::AttrKind(Mine.Code);
      unsigned Index = indexOfSlot(Mine.Slot);
      auto *CB = I ? cast<CallBase>(I) : nullptr;
      AttributeList Attrs = CB ? CB->getAttributes() : F.getAttributes();
      Attrs = Attrs.removeAttributeAtIndex(Ctx, Index, Kind);
      if (M)
        Attrs = Attrs.addAttributeAtIndex(
            Ctx, Index, llvm::Attribute::get(Ctx, Kind, M->Number));
      if (CB)
        CB->setAttributes(Attrs);
      else
        F.setAttributes(Attrs);
      return;
    }
    }
  }

  Function &F;
  const AnnotationFacts &Meet;
  uint32_t ModuleOrdinal;
};

} // namespace

std::string describeMetadata(const Metadata *MD, uint32_t ModuleOrdinal) {
  std::string Text;
  raw_string_ostream OS(Text);
  MetadataWriter(OS, ModuleOrdinal).write(MD);
  return Text;
}

AnnotationFacts collectAnnotationFacts(const Function &F,
                                       const AnnotationPolicy &Policy,
                                       uint32_t ModuleOrdinal,
                                       bool ParameterFacts) {
  return FactCollector(Policy, ModuleOrdinal, ParameterFacts).run(F);
}

AnnotationFacts meetOfFacts(ArrayRef<const AnnotationFacts *> Members) {
  AnnotationFacts Meet;
  if (Members.empty())
    return Meet;
  // Walk the first member's facts; a fact the meet keeps is in every member.
  // Alignment is the exception: the largest any member asks for.
  std::vector<size_t> Cursor(Members.size(), 0);
  uint64_t LargestAlignment = 0;
  for (const AnnotationFacts *M : Members)
    if (!M->empty() && M->front().Kind == AnnotationFact::Alignment &&
        M->front().Site == 0)
      LargestAlignment = std::max(LargestAlignment, M->front().Number);
  for (const AnnotationFact &F : *Members.front()) {
    if (F.Site == 0 && F.Kind == AnnotationFact::Alignment)
      continue;
    SmallVector<const AnnotationFact *, 4> All;
    for (auto [I, M] : enumerate(Members)) {
      size_t &C = Cursor[I];
      while (C < M->size() && (*M)[C].key() < F.key())
        ++C;
      if (C < M->size() && (*M)[C].key() == F.key())
        All.push_back(&(*M)[C]);
    }
    if (All.size() != Members.size())
      continue;
    if (std::optional<AnnotationFact> One = meetOfOneFact(All))
      Meet.push_back(std::move(*One));
  }
  if (LargestAlignment) {
    AnnotationFact A;
    A.Kind = AnnotationFact::Alignment;
    A.Number = LargestAlignment;
    Meet.insert(Meet.begin(), std::move(A));
  }
  return Meet;
}

bool applyFactMeet(Function &F, const AnnotationFacts &Meet,
                   const AnnotationPolicy &Policy, uint32_t ModuleOrdinal) {
  return MeetApplier(F, Meet, ModuleOrdinal).run(Policy);
}

} // namespace lmf
