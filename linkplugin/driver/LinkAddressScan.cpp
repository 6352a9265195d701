//===- LinkAddressScan.cpp - Which functions' addresses the link uses -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A ThinLTO backend sees one module. When two exported functions of that
// module are equal and neither is `unnamed_addr` (C functions never are),
// the backend cannot tell whether another module, an object file or a
// shared library compares their addresses, so it keeps each symbol's own
// address with a thunk. `--icf=safe` can do better after codegen because
// every object carries a table of the symbols whose address it uses; in a
// full-LTO link internalization settles the question. This file gives
// ThinLTO backends the same knowledge, before lld runs: from every input of
// the link (LinkInputs.h) it lists the functions defined in bitcode whose
// address no input uses.
//
// What counts as a use of F's address:
//  * in bitcode, a reference that is not the callee of a direct call: the
//    module summaries written at compile time list these (`refs`), for
//    function bodies and global initializers alike (vtables, tables of
//    function pointers); an alias of F counts too;
//  * in an object file, any reference to F's name (we cannot tell a call
//    from an address there), and any mention of F's name in a shared
//    library, which lld answers by exporting F;
//  * names the command line gives lld: -u, --require-defined, -e (and the
//    default entry `_start`), --init, --fini, --keep-unique.
// Reading more inputs than lld does is harmless: it only makes more
// addresses count as used.
//
// Some links cannot be judged this way, and then there is no list and the
// backends keep today's rules: those whose inputs do not tell what the
// output exports (LinkInputs::Unjudgeable), bitcode without a summary, and
// files we cannot read or recognise.
//
// Known blind spot, shared with `--icf=safe`: an address used only inside
// inline assembly is not an IR reference and is not seen.
//
// The second list goes the other way: the functions whose address a
// backend may compare. With a profile, indirect-call promotion turns a
// call through a pointer into a test of the pointer against the predicted
// target and that target's body inlined behind it; a backend that then gave
// the target its twin's address (an alias) would send the twin's callers
// into the specialized code (core/facts/AddressComparisons.cpp). The
// promotion runs before the link (the comparison is then in the summaries
// as a reference from a function's code) or in a backend after importing
// (the target is then a call edge of the summary, with the profile's
// hotness). So a function is on the list when some function's code refers
// to its address, or when a profiled call edge names it and either its
// address is used somewhere (the only way it can be called indirectly) or
// the calling module does not name it at all (a predicted target that only
// the profile knows). The list is made whenever every summary can be read,
// whatever the link exports: it keeps backends from making aliases, so it
// must not depend on what decides that addresses are free.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LinkAddressScan.h"

#include "linkplugin/driver/LinkInputs.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace lmf {

/// Why the summaries do not tell every address use; empty when they do.
static std::string missingSummary(const LinkInputs &Inputs) {
  for (const InputModule &M : Inputs.Modules) {
    if (!M.HasSummary)
      return "'" + M.Name + "' has bitcode without a module summary";
    if (!M.Summary.Read)
      return "cannot read the module summary of '" +
             M.Module.getModuleIdentifier().str() + "'";
  }
  return "";
}

/// The names M's symbol table and summary give: what a direct call from M
/// can name.
static DenseSet<uint64_t> namesOf(const InputModule &M) {
  DenseSet<uint64_t> Names;
  Names.insert_range(M.DefinedNames);
  Names.insert_range(M.UndefinedNames);
  Names.insert_range(M.Summary.DefinedFunctions);
  return Names;
}

/// LinkAddressScan::Compared, from summaries that were all read: of the
/// functions Defined in bitcode, those whose address code uses or that a
/// profiled or unnamed call edge reaches. Used holds every address use of
/// the link.
static std::vector<uint64_t>
comparedFunctions(const LinkInputs &Inputs, const DenseSet<uint64_t> &Defined,
                  const DenseSet<uint64_t> &Used) {
  DenseSet<uint64_t> Compared;
  for (const InputModule &M : Inputs.Modules) {
    Compared.insert_range(M.Summary.CodeReferences);
    for (uint64_t Callee : M.Summary.ProfiledCallees)
      if (Used.contains(Callee))
        Compared.insert(Callee);
    DenseSet<uint64_t> Names = namesOf(M);
    for (const auto &Entry : M.Summary.CallingFunctions)
      if (!Names.contains(Entry.first))
        Compared.insert(Entry.first);
  }
  std::vector<uint64_t> Sorted;
  for (uint64_t GUID : Compared)
    if (Defined.contains(GUID))
      Sorted.push_back(GUID);
  llvm::sort(Sorted);
  return Sorted;
}

LinkAddressScan scanLinkAddresses(const LinkInputs &Inputs) {
  LinkAddressScan Result;
  Result.ThinModules = Inputs.ThinModules;
  if (Result.ThinModules == 0)
    return Result;
  Result.ComparedUnknown = Inputs.Unreadable;
  if (Result.ComparedUnknown.empty())
    Result.ComparedUnknown = missingSummary(Inputs);
  Result.Unknown = Inputs.unknown();
  if (Result.Unknown.empty())
    Result.Unknown = Result.ComparedUnknown;
  if (!Result.ComparedUnknown.empty())
    return Result;
  DenseSet<uint64_t> Defined, Used(Inputs.NamesUsedOutsideBitcode);
  for (const InputModule &M : Inputs.Modules) {
    Defined.insert_range(M.Summary.DefinedFunctions);
    Used.insert_range(M.Summary.AddressUses);
  }
  Result.Compared = comparedFunctions(Inputs, Defined, Used);
  if (!Result.Unknown.empty())
    return Result;
  for (uint64_t GUID : Defined)
    if (!Used.contains(GUID))
      Result.AddressFree.push_back(GUID);
  llvm::sort(Result.AddressFree);
  return Result;
}

} // namespace lmf
