//===- AddressComparisons.h - Functions whose address is compared -*- C++ -*-//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_FACTS_ADDRESSCOMPARISONS_H
#define LMF_CORE_FACTS_ADDRESSCOMPARISONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/ValueHandle.h"

namespace llvm {
class Function;
} // namespace llvm

namespace lmf {

/// True when a use of F's address, followed through casts, GEPs, selects,
/// phis, aliases, constant expressions and the integer arithmetic on its
/// `ptrtoint`, reaches an `icmp` or the condition of a `switch`. A use that
/// stores the address, passes it or puts it in an initializer ends the walk:
/// what happens to it in memory is what `unnamed_addr` speaks about.
bool addressIsCompared(const llvm::Function &F);

/// Takes `unnamed_addr` (and `local_unnamed_addr`) away from the functions
/// still alive among Compared, so that code generation lists them as
/// address-significant (`.llvm_addrsig`) and lld's --icf=safe, which trusts
/// that list, keeps them apart too. What LLVM does to promoted callees in
/// releases after the one we build on. Returns how many functions changed.
unsigned
markComparedAddressesSignificant(llvm::ArrayRef<llvm::WeakVH> Compared);

} // namespace lmf

#endif
