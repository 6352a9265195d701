//===- LinkSymbolCheck.cpp - Symbols a rewrite leaves undefined -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Folding across modules rewrites a ThinLTO link's inputs before lld reads
// them, and a rewrite that removes a definition some other input needs, or
// adds a reference to a name no input defines, turns a link that works
// into one that fails at its last step. The planner means never to do
// either, and until issue 54 it did one without meaning to: a similar
// member's constant table sat in the member's comdat, and ThinLTO turns
// every member of a comdat whose copy does not prevail into a declaration,
// a private table too, while the backend still inlines its available
// copy of the thunk, reference to the table included. The link failed
// with the table undefined.
//
// This check is the invariant behind the plan, applied to what the
// rewrite actually wrote, so that the next such rule cannot fail a link
// either. It compares each rewritten module with the module it replaces,
// by the names the link resolves (the external-linkage GUID of each name),
// and with the symbols of the inputs that stay as they are:
//
//  - a name a rewritten module refers to is defined by some input after
//    the rewrite, unless the original module referred to it already and
//    no input defined it then either (a library's function);
//  - a name some input defined before and another input still refers to
//    is still defined by one;
//  - no local that code uses sits in a comdat where the original module
//    had none of that name: the link may keep another module's copy of
//    the comdat, and the local goes with ours.
//
// It proves nothing about code; it keeps the symbols whole, which is what
// a link needs. The driver withdraws what a hazard names and rewrites
// again, or links the original inputs (CrossModuleFolding.cpp).
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/LinkSymbolCheck.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/GlobalValue.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace lmf {

namespace {

uint64_t nameKey(StringRef Name) {
  return GlobalValue::getGUIDAssumingExternalLinkage(Name);
}

void noteSymbol(const GlobalValue &GV, LinkSymbols &Out) {
  if (GV.hasLocalLinkage()) {
    const auto *GO = dyn_cast<GlobalObject>(&GV);
    if (GO && GO->hasComdat() && !GV.use_empty())
      Out.LocalsInComdats.insert(GV.getName());
    return;
  }
  if (GV.isDeclarationForLinker()) {
    const auto *F = dyn_cast<Function>(&GV);
    if (!GV.use_empty() && !(F && F->isIntrinsic()))
      Out.Referenced.try_emplace(nameKey(GV.getName()), GV.getName().str());
    return;
  }
  Out.Defined.try_emplace(nameKey(GV.getName()), GV.getName().str());
}

/// Every name some module defines, before and after the rewrite, with the
/// names the other inputs define.
struct DefinedNames {
  DenseSet<uint64_t> Before, After;
};

DefinedNames definedNames(ArrayRef<RewrittenSymbols> Modules,
                          const UnrewrittenSymbols &Others) {
  DefinedNames Out;
  if (Others.Defined) {
    Out.Before.insert_range(*Others.Defined);
    Out.After.insert_range(*Others.Defined);
  }
  for (const RewrittenSymbols &M : Modules) {
    for (const auto &Entry : M.Before.Defined)
      Out.Before.insert(Entry.first);
    for (const auto &Entry : M.After.Defined)
      Out.After.insert(Entry.first);
  }
  return Out;
}

void referencesLeftUndefined(const RewrittenSymbols &M,
                             const DefinedNames &Defined,
                             const UnrewrittenSymbols &Others,
                             std::vector<SymbolHazard> &Out) {
  std::vector<std::pair<std::string, bool>> Missing;
  for (const auto &[Key, Name] : M.After.Referenced) {
    if (Defined.After.contains(Key) ||
        (Others.Referenced && Others.Referenced->contains(Key)))
      continue;
    bool UndefinedBefore =
        M.Before.Referenced.contains(Key) && !Defined.Before.contains(Key);
    if (!UndefinedBefore)
      Missing.push_back({Name, Defined.Before.contains(Key)});
  }
  llvm::sort(Missing);
  for (const auto &[Name, WasDefined] : Missing)
    Out.push_back({Name, M.Module,
                   WasDefined ? "refers to it, and no input defines it any "
                                "more"
                              : "refers to it, and no input defines it"});
}

void localsMovedIntoComdats(const RewrittenSymbols &M,
                            std::vector<SymbolHazard> &Out) {
  std::vector<std::string> Moved;
  for (const auto &Entry : M.After.LocalsInComdats)
    if (!M.Before.LocalsInComdats.contains(Entry.getKey()))
      Moved.push_back(Entry.getKey().str());
  llvm::sort(Moved);
  for (const std::string &Name : Moved)
    Out.push_back({Name, M.Module,
                   "defines it as a local in a comdat, which goes when "
                   "another module's copy of the comdat prevails"});
}

void definitionsRemoved(ArrayRef<RewrittenSymbols> Modules,
                        const DefinedNames &Defined,
                        const UnrewrittenSymbols &Others,
                        std::vector<SymbolHazard> &Out) {
  if (!Others.Referenced)
    return;
  std::vector<std::string> Removed;
  for (const RewrittenSymbols &M : Modules)
    for (const auto &[Key, Name] : M.Before.Defined)
      if (!Defined.After.contains(Key) && Others.Referenced->contains(Key))
        Removed.push_back(Name);
  llvm::sort(Removed);
  Removed.erase(llvm::unique(Removed), Removed.end());
  for (const std::string &Name : Removed)
    Out.push_back({Name, "",
                   "an input that is not rewritten refers to it, and no "
                   "input defines it any more"});
}

} // namespace

LinkSymbols readLinkSymbols(const Module &M) {
  LinkSymbols Out;
  for (const GlobalValue &GV : M.global_values())
    noteSymbol(GV, Out);
  return Out;
}

std::vector<SymbolHazard> findSymbolHazards(ArrayRef<RewrittenSymbols> Modules,
                                            const UnrewrittenSymbols &Others) {
  DefinedNames Defined = definedNames(Modules, Others);
  std::vector<SymbolHazard> Out;
  for (const RewrittenSymbols &M : Modules) {
    localsMovedIntoComdats(M, Out);
    referencesLeftUndefined(M, Defined, Others, Out);
  }
  definitionsRemoved(Modules, Defined, Others, Out);
  return Out;
}

} // namespace lmf
