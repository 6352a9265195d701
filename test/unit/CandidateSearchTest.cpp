//===- CandidateSearchTest.cpp - Which pairs the aligned stage aligns -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// findCandidatePairs proposes the pairs the aligned stage aligns, by MinHash
// signatures and locality-sensitive hashing. These tests check that it
// finds a function's near twin among many unlike functions, never pairs
// functions of different types, proposes a bounded number of partners per
// function, and gives the same pairs every time.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "core/aligned/CandidateSearch.h"
#include "core/aligned/ShapeHasher.h"

#include <set>
#include <sstream>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

/// Family K: a straight-line body of its own mix of opcodes and callees, a
/// variant V that differs from the others in one instruction, and a type of
/// its own when Typed.
std::string family(unsigned K, unsigned V, bool Typed = false) {
  static const char *Ops[] = {"add", "sub", "mul", "xor", "and", "or", "shl"};
  std::ostringstream OS;
  std::string T = Typed && K % 2 ? "i64" : "i32";
  OS << "define " << T << " @f" << K << "_" << V << "(" << T << " %x) {\n";
  std::string Prev = "%x";
  for (unsigned I = 0; I < 24; ++I) {
    // Each family its own mix of operations.
    const char *Op = Ops[mixHash(K, I) % 7];
    if (I == 11 + V)
      Op = "lshr";
    OS << "  %v" << I << " = " << Op << " " << T << " " << Prev << ", "
       << (K * 31 + I) % 13 + 1 << "\n";
    // Each family calls functions of its own, as real families of code
    // call their own helpers.
    if (I % 6 == 5)
      OS << "  call void @use" << T.substr(1) << "_" << (K * 4 + I / 6) % 97
         << "(" << T << " %v" << I << ")\n";
    Prev = "%v" + std::to_string(I);
  }
  OS << "  ret " << T << " " << Prev << "\n}\n";
  return OS.str();
}

std::string declarations() {
  std::string Text;
  for (unsigned K = 0; K < 97; ++K)
    Text += "declare void @use32_" + std::to_string(K) +
            "(i32)\ndeclare void @use64_" + std::to_string(K) + "(i64)\n";
  return Text;
}

std::string module(unsigned Families, unsigned Variants, bool Typed) {
  std::string Text = declarations();
  for (unsigned K = 0; K < Families; ++K)
    for (unsigned V = 0; V < Variants; ++V)
      Text += family(K, V, Typed);
  return Text;
}

struct Search {
  LLVMContext C;
  std::unique_ptr<Module> M;
  std::vector<Function *> Fns;
  std::vector<FunctionFingerprint> Prints;

  explicit Search(const std::string &Text) {
    M = parseIR(C, Text);
    if (!M)
      return;
    GlobalNumbering Globals(*M);
    ShapeHasher Hasher(Globals);
    for (Function &F : *M)
      if (!F.isDeclaration()) {
        Fns.push_back(&F);
        Prints.push_back(fingerprintOf(F, Hasher));
      }
  }
  StringRef family(unsigned I) const {
    return Fns[I]->getName().split('_').first;
  }
};

TEST(CandidateSearch, FindsEachFunctionsTwinAmongManyOthers) {
  // 60 families of 2 variants, one type: beyond the exhaustive group, so
  // the locality-sensitive hashing decides.
  Search S(module(60, 2, /*Typed=*/false));
  ASSERT_TRUE(S.M);
  auto Pairs = findCandidatePairs(S.Prints);
  std::set<std::pair<unsigned, unsigned>> Found(Pairs.begin(), Pairs.end());
  unsigned Twins = 0;
  for (unsigned I = 0; I + 1 < S.Fns.size(); I += 2)
    Twins += Found.count({I, I + 1});
  EXPECT_EQ(Twins, 60u) << "of 60 families";
}

TEST(CandidateSearch, NeverPairsFunctionsOfDifferentTypes) {
  Search S(module(30, 2, /*Typed=*/true));
  ASSERT_TRUE(S.M);
  for (auto [I, J] : findCandidatePairs(S.Prints))
    EXPECT_EQ(S.Fns[I]->getFunctionType(), S.Fns[J]->getFunctionType());
}

TEST(CandidateSearch, BoundsThePartnersOfEachFunction) {
  // Every function looks alike: each still gets at most PerFunction
  // partners of its own choosing (and is chosen by a bounded number of
  // others, as those are bounded too).
  Search S(module(1, 200, /*Typed=*/false));
  ASSERT_TRUE(S.M);
  SearchLimits Limits;
  auto Pairs = findCandidatePairs(S.Prints, Limits);
  EXPECT_LE(Pairs.size(), S.Fns.size() * Limits.PerFunction);
  for (size_t K = 1; K < Pairs.size(); ++K)
    EXPECT_LT(Pairs[K - 1], Pairs[K]) << "sorted and unique";
}

TEST(CandidateSearch, SmallTypeGroupsAreSearchedWhole) {
  // Two functions of a type no other function has are compared whatever
  // their signatures say.
  Search S(family(1, 0, true) + family(1, 1, true) + declarations());
  ASSERT_TRUE(S.M);
  auto Pairs = findCandidatePairs(S.Prints);
  ASSERT_EQ(Pairs.size(), 1u);
  EXPECT_EQ(Pairs[0], std::make_pair(0u, 1u));
}

TEST(CandidateSearch, SamePairsEveryTime) {
  Search S(module(40, 3, /*Typed=*/true));
  ASSERT_TRUE(S.M);
  auto First = findCandidatePairs(S.Prints);
  Search Again(module(40, 3, /*Typed=*/true));
  EXPECT_EQ(findCandidatePairs(Again.Prints), First);
}

} // namespace
