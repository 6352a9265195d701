#!/bin/bash
# Bad values of our options, an unusable report path and a missing or broken
# plugin: each is a clear `ld.lld: error:`, a non-zero exit (not a crash),
# and nothing written: no output file, no report.
source "$(dirname "$0")/common.bash"

cat > prog.c <<'C'
__attribute__((noinline)) int a(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
__attribute__((noinline)) int b(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
int main(int argc, char **argv) { return a(argc) + b(argc + 1) == 777; }
C
cc_lto prog.o prog.c

# bad WHAT PATTERN LINK-FLAGS...: the link fails with PATTERN and writes nothing.
bad() {
  local what="$1" pattern="$2"
  shift 2
  rm -f out report.json
  expect_failure "$what" "$pattern" link_c out prog.o "$@"
  [[ ! -e out ]] || fail "$what: the failed link wrote its output"
  [[ ! -e report.json ]] || fail "$what: the failed link wrote a report"
}

bad "unknown mode" \
  "^ld.lld: error: '--lto-merge-functions=bogus': unknown merge mode 'bogus' \(expected 'safe' or 'all'\)" \
  -Wl,--lto-merge-functions=bogus
bad "empty mode" "^ld.lld: error: '--lto-merge-functions=': unknown merge mode ''" \
  -Wl,--lto-merge-functions=
bad "mode that a later option would override" "unknown merge mode 'Safe'" \
  -Wl,--lto-merge-functions=Safe -Wl,--no-lto-merge-functions
bad "value for a flag" "^ld.lld: error: '--print-merged-functions=yes': this option takes no value" \
  -Wl,--lto-merge-functions -Wl,--print-merged-functions=yes
bad "value for --no-" "^ld.lld: error: '--no-lto-merge-functions=1': this option takes no value" \
  -Wl,--no-lto-merge-functions=1
bad "empty report path" "^ld.lld: error: '--lto-merge-functions-report=': expects a file name" \
  -Wl,--lto-merge-functions -Wl,--lto-merge-functions-report=
bad "misspelt option" "^ld.lld: error: '--lto-merge-functions-reprot=r.json': unknown lto-merge-functions option" \
  -Wl,--lto-merge-functions -Wl,--lto-merge-functions-reprot=r.json
bad "single-dash spelling is ours too" "^ld.lld: error: '-lto-merge-functions=everything': unknown merge mode" \
  -Wl,-lto-merge-functions=everything

# All bad options are reported at once.
expect_failure "several errors" "unknown merge mode 'x'" link_c out prog.o \
  -Wl,--lto-merge-functions=x -Wl,--print-merged-functions=1
expect_eq "number of errors" 2 "$(grep -c '^ld.lld: error:' err.txt)"

# A report option without its file name, at the very end of the command line.
rc=0
"$LMF_LD" prog.o -o out --lto-merge-functions --lto-merge-functions-report 2>err.txt || rc=$?
((rc == 1)) || fail "missing report path: exit status $rc, expected 1"
expect_grep "missing report path" "^ld.lld: error: '--lto-merge-functions-report': expects a file name" err.txt

# Unusable report paths are found before linking.
mkdir adir
touch afile
bad "report directory missing" \
  "^ld.lld: error: cannot write merge report 'nodir/report.json': directory 'nodir' does not exist" \
  -Wl,--lto-merge-functions -Wl,--lto-merge-functions-report=nodir/report.json
bad "report under a file" "^ld.lld: error: cannot write merge report 'afile/report.json': 'afile' is not a directory" \
  -Wl,--lto-merge-functions -Wl,--lto-merge-functions-report=afile/report.json
bad "report is a directory" "^ld.lld: error: cannot write merge report 'adir': it is a directory" \
  -Wl,--lto-merge-functions -Wl,--lto-merge-functions-report=adir
bad "report in an unwritable directory" "^ld.lld: error: cannot write merge report '/proc/report.json': cannot create files in '/proc'" \
  -Wl,--lto-merge-functions -Wl,--lto-merge-functions-report=/proc/report.json
[[ -z "$(ls adir)" ]] || fail "the report check left files behind: $(ls adir)"

# lld's own errors are lld's.
bad "unknown lld option" "^ld.lld: error: unknown argument '--no-such-option'" \
  -Wl,--lto-merge-functions -Wl,--no-such-option

# A copy of the linker without its plugin says what is missing, and links
# like stock ld.lld when merging is not asked for.
mkdir -p lonely/bin broken/bin broken/lib
cp "$LMF_LD" lonely/bin/ld.lld
bad "missing plugin" \
  "^ld.lld: error: cannot find the merge plugin '$WORK/lonely/lib/LTOMergeFunctions.so': .*looks for ../lib/LTOMergeFunctions.so" \
  --ld-path="$WORK/lonely/bin/ld.lld" -Wl,--lto-merge-functions
run_ok "no plugin needed without the option" link_c out prog.o --ld-path="$WORK/lonely/bin/ld.lld"

cp "$LMF_LD" broken/bin/ld.lld
echo "not a shared object" > broken/lib/LTOMergeFunctions.so
bad "broken plugin" "^ld.lld: error: cannot load the merge plugin '$WORK/broken/lib/LTOMergeFunctions.so': " \
  --ld-path="$WORK/broken/bin/ld.lld" -Wl,--lto-merge-functions
