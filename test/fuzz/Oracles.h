//===- Oracles.h - What a correct merge must look like ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Checks that hold for any input module, given a snapshot of the functions
// taken before merging and the MergeResult:
//
//  * intersection: a fold body keeps an optimizer fact (a poison or
//    fast-math flag, an intersectable metadata kind, a fact attribute) only
//    if every function folded into it had it, instruction by instruction in
//    walk order;
//  * alignment: a body that takes over the address of an erased or aliased
//    function is at least as aligned as that function was;
//  * interposition: a weak or linkonce (non-ODR) function only ever becomes
//    a thunk, and a body is never a definition that another copy may
//    replace;
//  * address identity (safe mode): only functions whose address is not
//    significant are erased or become aliases.
//
// And the total-order laws on a matrix of comparison results.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_FUZZ_ORACLES_H
#define LMF_TEST_FUZZ_ORACLES_H

#include "core/MergeOptions.h"
#include "core/MergeResult.h"

#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace lmf::fuzz {

/// The facts of one function that merging may only weaken, and what decides
/// how it may be folded.
struct FunctionSnapshot {
  struct Inst {
    unsigned Opcode = 0;
    uint32_t Flags = 0;
    std::vector<unsigned> MDKinds;
    /// (attribute list index, kind, integer value) of call-site facts.
    std::vector<std::tuple<unsigned, unsigned, uint64_t>> Attrs;
  };
  std::vector<Inst> Insts;
  std::vector<std::tuple<unsigned, unsigned, uint64_t>> Attrs;
  uint64_t Alignment = 1;
  bool Interposable = false;
  bool UnnamedAddr = false, LocalUnnamedAddr = false, Used = false;
  /// A linkage that lets the function go when unused (local, linkonce) and
  /// no use other than direct calls (through any function type): nobody can
  /// observe the address.
  bool AddressUnobservable = false;
  /// That linkage, and no use at all but from the function itself.
  bool Unused = false;
};

/// How a call-site function attribute counts that the callee has itself.
/// Before merging it is a fact of the call, stated there or not: merging
/// may weaken the callee later (intersecting it with a twin that lacked the
/// fact) without the call becoming any less true. In a body after merging
/// it claims nothing more than the callee (the rewriter copies the callee's
/// attributes to calls it sends through a local alias).
enum class CalleeFacts { OfTheCall, OfTheCallee };

FunctionSnapshot snapshotFunction(const llvm::Function &F, CalleeFacts How);

/// Snapshots of every function definition of M, by name, taken before
/// merging (CalleeFacts::OfTheCall).
llvm::StringMap<FunctionSnapshot> snapshotModule(const llvm::Module &M);

/// Problems with a merge of a module whose functions were Before, now
/// After. Empty when all oracles hold.
std::vector<std::string>
checkMerge(const llvm::Module &After, const MergeResult &Result,
           const llvm::StringMap<FunctionSnapshot> &Before, MergeMode Mode);

/// Checks reflexivity, antisymmetry and transitivity (of <, == and <=) on
/// every triple of a matrix of signs C[i][j] = sign(compare(i, j)).
/// Returns the first violation found, or "".
std::string checkTotalOrder(const std::vector<std::vector<int>> &C,
                            uint64_t &TriplesChecked);

} // namespace lmf::fuzz

#endif
