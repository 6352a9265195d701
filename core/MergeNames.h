//===- MergeNames.h - Names of the functions merging creates ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every function or table that merging creates is named after a member of
// its class: the member's (mangled) name and a suffix that says what it is.
// People read these names in backtraces, profiles and debuggers, and both
// demanglers print the suffix as a clone suffix (`llvm-cxxfilt`:
// `A::get(int) (.lmf.shared)`; GNU `c++filt`, gdb, perf: `A::get(int)
// [clone .lmf] [clone .shared]`). MergeNames.cpp says why each name is
// what it is; the docs (linker.md, "Reading a backtrace of a merged
// program") say how to read them.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_MERGENAMES_H
#define LMF_CORE_MERGENAMES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace lmf {

/// An identical class in one module whose kept member may be replaced at
/// link time: its body moves to an internal copy, `<kept member>.lmf.body`.
inline constexpr llvm::StringLiteral PrivateBodySuffix = ".lmf.body";
/// A similar class's shared body, in one module or across the modules of a
/// ThinLTO link: `<first member>.lmf.similar`.
inline constexpr llvm::StringLiteral SimilarBodySuffix = ".lmf.similar";
/// An aligned pair's merged body: `<member whose identifier is 0>.lmf.aligned`
/// (a body merged again in a later round keeps adding the suffix).
inline constexpr llvm::StringLiteral AlignedBodySuffix = ".lmf.aligned";
/// An identical class's body shared across the modules of a ThinLTO link:
/// `<first member>.lmf.shared`.
inline constexpr llvm::StringLiteral SharedBodySuffix = ".lmf.shared";
/// A similar member's constant table: `<member>.lmf.constants`.
inline constexpr llvm::StringLiteral ConstantTableSuffix = ".lmf.constants";
/// A member symbol (a debugger's name for a member whose calls now run a
/// body directly, identical/MemberSymbols.h) where the member's own name
/// is taken in the module, by its thunk or another function:
/// `<member>.lmf.calls`.
inline constexpr llvm::StringLiteral MemberCallsSuffix = ".lmf.calls";

/// Member's name with Suffix, one of the suffixes above.
inline std::string memberDerivedName(llvm::StringRef Member,
                                     llvm::StringRef Suffix) {
  return (llvm::Twine(Member) + Suffix).str();
}

/// Which stage's class a body shared across modules serves.
enum class SharedBodyKind { Identical, Similar };

/// The name of the body a class shares across the modules of a ThinLTO
/// link: FirstMember's name, the member whose module's copy the link keeps,
/// with the kind's suffix, and `.2`, `.3`... when the name is already in
/// Used (two classes whose first members are `static` functions of one
/// name). The name returned is added to Used.
std::string sharedBodyName(SharedBodyKind Kind, llvm::StringRef FirstMember,
                           llvm::StringSet<> &Used);

/// True when Name is that of an identical class's body shared across
/// modules (sharedBodyName with SharedBodyKind::Identical): it ends in
/// SharedBodySuffix, or in it and a number. No C or C++ function has such a
/// name (identifiers have no dots), nor does a clone LLVM makes of one
/// (`.specialized.1`, `.cold.1` follow it).
bool isIdenticalSharedBodyName(llvm::StringRef Name);

} // namespace lmf

#endif
