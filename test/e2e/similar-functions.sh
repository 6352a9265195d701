#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Similar merging as users run it: a C++ program whose functions differ only
# in the globals they update and the constants they pass (per-counter
# recorders, virtual methods of several classes, recursive walkers), linked
# with --lto-merge-functions and --lto-merge-similar-functions. The program
# prints the same as without merging, function pointers of merged functions
# stay distinct, virtual calls reach the right override, `.text` is smaller
# than with identical merging alone, the listing shows thunks and rewritten
# calls, and the binary is the same for --threads=1 and 2.
source "$(dirname "$0")/common.bash"

cat > prog.cpp <<'CPP'
#include <cstdio>
#include <cstring>

static long read_count, read_sum, write_count, write_sum, seek_count, seek_sum,
    flush_count, flush_sum;
static char last_tag[32];

#define RECORDER(NAME, COUNT, SUM, LABEL)                                    \
  __attribute__((noinline)) static void NAME(long v) {                       \
    COUNT++;                                                                 \
    SUM += v * 3 + (COUNT & 7);                                              \
    for (long i = 0; i < (v & 3); ++i) SUM ^= SUM << 1;                      \
    std::snprintf(last_tag, sizeof last_tag, LABEL "#%ld/%ld", COUNT, SUM);  \
  }
RECORDER(record_read, read_count, read_sum, "read")
RECORDER(record_write, write_count, write_sum, "write")
RECORDER(record_seek, seek_count, seek_sum, "seek")
RECORDER(record_flush, flush_count, flush_sum, "flush")

struct Shape {
  virtual ~Shape() = default;
  virtual long describe(char *out, long n) const = 0;
};
#define SHAPE(NAME, SIDES)                                                   \
  struct NAME : Shape {                                                      \
    long describe(char *out, long n) const override {                       \
      long s = 0;                                                            \
      for (long i = 0; i < n; ++i) s += (i * 7) ^ (s >> 3);                  \
      std::snprintf(out, 64, "%s with %d sides: %ld", #NAME, SIDES, s);      \
      return s;                                                              \
    }                                                                        \
  };
SHAPE(Triangle, 3)
SHAPE(Square, 4)
SHAPE(Hexagon, 6)

__attribute__((noinline)) static void show(const Shape *x, int argc) {
  char buf[64];
  x->describe(buf, 50 + argc);
  std::printf("%s\n", buf);
}

static long walk_a(long n) { return n <= 1 ? read_count : walk_a(n - 1) + n * read_sum % 97; }
static long walk_b(long n) { return n <= 1 ? write_count : walk_b(n - 1) + n * write_sum % 97; }

int main(int argc, char **) {
  for (long i = 0; i < 200 + argc; ++i) {
    record_read(i);
    record_write(i * 2);
    record_seek(i * 5);
    record_flush(i * 7);
    if (i % 50 == 0)
      std::printf("%s\n", last_tag);
  }
  std::printf("%ld %ld | %ld %ld | %ld %ld | %ld %ld\n", read_count, read_sum,
              write_count, write_sum, seek_count, seek_sum, flush_count,
              flush_sum);
  Triangle t; Square s; Hexagon h;
  show(&t, argc);
  show(&s, argc);
  show(&h, argc);
  void (*volatile p)(long) = record_read, (*volatile q)(long) = record_write;
  std::printf("pointers %s\n", p == q ? "equal" : "distinct");
  std::printf("walks %ld %ld\n", walk_a(30 + argc), walk_b(31 + argc));
  return 0;
}
CPP
cxx_lto prog.o prog.cpp

run_ok "plain link" link_cxx plain prog.o
run_ok "identical merging" link_cxx identical prog.o -Wl,--lto-merge-functions
run_ok "similar merging" link_cxx similar prog.o -Wl,--lto-merge-functions \
  -Wl,--lto-merge-similar-functions -Wl,--print-merged-functions \
  -Wl,--lto-merge-functions-report=similar.json -Wl,--threads=1
cp run.out listing.txt
run_ok "similar merging, 2 threads" link_cxx similar2 prog.o \
  -Wl,--lto-merge-functions -Wl,--lto-merge-similar-functions -Wl,--threads=2

./plain >out.plain
./similar >out.similar
expect_eq "the program prints the same" "$(cat out.plain)" "$(cat out.similar)"
check_text "merged function pointers stay distinct" out.similar <<'CHECK'
CHECK: {{^pointers distinct$}}
CHECK
check_text "the recorders share a body" listing.txt <<'CHECK'
CHECK: {{^}}merged similar functions into {{.*}}record_read{{.*}}.lmf.similar
CHECK-DAG: sharing body with similar function {{.*}}record_seek{{.*}} (calls-rewritten)
CHECK-DAG: sharing body with similar function {{.*}}record_write{{.*}} (thunk)
CHECK
check_text "the overrides share a body" listing.txt <<'CHECK'
CHECK: sharing body with similar function _ZNK6Square8describeEPcl (thunk)
CHECK
cmp -s similar similar2 || fail "--threads=1 and --threads=2 give different binaries"

identical_text=$(text_size identical) similar_text=$(text_size similar)
note ".text: plain $(text_size plain), identical $identical_text, similar $similar_text"
((similar_text < identical_text)) ||
  fail "similar merging did not shrink .text ($similar_text vs $identical_text)"
echo "PASS: similar functions"
