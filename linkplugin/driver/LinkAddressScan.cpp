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

LinkAddressScan scanLinkAddresses(const LinkInputs &Inputs) {
  LinkAddressScan Result;
  Result.ThinModules = Inputs.ThinModules;
  Result.Unknown = Inputs.unknown();
  if (!Result.Unknown.empty() || Result.ThinModules == 0)
    return Result;
  Result.Unknown = missingSummary(Inputs);
  if (!Result.Unknown.empty())
    return Result;
  DenseSet<uint64_t> Defined, Used(Inputs.NamesUsedOutsideBitcode);
  for (const InputModule &M : Inputs.Modules) {
    Defined.insert_range(M.Summary.DefinedFunctions);
    Used.insert_range(M.Summary.AddressUses);
  }
  for (uint64_t GUID : Defined)
    if (!Used.contains(GUID))
      Result.AddressFree.push_back(GUID);
  llvm::sort(Result.AddressFree);
  return Result;
}

} // namespace lmf
