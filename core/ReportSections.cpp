//===- ReportSections.cpp - What every section of the report shares ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Members and refusals are written alike in every stage's section of the
// report, and read back alike from a distributed backend's report; the
// merge actions keep the names the listing uses (MergeActions.cpp).
//
//===----------------------------------------------------------------------===//

#include "core/ReportSections.h"

using namespace llvm;

namespace lmf {

json::Array membersToJson(ArrayRef<MergedMember> Members) {
  json::Array Out;
  for (const MergedMember &M : Members)
    Out.push_back(json::Object{{key::Name, M.Name},
                               {key::Action, mergeActionName(M.Action)}});
  return Out;
}

json::Array refusalsToJson(ArrayRef<RefusedMember> Refusals) {
  json::Array Out;
  for (const RefusedMember &F : Refusals)
    Out.push_back(json::Object{{key::Function, F.Name},
                               {key::Survivor, F.ClassName},
                               {key::Reason, F.Reason}});
  return Out;
}

bool fromJSON(const json::Value &V, MergedMember &M, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map(key::Name, M.Name) && O.map(key::Action, M.Action);
}

bool fromJSON(const json::Value &V, RefusedMember &F, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map(key::Function, F.Name) &&
         O.map(key::Survivor, F.ClassName) && O.map(key::Reason, F.Reason);
}

} // namespace lmf
