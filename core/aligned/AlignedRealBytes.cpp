//===- AlignedRealBytes.cpp - What aligned merging really saved -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The aligned stage merges where its byte model says a pair saves; the
// model is an estimate, and session notebooks found it wrong by whole
// functions for some shapes of pair. Asked for (the pass option
// -lto-merge-functions-aligned-real-bytes), the stage also says what each
// class really saved, in the report and the listing, beside the estimate.
//
// A class is measured as a whole tree: a body that merged again in a later
// round is a member of that later class, so the later (outermost) class
// starts from the functions of every class inside it and ends with its
// body and every thunk left in the tree. Before: those functions compiled
// from the copy of the module taken before the stage. After: the body and
// the functions still defined under the members' names (thunks; a member
// that became an alias or disappeared costs nothing), compiled from the
// module after it (CodeBytes.h). A member that disappeared behind its
// calls left callers that now pass its identifier: every function outside
// the tree that calls into it is compiled on both sides too. Both sides
// are compiled the same way, so the difference is the merge's, before the
// outliner and ICF.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/AlignedRealBytes.h"

#include "core/aligned/CodeBytes.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace lmf {
namespace {

/// The functions a class started from and those it left, with the classes
/// merged into it.
struct ClassTree {
  StringSet<> Started, Left;
  bool MergedAgain = false;
};

/// A member that disappears behind its calls leaves its callers passing
/// the identifier: each caller of the tree's functions, other than the tree's
/// own, is measured on both sides too.
void addRewrittenCallers(ClassTree &T, const Module &Before,
                         const Module &After) {
  std::vector<std::string> Callers;
  for (const auto &Name : T.Left) {
    const Function *F = After.getFunction(Name.getKey());
    if (!F)
      continue;
    for (const User *U : F->users()) {
      const auto *Call = dyn_cast<CallBase>(U);
      if (!Call || Call->getCalledOperand() != F)
        continue;
      const Function *Caller = Call->getFunction();
      const Function *Old = Before.getFunction(Caller->getName());
      if (!T.Left.contains(Caller->getName()) && Old && !Old->isDeclaration())
        Callers.push_back(Caller->getName().str());
    }
  }
  for (const std::string &Caller : Callers) {
    T.Started.insert(Caller);
    T.Left.insert(Caller);
  }
}

std::vector<ClassTree> buildTrees(ArrayRef<AlignedGroup> Groups,
                                  const Module &Before, const Module &After) {
  std::vector<ClassTree> Trees(Groups.size());
  StringMap<size_t> ClassOfBody;
  for (size_t I = 0; I < Groups.size(); ++I) {
    ClassTree &T = Trees[I];
    T.Left.insert(Groups[I].KeptBody);
    for (const MergedMember &Member : Groups[I].Members) {
      auto Inner = ClassOfBody.find(Member.Name);
      if (Inner == ClassOfBody.end()) {
        T.Started.insert(Member.Name);
      } else {
        ClassTree &InnerTree = Trees[Inner->second];
        InnerTree.MergedAgain = true;
        for (const auto &Name : InnerTree.Started)
          T.Started.insert(Name.getKey());
        for (const auto &Name : InnerTree.Left)
          T.Left.insert(Name.getKey());
      }
      const Function *F = After.getFunction(Member.Name);
      if (F && !F->isDeclaration())
        T.Left.insert(Member.Name);
    }
    ClassOfBody[Groups[I].KeptBody] = I;
  }
  for (ClassTree &T : Trees)
    if (!T.MergedAgain)
      addRewrittenCallers(T, Before, After);
  return Trees;
}

uint64_t sum(const StringSet<> &Names, const StringMap<uint64_t> &Sizes) {
  uint64_t Total = 0;
  for (const auto &Name : Names)
    Total += Sizes.lookup(Name.getKey());
  return Total;
}

} // namespace

Expected<std::optional<int64_t>>
measureAlignedClasses(const Module &Before, const Module &After,
                      MutableArrayRef<AlignedGroup> Groups) {
  std::vector<ClassTree> Trees = buildTrees(Groups, Before, After);
  StringSet<> Started, Left;
  for (const ClassTree &T : Trees) {
    if (T.MergedAgain)
      continue;
    for (const auto &Name : T.Started)
      Started.insert(Name.getKey());
    for (const auto &Name : T.Left)
      Left.insert(Name.getKey());
  }
  if (Started.empty())
    return std::nullopt;
  Expected<StringMap<uint64_t>> BeforeSizes = measureCodeBytes(Before, Started);
  if (!BeforeSizes)
    return BeforeSizes.takeError();
  Expected<StringMap<uint64_t>> AfterSizes = measureCodeBytes(After, Left);
  if (!AfterSizes)
    return AfterSizes.takeError();
  for (size_t I = 0; I < Groups.size(); ++I) {
    if (Trees[I].MergedAgain)
      continue;
    Groups[I].RealBytesBefore = sum(Trees[I].Started, *BeforeSizes);
    Groups[I].RealBytesAfter = sum(Trees[I].Left, *AfterSizes);
  }
  return int64_t(sum(Started, *BeforeSizes)) - int64_t(sum(Left, *AfterSizes));
}

} // namespace lmf
