; Two allocation helpers that take five arguments and differ only in the
; three strings of their error messages (CTMark lencod's get_mem4Dpel and
; get_mem4Dshort) need three more parameters, where x86-64 has one argument
; register left. Each member gets a private constant table of its strings
; and passes its address in that register; the shared body loads each
; string on its error path, where the member used it, so the fast path
; loads nothing. The table parameter says what it points to. With constant
; tables turned off, the class needs more registers than there are and no
; member merges.
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-verify -S %s | FileCheck %s
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-print -disable-output %s | FileCheck %s --check-prefix=PRINT --implicit-check-not=similar
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-report=%t.json -disable-output %s
; RUN: FileCheck %s --check-prefix=REPORT < %t.json
; RUN: %opt-merge -lto-merge-functions-similar -lto-merge-functions-similar-constant-tables=false -lto-merge-functions-report=%t.off.json -disable-output %s
; RUN: FileCheck %s --check-prefix=OFF < %t.off.json

; PRINT: merged similar functions into get_mem4Dpel.lmf.similar (3 parameters, 3 of them in constant tables, about {{[0-9]+}} bytes saved)
; PRINT-NEXT: sharing body with similar function get_mem4Dpel (thunk)
; PRINT-NEXT: sharing body with similar function get_mem4Dshort (thunk)

; REPORT: "parameters": 3,
; REPORT: "table_parameters": 3

; OFF: "classes_merged": 0,
; OFF: "reason": "needs more parameters than argument registers"

; CHECK: @get_mem4Dpel.lmf.constants = private unnamed_addr constant { ptr, ptr, ptr } { ptr @.pel1, ptr @.pel2, ptr @.pel3 }, align 8
; CHECK: @get_mem4Dshort.lmf.constants = private unnamed_addr constant { ptr, ptr, ptr } { ptr @.short1, ptr @.short2, ptr @.short3 }, align 8

; CHECK-LABEL: define i32 @get_mem4Dpel(ptr %0, i32 %1, i32 %2, i32 %3, i32 %4) {
; CHECK-NEXT: tail call i32 @get_mem4Dpel.lmf.similar(ptr %0, i32 %1, i32 %2, i32 %3, i32 %4, ptr {{.*}}@get_mem4Dpel.lmf.constants)

; CHECK: define internal i32 @get_mem4Dpel.lmf.similar(ptr %array, i32 %a, i32 %b, i32 %c, i32 %d, ptr noundef nonnull readonly align 8 dereferenceable(24) [[TABLE:%.*]]) unnamed_addr {
; CHECK-NEXT: entry:
; CHECK-NOT: load
; CHECK: fail1:
; CHECK-NEXT: [[A1:%.*]] = getelementptr inbounds { ptr, ptr, ptr }, ptr [[TABLE]], i32 0, i32 0
; CHECK-NEXT: [[S1:%.*]] = load ptr, ptr [[A1]], align 8, !invariant.load
; CHECK-NEXT: call void @no_mem_exit(ptr [[S1]])
; CHECK: second:
; CHECK-NOT: load
; CHECK: fail2:
; CHECK-NEXT: [[A2:%.*]] = getelementptr inbounds { ptr, ptr, ptr }, ptr [[TABLE]], i32 0, i32 1
; CHECK-NEXT: [[S2:%.*]] = load ptr, ptr [[A2]], align 8, !invariant.load
; CHECK-NEXT: call void @no_mem_exit(ptr [[S2]])
; CHECK: fail3:
; CHECK-NEXT: [[A3:%.*]] = getelementptr inbounds { ptr, ptr, ptr }, ptr [[TABLE]], i32 0, i32 2
; CHECK-NEXT: [[S3:%.*]] = load ptr, ptr [[A3]], align 8, !invariant.load
; CHECK-NEXT: call void @no_mem_exit(ptr [[S3]])

; CHECK-LABEL: define i32 @get_mem4Dshort(ptr %array, i32 %a, i32 %b, i32 %c, i32 %d) {
; CHECK-NEXT: tail call i32 @get_mem4Dpel.lmf.similar(ptr %array, i32 %a, i32 %b, i32 %c, i32 %d, ptr {{.*}}@get_mem4Dshort.lmf.constants)

target triple = "x86_64-unknown-linux-gnu"

@.pel1 = private unnamed_addr constant [22 x i8] c"get_mem4Dpel: array4D\00"
@.pel2 = private unnamed_addr constant [22 x i8] c"get_mem4Dpel: array3D\00"
@.pel3 = private unnamed_addr constant [22 x i8] c"get_mem4Dpel: array2D\00"
@.short1 = private unnamed_addr constant [24 x i8] c"get_mem4Dshort: array4D\00"
@.short2 = private unnamed_addr constant [24 x i8] c"get_mem4Dshort: array3D\00"
@.short3 = private unnamed_addr constant [24 x i8] c"get_mem4Dshort: array2D\00"

declare ptr @calloc(i64, i64)
declare void @no_mem_exit(ptr)

define i32 @get_mem4Dpel(ptr %array, i32 %a, i32 %b, i32 %c, i32 %d) {
entry:
  %n = mul i32 %a, %b
  %w = sext i32 %n to i64
  %p = call ptr @calloc(i64 %w, i64 8)
  store ptr %p, ptr %array, align 8
  %null = icmp eq ptr %p, null
  br i1 %null, label %fail1, label %second
fail1:
  call void @no_mem_exit(ptr @.pel1)
  br label %second
second:
  %m = mul i32 %c, %d
  %v = sext i32 %m to i64
  %q = call ptr @calloc(i64 %v, i64 2)
  store ptr %q, ptr %p, align 8
  %null2 = icmp eq ptr %q, null
  br i1 %null2, label %fail2, label %third
fail2:
  call void @no_mem_exit(ptr @.pel2)
  br label %third
third:
  %r = call ptr @calloc(i64 %v, i64 4)
  %null3 = icmp eq ptr %r, null
  br i1 %null3, label %fail3, label %done
fail3:
  call void @no_mem_exit(ptr @.pel3)
  br label %done
done:
  %c0 = add i32 %n, %m
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23
}

define i32 @get_mem4Dshort(ptr %array, i32 %a, i32 %b, i32 %c, i32 %d) {
entry:
  %n = mul i32 %a, %b
  %w = sext i32 %n to i64
  %p = call ptr @calloc(i64 %w, i64 8)
  store ptr %p, ptr %array, align 8
  %null = icmp eq ptr %p, null
  br i1 %null, label %fail1, label %second
fail1:
  call void @no_mem_exit(ptr @.short1)
  br label %second
second:
  %m = mul i32 %c, %d
  %v = sext i32 %m to i64
  %q = call ptr @calloc(i64 %v, i64 2)
  store ptr %q, ptr %p, align 8
  %null2 = icmp eq ptr %q, null
  br i1 %null2, label %fail2, label %third
fail2:
  call void @no_mem_exit(ptr @.short2)
  br label %third
third:
  %r = call ptr @calloc(i64 %v, i64 4)
  %null3 = icmp eq ptr %r, null
  br i1 %null3, label %fail3, label %done
fail3:
  call void @no_mem_exit(ptr @.short3)
  br label %done
done:
  %c0 = add i32 %n, %m
  %c1 = mul i32 %c0, %c0
  %c2 = mul i32 %c1, %c1
  %c3 = mul i32 %c2, %c2
  %c4 = mul i32 %c3, %c3
  %c5 = mul i32 %c4, %c4
  %c6 = mul i32 %c5, %c5
  %c7 = mul i32 %c6, %c6
  %c8 = mul i32 %c7, %c7
  %c9 = mul i32 %c8, %c8
  %c10 = mul i32 %c9, %c9
  %c11 = mul i32 %c10, %c10
  %c12 = mul i32 %c11, %c11
  %c13 = mul i32 %c12, %c12
  %c14 = mul i32 %c13, %c13
  %c15 = mul i32 %c14, %c14
  %c16 = mul i32 %c15, %c15
  %c17 = mul i32 %c16, %c16
  %c18 = mul i32 %c17, %c17
  %c19 = mul i32 %c18, %c18
  %c20 = mul i32 %c19, %c19
  %c21 = mul i32 %c20, %c20
  %c22 = mul i32 %c21, %c21
  %c23 = mul i32 %c22, %c22
  ret i32 %c23
}
