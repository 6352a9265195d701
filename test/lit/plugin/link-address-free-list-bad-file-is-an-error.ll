; The list of address-free functions (written by our ld.lld) that cannot
; be read, or is not such a list, is an error naming the file and the line,
; never a crash and never a silently empty list.
; RUN: rm -rf %t && mkdir %t
; RUN: not %opt-merge -lto-merge-functions-link-address-free=%t/missing %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING %no-crash-report
; MISSING: error: lto-merge-functions: cannot read '{{.*}}missing': No such file or directory

; RUN: echo 'some other file' > %t/foreign
; RUN: not %opt-merge -lto-merge-functions-link-address-free=%t/foreign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOREIGN %no-crash-report
; FOREIGN: error: lto-merge-functions: {{.*}}foreign:1: not a list of address-free functions (expected 'lto-merge-functions link-address-free 1')

; RUN: printf 'lto-merge-functions link-address-free 1\n00000000000000ff\nxyz\n' > %t/bad-line
; RUN: not %opt-merge -lto-merge-functions-link-address-free=%t/bad-line %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINE %no-crash-report
; LINE: error: lto-merge-functions: {{.*}}bad-line:3: expected a GUID of 16 hexadecimal digits, got 'xyz'

define i32 @f(i32 %x) {
  ret i32 %x
}
