//===- SharedBodyNames.h - Names of bodies shared across modules -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_CORE_CROSSMODULE_SHAREDBODYNAMES_H
#define LMF_CORE_CROSSMODULE_SHAREDBODYNAMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <string>

namespace lmf {

/// Which stage's class a shared body serves.
enum class SharedBodyKind { Identical, Similar };

/// The name of the body a class shares across the modules of a ThinLTO
/// link: a prefix for its kind and a hash of Content, what the planner
/// knows of the class that is the same in every link (see
/// SharedBodyNames.cpp). A name already in Used gets a number; the name
/// returned is added to Used.
std::string sharedBodyName(SharedBodyKind Kind,
                           llvm::ArrayRef<uint64_t> Content,
                           llvm::StringSet<> &Used);

} // namespace lmf

#endif
