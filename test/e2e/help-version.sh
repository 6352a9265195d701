#!/bin/bash
# --help is stock ld.lld's help followed by our options; --version (and -v)
# is LLD's version line followed by ours, naming the plugin in use.
source "$(dirname "$0")/common.bash"

# lld prints its argv[0] in the usage line; compare with that masked.
"$LMF_LD" --help | sed "s|$LMF_LD|PROG|g" > ours.txt
"$STOCK_LD" --help | sed "s|$STOCK_LD|PROG|g" > stock.txt
for opt in '--lto-merge-functions=\[safe,all\]' '--lto-merge-functions ' \
  '--no-lto-merge-functions' '--lto-merge-functions-report=<file>' \
  '--print-merged-functions'; do
  expect_grep "--help lists $opt" "^  $opt" ours.txt
done
lines=$(wc -l < stock.txt)
head -n "$lines" ours.txt > ours-lld-part.txt
diff stock.txt ours-lld-part.txt > help.diff ||
  { cat help.diff >&2; fail "--help: lld's part differs from stock ld.lld's"; }

"$LMF_LD" --version > version.txt
"$STOCK_LD" --version > stock-version.txt
expect_eq "--version line 1 is LLD's" "$(cat stock-version.txt)" "$(head -n 1 version.txt)"
expect_grep "LLD 22" '^.*LLD 22\.' version.txt
plugin=$(realpath "$LMF_PLUGIN")
expect_eq "--version line 2 is ours" \
  "lto-merge-functions $(sed -n 's/^project(lto-merge-functions VERSION \([0-9.]*\).*/\1/p' "$E2E_DIR/../../CMakeLists.txt") (merge plugin $plugin)" \
  "$(sed -n 2p version.txt)"
expect_eq "--version prints two lines" 2 "$(wc -l < version.txt)"

"$LMF_LD" -v > v.txt
expect_eq "-v" "$(cat version.txt)" "$(cat v.txt)"
