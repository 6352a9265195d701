//===- OptionRowValues.h - Values of option rows, for tests -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef LMF_TEST_UNIT_OPTIONROWVALUES_H
#define LMF_TEST_UNIT_OPTIONROWVALUES_H

#include "core/OptionRow.h"

#include <string>
#include <type_traits>

namespace lmf {

/// The value a row's field holds, as text (for comparisons).
inline std::string fieldText(const OptionRow &Row, const MergeOptions &Opts) {
  MergeOptions Copy = Opts;
  return std::visit(
      [](auto *F) -> std::string {
        using T = std::remove_reference_t<decltype(*F)>;
        if constexpr (std::is_same_v<T, std::optional<bool>> ||
                      std::is_same_v<T, std::optional<unsigned>>)
          return *F ? std::to_string(**F) : "unset";
        else
          return std::to_string(*F);
      },
      Row.Field(Copy));
}

/// A value of Row's kind that a default MergeOptions does not hold.
inline std::string otherValue(const OptionRow &Row) {
  MergeOptions Default;
  switch (Row.Kind) {
  case OptionKind::Switch:
    return fieldText(Row, Default) == "1" ? "false" : "true";
  case OptionKind::Integer:
    return "-7";
  case OptionKind::Count:
  case OptionKind::Millionths:
    return std::to_string(Row.Min + 1);
  }
  return "";
}

} // namespace lmf

#endif
