//===- TotalOrderTest.cpp - compareFunctions is a total order -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every grouping of functions into classes of equal ones goes through the
// split by encoding (core/equality/ClassSplitting.h): the first classes of partition
// refinement, the shape buckets of the later rounds and of the similar
// stage, and the exact second look at a class whose members an earlier fold
// of the round changed. It
// encodes each member once, settles a bucket whose encodings are all
// identical without sorting, and sorts any other bucket with
// compareEncodings and cuts it into runs of equal encodings; that is only
// correct if the comparison is a total order. We check the laws (reflexive,
// antisymmetric, transitive for <=, < and ==) of compareFunctions, which
// compares two functions' encodings, on more than 10,000 random triples
// drawn from generated families, where many pairs are equal and many differ
// in one spot, and hold the comparator to the generator's oracle: equal
// exactly when the functions render the same without their annotations.
//
//===----------------------------------------------------------------------===//

#include "IRGenerator.h"
#include "TestIR.h"
#include "core/equality/ClassSplitting.h"

#include <algorithm>
#include <map>
#include <random>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

constexpr uint64_t PoolSeed = 0x5eed0f0dde5ULL;
constexpr unsigned NumFamilies = 40, PerFamily = 12;
constexpr unsigned NumTriples = 12000;

struct Pool {
  LLVMContext Ctx;
  FunctionPool Spec = buildFunctionPool(PoolSeed, NumFamilies, PerFamily);
  std::unique_ptr<Module> M = parseIR(Ctx, Spec.Text);
  std::vector<const Function *> Fns;

  Pool() {
    if (!M)
      return;
    for (const PoolMember &P : Spec.Members)
      Fns.push_back(fn(*M, P.Name));
  }
};

TEST(TotalOrder, LawsHoldOnRandomTriples) {
  Pool P;
  ASSERT_TRUE(P.M);
  ModuleEncoder E(*P.M);
  std::mt19937_64 Rng(20240607);
  auto Below = [&](uint64_t N) { return Rng() % N; };
  auto PickIn = [&](unsigned Family) {
    return Family * PerFamily + Below(PerFamily);
  };

  unsigned Failures = 0, EqualPairs = 0, UnequalSameFamily = 0,
           EqualTriples = 0;
  for (unsigned T = 0; T < NumTriples && Failures < 20; ++T) {
    // Half the triples come from one family, so that equal and
    // one-spot-different functions meet often.
    size_t I[3];
    unsigned Family = Below(NumFamilies);
    for (size_t &Idx : I)
      Idx = Below(2) ? PickIn(Family) : PickIn(Below(NumFamilies));
    const Function *F[3] = {P.Fns[I[0]], P.Fns[I[1]], P.Fns[I[2]]};
    int C[3][3];
    for (int X = 0; X < 3; ++X)
      for (int Y = 0; Y < 3; ++Y)
        C[X][Y] = sign(E.compare(*F[X], *F[Y]));

    auto Fail = [&](const char *Law) {
      ++Failures;
      ADD_FAILURE() << Law << " violated for @" << F[0]->getName().str()
                    << ", @" << F[1]->getName().str() << ", @"
                    << F[2]->getName().str() << ": ab=" << C[0][1]
                    << " bc=" << C[1][2] << " ac=" << C[0][2];
    };
    for (int X = 0; X < 3; ++X) {
      if (C[X][X] != 0)
        Fail("reflexivity");
      for (int Y = 0; Y < 3; ++Y)
        if (C[X][Y] != -C[Y][X])
          Fail("antisymmetry");
    }
    // Every ordering of the triple, so each law is tried in all directions.
    static const int Perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (const auto &Pm : Perms) {
      int AB = C[Pm[0]][Pm[1]], BC = C[Pm[1]][Pm[2]], AC = C[Pm[0]][Pm[2]];
      if (AB <= 0 && BC <= 0 && AC > 0)
        Fail("transitivity of <=");
      if (AB < 0 && BC < 0 && AC >= 0)
        Fail("transitivity of <");
      if (AB == 0 && BC == 0 && AC != 0)
        Fail("transitivity of ==");
    }
    EqualPairs += C[0][1] == 0;
    UnequalSameFamily += C[0][1] != 0 && I[0] / PerFamily == I[1] / PerFamily;
    EqualTriples += C[0][1] == 0 && C[1][2] == 0 && I[0] != I[1] &&
                    I[1] != I[2] && I[0] != I[2];
  }
  EXPECT_EQ(Failures, 0u);
  // The laws are only tested if the triples hit both outcomes often.
  EXPECT_GT(EqualPairs, 800u);
  EXPECT_GT(UnequalSameFamily, 1000u);
  EXPECT_GT(EqualTriples, 80u);
}

// Equal exactly when the generator says the functions do the same thing:
// annotation mutations keep twins equal, every semantic mutation separates
// them.
TEST(TotalOrder, EqualityMatchesTheGeneratorOracle) {
  Pool P;
  ASSERT_TRUE(P.M);
  ModuleEncoder E(*P.M);
  unsigned Failures = 0, Equal = 0, Unequal = 0;
  for (size_t I = 0; I < P.Fns.size() && Failures < 20; ++I) {
    for (size_t J = I + 1; J < P.Fns.size(); ++J) {
      const PoolMember &A = P.Spec.Members[I], &B = P.Spec.Members[J];
      if (A.Family != B.Family)
        continue;
      bool Expected = A.Key == B.Key;
      bool Actual = E.compare(*P.Fns[I], *P.Fns[J]) == 0;
      (Expected ? Equal : Unequal) += 1;
      if (Expected != Actual && ++Failures <= 20)
        ADD_FAILURE() << "@" << A.Name << " vs @" << B.Name << ": expected "
                      << (Expected ? "equal" : "different") << "\n"
                      << printFunction(*P.Fns[I]) << printFunction(*P.Fns[J]);
    }
  }
  EXPECT_EQ(Failures, 0u);
  EXPECT_GT(Equal, 300u);
  EXPECT_GT(Unequal, 1000u);
}

// What splitByEncoding does with a bucket that is not all equal, done by
// hand over the whole pool: sort, then cut into runs of equal functions. The
// runs must be exactly the oracle's classes, and the sorted order must hold
// between every pair, not only neighbours.
TEST(TotalOrder, SortingGroupsExactlyTheEqualFunctions) {
  Pool P;
  ASSERT_TRUE(P.M);
  ModuleEncoder E(*P.M);
  std::vector<size_t> Order(P.Fns.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::vector<Encoding> Enc;
  for (const Function *F : P.Fns)
    Enc.push_back(E.encode(*F));
  std::stable_sort(Order.begin(), Order.end(), [&](size_t L, size_t R) {
    return E.compare(*P.Fns[L], *P.Fns[R]) < 0;
  });
  for (size_t I = 0; I < Order.size(); ++I)
    for (size_t J = I + 1; J < Order.size(); ++J)
      ASSERT_LE(compareEncodings(Enc[Order[I]], Enc[Order[J]]), 0)
          << "sorted order broken between positions " << I << " and " << J;

  std::map<std::string, std::vector<size_t>> Expected;
  for (size_t I = 0; I < P.Fns.size(); ++I)
    Expected[P.Spec.Members[I].Key].push_back(I);
  size_t Runs = 0;
  for (size_t Begin = 0; Begin < Order.size();) {
    size_t End = Begin + 1;
    while (End < Order.size() &&
           E.compare(*P.Fns[Order[Begin]], *P.Fns[Order[End]]) == 0)
      ++End;
    std::vector<size_t> Run(Order.begin() + Begin, Order.begin() + End);
    std::sort(Run.begin(), Run.end());
    EXPECT_EQ(Run, Expected[P.Spec.Members[Run.front()].Key])
        << "run starting at @" << P.Spec.Members[Run.front()].Name;
    ++Runs;
    Begin = End;
  }
  EXPECT_EQ(Runs, Expected.size());
}

// splitByEncoding settles a bucket whose members are all equal by one memcmp
// per member and sorts the others: either way its classes must be exactly
// the generator's classes of equal functions, for pure and mixed buckets.
TEST(TotalOrder, SplittingBucketsFindsExactlyTheEqualFunctions) {
  Pool P;
  ASSERT_TRUE(P.M);
  ModuleEncoder E(*P.M);
  std::map<std::string, std::vector<CandidateId>> ByKey;
  for (CandidateId I = 0; I < P.Fns.size(); ++I)
    ByKey[P.Spec.Members[I].Key].push_back(I);
  auto Encode = [&](CandidateId I, Encoding &Out) {
    Out = E.encode(*P.Fns[I]);
  };
  unsigned Pure = 0, Mixed = 0;
  for (unsigned Family = 0; Family < NumFamilies; ++Family) {
    std::vector<CandidateId> Bucket;
    for (unsigned K = 0; K < PerFamily; ++K)
      Bucket.push_back(Family * PerFamily + K);
    // The whole family (mixed), and each class of it alone (pure).
    std::vector<std::vector<CandidateId>> Tests = {Bucket};
    for (CandidateId I : Bucket)
      if (ByKey[P.Spec.Members[I].Key].front() == I)
        Tests.push_back(ByKey[P.Spec.Members[I].Key]);
    for (const std::vector<CandidateId> &Group : Tests) {
      std::map<std::string, std::vector<CandidateId>> Expected;
      for (CandidateId I : Group)
        Expected[P.Spec.Members[I].Key].push_back(I);
      (Expected.size() == 1 ? Pure : Mixed) += 1;
      ClassList Classes =
          splitByEncoding(Group, Encode, /*KeepSingletons=*/true);
      ASSERT_EQ(Classes.size(), Expected.size())
          << "family " << Family << ", " << Group.size() << " members";
      for (ArrayRef<CandidateId> C : Classes) {
        std::vector<CandidateId> Got(C.begin(), C.end());
        EXPECT_EQ(Got, Expected[P.Spec.Members[Got.front()].Key]);
      }
      for (CandidateId I : Group)
        for (CandidateId J : Group)
          EXPECT_EQ(
              sameEncoding(E.encode(*P.Fns[I]), E.encode(*P.Fns[J])),
              compareEncodings(E.encode(*P.Fns[I]), E.encode(*P.Fns[J])) == 0);
    }
  }
  EXPECT_GT(Pure, NumFamilies);
  EXPECT_GT(Mixed, NumFamilies / 2);
}

// Pointer/integer look-alikes of every width: all distinct, and the order
// among them is consistent (a chain, no cycle).
TEST(TotalOrder, PointerAndIntegerTypesAcrossAddressSpaces) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, R"(
target datalayout = "e-p:64:64-p1:32:32-p2:16:16"
define i64 @i64(i64 %x) { %y = call i64 @id.i64(i64 %x)
  ret i64 %y }
define ptr @p0(ptr %x) { %y = call ptr @id.p0(ptr %x)
  ret ptr %y }
define i32 @i32(i32 %x) { %y = call i32 @id.i32(i32 %x)
  ret i32 %y }
define ptr addrspace(1) @p1(ptr addrspace(1) %x) {
  %y = call ptr addrspace(1) @id.p1(ptr addrspace(1) %x)
  ret ptr addrspace(1) %y }
define ptr addrspace(2) @p2(ptr addrspace(2) %x) {
  %y = call ptr addrspace(2) @id.p2(ptr addrspace(2) %x)
  ret ptr addrspace(2) %y }
define i16 @i16(i16 %x) { %y = call i16 @id.i16(i16 %x)
  ret i16 %y }
declare i64 @id.i64(i64)
declare ptr @id.p0(ptr)
declare i32 @id.i32(i32)
declare ptr addrspace(1) @id.p1(ptr addrspace(1))
declare ptr addrspace(2) @id.p2(ptr addrspace(2))
declare i16 @id.i16(i16)
)");
  ASSERT_TRUE(M);
  ModuleEncoder E(*M);
  std::vector<const Function *> Fs;
  for (const char *N : {"i64", "p0", "i32", "p1", "p2", "i16"})
    Fs.push_back(fn(*M, N));
  for (const Function *A : Fs)
    for (const Function *B : Fs) {
      int AB = sign(E.compare(*A, *B));
      EXPECT_EQ(AB == 0, A == B)
          << "@" << A->getName().str() << " vs @" << B->getName().str();
      EXPECT_EQ(AB, -sign(E.compare(*B, *A)));
      for (const Function *C : Fs) {
        int BC = sign(E.compare(*B, *C)), AC = sign(E.compare(*A, *C));
        if (AB < 0 && BC < 0) {
          EXPECT_LT(AC, 0) << A->getName().str() << "<" << B->getName().str()
                           << "<" << C->getName().str();
        }
      }
    }
}

} // namespace
