//===- OneMutation.h - One mutation, inside the mutator ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The mutator's private workings, shared by its two source files:
// Mutator.cpp holds the classic kinds (flags, metadata, attributes,
// constants, opcodes...), MutatorSimilarKinds.cpp the kinds aimed at
// similar merging (Global, Callee, DataConstant). Nothing outside the
// mutator includes this header; its interface is Mutator.h.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_FUZZ_ONEMUTATION_H
#define LMF_TEST_FUZZ_ONEMUTATION_H

#include "Mutator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include <string>
#include <utility>

namespace lmf::fuzz::detail {

/// V's name for a mutation's description, or its opcode when unnamed.
std::string describe(const llvm::Value &V);

/// Instructions whose only users store them: changing their value changes
/// data, never an address or a branch.
bool onlyStored(const llvm::Instruction &I);

/// Another constant of C's type (C plus one), or null when there is none.
llvm::Constant *otherConstant(llvm::Constant *C);

/// An attribute slot: the function's (Index = Fn), its return value, or a
/// parameter; on the function itself or on a call site in it.
struct AttrSlot {
  llvm::CallBase *Call = nullptr; // null: the function's own list
  unsigned Index = 0;             // AttributeList index
  llvm::Attribute::AttrKind Kind = llvm::Attribute::None;
};

/// One mutation of one function: apply(K) collects the places where kind K
/// applies, changes one picked with the mutator's random stream, and fills
/// the Mutation (description, and the operand for operand changes).
/// Returns false when K applies nowhere.
class OneMutation {
public:
  OneMutation(llvm::Function &F, Mutator &R, const MutatorOptions &Opts,
              Mutation &Out)
      : F(F), Ctx(F.getContext()), R(R), Opts(Opts), Out(Out) {
    for (llvm::Instruction &I : llvm::instructions(F))
      Insts.push_back(&I);
  }

  bool apply(MutationKind K);

private:
  template <typename T> T &pick(llvm::SmallVectorImpl<T> &V) {
    return V[R.below(V.size())];
  }
  bool done(std::string Description) {
    Out.Description = std::move(Description);
    return true;
  }
  /// done(), for a change of operand Op of I.
  bool doneAt(const llvm::Instruction &I, unsigned Op,
              std::string Description) {
    unsigned Index = llvm::find(Insts, &I) - Insts.begin();
    Out.Site = OperandSite{Index, Op};
    return done(std::move(Description));
  }
  /// In ExecSafe mode, semantic changes only touch stored values.
  bool semanticOK(const llvm::Instruction &I) const {
    return !Opts.ExecSafeOnly || onlyStored(I);
  }

  bool rename();
  bool moveBlock();
  bool toggleFlag(bool Set);
  bool dropMetadata();
  bool addMetadata();
  /// Lists, for a return value or parameter, the attributes that may be
  /// added there.
  using AttrPlaces =
      llvm::function_ref<void(unsigned ListIdx, llvm::Type *T,
                              llvm::SmallVectorImpl<AttrSlot> &Places)>;
  bool addValueAttribute(AttrPlaces Consider);
  bool dropAttribute();
  bool addAttribute();
  bool raiseAlignment();
  bool replaceOneConstant(
      llvm::SmallVectorImpl<std::pair<llvm::Instruction *, unsigned>> &Places,
      bool DropPoisonFlags);
  bool changeConstant();
  bool swapOperands();
  bool changeOpcode();
  bool changePredicate();
  bool makeVolatile();
  bool lowerAccessAlignment();
  bool addNontemporal();
  bool addUnknownMetadata();
  bool addStringAttribute();
  bool addABIAttribute();
  bool changeCallingConv();
  bool setSection();
  bool swapGlobal();
  bool swapCallee();
  bool changeDataConstant();
  llvm::Function *otherCallee(llvm::Function &Old);

  llvm::Function &F;
  llvm::LLVMContext &Ctx;
  Mutator &R;
  const MutatorOptions &Opts;
  Mutation &Out;
  llvm::SmallVector<llvm::Instruction *, 64> Insts;
};

} // namespace lmf::fuzz::detail

#endif
