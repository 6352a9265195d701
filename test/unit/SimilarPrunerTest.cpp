//===- SimilarPrunerTest.cpp - Which members a similar class keeps --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pruner both similar planners share (SimilarPruner.h), on a model of
// plain numbers: a table of value ids, a register budget, a gain of so many
// bytes per member less so many per parameter. Positions group into one
// parameter when their columns agree; the member that deviates most goes
// first (the latest on ties); a class pays or loses members until it does;
// a table is tried only when the parameters of all members do not fit, and
// wins only when it saves more.
//
//===----------------------------------------------------------------------===//

#include "core/similar/SimilarPruner.h"

#include <gtest/gtest.h>

#include <vector>

using namespace lmf;

namespace {

/// Members' values by row; a parameter takes one register unless in a
/// table (the table's address takes one); a class saves BodyBytes per
/// member but one, less ParameterBytes per member and parameter in a
/// register and TableBytes per member with a table.
class NumberModel final : public SimilarClassModel {
public:
  explicit NumberModel(std::vector<std::vector<uint32_t>> Rows)
      : Rows(std::move(Rows)) {}

  unsigned numPositions() const override { return Rows.front().size(); }
  uint32_t valueId(unsigned Member, unsigned Position) const override {
    return Rows[Member][Position];
  }
  bool place(llvm::ArrayRef<unsigned>, llvm::ArrayRef<PrunedParameter> Params,
             llvm::MutableArrayRef<bool> InTable) const override {
    if (Params.size() <= Registers)
      return true;
    if (Registers == 0)
      return false;
    // The table's address takes a register.
    for (size_t I = Registers - 1; I < Params.size(); ++I)
      InTable[I] = true;
    return true;
  }
  int64_t gain(llvm::ArrayRef<unsigned> Members,
               llvm::ArrayRef<PrunedParameter> Params) const override {
    int64_t Gain = (int64_t(Members.size()) - 1) * BodyBytes;
    bool Table = false;
    for (const PrunedParameter &P : Params) {
      Table |= P.InTable;
      if (!P.InTable)
        Gain -= ParameterBytes * int64_t(Members.size());
    }
    if (Table)
      Gain -= TableBytes * int64_t(Members.size());
    return Gain;
  }

  std::vector<std::vector<uint32_t>> Rows;
  unsigned Registers = 6;
  int64_t BodyBytes = 64, ParameterBytes = 4, TableBytes = 8;
};

std::vector<unsigned> all(const NumberModel &M) {
  std::vector<unsigned> Members(M.Rows.size());
  for (unsigned I = 0; I < Members.size(); ++I)
    Members[I] = I;
  return Members;
}

TEST(SimilarPruner, PositionsWithOneColumnShareAParameter) {
  // Positions 0 and 2 agree member by member, 1 is constant, 3 differs.
  NumberModel M({{1, 5, 1, 7}, {2, 5, 2, 7}, {3, 5, 3, 8}});
  std::vector<PrunedParameter> Params = parametersOfClass(M, all(M));
  ASSERT_EQ(Params.size(), 2u);
  EXPECT_EQ(std::vector<unsigned>(Params[0].Positions.begin(),
                                  Params[0].Positions.end()),
            (std::vector<unsigned>{0, 2}));
  EXPECT_EQ(Params[0].Column, (std::vector<uint32_t>{1, 2, 3}));
  EXPECT_EQ(std::vector<unsigned>(Params[1].Positions.begin(),
                                  Params[1].Positions.end()),
            (std::vector<unsigned>{3}));
}

TEST(SimilarPruner, MostDeviatingIsTheOddOneOutAndTheLatestOnTies) {
  NumberModel Odd({{1, 1}, {1, 1}, {2, 3}, {1, 1}});
  EXPECT_EQ(mostDeviatingMember(Odd, all(Odd)), 2u);
  // No value repeats at position 0: only position 1 counts, where members
  // 0 and 2 deviate alike; the later one goes.
  NumberModel Tie({{1, 9}, {2, 4}, {3, 8}, {4, 4}});
  EXPECT_EQ(mostDeviatingMember(Tie, all(Tie)), 2u);
}

TEST(SimilarPruner, DropsMembersUntilTheParametersFit) {
  // Member 3 alone needs a second parameter.
  NumberModel M({{1, 5}, {2, 5}, {3, 5}, {4, 6}});
  M.Registers = 1;
  PrunedClass C = pruneSimilarClass(M, all(M), /*MinimumGain=*/16,
                                    /*MayUseTables=*/false);
  EXPECT_EQ(std::vector<unsigned>(C.Members.begin(), C.Members.end()),
            (std::vector<unsigned>{0, 1, 2}));
  ASSERT_EQ(C.Refusals.size(), 1u);
  EXPECT_EQ(C.Refusals[0].first, 3u);
  EXPECT_EQ(C.Refusals[0].second,
            "needs more parameters than argument registers");
  EXPECT_EQ(C.EstimatedBytesSaved, 2 * 64 - 3 * 4);
  EXPECT_FALSE(C.usesTable());
}

TEST(SimilarPruner, ATableWinsOnlyWhenItSavesMore) {
  NumberModel M({{1, 5}, {2, 5}, {3, 5}, {4, 6}});
  M.Registers = 1;
  // With a table all four stay: 3 * 64 - 4 * 8 = 160 against 116.
  PrunedClass C = pruneSimilarClass(M, all(M), 16, /*MayUseTables=*/true);
  EXPECT_EQ(C.Members.size(), 4u);
  EXPECT_TRUE(C.usesTable());
  EXPECT_EQ(C.EstimatedBytesSaved, 160);
  // A dear table loses to leaving member 3 out.
  M.TableBytes = 40;
  C = pruneSimilarClass(M, all(M), 16, true);
  EXPECT_EQ(C.Members.size(), 3u);
  EXPECT_FALSE(C.usesTable());
}

TEST(SimilarPruner, AClassThatDoesNotPayIsRefusedWhole) {
  NumberModel M({{1}, {2}});
  M.BodyBytes = 8;
  PrunedClass C = pruneSimilarClass(M, all(M), 16, true);
  EXPECT_TRUE(C.Members.empty());
  ASSERT_EQ(C.Refusals.size(), 2u);
  EXPECT_EQ(C.Refusals[0].second, "merging saves too few bytes");
  // The same class pays when asked for less.
  EXPECT_EQ(pruneSimilarClass(M, all(M), -100, true).Members.size(), 2u);
}

} // namespace
