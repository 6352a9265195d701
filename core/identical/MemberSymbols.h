//===- MemberSymbols.h - Symbols of members whose calls moved ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_IDENTICAL_MEMBERSYMBOLS_H
#define LMF_CORE_IDENTICAL_MEMBERSYMBOLS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace lmf {

struct MergeResult;

/// A member whose calls now run the code of another function directly:
/// Member's calls reach Target (a name in the module, which may itself have
/// moved on since: another member, or a body).
struct MovedCalls {
  std::string Member;
  std::string Target;
  /// Member has no symbol of its own where its calls run (erased, calls
  /// rewritten, a thunk its direct callers bypass): it gets a member
  /// symbol. False for an alias, which is a symbol at its target already
  /// and only passes the calls on.
  bool NeedsSymbol = true;
};

/// The metadata a shared body across modules carries: the names of the
/// class's members, in every module, whose calls reach it directly.
inline constexpr llvm::StringLiteral MembersMetadataName = "lmf.members";

/// Records Members on Body, a shared body across modules, for the backend
/// that keeps Body's copy (takeSharedBodyMembers); nothing in a module
/// without debug information.
void recordSharedBodyMembers(llvm::Function &Body,
                             llvm::ArrayRef<std::string> Members);

/// The members recorded on M's definitions by recordSharedBodyMembers, each
/// once, in module order; the metadata is removed. Copies of a shared body
/// that the link does not keep (`available_externally`, declarations) are
/// skipped: the backend that keeps it gives its members their symbols.
std::vector<MovedCalls> takeSharedBodyMembers(llvm::Module &M);

/// The members of a merge's result whose calls moved: identical members
/// erased, made aliases or callers-redirected, similar and aligned members
/// whose calls were rewritten.
void appendMovedCalls(const MergeResult &Result, std::vector<MovedCalls> &Out);

/// Gives every member of Moved that needs one a member symbol: a local
/// alias of the function its calls now reach (following Target through
/// members that moved on), named after the member, or `<member>.lmf.calls`
/// where the member's name is taken in M, and of size 0, so that a
/// debugger finds the member by name while symbolizers and profilers keep
/// naming the function. Only in ELF modules with debug information.
/// Returns how many it added.
unsigned addMemberSymbols(llvm::Module &M, llvm::ArrayRef<MovedCalls> Moved);

} // namespace lmf

#endif
