//===- MergeNames.cpp - Names of the functions merging creates ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Release builds are symbolized: crash reporters, `perf report`,
// `llvm-symbolizer` and debuggers show the name of the function that ran,
// taken from the symbol table. A body that merging creates runs for every
// member of its class, so its name is one of theirs with a suffix that says
// what it is. This is the one place those names are made.
//
// The suffix is a clone suffix to both demanglers: LLVM's prints whatever
// follows the encoding's first dot in parentheses; GNU's (c++filt, gdb,
// perf, binutils) accepts `.` followed by lower-case letters, digits or
// `_`, then `.` and digits, repeatedly, and fails on anything else, a
// hexadecimal hash after a dot among them. So the suffixes are words, and
// the only number is a count.
//
// Whose name:
//  - in one module, the kept member's: its body is the one that moves
//    (`.lmf.body`, `.lmf.similar`), so the body's debug subprogram, and the
//    lines a symbolizer prints with the name, are that member's;
//  - across the modules of a ThinLTO link, the class's first member in
//    module order (`.lmf.shared` for identical twins, `.lmf.similar` for
//    similar ones). Every module that holds a member defines a copy of the
//    shared body from its own first member, and the link keeps the copy of
//    the first module on the command line that defines it, which holds the
//    class's first member: the name and the kept copy's debug information
//    agree again. The name is made once, by the plan before the link, so it
//    is the same in every module, for any number of threads or ThinLTO
//    jobs, in process and distributed; the same twins in the same order get
//    the same name in every link, and an unchanged module keeps its bytes
//    (and its ThinLTO cache entries).
//
// Unique where it must be. A body shared across modules is `linkonce_odr`
// in a comdat of its name, so two classes must never share one: the first
// members of two classes may be `static` functions of one name in two
// units, and the second class then gets `.2`. Bodies made in one module are
// internal: a name LLVM finds taken there it makes unique itself (`.1`),
// which both demanglers read as part of the clone suffix, and local symbols
// of one name in two objects never clash.
//
// The backends' peephole (RetypeSharedBodyCallsPass) recognizes the shared
// bodies of argument-free twins by name (isIdenticalSharedBodyName), so that
// recognition must be exact: the suffix ends the name, optionally with the
// count, which no identifier of C or C++ can spell (they have no dots) and
// no clone LLVM makes of the body keeps (`.specialized.1`, `.cold.1` are
// appended after it).
//
//===----------------------------------------------------------------------===//

#include "core/MergeNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace lmf {

static StringRef suffixOf(SharedBodyKind Kind) {
  switch (Kind) {
  case SharedBodyKind::Identical:
    return SharedBodySuffix;
  case SharedBodyKind::Similar:
    return SimilarBodySuffix;
  }
  llvm_unreachable("every kind of shared body has a suffix");
}

std::string sharedBodyName(SharedBodyKind Kind, StringRef FirstMember,
                           StringSet<> &Used) {
  std::string Base = memberDerivedName(FirstMember, suffixOf(Kind));
  std::string Name = Base;
  for (unsigned N = 2; !Used.insert(Name).second; ++N)
    Name = Base + "." + std::to_string(N);
  return Name;
}

bool isIdenticalSharedBodyName(StringRef Name) {
  size_t At = Name.rfind(SharedBodySuffix);
  if (At == 0 || At == StringRef::npos)
    return false;
  StringRef Rest = Name.drop_front(At + SharedBodySuffix.size());
  if (Rest.empty())
    return true;
  // A count: `.` and decimal digits, the first not 0.
  return Rest.size() >= 2 && Rest.front() == '.' && Rest[1] != '0' &&
         all_of(Rest.drop_front(), isDigit);
}

} // namespace lmf
