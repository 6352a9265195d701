//===- CrossModule.h - Folding across the modules of a link -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The public interface of the cross-module stage (core/crossmodule/), for
// the step before a ThinLTO link (linkplugin/driver/CrossModuleFolding.cpp)
// and the backends' peephole pass: collect each module's candidates in
// their cross-module form, plan classes over all modules, rewrite every
// module the plan touches, and retype calls to argument-free shared bodies.
//
//===----------------------------------------------------------------------===//

#ifndef LMF_CORE_CROSSMODULE_H
#define LMF_CORE_CROSSMODULE_H

#include "core/crossmodule/CrossModuleCandidates.h"
#include "core/crossmodule/CrossModulePlanner.h"
#include "core/crossmodule/CrossModuleRewriter.h"
#include "core/crossmodule/LinkSymbolCheck.h"
#include "core/equality/ArgumentFreeBodies.h"

#endif
