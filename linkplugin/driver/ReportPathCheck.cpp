//===- ReportPathCheck.cpp - Can the report be written? -------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The plugin writes the JSON report at the end of LTO, after what may be
// minutes of work; a typo in its path should not cost those minutes. So
// before linking we check that the report can be written, the same way the
// plugin will write it: core::writeJsonReport creates a temporary file next
// to the report and renames it into place. We therefore create (and remove)
// a temporary file in the report's directory. Asking access(2) instead
// would be wrong for root, who may "write" anywhere by permission bits but
// still cannot create files in /proc or under a regular file.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/ReportPathCheck.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace lmf {

static Error reportError(StringRef Path, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot write merge report '" + Path + "': " + Why);
}

Error checkReportPath(StringRef Path) {
  if (Path == "-")
    return Error::success();
  if (sys::fs::is_directory(Path))
    return reportError(Path, "it is a directory");
  StringRef Dir = sys::path::parent_path(Path);
  if (Dir.empty())
    Dir = ".";
  if (!sys::fs::exists(Dir))
    return reportError(Path, "directory '" + Dir + "' does not exist");
  if (!sys::fs::is_directory(Dir))
    return reportError(Path, "'" + Dir + "' is not a directory");

  SmallString<256> Model(Dir);
  sys::path::append(Model, sys::path::filename(Path) + ".check-%%%%%%");
  int FD;
  SmallString<256> Probe;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Probe))
    return reportError(Path,
                       "cannot create files in '" + Dir + "': " + EC.message());
  sys::fs::closeFile(FD);
  sys::fs::remove(Probe);
  return Error::success();
}

} // namespace lmf
