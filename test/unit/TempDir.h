//===- TempDir.h - A scratch directory for one test -------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Driver tests work on real files (response files, libraries found through
// -L, bitcode whose kind is read from disk): each test gets its own
// directory, removed when the test ends.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_TEST_UNIT_TEMPDIR_H
#define LMF_TEST_UNIT_TEMPDIR_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

namespace lmf::test {

class TempDir {
public:
  TempDir() {
    std::error_code EC =
        llvm::sys::fs::createUniqueDirectory("lmf-driver-test", Dir);
    EXPECT_FALSE(EC) << EC.message();
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Dir); }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;

  /// The absolute path of Name in this directory.
  std::string path(const llvm::Twine &Name = "") const {
    llvm::SmallString<256> Path(Dir);
    if (!Name.isTriviallyEmpty())
      llvm::sys::path::append(Path, Name);
    return std::string(Path);
  }

  /// Creates the directory Name (and its parents); returns its path.
  std::string makeDir(const llvm::Twine &Name) const {
    std::string Path = path(Name);
    std::error_code EC = llvm::sys::fs::create_directories(Path);
    EXPECT_FALSE(EC) << Path << ": " << EC.message();
    return Path;
  }

  /// Writes Contents to Name; returns its path.
  std::string write(const llvm::Twine &Name, llvm::StringRef Contents) const {
    std::string Path = path(Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    EXPECT_FALSE(EC) << Path << ": " << EC.message();
    OS << Contents;
    return Path;
  }

private:
  llvm::SmallString<256> Dir;
};

} // namespace lmf::test

#endif
