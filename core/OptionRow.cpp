//===- OptionRow.cpp - Read and write one merge option --------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one grammar of the merge options' values, for every place they come
// from (opt's command line, `-mllvm` on a linker, our ld.lld's command line,
// a distributed backend's arguments) and every place they go to. A switch
// reads as LLVM's boolean options do (`true`, `false`, `1`, `0`, the first
// two also capitalised, and the option alone for true), so a command line
// written for a stock ld.lld means the same here; numbers read as LLVM reads
// them (decimal, or hex with 0x) and must lie in the row's range. A value
// outside the grammar is an error that names the option and the value,
// never a silent default.
//
// optionSpelling writes the canonical form setOption reads back, and only
// for a field that differs from a default MergeOptions: what our ld.lld
// passes to the pass is then just what the user changed, in table order.
//
//===----------------------------------------------------------------------===//

#include "core/OptionRow.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace lmf {
namespace {

Error badValue(const OptionRow &Row, StringRef Value, const Twine &Expected) {
  return createStringError(inconvertibleErrorCode(), "-" + Row.Name + "=" +
                                                         Value + ": expected " +
                                                         Expected);
}

Expected<bool> readSwitch(const OptionRow &Row, std::optional<StringRef> V) {
  if (!V)
    return true;
  std::optional<bool> Value =
      StringSwitch<std::optional<bool>>(*V)
          .Cases({"true", "TRUE", "True", "1"}, true)
          .Cases({"false", "FALSE", "False", "0"}, false)
          .Default(std::nullopt);
  if (!Value)
    return badValue(Row, *V, "true or false");
  return *Value;
}

Expected<int64_t> readInteger(const OptionRow &Row,
                              std::optional<StringRef> V) {
  int64_t Value;
  if (!V || V->getAsInteger(0, Value))
    return badValue(Row, V.value_or(""), "an integer");
  return Value;
}

Expected<unsigned> readBounded(const OptionRow &Row,
                               std::optional<StringRef> V) {
  uint64_t Value;
  bool Read = V && !V->getAsInteger(0, Value);
  if (Read && Value >= Row.Min && Value <= Row.Max)
    return unsigned(Value);
  return badValue(
      Row, V.value_or(""),
      Twine(Row.Kind == OptionKind::Millionths ? "millionths" : "a count") +
          " from " + Twine(Row.Min) + " to " + Twine(Row.Max));
}

/// Stores Read's value through Field, a pointer to T or to optional<T>.
template <typename T, typename Field>
Error store(Expected<T> Read, Field *Target) {
  if (!Read)
    return Read.takeError();
  *Target = *Read;
  return Error::success();
}

/// A field's value as optionSpelling writes it.
struct FieldText {
  std::string operator()(bool *F) const { return *F ? "true" : "false"; }
  std::string operator()(std::optional<bool> *F) const {
    return !*F ? "" : **F ? "true" : "false";
  }
  std::string operator()(int64_t *F) const { return std::to_string(*F); }
  std::string operator()(unsigned *F) const { return std::to_string(*F); }
  std::string operator()(std::optional<unsigned> *F) const {
    return *F ? std::to_string(**F) : "";
  }
};

/// Whether two fields of the same alternative hold equal values.
bool sameValue(const OptionField &A, const OptionField &B) {
  return std::visit(
      [&](auto *Left) {
        return *Left == *std::get<std::remove_reference_t<decltype(Left)>>(B);
      },
      A);
}

} // namespace

Error setOption(const OptionRow &Row, MergeOptions &Opts,
                std::optional<StringRef> Value) {
  OptionField Field = Row.Field(Opts);
  switch (Row.Kind) {
  case OptionKind::Switch:
    if (auto *F = std::get_if<bool *>(&Field))
      return store(readSwitch(Row, Value), *F);
    return store(readSwitch(Row, Value),
                 std::get<std::optional<bool> *>(Field));
  case OptionKind::Integer:
    return store(readInteger(Row, Value), std::get<int64_t *>(Field));
  case OptionKind::Count:
  case OptionKind::Millionths:
    if (auto *F = std::get_if<unsigned *>(&Field))
      return store(readBounded(Row, Value), *F);
    return store(readBounded(Row, Value),
                 std::get<std::optional<unsigned> *>(Field));
  }
  return Error::success();
}

std::optional<std::string> optionSpelling(const OptionRow &Row,
                                          const MergeOptions &Opts) {
  MergeOptions Given = Opts, Default;
  OptionField Field = Row.Field(Given);
  if (sameValue(Field, Row.Field(Default)))
    return std::nullopt;
  std::string Value = std::visit(FieldText(), Field);
  if (Row.Kind == OptionKind::Switch && Value == "true")
    return Row.Name.str();
  return (Row.Name + "=" + Value).str();
}

StringRef optionValueWord(const OptionRow &Row) {
  switch (Row.Kind) {
  case OptionKind::Switch:
    return "bool";
  case OptionKind::Integer:
    return "int";
  case OptionKind::Count:
    return "uint";
  case OptionKind::Millionths:
    return "millionths";
  }
  return "value";
}

} // namespace lmf
