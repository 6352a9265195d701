#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The merger's threads follow lld's --threads, and the output does not
# depend on them: --threads=1, --threads=2 and the default give
# byte-identical binaries, listings and fold counts. The program is large
# enough (several hundred candidate functions) for the parallel phases to
# run.
source "$(dirname "$0")/common.bash"

# The template program plus many generated element types.
{
  sed '/^int main/,$d' "$E2E_DIR/inputs/templates.cpp"
  for i in $(seq 1 50); do echo "struct Gen$i { int V[$((i % 4 + 1))]; };"; done
  echo 'int main(int Argc, char **) {'
  echo '  long R = 0;'
  for i in $(seq 1 50); do echo "  R += exercise<Gen$i>($i + Argc);"; done
  echo '  std::printf("result %ld\n", R);'
  echo '}'
} > many.cpp
cxx_lto many.o many.cpp

for t in 1 2 default; do
  threads=()
  [[ $t == default ]] || threads=(-Wl,--threads=$t)
  run_ok "--threads=$t" link_cxx "out-$t" many.o "${threads[@]}" \
    -Wl,--lto-merge-functions -Wl,--print-merged-functions \
    -Wl,--lto-merge-functions-report="report-$t.json"
  cp run.out "listing-$t.txt"
done

considered=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["functions_considered"])' report-1.json)
note "$considered candidate functions, $(grep -c removing listing-1.txt) folded"
((considered >= 300)) || fail "only $considered candidates: too few for the parallel phases"
check_text "threads=1 in the report" report-1.json <<<'CHECK: "threads": 1,'
check_text "threads=2 in the report" report-2.json <<<'CHECK: "threads": 2,'

for t in 2 default; do
  cmp -s out-1 "out-$t" || fail "--threads=1 and --threads=$t give different binaries"
  cmp -s listing-1.txt "listing-$t.txt" || fail "--threads=1 and --threads=$t fold differently"
done
expect_eq "program output" "$(./out-1)" "$(./out-2)"
