//===- GlobalNumbering.cpp - Stable numbers for global values -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Numbers follow module order: functions, then global variables, aliases and
// ifuncs. Module order is part of the input, so the numbers (and everything
// ordered by them) are the same on every run and for every thread count.
// Numbers are never reused: a global created later gets a fresh one, so a
// pointer recycled by the allocator can never inherit a stale number.
//
//===----------------------------------------------------------------------===//

#include "core/equality/GlobalNumbering.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace lmf {

GlobalNumbering::GlobalNumbering(const Module &M) {
  for (const GlobalValue &GV : M.global_values())
    add(&GV);
}

std::optional<uint64_t> GlobalNumbering::lookup(const GlobalValue *GV) const {
  auto It = Numbers.find(GV);
  if (It == Numbers.end())
    return std::nullopt;
  return It->second;
}

void GlobalNumbering::add(const GlobalValue *GV) { Numbers[GV] = Next++; }

void GlobalNumbering::remove(const GlobalValue *GV) { Numbers.erase(GV); }

} // namespace lmf
