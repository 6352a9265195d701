//===- MergeNamesTest.cpp - Names of the functions merging creates --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The names merging gives the bodies it creates (MergeNames.h): a member's
// name and a suffix, numbered where two classes across modules would share
// one, and the exact recognition the backends' peephole relies on.
//
//===----------------------------------------------------------------------===//

#include "core/MergeNames.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace lmf;

namespace {

TEST(MergeNames, BodiesAreNamedAfterAMember) {
  EXPECT_EQ(memberDerivedName("_ZN1A3getEi", PrivateBodySuffix),
            "_ZN1A3getEi.lmf.body");
  EXPECT_EQ(memberDerivedName("lookup", SimilarBodySuffix),
            "lookup.lmf.similar");
  EXPECT_EQ(memberDerivedName("lookup", ConstantTableSuffix),
            "lookup.lmf.constants");
  StringSet<> Used;
  EXPECT_EQ(sharedBodyName(SharedBodyKind::Identical, "_Z3sumPKli", Used),
            "_Z3sumPKli.lmf.shared");
  EXPECT_EQ(sharedBodyName(SharedBodyKind::Similar, "_Z3sumPKli", Used),
            "_Z3sumPKli.lmf.similar");
}

TEST(MergeNames, SharedNamesAreUniqueInOneLink) {
  StringSet<> Used;
  EXPECT_EQ(sharedBodyName(SharedBodyKind::Identical, "mix", Used),
            "mix.lmf.shared");
  EXPECT_EQ(sharedBodyName(SharedBodyKind::Identical, "mix", Used),
            "mix.lmf.shared.2");
  EXPECT_EQ(sharedBodyName(SharedBodyKind::Identical, "mix", Used),
            "mix.lmf.shared.3");
  EXPECT_TRUE(Used.contains("mix.lmf.shared.2"));
}

TEST(MergeNames, IdenticalSharedBodiesAreRecognizedExactly) {
  for (StringRef Name : {"_Z3sumPKli.lmf.shared", "f.lmf.shared.2",
                         "f.lmf.shared.12", "a.b.lmf.shared"})
    EXPECT_TRUE(isIdenticalSharedBodyName(Name)) << Name.str();
  for (StringRef Name :
       {"f", "lmf.shared", ".lmf.shared", "f.lmf.similar", "f.lmf.body",
        "f.lmf.shared.", "f.lmf.shared.0", "f.lmf.shared.2a",
        "f.lmf.shared.specialized.1", "f.lmf.shared.cold.1", "f.lmf.sharedx",
        "f.lmf.shared.lmf.similar", "__lmf.xm.537d7b79e5627191"})
    EXPECT_FALSE(isIdenticalSharedBodyName(Name)) << Name.str();
}

} // namespace
