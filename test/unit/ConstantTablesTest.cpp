//===- ConstantTablesTest.cpp - Which values travel in a table ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// placeParameters decides which parameters of a similar class go into each
// member's constant table: none when all fit in argument registers, else
// those read least, leaving one integer register for the table's address
// and registers for the values no table can hold, and no plan at all when
// those do not fit.
//
//===----------------------------------------------------------------------===//

#include "core/similar/ConstantTables.h"

#include <gtest/gtest.h>

#include <vector>

using namespace lmf;

namespace {

ArgumentRegisters registers(unsigned Integer, unsigned Float) {
  ArgumentRegisters R;
  R.Integer = Integer;
  R.Float = Float;
  return R;
}

ParameterDemand integerParameter(unsigned Positions) {
  return {registers(1, 0), Positions};
}

ParameterDemand floatParameter(unsigned Positions) {
  return {registers(0, 1), Positions};
}

/// x86-64's C convention: six integer and eight vector registers.
std::vector<bool> place(ArgumentRegisters Own,
                        const std::vector<ParameterDemand> &Params,
                        bool *Placed = nullptr) {
  llvm::SmallVector<bool, 8> InTable(Params.size(), true);
  bool Ok = placeParameters(Own, Params, 6, 8, InTable);
  if (Placed)
    *Placed = Ok;
  return std::vector<bool>(InTable.begin(), InTable.end());
}

TEST(ConstantTables, NoTableWhenEverythingFitsInRegisters) {
  bool Placed = false;
  std::vector<bool> InTable = place(
      registers(4, 0), {integerParameter(1), integerParameter(1)}, &Placed);
  EXPECT_TRUE(Placed);
  EXPECT_EQ(InTable, (std::vector<bool>{false, false}));
}

TEST(ConstantTables, ValuesReadMostKeepTheRegistersLeft) {
  // Four own arguments and the table's address leave one register, for the
  // parameter read at three positions; ties go to the earlier parameter.
  std::vector<bool> InTable =
      place(registers(4, 0),
            {integerParameter(1), integerParameter(3), integerParameter(1)});
  EXPECT_EQ(InTable, (std::vector<bool>{true, false, true}));
  InTable = place(registers(4, 0), {integerParameter(2), integerParameter(2),
                                    integerParameter(2)});
  EXPECT_EQ(InTable, (std::vector<bool>{false, true, true}));
}

TEST(ConstantTables, FloatingPointValuesKeepTheirOwnRegisters) {
  // The table's address takes the last integer register; the double still
  // has a vector register of its own.
  std::vector<bool> InTable =
      place(registers(5, 0),
            {integerParameter(1), integerParameter(1), floatParameter(1)});
  EXPECT_EQ(InTable, (std::vector<bool>{true, true, false}));
}

TEST(ConstantTables, ValuesNoTableCanHoldKeepARegister) {
  // The value no table can hold takes the last register, though it is read
  // least; the two others go to the table.
  ParameterDemand Computed = integerParameter(1);
  Computed.MayBeInTable = false;
  std::vector<bool> InTable = place(
      registers(4, 0), {integerParameter(3), integerParameter(2), Computed});
  EXPECT_EQ(InTable, (std::vector<bool>{true, true, false}));
  // With no register left for it besides the table's, there is no plan.
  bool Placed = true;
  place(registers(5, 0), {integerParameter(3), Computed}, &Placed);
  EXPECT_FALSE(Placed);
}

TEST(ConstantTables, NoPlanWithoutARegisterForTheTable) {
  bool Placed = true;
  place(registers(6, 0), {integerParameter(1)}, &Placed);
  EXPECT_FALSE(Placed);
}

} // namespace
