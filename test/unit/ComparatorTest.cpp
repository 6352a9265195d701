#include "core/FunctionComparator.h"
#include <gtest/gtest.h>
TEST(Smoke, Placeholder) { EXPECT_EQ(lmf::compareEncodings({1}, {1}), 0); }
