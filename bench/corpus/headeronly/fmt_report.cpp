// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Formatting with {fmt} (header-only mode): format strings checked at compile
// time instantiate one formatting routine per argument list, and custom
// formatters, ranges, chrono and named arguments add more. Output:
// bench/corpus/headeronly/fmt_report.expected.
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <map>
#include <string>
#include <tuple>
#include <vector>

struct Money {
  long cents;
};
struct Point3 {
  int x, y, z;
};
enum class Level { Low, Mid, High };

template <> struct fmt::formatter<Money> : fmt::formatter<std::string> {
  auto format(Money m, format_context &ctx) const {
    return fmt::formatter<std::string>::format(
        fmt::format("${}.{:02}", m.cents / 100, m.cents % 100), ctx);
  }
};
template <> struct fmt::formatter<Point3> {
  constexpr auto parse(format_parse_context &ctx) { return ctx.begin(); }
  auto format(const Point3 &p, format_context &ctx) const {
    return fmt::format_to(ctx.out(), "({}, {}, {})", p.x, p.y, p.z);
  }
};
template <> struct fmt::formatter<Level> : fmt::formatter<fmt::string_view> {
  auto format(Level l, format_context &ctx) const {
    fmt::string_view name = l == Level::Low ? "low"
                            : l == Level::Mid ? "mid"
                                              : "high";
    return fmt::formatter<fmt::string_view>::format(name, ctx);
  }
};

template <class T> static void row(const char *label, const T &value) {
  fmt::print("{:<12}|{:>16}|\n", label, value);
}

int main() {
  row("int", 42);
  row("long", -1234567890123L);
  row("unsigned", 4000000000u);
  row("double", 3.14159265358979);
  row("float", 2.5f);
  row("string", std::string("hello"));
  row("money", Money{123456});
  row("level", Level::Mid);
  fmt::print("{:#x} {:#o} {:#b} {:e} {:.3g} {:+d}\n", 255, 8, 5, 12345.678,
             0.000123456, 7);
  fmt::print("{:*^30}\n", " centered ");
  std::vector<int> v{5, 3, 9, 1};
  std::map<std::string, double> m{{"alpha", 1.5}, {"beta", -2.25}};
  std::tuple<int, std::string, Level> t{7, "seven", Level::High};
  fmt::print("vector {} map {} tuple {}\n", v, m, t);
  fmt::print("joined: {}\n", fmt::join(v, " | "));
  std::vector<Point3> pts{{1, 2, 3}, {4, 5, 6}};
  fmt::print("points: {}\n", fmt::join(pts, "; "));
  fmt::print("{name} owes {amount} at level {lvl}\n", fmt::arg("name", "Ann"),
             fmt::arg("amount", Money{9905}), fmt::arg("lvl", Level::Low));
  std::chrono::seconds s(3725);
  fmt::print("duration {} = {:%H:%M:%S}\n", s, s);
  std::string buf;
  for (int i = 0; i < 5; ++i)
    fmt::format_to(std::back_inserter(buf), "[{}:{:.1f}]", i, i * 0.5);
  fmt::print("{} ({} chars)\n", buf, buf.size());
  fmt::memory_buffer mb;
  fmt::format_to(std::back_inserter(mb), "{}-{}-{}", 'a', true, nullptr);
  fmt::print("{}\n", fmt::to_string(mb));
  fmt::print("{}\n", fmt::format("{0}{1}{0}", "ab", "cd"));
  return 0;
}
