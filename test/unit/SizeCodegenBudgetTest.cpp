//===- SizeCodegenBudgetTest.cpp - Which functions a run-time budget takes ===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// chooseWithinBudget decides which functions with a hot block code
// generation for size may still take (core/facts/SizeCodegen.h): those that
// execute least per instruction they have, first to last, while together
// they execute at most the budget's share of the module. These tests pin
// that order, the stop at the first function that does not fit, the tie
// rule that keeps the choice deterministic, and the two ends of the range:
// a zero budget takes only functions that execute nothing, a whole one
// takes everything.
//
//===----------------------------------------------------------------------===//

#include "core/facts/SizeCodegen.h"

#include "gtest/gtest.h"

using namespace lmf;

namespace {

TEST(SizeCodegenBudget, TakesTheCheapestPerInstructionFirst) {
  // 1,000 executed over 100 instructions (10 each) goes before 1,000 over
  // 10 (100 each); a budget of 10% of 10,000 has room for one of them.
  std::vector<RunCost> Costs = {{10, 1000}, {100, 1000}, {10, 0}};
  std::vector<bool> Chosen = chooseWithinBudget(Costs, 10000, 100000);
  EXPECT_EQ(Chosen, (std::vector<bool>{false, true, true}));
}

TEST(SizeCodegenBudget, StopsAtTheFirstFunctionThatDoesNotFit) {
  // The cheaper one per instruction does not fit; a later, smaller one is
  // not taken in its place, so the order alone says what is taken.
  std::vector<RunCost> Costs = {{1000, 5000}, {10, 100}};
  std::vector<bool> Chosen = chooseWithinBudget(Costs, 100000, 10000);
  EXPECT_EQ(Chosen, (std::vector<bool>{false, false}));
}

TEST(SizeCodegenBudget, TiesGoToTheEarlierFunction) {
  std::vector<RunCost> Costs = {{10, 500}, {10, 500}, {10, 500}};
  std::vector<bool> Chosen = chooseWithinBudget(Costs, 100000, 10000);
  EXPECT_EQ(Chosen, (std::vector<bool>{true, true, false}));
}

TEST(SizeCodegenBudget, ZeroBudgetTakesOnlyWhatNeverRuns) {
  std::vector<RunCost> Costs = {{10, 1}, {20, 0}, {5, 0}};
  std::vector<bool> Chosen = chooseWithinBudget(Costs, 1000, 0);
  EXPECT_EQ(Chosen, (std::vector<bool>{false, true, true}));
}

TEST(SizeCodegenBudget, WholeBudgetTakesEverything) {
  std::vector<RunCost> Costs = {{10, 700}, {20, 200}, {5, 100}};
  std::vector<bool> Chosen = chooseWithinBudget(Costs, 1000, 1000000);
  EXPECT_EQ(Chosen, (std::vector<bool>{true, true, true}));
}

TEST(SizeCodegenBudget, SaturatedCountsStayOrdered) {
  // Counts at the top of uint64_t (SizeCodegen.cpp saturates its sums)
  // still order and fit without overflow.
  uint64_t Huge = UINT64_MAX;
  std::vector<RunCost> Costs = {{1, Huge}, {1, 1}};
  std::vector<bool> Chosen = chooseWithinBudget(Costs, Huge, 1000);
  EXPECT_EQ(Chosen, (std::vector<bool>{false, true}));
}

} // namespace
