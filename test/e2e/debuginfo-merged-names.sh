#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# -g, a merged program as people debug it: identical and similar twins in
# three units, linked with full LTO and with ThinLTO (folds across modules),
# in process and distributed (DTLTO). For each program:
#  - it prints what the plain link prints, and `llvm-dwarfdump --verify` is
#    clean;
#  - llvm-symbolizer, on an address inside every body merging created,
#    names a member, demangled with the body's clone suffix, and a line of
#    that member's source; inside a thunk, the thunk's own function;
#  - gdb sets a breakpoint on a member that left no code of its own (its
#    calls were rewritten and its body is gone) by its source name, stops
#    when the program calls it, and the backtrace shows readable frames;
#  - every created body in the symbol table is a body of the report, with
#    its members.
# The gdb part is skipped, saying so, where gdb is not installed.
source "$(dirname "$0")/common.bash"

cat >twins.h <<'C'
long sum_a(const long *v, int n);
long sum_b(const long *v, int n);
long scale_a(const long *v, int n);
long scale_b(const long *v, int n);
long helper_a(const long *v, int n);
long helper_b(const long *v, int n);
C
cat >a.cpp <<'C'
#include "twins.h"
__attribute__((noinline)) long sum_a(const long *v, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * (i + 7) ^ (s >> 3);
  return s;
}
__attribute__((noinline)) long scale_a(const long *v, int n) {
  long s = 1;
  for (int i = 0; i < n; i++)
    s = s * 3 + v[i] * 11 - (s >> 5);
  return s + 1000;
}
static __attribute__((noinline)) long mix(const long *v, int n) {
  long s = 17;
  for (int i = 0; i < n; i++)
    s = (s << 2) ^ v[i] ^ (s >> 7);
  return s;
}
long helper_a(const long *v, int n) { return mix(v, n) + 1; }
C
sed -e 's/sum_a/sum_b/; s/scale_a/scale_b/; s/+ 1000/+ 2000/' \
  -e 's/helper_a/helper_b/; s/+ 1; }/+ 2; }/' a.cpp >b.cpp
cat >main.cpp <<'C'
#include "twins.h"
#include <cstdio>
int main(int argc, char **) {
  long v[4] = {1, 2, 3, argc};
  // Counts the optimizer cannot specialize the twins for (argc is 1).
  int three = argc + 2, four = argc + 3;
  long a = sum_a(v, four);
  long b = sum_b(v, three);
  long c = scale_a(v, four);
  long d = scale_b(v, three);
  long e = helper_a(v, four);
  long f = helper_b(v, three);
  std::printf("%ld %ld %ld %ld %ld %ld\n", a, b, c, d, e, f);
  return 0;
}
C
for lto in full thin; do
  for u in a b main; do
    "$CXX" -O2 -g -flto=$lto -c $u.cpp -o $u-$lto.o
  done
done
run_ok "plain link" link_cxx plain a-full.o b-full.o main-full.o -g
MERGE=(-Wl,--lto-merge-functions -Wl,--lto-merge-similar-functions)
DISTRIBUTOR="$E2E_DIR/../dtlto/local_distributor.py"
run_ok "full LTO" link_cxx full a-full.o b-full.o main-full.o -g "${MERGE[@]}" \
  -Wl,--lto-merge-functions-report=full.json
run_ok "ThinLTO" link_cxx thin a-thin.o b-thin.o main-thin.o -g "${MERGE[@]}" \
  -Wl,--lto-merge-functions-report=thin.json -Wl,--thinlto-jobs=1
run_ok "ThinLTO, 2 jobs" link_cxx thin2 a-thin.o b-thin.o main-thin.o -g \
  "${MERGE[@]}" -Wl,--thinlto-jobs=2
cmp -s thin thin2 || fail "ThinLTO links with 1 and 2 jobs differ"
run_ok "DTLTO" link_cxx dtlto a-thin.o b-thin.o main-thin.o -g "${MERGE[@]}" \
  -Wl,--lto-merge-functions-report=dtlto.json \
  -Wl,--thinlto-distributor="$(command -v python3)" \
  -Wl,--thinlto-distributor-arg="$DISTRIBUTOR"
cmp -s thin dtlto || fail "DTLTO links another program than in-process ThinLTO"

# range FILE FUNCTION: the first and last line of FUNCTION's definition.
range() {
  awk -v f="$2" '
    !start && index($0, " " f "(") && $0 ~ /\{/ { start = NR }
    start && /^}/ { print start, NR; exit }
    start && /\{.*\}$/ && NR == start { print start, NR; exit }' "$1"
}

# symbolize BINARY ADDRESS: "function|file:line" at ADDRESS.
symbolize() {
  "$LLVM_TOOLS/llvm-symbolizer" --obj="$1" -C "$2" | head -n 2 | paste -sd'|'
}

# expect_member_line WHAT FUNCTION LOCATION: LOCATION (file:line:column) is
# a line of FUNCTION (a source name: sum_a, mix...) in that file.
expect_member_line() {
  local file line first last
  file=$(basename "${3%%:*}")
  line=$(echo "$3" | cut -d: -f2)
  read -r first last <<<"$(range "$file" "$2")"
  [[ -n "$first" ]] || fail "$1: $2 is not defined in $file ($3)"
  ((line >= first && line <= last)) ||
    fail "$1: line $line is not in $2 ($file:$first-$last)"
}

check_program() {
  local exe="$1" report="$2" sym addr size name suffix member where fn
  expect_eq "$exe prints what the plain link prints" "$(./plain)" "$(./$exe)"
  "$LLVM_TOOLS/llvm-dwarfdump" --verify "$exe" >verify.$exe 2>&1 ||
    { tail -n 20 verify.$exe >&2; fail "$exe: llvm-dwarfdump --verify"; }

  # Every created body: a member's name, its clone suffix, that member's line.
  local bodies=0
  while read -r addr size _ sym; do
    [[ "$sym" == *.lmf.* && $((16#$size)) -gt 0 ]] || continue
    bodies=$((bodies + 1))
    member=${sym%%.lmf.*}
    suffix=.lmf.${sym#*.lmf.}
    where=$(symbolize "$exe" "0x$(printf '%x' $((16#$addr + 4)))")
    name=$("$LLVM_TOOLS/llvm-cxxfilt" "$member")
    note "$exe: inside $sym: $where"
    expect_eq "$exe: symbolizer inside $sym" "$name ($suffix)" "${where%%|*}"
    fn=${name%%(*}
    expect_member_line "$exe: line inside $sym" "$fn" "${where#*|}"
    python3 - "$report" "$sym" <<'PY' || fail "$exe: $sym is not a body of the report"
import json, sys
r = json.load(open(sys.argv[1]))
modules = r.get("modules", [r])
bodies = {}
for m in modules:
    for g in m.get("groups", []):
        bodies[g["body"]] = g["members"]
    for g in m.get("similar", {}).get("classes", []):
        bodies[g["body"]] = g["members"]
x = r.get("cross_module", {})
for g in x.get("classes", []) + x.get("similar_classes", []):
    bodies[g["body"]] = g["members"]
members = bodies.get(sys.argv[2])
assert members, sorted(bodies)
print("-- report: %s shared by %s" % (sys.argv[2], ", ".join(m["name"] for m in members)))
PY
  done < <("$LLVM_TOOLS/llvm-nm" -S --defined-only "$exe")
  ((bodies >= 1)) || fail "$exe: only $bodies created bodies"

  # A thunk names its own function and line.
  read -r addr size _ sym < <("$LLVM_TOOLS/llvm-nm" -S "$exe" |
    awk '$4 == "_Z7scale_bPKli" && $2 != "0000000000000000"') || true
  if [[ -n "${addr:-}" ]]; then
    where=$(symbolize "$exe" "0x$addr")
    note "$exe: in the thunk scale_b: $where"
    expect_eq "$exe: symbolizer in a thunk" "scale_b(long const*, int)" "${where%%|*}"
    expect_member_line "$exe: line in a thunk" scale_b "${where#*|}"
  fi

  if ! command -v gdb >/dev/null; then
    note "SKIPPED: gdb is not installed, no breakpoint or backtrace checked ($exe)"
    return
  fi
  # sum_b left no code: its calls run sum_a's (or the shared) body. mix is
  # a static function of two units; scale_b a similar member.
  cat >gdb.cmds <<'GDB'
set pagination off
set confirm off
break sum_b
commands
bt 2
continue
end
break mix
commands
bt 3
continue
end
break scale_b
commands
bt 2
continue
end
run
GDB
  gdb -batch -nx -x gdb.cmds "./$exe" >gdb.$exe 2>&1 ||
    { cat gdb.$exe >&2; fail "$exe: gdb failed"; }
  expect_no_grep "$exe: gdb knows every breakpoint" 'not defined|pending' gdb.$exe
  local call
  call=$(grep -n 'sum_b(v, three)' main.cpp | cut -d: -f1)
  check_text "$exe: gdb stops on sum_b's call, with readable frames" gdb.$exe <<CHECK
CHECK: {{^}}Breakpoint 1 at 0x{{[0-9a-f]+}}: file {{[ab]}}.cpp, line {{[0-9]+}}.
CHECK: {{^}}Breakpoint 1, sum_{{[ab]}} (v=0x{{[0-9a-f]+}}, n=3) at {{[ab]}}.cpp:{{[0-9]+}}
CHECK-NEXT: {{^[0-9]+}}
CHECK-NEXT: {{^}}#0  sum_{{[ab]}} (v=0x{{[0-9a-f]+}}, n=3) at {{[ab]}}.cpp:{{[0-9]+}}
CHECK-NEXT: {{^}}#1  {{.*}}main (argc=<optimized out>) at main.cpp:$call
CHECK
  check_text "$exe: gdb stops on both units' mix" gdb.$exe <<'CHECK'
CHECK-DAG: {{^}}#1  {{.*}}helper_a (v=0x{{[0-9a-f]+}}, n=4) at {{.*}}a.cpp:
CHECK-DAG: {{^}}#1  {{.*}}helper_b (v=0x{{[0-9a-f]+}}, n=3) at {{.*}}b.cpp:
CHECK
  call=$(grep -n 'scale_b(v, three)' main.cpp | cut -d: -f1)
  check_text "$exe: gdb stops on scale_b's call" gdb.$exe <<CHECK
CHECK: {{^}}#1  {{.*}}main (argc=<optimized out>) at main.cpp:$call
CHECK
  grep -A3 '^Breakpoint 1, .*n=3' gdb.$exe | tail -n 2 | sed "s/^/-- $exe: gdb: /"
}

for exe in full thin dtlto; do
  json=$exe.json
  [[ $exe == dtlto ]] || [[ -s $json ]] || fail "no report $json"
  check_program "$exe" "$json"
done
