//===- ThinLTOInputs.h - Which inputs are ThinLTO bitcode -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_LINKPLUGIN_DRIVER_THINLTOINPUTS_H
#define LMF_LINKPLUGIN_DRIVER_THINLTOINPUTS_H

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace lmf {

/// The input files and archive members named by an ld.lld command line
/// (without argv[0]) that hold ThinLTO bitcode, named the way lld names
/// them: `a.o`, `libx.a(m.o)`.
std::vector<std::string> findThinLTOInputs(llvm::ArrayRef<const char *> Args);

} // namespace lmf

#endif
