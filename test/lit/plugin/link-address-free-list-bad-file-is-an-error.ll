; The lists of the link's function addresses (written by our ld.lld) that
; cannot be read, or are not such lists, is an error naming the file and the line,
; never a crash and never a silently empty list.
; RUN: rm -rf %t && mkdir %t
; RUN: not %opt-merge -lto-merge-functions-link-address-free=%t/missing %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING %no-crash-report
; MISSING: error: lto-merge-functions: cannot read '{{.*}}missing': No such file or directory

; RUN: echo 'some other file' > %t/foreign
; RUN: not %opt-merge -lto-merge-functions-link-address-free=%t/foreign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOREIGN %no-crash-report
; FOREIGN: error: lto-merge-functions: {{.*}}foreign:1: not a list of the link's function addresses (expected 'lto-merge-functions link-addresses 2')

; RUN: printf 'lto-merge-functions link-addresses 2\nfree 00000000000000ff\ncompared xyz\n' > %t/bad-line
; RUN: not %opt-merge -lto-merge-functions-link-address-free=%t/bad-line %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINE %no-crash-report
; LINE: error: lto-merge-functions: {{.*}}bad-line:3: expected a GUID of 16 hexadecimal digits, got 'xyz'

; RUN: printf 'lto-merge-functions link-addresses 2\n00000000000000ff\n' > %t/no-kind
; RUN: not %opt-merge -lto-merge-functions-link-address-free=%t/no-kind %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=KIND %no-crash-report
; KIND: error: lto-merge-functions: {{.*}}no-kind:2: expected 'free' or 'compared' and a GUID, got '00000000000000ff'

define i32 @f(i32 %x) {
  ret i32 %x
}
