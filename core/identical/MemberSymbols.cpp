//===- MemberSymbols.cpp - Symbols of members whose calls moved -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A member that merging erases, or whose calls it rewrites to call the
// kept body, leaves no code and no symbol of its own: `break member` in
// gdb then says the function is not defined, although the program calls
// it. The same holds for the direct calls of a member kept as a thunk that
// its callers now bypass. lld's --icf, and GCC's, keep a folded function's
// symbol at the code that replaced it; so does this file, once a module is
// merged: each such member gets a local alias of the function its calls
// now reach, under its own name (`<member>.lmf.calls` where a thunk or
// another function holds that name in the module). gdb sets a breakpoint
// on it by name, or by a name that differs by a clone suffix, and stops on
// every call of the member, and of its twins, which run the same code; the
// frame shows the kept body's name and lines, which the debug information
// describes.
//
// Several symbols at one address confuse the tools that name an address:
// llvm-symbolizer takes, of the symbols that start there, the largest and
// then the last, and perf the one with a size, then the global one, then
// the longer name. A member symbol would then name the code after a member
// whose lines are not the ones printed with it. So each member symbol has
// size 0: symbolizers and profilers keep naming the body (the kept member,
// or a body named after one, MergeNames.h), debuggers find the members.
// LLVM gives an alias the size of its aliasee, so the size comes from a
// `.size` line of module-level assembly, which the integrated assembler
// reads before the alias is defined and keeps (GNU as, given the assembly
// text of `--lto-emit-asm`, gives the alias its aliasee's size instead: the
// symbols are right, only the tie between them is not broken); ELF only
// (the other formats have no such symbol sizes to tell tools apart by).
//
// Member symbols are for debugging, so a module gets them when it carries
// debug information (`-g`, `-gline-tables-only`): a program built without
// it keeps the symbol table it had.
//
// Where the calls went is known by name, from the merge's result, in the
// order the folds were made: a member may fold into a function that later
// folds again, or that the similar stage merges, and the symbol goes where
// the chain ends. Members of a class folded across ThinLTO modules are
// known to the backend that keeps the shared body's copy (the first
// module's): the rewrite before the link records every member's name on
// every copy of the shared body, and that backend reads them first thing
// (takeSharedBodyMembers). The symbols are added after every fold, so no
// rule of the merge ever sees them; they add no code.
//
//===----------------------------------------------------------------------===//

#include "core/identical/MemberSymbols.h"

#include "core/MergeNames.h"
#include "core/MergeResult.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Mangler.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lmf {
namespace {

/// Where a member's calls run now: Target, followed through members that
/// moved on, if it ends at a function definition of M.
Function *finalTarget(Module &M, const StringMap<const MovedCalls *> &ByMember,
                      StringRef Target) {
  // Each member moves once; the bound only guards against a cycle.
  for (size_t Step = 0; Step <= ByMember.size(); ++Step) {
    auto Next = ByMember.find(Target);
    if (Next == ByMember.end()) {
      Function *F = M.getFunction(Target);
      return F && !F->isDeclarationForLinker() ? F : nullptr;
    }
    Target = Next->second->Target;
  }
  return nullptr;
}

/// A name the assembler reads without quotes being special in it.
bool quotable(StringRef Name) {
  return Name.find_first_of("\"\\\n") == StringRef::npos;
}

} // namespace

void recordSharedBodyMembers(Function &Body, ArrayRef<std::string> Members) {
  // The backend adds member symbols only in a module with debug information.
  if (Members.empty() || Body.getParent()->debug_compile_units().empty())
    return;
  LLVMContext &C = Body.getContext();
  SmallVector<Metadata *, 8> Names;
  for (const std::string &Name : Members)
    Names.push_back(MDString::get(C, Name));
  Body.setMetadata(MembersMetadataName, MDTuple::get(C, Names));
}

std::vector<MovedCalls> takeSharedBodyMembers(Module &M) {
  std::vector<MovedCalls> Out;
  StringSet<> Seen;
  unsigned Kind = M.getContext().getMDKindID(MembersMetadataName);
  for (Function &F : M) {
    MDNode *Node = F.getMetadata(Kind);
    if (!Node)
      continue;
    F.setMetadata(Kind, nullptr);
    if (F.isDeclarationForLinker())
      continue;
    for (const MDOperand &Op : Node->operands())
      if (auto *Name = dyn_cast_or_null<MDString>(Op.get()))
        if (Seen.insert(Name->getString()).second)
          Out.push_back({Name->getString().str(), F.getName().str()});
  }
  return Out;
}

void appendMovedCalls(const MergeResult &Result, std::vector<MovedCalls> &Out) {
  auto Moved = [](FoldAction A) {
    return A == FoldAction::Erased || A == FoldAction::CallersRedirected ||
           A == FoldAction::Alias;
  };
  for (const FoldGroup &G : Result.Groups) {
    if (G.KeptMemberForwarded && Moved(G.KeptMemberAction))
      Out.push_back(
          {G.KeptMember, G.KeptBody, G.KeptMemberAction != FoldAction::Alias});
    for (const FoldedMember &F : G.Members)
      if (Moved(F.Action))
        Out.push_back({F.Name, G.KeptBody, F.Action != FoldAction::Alias});
  }
  for (const SimilarGroup &G : Result.Similar)
    for (const MergedMember &S : G.Members)
      if (S.Action == MergeAction::CallsRewritten)
        Out.push_back({S.Name, G.KeptBody});
  for (const AlignedGroup &G : Result.Aligned)
    for (const MergedMember &S : G.Members)
      if (S.Action == MergeAction::CallsRewritten)
        Out.push_back({S.Name, G.KeptBody});
}

unsigned addMemberSymbols(Module &M, ArrayRef<MovedCalls> Moved) {
  if (!M.getTargetTriple().isOSBinFormatELF() ||
      M.debug_compile_units().empty() || Moved.empty())
    return 0;
  StringMap<const MovedCalls *> ByMember;
  for (const MovedCalls &C : Moved)
    ByMember.try_emplace(C.Member, &C);
  Mangler Mang;
  std::string Sizes;
  raw_string_ostream Asm(Sizes);
  unsigned Added = 0;
  for (const MovedCalls &C : Moved) {
    if (!C.NeedsSymbol || ByMember.lookup(C.Member) != &C ||
        !quotable(C.Member))
      continue;
    Function *Target = finalTarget(M, ByMember, C.Target);
    if (!Target)
      continue;
    std::string Name = M.getNamedValue(C.Member)
                           ? memberDerivedName(C.Member, MemberCallsSuffix)
                           : C.Member;
    auto *Symbol =
        GlobalAlias::create(Target->getValueType(), Target->getAddressSpace(),
                            GlobalValue::InternalLinkage, Name, Target, &M);
    SmallString<128> AsmName;
    Mang.getNameWithPrefix(AsmName, Symbol, /*CannotUsePrivateLabel=*/false);
    if (!quotable(AsmName)) {
      Symbol->eraseFromParent();
      continue;
    }
    Asm << ".size \"" << AsmName << "\", 0\n";
    ++Added;
  }
  if (Added)
    M.appendModuleInlineAsm(Sizes);
  return Added;
}

} // namespace lmf
