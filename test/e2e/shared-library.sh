#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# -shared libraries. Exported identical functions keep their dynamic
# symbols (as an alias or a thunk), and a default-visibility function stays
# interposable: an LD_PRELOAD library or a DSO earlier in the search order
# that defines it still takes effect, for that function and only for it.
# Every run of the program must print what it prints with an unmerged
# library.
source "$(dirname "$0")/common.bash"

cat > twins.c <<'C'
#include <stdio.h>
__attribute__((noinline)) int twin_a(int x) {
  int s = 0;
  for (int i = 0; i < x; i++) s += (i * 7) ^ (s >> 3);
  printf("twin body\n");
  return s;
}
__attribute__((noinline)) int twin_b(int x) {
  int s = 0;
  for (int i = 0; i < x; i++) s += (i * 7) ^ (s >> 3);
  printf("twin body\n");
  return s;
}
int call_a(int x) { return twin_a(x) + 1; }
int call_b(int x) { return twin_b(x) + 1; }
C
cat > main.c <<'C'
#include <stdio.h>
int twin_a(int), twin_b(int), call_a(int), call_b(int);
int main(void) {
  printf("twin_a=%d twin_b=%d call_a=%d call_b=%d distinct=%d\n", twin_a(10),
         twin_b(10), call_a(10), call_b(10), (void *)twin_a != (void *)twin_b);
  return 0;
}
C
cat > over_a.c <<'C'
int twin_a(int x) { return -x; }
C
cat > over_b.c <<'C'
int twin_b(int x) { return -2 * x; }
C

cc_lto twins.o twins.c -fPIC
"$CC" -O2 -c main.c -o main.o
for o in a b; do
  mkdir -p "over_$o"
  "$CC" -O2 -fPIC -shared "over_$o.c" -o "over_$o/libover.so"
done

mkdir -p plain merged
run_ok "plain library" link_c plain/libtwins.so -shared twins.o
run_ok "merged library" link_c merged/libtwins.so -shared twins.o \
  -Wl,--lto-merge-functions -Wl,--print-merged-functions
cp run.out listing.txt
check_text "listing" listing.txt <<'CHECK'
CHECK: {{^  removing identical function twin_(a|b) }}
CHECK

# Exported twins keep their symbols.
"$LLVM_TOOLS/llvm-readelf" --dyn-syms -W merged/libtwins.so > dynsym.txt
check_text "dynamic symbols" dynsym.txt <<'CHECK'
CHECK-DAG: {{ FUNC +GLOBAL +DEFAULT +[0-9]+ twin_a$}}
CHECK-DAG: {{ FUNC +GLOBAL +DEFAULT +[0-9]+ twin_b$}}
CHECK-DAG: {{ FUNC +GLOBAL +DEFAULT +[0-9]+ call_a$}}
CHECK-DAG: {{ FUNC +GLOBAL +DEFAULT +[0-9]+ call_b$}}
CHECK

for lib in plain merged; do
  "$CC" main.o -L"$lib" -ltwins -Wl,-rpath,"$WORK/$lib" -o "main_$lib"
  for o in a b; do
    "$CC" main.o -L"over_$o" -lover -L"$lib" -ltwins \
      -Wl,-rpath,"$WORK/over_$o:$WORK/$lib" -o "main_${lib}_dso_$o"
  done
done

expect_eq "plain run" "$(./main_plain)" "$(./main_merged)"
for o in a b; do
  want=$(LD_PRELOAD="$WORK/over_$o/libover.so" ./main_plain | tail -n 1)
  got=$(LD_PRELOAD="$WORK/over_$o/libover.so" ./main_merged | tail -n 1)
  note "LD_PRELOAD twin_$o: unmerged '$want', merged '$got'"
  expect_eq "LD_PRELOAD overriding twin_$o" "$want" "$got"

  want=$(./"main_plain_dso_$o" | tail -n 1)
  got=$(./"main_merged_dso_$o" | tail -n 1)
  expect_eq "a second DSO overriding twin_$o" "$want" "$got"
done
