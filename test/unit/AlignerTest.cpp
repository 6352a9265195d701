//===- AlignerTest.cpp - The aligned stage's alignment --------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// alignSequences is the core of the aligned stage's aligner: a
// Needleman-Wunsch alignment with affine gaps, banded when the table would be
// large. These tests hold it to what the stage relies on: every element of
// each sequence appears once, in order; equal sequences align on the
// diagonal; an insertion costs one gap run; the band changes nothing when
// the optimum lies inside it and bounds the work when it does not; ties are
// broken the same way every time. alignFunctions is then checked on IR: the
// two strategies line up functions that differ in one instruction, and the
// result never matches what must stay apart.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "core/aligned/Aligner.h"
#include "core/aligned/SequenceAlignment.h"
#include "core/aligned/ShapeHasher.h"

#include "llvm/IR/Instructions.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <random>

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

using Columns = std::vector<std::pair<int, int>>;

/// Aligns two strings, matching equal characters for 10.
Columns alignStrings(StringRef A, StringRef B, int64_t GapOpen = 0,
                     uint64_t FullCells = 1 << 20, unsigned Band = 48) {
  return alignSequences(
      A.size(), B.size(),
      [&](unsigned I, unsigned J) -> int64_t { return A[I] == B[J] ? 10 : 0; },
      FullCells, Band, GapOpen);
}

/// Every index of both sequences once, in increasing order.
void expectComplete(const Columns &Cols, unsigned N, unsigned M) {
  int NextI = 0, NextJ = 0;
  for (auto [I, J] : Cols) {
    if (I >= 0) {
      EXPECT_EQ(I, NextI++);
    }
    if (J >= 0) {
      EXPECT_EQ(J, NextJ++);
    }
    EXPECT_TRUE(I >= 0 || J >= 0);
  }
  EXPECT_EQ(NextI, int(N));
  EXPECT_EQ(NextJ, int(M));
}

unsigned matches(const Columns &Cols) {
  unsigned N = 0;
  for (auto [I, J] : Cols)
    N += I >= 0 && J >= 0;
  return N;
}

TEST(AlignSequences, EqualSequencesAlignOnTheDiagonal) {
  Columns Cols = alignStrings("abcdefgh", "abcdefgh");
  ASSERT_EQ(Cols.size(), 8u);
  for (int K = 0; K < 8; ++K)
    EXPECT_EQ(Cols[K], std::make_pair(K, K));
}

TEST(AlignSequences, AnInsertionIsOneGap) {
  Columns Cols = alignStrings("abcdefgh", "abcXdefgh", /*GapOpen=*/50);
  expectComplete(Cols, 8, 9);
  EXPECT_EQ(matches(Cols), 8u);
  EXPECT_EQ(Cols[3], std::make_pair(-1, 3));
}

TEST(AlignSequences, NothingMatchesWithoutGain) {
  Columns Cols = alignStrings("abc", "xyz");
  expectComplete(Cols, 3, 3);
  EXPECT_EQ(matches(Cols), 0u);
}

TEST(AlignSequences, GapOpeningKeepsOneRunInsteadOfScatteredMatches) {
  // Matching the lone 'q' in the middle would split one run of unmatched
  // elements into two: with a gap opening cost above its gain it stays
  // unmatched, without one it is matched.
  const char *A = "abcXqXdef", *B = "abcYqYdef";
  auto Gain = [&](unsigned I, unsigned J) -> int64_t {
    if (A[I] != B[J])
      return 0;
    return A[I] == 'q' ? 10 : 100;
  };
  Columns Cheap = alignSequences(9, 9, Gain, 1 << 20, 48, /*GapOpen=*/0);
  Columns Costly = alignSequences(9, 9, Gain, 1 << 20, 48, /*GapOpen=*/50);
  expectComplete(Cheap, 9, 9);
  expectComplete(Costly, 9, 9);
  EXPECT_EQ(matches(Cheap), 7u);
  EXPECT_EQ(matches(Costly), 6u);
}

TEST(AlignSequences, BandChangesNothingWhenTheOptimumIsInside) {
  std::mt19937_64 Rng(42);
  for (int Round = 0; Round < 20; ++Round) {
    std::string A, B;
    for (int K = 0; K < 300; ++K)
      A += char('a' + Rng() % 4);
    B = A;
    // A few edits, each far less than the band away from the diagonal.
    for (int E = 0; E < 5; ++E) {
      size_t At = Rng() % B.size();
      if (Rng() % 2)
        B.insert(B.begin() + At, 'z');
      else
        B.erase(B.begin() + At);
    }
    Columns Full = alignStrings(A, B, 50, /*FullCells=*/1 << 30);
    Columns Banded = alignStrings(A, B, 50, /*FullCells=*/0, /*Band=*/24);
    expectComplete(Banded, A.size(), B.size());
    EXPECT_EQ(matches(Full), matches(Banded)) << "round " << Round;
  }
}

TEST(AlignSequences, BandBoundsTheWork) {
  // Two long, unlike sequences: the full table would have 4 * 10^8 cells.
  unsigned N = 20000, M = 19000;
  std::atomic<uint64_t> Asked{0};
  auto Start = std::chrono::steady_clock::now();
  Columns Cols = alignSequences(
      N, M,
      [&](unsigned I, unsigned J) -> int64_t {
        ++Asked;
        return (I * 7 + J) % 5 == 0 ? 10 : 0;
      },
      /*FullCells=*/1 << 16, /*Band=*/48, 50);
  double Seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
  expectComplete(Cols, N, M);
  // Each row looks at about 2 * Band + M / N + 3 cells.
  EXPECT_LT(Asked.load(), uint64_t(N) * 110);
  EXPECT_LT(Seconds, 10.0);
}

TEST(AlignSequences, TiesAreBrokenTheSameWay) {
  Columns First = alignStrings("aaaaab", "aaab", 50);
  for (int K = 0; K < 5; ++K)
    EXPECT_EQ(alignStrings("aaaaab", "aaab", 50), First);
  expectComplete(First, 6, 4);
  EXPECT_EQ(matches(First), 4u);
}

// x86-64: the aligner's prices (branches, selects) were measured there, and
// a module without a triple takes the byte model's fallback, whose 4.3 bytes
// per instruction make the short matched run of `then` an island.
const char *const TwoFunctions = R"(
target triple = "x86_64-unknown-linux-gnu"

declare void @use(i32)

define i32 @f1(i32 %x, ptr %p) {
entry:
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %c = icmp sgt i32 %a, 10
  br i1 %c, label %then, label %done
then:
  %b = mul i32 %a, %a
  call void @use(i32 %b)
  br label %done
done:
  %r = phi i32 [ %a, %entry ], [ %b, %then ]
  %v = load volatile i32, ptr %p
  %s = add i32 %r, %v
  ret i32 %s
}

define i32 @f2(i32 %x, ptr %p) {
entry:
  %a = add i32 %x, 1
  call void @use(i32 %a)
  %c = icmp sgt i32 %a, 10
  br i1 %c, label %then, label %done
then:
  %b = mul i32 %a, %a
  %extra = xor i32 %b, 3
  call void @use(i32 %extra)
  br label %done
done:
  %r = phi i32 [ %a, %entry ], [ %extra, %then ]
  %v = load i32, ptr %p
  %s = add i32 %r, %v
  ret i32 %s
}
)";

struct PairFixture {
  LLVMContext C;
  std::unique_ptr<Module> M;
  std::unique_ptr<GlobalNumbering> Globals;
  std::unique_ptr<AnnotationPolicy> Policy;
  std::mutex Lock;

  PairFixture() {
    M = parseIR(C, TwoFunctions);
    Globals = std::make_unique<GlobalNumbering>(*M);
    Policy = std::make_unique<AnnotationPolicy>(*M);
  }

  PairAlignment align(AlignmentStrategy Strategy) {
    ByteModel Bytes = ByteModel::forModule(*M);
    PairContext Ctx{*fn(*M, "f1"), *fn(*M, "f2"), *Policy,
                    Lock,          Bytes,         Bytes.costsOf(*fn(*M, "f1"))};
    ShapeHasher Hasher(*Globals);
    std::array<MemberShape, 2> Shapes = {MemberShape(Ctx.Left, Hasher),
                                         MemberShape(Ctx.Right, Hasher)};
    return alignFunctions(Ctx, Shapes, Strategy);
  }
};

TEST(AlignFunctions, BothStrategiesLineUpTheSharedInstructions) {
  PairFixture F;
  ASSERT_TRUE(F.M);
  for (AlignmentStrategy S :
       {AlignmentStrategy::Blocks, AlignmentStrategy::Linear}) {
    PairAlignment A = F.align(S);
    // Everything but the xor and the two loads (one is volatile) is matched
    // when blocks are paired first. Aligned as one sequence each, `then`'s
    // call and branch after the xor are a matched run between two unmatched
    // ones that saves less than the branch on the identifier it costs (an
    // island, Aligner.cpp's IslandTenths), so they and the phi stay apart.
    EXPECT_GE(A.matchedInstructions(),
              S == AlignmentStrategy::Blocks ? 10u : 7u);
    MatchMap Matches = matchesOf(A);
    for (auto [L, R] : Matches) {
      EXPECT_EQ(L->getOpcode(), R->getOpcode());
      EXPECT_EQ(L->getParent()->getParent()->getName(), "f1");
    }
    // A volatile load never matches a plain one.
    for (auto [L, R] : Matches) {
      if (const auto *LI = dyn_cast<LoadInst>(L)) {
        EXPECT_EQ(LI->isVolatile(), cast<LoadInst>(R)->isVolatile());
      }
    }
  }
}

TEST(AlignFunctions, RangesHoldEachMembersBlocksInOrder) {
  PairFixture F;
  ASSERT_TRUE(F.M);
  for (AlignmentStrategy S :
       {AlignmentStrategy::Blocks, AlignmentStrategy::Linear}) {
    PairAlignment A = F.align(S);
    for (unsigned K = 0; K < 2; ++K) {
      const Function &Fn = *fn(*F.M, K ? "f2" : "f1");
      // Every reachable block starts in exactly one range.
      EXPECT_EQ(A.StartRange[K].size(), Fn.size());
      for (const AlignedRange &R : A.Ranges) {
        if (!R.has(K))
          continue;
        const Instruction *Last = nullptr;
        for (const AlignedColumn &C : R.Columns)
          if (const Instruction *I = C.side(K)) {
            EXPECT_EQ(I->getParent(), R.Blocks[K]);
            if (Last) {
              EXPECT_TRUE(Last->comesBefore(I));
            }
            Last = I;
          }
        EXPECT_EQ(R.Ends[K], Last && Last->isTerminator());
        EXPECT_EQ(R.Next[K] < 0, R.Ends[K]);
      }
    }
  }
}

} // namespace
