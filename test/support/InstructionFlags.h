//===- InstructionFlags.h - One flag at a time ------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Tests add, drop and compare single flags; LLVM's API sets them by family
// (wrap flags, GEP no-wrap flags, fast-math flags), so this maps one flag of
// the annotation table (AnnotationTable.h) to the right accessor.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_SUPPORT_INSTRUCTIONFLAGS_H
#define LMF_TEST_SUPPORT_INSTRUCTIONFLAGS_H

#include "test/support/AnnotationTable.h"

#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

namespace lmf::testsupport {

/// Whether I can carry flag Fl.
inline bool supportsFlag(const llvm::Instruction &I, Flag Fl) {
  using namespace llvm;
  switch (Fl) {
  case Flag::NUW:
  case Flag::NSW:
    return isa<OverflowingBinaryOperator>(I) || isa<TruncInst>(I);
  case Flag::Exact:
    return isa<PossiblyExactOperator>(I);
  case Flag::Disjoint:
    return isa<PossiblyDisjointInst>(I);
  case Flag::NNeg:
    return isa<PossiblyNonNegInst>(I);
  case Flag::SameSign:
    return isa<ICmpInst>(I);
  case Flag::GEPInBounds:
  case Flag::GEPNUSW:
  case Flag::GEPNUW:
    return isa<GetElementPtrInst>(I);
  default:
    return isa<FPMathOperator>(I);
  }
}

/// Whether I has flag Fl; I must support it.
inline bool hasFlag(const llvm::Instruction &I, Flag Fl) {
  using namespace llvm;
  switch (Fl) {
  case Flag::NUW:
    return I.hasNoUnsignedWrap();
  case Flag::NSW:
    return I.hasNoSignedWrap();
  case Flag::Exact:
    return I.isExact();
  case Flag::Disjoint:
    return cast<PossiblyDisjointInst>(I).isDisjoint();
  case Flag::NNeg:
    return I.hasNonNeg();
  case Flag::SameSign:
    return cast<ICmpInst>(I).hasSameSign();
  case Flag::GEPInBounds:
    return cast<GetElementPtrInst>(I).isInBounds();
  case Flag::GEPNUSW:
    return cast<GetElementPtrInst>(I).hasNoUnsignedSignedWrap();
  case Flag::GEPNUW:
    return cast<GetElementPtrInst>(I).hasNoUnsignedWrap();
  default:
    break;
  }
  FastMathFlags FMF = I.getFastMathFlags();
  switch (Fl) {
  case Flag::FReassoc:
    return FMF.allowReassoc();
  case Flag::FNNaN:
    return FMF.noNaNs();
  case Flag::FNInf:
    return FMF.noInfs();
  case Flag::FNSZ:
    return FMF.noSignedZeros();
  case Flag::FArcp:
    return FMF.allowReciprocal();
  case Flag::FContract:
    return FMF.allowContract();
  default:
    return FMF.approxFunc();
  }
}

/// Whether the flag may be removed (Set=false) or added (Set=true) alone.
inline bool canToggle(const llvm::Instruction &I, Flag Fl, bool Set) {
  if (!supportsFlag(I, Fl) || hasFlag(I, Fl) == Set)
    return false;
  // inbounds implies nusw: nusw cannot go while inbounds stays.
  if (Fl == Flag::GEPNUSW && !Set && hasFlag(I, Flag::GEPInBounds))
    return false;
  return true;
}

inline void setFlag(llvm::Instruction &I, Flag Fl, bool Set) {
  using namespace llvm;
  switch (Fl) {
  case Flag::NUW:
    I.setHasNoUnsignedWrap(Set);
    return;
  case Flag::NSW:
    I.setHasNoSignedWrap(Set);
    return;
  case Flag::Exact:
    I.setIsExact(Set);
    return;
  case Flag::Disjoint:
    cast<PossiblyDisjointInst>(I).setIsDisjoint(Set);
    return;
  case Flag::NNeg:
    I.setNonNeg(Set);
    return;
  case Flag::SameSign:
    cast<ICmpInst>(I).setSameSign(Set);
    return;
  case Flag::GEPInBounds:
  case Flag::GEPNUSW:
  case Flag::GEPNUW: {
    auto &GEP = cast<GetElementPtrInst>(I);
    GEPNoWrapFlags NW = GEP.getNoWrapFlags();
    if (Set)
      NW = NW | (Fl == Flag::GEPInBounds ? GEPNoWrapFlags::inBounds()
                 : Fl == Flag::GEPNUSW ? GEPNoWrapFlags::noUnsignedSignedWrap()
                                       : GEPNoWrapFlags::noUnsignedWrap());
    else if (Fl == Flag::GEPInBounds)
      NW = NW.withoutInBounds(); // keeps nusw
    else if (Fl == Flag::GEPNUSW)
      NW = NW.withoutNoUnsignedSignedWrap();
    else
      NW = NW.withoutNoUnsignedWrap();
    GEP.setNoWrapFlags(NW);
    return;
  }
  default:
    break;
  }
  FastMathFlags FMF = I.getFastMathFlags();
  switch (Fl) {
  case Flag::FReassoc:
    FMF.setAllowReassoc(Set);
    break;
  case Flag::FNNaN:
    FMF.setNoNaNs(Set);
    break;
  case Flag::FNInf:
    FMF.setNoInfs(Set);
    break;
  case Flag::FNSZ:
    FMF.setNoSignedZeros(Set);
    break;
  case Flag::FArcp:
    FMF.setAllowReciprocal(Set);
    break;
  case Flag::FContract:
    FMF.setAllowContract(Set);
    break;
  default:
    FMF.setApproxFunc(Set);
    break;
  }
  I.copyFastMathFlags(FMF);
}

} // namespace lmf::testsupport

#endif
