#!/bin/bash
# No silent no-op. ThinLTO inputs (objects or archive members) get a warning
# that merging covered only the regular-LTO module; a link without any
# regular-LTO module gets a warning that there was nothing to merge. The
# warnings obey --fatal-warnings and --no-warnings like lld's own.
source "$(dirname "$0")/common.bash"

cat > full.c <<'C'
__attribute__((noinline)) int full_a(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
__attribute__((noinline)) int full_b(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
int thin_fn(int);
int main(int argc, char **argv) { return (full_a(argc + 5) + full_b(argc + 6) + thin_fn(argc)) == 12345; }
C
cat > thin.c <<'C'
int thin_fn(int x) { return x * 3; }
C
cc_lto full.o full.c
"$CC" -O2 -flto=thin -c thin.c -o thin.o
"$CC" -O2 -flto=thin -c full.c -o full-thin.o
"$CC" -O2 -c full.c -o full-native.o
"$CC" -O2 -c thin.c -o thin-native.o
"$LLVM_TOOLS/llvm-ar" rc libthin.a thin.o

thin_warning='ld.lld: warning: --lto-merge-functions: ThinLTO input'
nothing_warning='ld.lld: warning: --lto-merge-functions: no regular \(full\) LTO module in this link, nothing to merge'

# link_merging OUT ARGS...: a merging link; stderr in OUT.err.
link_merging() {
  local out="$1"
  shift
  run_ok "link $out" link_c "$out" "$@" -Wl,--lto-merge-functions -Wl,--print-merged-functions
  cp run.err "$out.err"
  cp run.out "$out.out"
}

link_merging full-only full.o thin-native.o
expect_no_grep "full LTO only: no warning" 'warning' full-only.err
expect_grep "full LTO only: merged" '^  removing identical function full_' full-only.out

link_merging mixed full.o thin.o
expect_grep "mixed: ThinLTO warning" "$thin_warning 'thin.o': functions are merged only in the regular \(full\) LTO module" mixed.err
expect_no_grep "mixed: something was merged" 'nothing to merge' mixed.err
expect_grep "mixed: the full-LTO module was merged" '^  removing identical function full_' mixed.out

link_merging archive full.o -L. -lthin
expect_grep "archive member: ThinLTO warning" "$thin_warning '(\./)?libthin\.a\(thin\.o\)'" archive.err

link_merging thin-only full-thin.o thin.o
expect_grep "ThinLTO only: ThinLTO warning" "$thin_warning 'full-thin.o' and 1 more" thin-only.err
expect_grep "ThinLTO only: nothing to merge" "$nothing_warning" thin-only.err

link_merging native full-native.o thin-native.o
expect_grep "no LTO input: nothing to merge" "$nothing_warning" native.err
expect_no_grep "no LTO input: no ThinLTO warning" 'ThinLTO' native.err
[[ -x native ]] || fail "no LTO input: the link must still produce the program"

run_ok "--no-warnings" link_c quiet full-native.o thin-native.o -Wl,--lto-merge-functions -Wl,--no-warnings
expect_no_grep "--no-warnings hides our warning" 'warning' run.err

expect_failure "--fatal-warnings, no LTO input" \
  'ld.lld: error: --lto-merge-functions: no regular \(full\) LTO module' \
  link_c fatal full-native.o thin-native.o -Wl,--lto-merge-functions -Wl,--fatal-warnings
[[ ! -e fatal ]] || fail "--fatal-warnings: the failed link left its output"
expect_failure "--fatal-warnings, ThinLTO input" "ld.lld: error: --lto-merge-functions: ThinLTO input 'thin.o'" \
  link_c fatal2 full.o thin.o -Wl,--lto-merge-functions -Wl,--fatal-warnings
[[ ! -e fatal2 ]] || fail "--fatal-warnings: the failed link left its output"

# Without --lto-merge-functions our options do nothing, and we say so.
run_ok "report without merging" link_c idle full.o thin.o -Wl,--lto-merge-functions-report=idle.json
expect_grep "idle report option" 'warning: --lto-merge-functions-report has no effect without --lto-merge-functions' run.err
[[ ! -e idle.json ]] || fail "a report was written although merging was off"
