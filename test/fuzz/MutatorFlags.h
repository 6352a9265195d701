//===- MutatorFlags.h - One poison or fast-math flag at a time --*- C++ -*-===//
//
// The mutator adds or drops single flags; LLVM's API sets them by family
// (wrap flags, GEP no-wrap flags, fast-math flags), so this maps one flag
// number to the right accessor.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_FUZZ_MUTATORFLAGS_H
#define LMF_TEST_FUZZ_MUTATORFLAGS_H

#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

namespace lmf::fuzz::flags {
using namespace llvm;

/// Flags that poison or fast-math semantics hang on, one at a time.
enum Flag {
  NUW, NSW, Exact, Disjoint, NNeg, SameSign, GEPInBounds, GEPNUSW, GEPNUW,
  FReassoc, FNNaN, FNInf, FNSZ, FArcp, FContract, FAfn, NumFlags
};

inline const char *flagName(unsigned Fl) {
  static const char *Names[] = {"nuw",      "nsw",     "exact",    "disjoint",
                                "nneg",     "samesign", "inbounds", "nusw",
                                "gep nuw",  "reassoc", "nnan",     "ninf",
                                "nsz",      "arcp",    "contract", "afn"};
  return Names[Fl];
}

inline bool supportsFlag(const Instruction &I, unsigned Fl) {
  switch (Fl) {
  case NUW:
  case NSW:
    return isa<OverflowingBinaryOperator>(I) || isa<TruncInst>(I);
  case Exact:
    return isa<PossiblyExactOperator>(I);
  case Disjoint:
    return isa<PossiblyDisjointInst>(I);
  case NNeg:
    return isa<PossiblyNonNegInst>(I);
  case SameSign:
    return isa<ICmpInst>(I);
  case GEPInBounds:
  case GEPNUSW:
  case GEPNUW:
    return isa<GetElementPtrInst>(I);
  default:
    return isa<FPMathOperator>(I);
  }
}

inline bool hasFlag(const Instruction &I, unsigned Fl) {
  switch (Fl) {
  case NUW: return I.hasNoUnsignedWrap();
  case NSW: return I.hasNoSignedWrap();
  case Exact: return I.isExact();
  case Disjoint: return cast<PossiblyDisjointInst>(I).isDisjoint();
  case NNeg: return I.hasNonNeg();
  case SameSign: return cast<ICmpInst>(I).hasSameSign();
  case GEPInBounds: return cast<GetElementPtrInst>(I).isInBounds();
  case GEPNUSW: return cast<GetElementPtrInst>(I).hasNoUnsignedSignedWrap();
  case GEPNUW: return cast<GetElementPtrInst>(I).hasNoUnsignedWrap();
  }
  FastMathFlags FMF = I.getFastMathFlags();
  switch (Fl) {
  case FReassoc: return FMF.allowReassoc();
  case FNNaN: return FMF.noNaNs();
  case FNInf: return FMF.noInfs();
  case FNSZ: return FMF.noSignedZeros();
  case FArcp: return FMF.allowReciprocal();
  case FContract: return FMF.allowContract();
  default: return FMF.approxFunc();
  }
}

/// Whether the flag may be removed (Set=false) or added (Set=true) alone.
inline bool canToggle(const Instruction &I, unsigned Fl, bool Set) {
  if (!supportsFlag(I, Fl) || hasFlag(I, Fl) == Set)
    return false;
  // inbounds implies nusw: nusw cannot go while inbounds stays.
  if (Fl == GEPNUSW && !Set && hasFlag(I, GEPInBounds))
    return false;
  return true;
}

inline void setFlag(Instruction &I, unsigned Fl, bool Set) {
  switch (Fl) {
  case NUW: I.setHasNoUnsignedWrap(Set); return;
  case NSW: I.setHasNoSignedWrap(Set); return;
  case Exact: I.setIsExact(Set); return;
  case Disjoint: cast<PossiblyDisjointInst>(I).setIsDisjoint(Set); return;
  case NNeg: I.setNonNeg(Set); return;
  case SameSign: cast<ICmpInst>(I).setSameSign(Set); return;
  case GEPInBounds:
  case GEPNUSW:
  case GEPNUW: {
    auto &GEP = cast<GetElementPtrInst>(I);
    GEPNoWrapFlags NW = GEP.getNoWrapFlags();
    if (Set)
      NW = NW | (Fl == GEPInBounds ? GEPNoWrapFlags::inBounds()
                 : Fl == GEPNUSW   ? GEPNoWrapFlags::noUnsignedSignedWrap()
                                   : GEPNoWrapFlags::noUnsignedWrap());
    else if (Fl == GEPInBounds)
      NW = NW.withoutInBounds(); // keeps nusw
    else if (Fl == GEPNUSW)
      NW = NW.withoutNoUnsignedSignedWrap();
    else
      NW = NW.withoutNoUnsignedWrap();
    GEP.setNoWrapFlags(NW);
    return;
  }
  }
  FastMathFlags FMF = I.getFastMathFlags();
  switch (Fl) {
  case FReassoc: FMF.setAllowReassoc(Set); break;
  case FNNaN: FMF.setNoNaNs(Set); break;
  case FNInf: FMF.setNoInfs(Set); break;
  case FNSZ: FMF.setNoSignedZeros(Set); break;
  case FArcp: FMF.setAllowReciprocal(Set); break;
  case FContract: FMF.setAllowContract(Set); break;
  default: FMF.setApproxFunc(Set); break;
  }
  I.copyFastMathFlags(FMF);
}

} // namespace lmf::fuzz::flags

#endif
