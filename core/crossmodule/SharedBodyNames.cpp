//===- SharedBodyNames.cpp - Names of bodies shared across modules --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A class folded or merged across ThinLTO modules gets a new function, the
// shared body, defined `linkonce_odr` in every module with a member, so
// that the link keeps one copy. Its name must be the same in every module
// of one link and, for the ThinLTO cache, the same in every link of the
// same twins: an unchanged module then keeps its bytes. So the name is a
// hash of what the planner knows of the class, not of where it sits: the
// skeletons of the class and of the classes it refers to (identical), or
// the similar skeleton and the positions each parameter stands for
// (similar). Two classes of one link with the same content are told apart
// by a number. This is the one place those names are made; the backends
// recognize the identical ones by their prefix (SharedBodyPrefix,
// ArgumentFreeBodies.h).
//
//===----------------------------------------------------------------------===//

#include "core/crossmodule/SharedBodyNames.h"

#include "core/equality/ArgumentFreeBodies.h"
#include "core/equality/StructuralHash.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace lmf {

static StringRef prefixOf(SharedBodyKind Kind) {
  switch (Kind) {
  case SharedBodyKind::Identical:
    return SharedBodyPrefix;
  case SharedBodyKind::Similar:
    return "__lmf.xs.";
  }
  llvm_unreachable("every kind of shared body has a prefix");
}

std::string sharedBodyName(SharedBodyKind Kind, ArrayRef<uint64_t> Content,
                           StringSet<> &Used) {
  std::string Base = prefixOf(Kind).str() +
                     utohexstr(hashEncoding(Content), /*LowerCase=*/true, 16);
  std::string Name = Base;
  for (unsigned N = 1; !Used.insert(Name).second; ++N)
    Name = Base + "." + std::to_string(N);
  return Name;
}

} // namespace lmf
