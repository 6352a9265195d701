//===- GlobalNumbering.h - Stable numbers for global values -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The comparator must order references to globals without looking at
// pointers. Every global value gets a number from module order once, new
// globals are appended, erased ones forgotten. The table is only written
// between rounds, on one thread; during a round it is read from many threads.
// Distinct metadata nodes that globals carry or code names (the type ids of
// internal classes in `!type` and `llvm.type.test`, `distinct !{}`) are
// numbered the same way: such a node is equal only to itself, however alike
// its operands look.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_EQUALITY_GLOBALNUMBERING_H
#define LMF_CORE_EQUALITY_GLOBALNUMBERING_H

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

namespace llvm {
class GlobalValue;
class MDNode;
class Module;
} // namespace llvm

namespace lmf {

class GlobalNumbering {
public:
  explicit GlobalNumbering(const llvm::Module &M);

  /// The number of GV, or nullopt for a global created behind our back.
  std::optional<uint64_t> lookup(const llvm::GlobalValue *GV) const;
  /// Gives a global created by the merger the next number.
  void add(const llvm::GlobalValue *GV);
  /// Forgets a global that is about to be erased.
  void remove(const llvm::GlobalValue *GV);
  /// The number of a distinct node that the module's attachments or
  /// metadata arguments reached when the table was made, or nullopt.
  std::optional<uint64_t> lookupDistinct(const llvm::MDNode *N) const;

private:
  void numberDistinctNodes(const llvm::Module &M);

  llvm::DenseMap<const llvm::GlobalValue *, uint64_t> Numbers;
  llvm::DenseMap<const llvm::MDNode *, uint64_t> DistinctNodes;
  uint64_t Next = 0;
};

} // namespace lmf

#endif
