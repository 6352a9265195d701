//===- ELFOptTable.h - lld's ELF option table, declared here ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lld's ELF driver reads its command line with an llvm::opt::OptTable
// generated from lld/ELF/Options.td. The table's class is compiled into
// lldELF (`nm -C liblldELF.a` lists lld::elf::ELFOptTable::ELFOptTable()),
// but the header that declares it, lld/ELF/Driver.h, is private to lld and
// not installed with it. So we declare the class here, exactly as LLD 22's
// Driver.h does: a GenericOptTable with a constructor and a parse() (which
// we never call), and no data members of its own, so an object we create
// has the size and layout lld's constructor fills in.
//
// CMakeLists.txt pins LLVM and LLD 22.1. Should a later LLD change this
// class, this declaration must follow it; the unit tests in
// test/unit/LldCommandLineTest.cpp fail if the table stops reading
// arguments the way lld does.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_LINKPLUGIN_DRIVER_ELFOPTTABLE_H
#define LMF_LINKPLUGIN_DRIVER_ELFOPTTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"

namespace lld::elf {

struct Ctx;

class ELFOptTable : public llvm::opt::GenericOptTable {
public:
  ELFOptTable();
  llvm::opt::InputArgList parse(Ctx &, llvm::ArrayRef<const char *> argv);
};

} // namespace lld::elf

#endif
