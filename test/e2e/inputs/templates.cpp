// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A template-heavy program for the e2e tests: many instantiations whose
// machine code does not depend on the template argument (pointers to
// different classes, enums with the same underlying type, long vs long long),
// so a function merger has real work, and an output that depends on every
// instantiation, so a wrong fold shows up as a different result.
#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

namespace shapes {
struct Circle { int R; };
struct Square { int S; };
struct Triangle { int A; };
struct Hexagon { int H; };
struct Octagon { int O; };
struct Ellipse { int E; };
} // namespace shapes

enum class Red : int { V = 1 };
enum class Green : int { V = 2 };
enum class Blue : int { V = 3 };

// A container whose code depends only on the size of T.
template <typename T> class Pool {
public:
  __attribute__((noinline)) void add(T V) {
    Items.push_back(V);
    if (Items.size() % 7 == 0)
      std::rotate(Items.begin(), Items.begin() + 1, Items.end());
  }
  __attribute__((noinline)) long checksum() const {
    long S = 0;
    for (size_t I = 0; I < Items.size(); ++I)
      S = S * 31 + (long)((size_t)Items[I] % 1000003);
    return S;
  }
  __attribute__((noinline)) void sortDescending() {
    std::sort(Items.begin(), Items.end(), [](T A, T B) { return B < A; });
  }
  __attribute__((noinline)) size_t dedupe() {
    std::sort(Items.begin(), Items.end());
    Items.erase(std::unique(Items.begin(), Items.end()), Items.end());
    return Items.size();
  }

private:
  std::vector<T> Items;
};

// An open-addressing table keyed by pointers.
template <typename K> class PointerSet {
public:
  __attribute__((noinline)) bool insert(K Key) {
    if (Used * 2 >= Slots.size())
      grow();
    size_t I = hash(Key) & (Slots.size() - 1);
    while (Slots[I] && Slots[I] != Key)
      I = (I + 1) & (Slots.size() - 1);
    if (Slots[I])
      return false;
    Slots[I] = Key;
    ++Used;
    return true;
  }
  size_t size() const { return Used; }

private:
  static size_t hash(K Key) { return ((size_t)Key >> 4) * 0x9E3779B97F4A7C15ull; }
  __attribute__((noinline)) void grow() {
    std::vector<K> Old(Slots.size() ? Slots.size() * 2 : 16, nullptr);
    Old.swap(Slots);
    Used = 0;
    for (K Key : Old)
      if (Key)
        insert(Key);
  }
  std::vector<K> Slots;
  size_t Used = 0;
};

template <typename K>
__attribute__((noinline)) long histogram(const std::vector<K> &Keys) {
  std::map<K, int> Counts;
  for (K Key : Keys)
    ++Counts[Key];
  long H = 0;
  for (auto &KV : Counts)
    H = H * 7 + KV.second;
  return H;
}

template <typename T> long exercise(int Seed) {
  static T Objects[64];
  Pool<T *> P;
  PointerSet<T *> Set;
  for (int I = 0; I < 200; ++I) {
    P.add(&Objects[(I * Seed) % 64]);
    Set.insert(&Objects[(I * Seed + 1) % 64]);
  }
  P.sortDescending();
  long C = (P.checksum() != 0) + (long)P.dedupe() + (long)Set.size();
  std::vector<long> Keys;
  for (int I = 0; I < 100; ++I)
    Keys.push_back((I * Seed) % 13);
  return C + histogram(Keys);
}

template <typename E> __attribute__((noinline)) long enumSum(int N) {
  std::vector<E> V;
  for (int I = 0; I < N; ++I)
    V.push_back(static_cast<E>(I % 5));
  std::sort(V.begin(), V.end());
  long S = 0;
  for (E X : V)
    S += static_cast<int>(X);
  return S;
}

int main(int Argc, char **) {
  long R = 0;
  R += exercise<shapes::Circle>(3 + Argc);
  R += exercise<shapes::Square>(5 + Argc);
  R += exercise<shapes::Triangle>(7 + Argc);
  R += exercise<shapes::Hexagon>(11 + Argc);
  R += exercise<shapes::Octagon>(13 + Argc);
  R += exercise<shapes::Ellipse>(17 + Argc);
  R += enumSum<Red>(50 + Argc) + enumSum<Green>(60 + Argc) +
       enumSum<Blue>(70 + Argc);
  std::vector<long long> LL = {1, 2, 3, 3, 2};
  R += histogram(LL);
  std::printf("result %ld\n", R);
  return 0;
}
