//===- LocalValueTable.h - Numbers for one function's values ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The encoder numbers every argument, block and instruction of each function
// it encodes and looks a number up for every operand. A DenseMap reused from
// one function to the next shrinks and regrows its buckets whenever a small
// function follows a large one, and the fresh memory costs more than the
// encoding itself. This table never frees memory, and clearing it is O(1):
// each slot remembers the generation that wrote it, and clear() starts a new
// one. Each function probes only a prefix of the slots sized for it, so a
// small function after a huge one still hits the cache.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_EQUALITY_LOCALVALUETABLE_H
#define LMF_CORE_EQUALITY_LOCALVALUETABLE_H

#include <cstdint>
#include <vector>

namespace lmf {

class LocalValueTable {
public:
  /// Forgets every entry.
  void clear() {
    nextGeneration();
    Size = 0;
    // Start small again: probing a prefix sized for this function keeps its
    // entries in cache, whatever the largest function before it needed.
    Active = Slots.empty() ? 0 : MinActive;
  }

  void insert(const void *Key, uint64_t Value) {
    if ((Size + 1) * 2 > Active)
      grow(Active ? Active * 2 : MinActive);
    Slot &S = find(Key);
    if (S.Generation != Generation)
      ++Size;
    S = {Key, Value, Generation};
  }

  /// The value of Key, or Missing.
  uint64_t lookup(const void *Key, uint64_t Missing) const {
    if (!Active)
      return Missing;
    const Slot &S = const_cast<LocalValueTable *>(this)->find(Key);
    return S.Generation == Generation ? S.Value : Missing;
  }

private:
  struct Slot {
    const void *Key = nullptr;
    uint64_t Value = 0;
    uint32_t Generation = 0;
  };
  static constexpr size_t MinActive = 64;

  void nextGeneration() {
    if (++Generation == 0) { // Wrapped: stale slots could look current.
      Slots.assign(Slots.size(), Slot());
      Generation = 1;
    }
  }

  /// The slot holding Key, or the empty (stale) slot where it would go,
  /// within the active prefix.
  Slot &find(const void *Key) {
    size_t Mask = Active - 1;
    uint64_t H = reinterpret_cast<uintptr_t>(Key);
    H = (H ^ (H >> 29)) * 0xbf58476d1ce4e5b9ULL;
    for (size_t I = (H >> 32) & Mask;; I = (I + 1) & Mask) {
      Slot &S = Slots[I];
      if (S.Generation != Generation || S.Key == Key)
        return S;
    }
  }

  /// Doubles the active prefix (allocating only past the largest size ever
  /// used) and reinserts the live entries under a new generation.
  void grow(size_t NewActive) {
    Live.clear();
    for (size_t I = 0; I < Active; ++I)
      if (Slots[I].Generation == Generation)
        Live.push_back(Slots[I]);
    if (NewActive > Slots.size())
      Slots.resize(NewActive);
    nextGeneration();
    Active = NewActive;
    Size = 0;
    for (const Slot &S : Live)
      insert(S.Key, S.Value);
  }

  std::vector<Slot> Slots;
  std::vector<Slot> Live;
  size_t Active = 0;
  uint32_t Generation = 1;
  size_t Size = 0;
};

} // namespace lmf

#endif
