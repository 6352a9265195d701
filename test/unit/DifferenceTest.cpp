//===- DifferenceTest.cpp - Every known trap makes functions unequal ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Function mergers have been seen to fold functions that differ only in
// something easy to overlook: a property of the function (personality,
// prefix or prologue data, section, gc, calling convention, string
// attributes such as target features, !kcfi_type, !func_sanitize, !type
// while type tests use it), a field of an instruction that is not an
// operand (atomic ordering and sync scope, volatility, alignment, alloca
// type, shufflevector mask, switch case values, phi incoming blocks, GEP
// source type, inline asm text and constraints, tail call kind,
// !nontemporal or unknown metadata), a type that looks the same in memory
// (ptr against i64, address spaces), an ABI attribute (byval and its type
// and alignment, sret, inreg, swiftself, swifterror, nest, zeroext and
// signext, also at call sites), or a reference to the function's own
// address or blocks. Each one folded is a miscompile.
//
// For every such difference we build three functions from a template, @a
// and @a2 with variant A and @b with variant B, and check that the
// comparator calls @a and @a2 equal (so the template itself is comparable)
// but @a and @b different, in both directions, and that mergeModule never
// puts @a and @b in one group.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace lmf;
using namespace lmf::test;

namespace {

const char *const Common = R"(
target datalayout = "e-m:e-p:64:64-p1:32:32-i64:64-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
declare void @g()
declare void @take(ptr)
declare void @takei8(i8)
declare i32 @p1(...)
declare i32 @p2(...)
declare i32 @__gxx_personality_v0(...)
declare i32 @__gcc_personality_v0(...)
declare i64 @llvm.read_register.i64(metadata)
declare i1 @llvm.type.test(ptr, metadata)
define i1 @typetest(ptr %p) {
  %r = call i1 @llvm.type.test(ptr %p, metadata !"t1")
  ret i1 %r
}
define void @h(i1 %c) {
entry:
  br i1 %c, label %bb1, label %bb2
bb1:
  ret void
bb2:
  ret void
}
!1 = !{i32 12345}
!2 = !{i32 54321}
!3 = !{i64 0, !"t1"}
!4 = !{i64 0, !"t2"}
!5 = !{i32 -1056584962, i32 1}
!6 = !{i32 -1056584962, i32 2}
!7 = !{!"rsp"}
!8 = !{!"rbp"}
!9 = !{i32 1}
)";

struct Difference {
  const char *What;
  /// A function named @NAME; {X} is replaced by the variant.
  const char *Template;
  const char *A, *B;
};

std::string instantiate(StringRef Template, StringRef Name, StringRef X) {
  std::string Text = Template.str();
  for (auto [From, To] : {std::pair<StringRef, StringRef>{"@NAME", Name},
                          std::pair<StringRef, StringRef>{"{X}", X}}) {
    size_t Pos = 0;
    while ((Pos = Text.find(From.str(), Pos)) != std::string::npos) {
      Text.replace(Pos, From.size(), To.str());
      Pos += To.size();
    }
  }
  return Text + "\n";
}

bool groupJoins(const MergeResult &R, StringRef X, StringRef Y) {
  for (const FoldGroup &G : R.Groups) {
    bool HasX = G.KeptMember == X, HasY = G.KeptMember == Y;
    for (const FoldedMember &M : G.Members) {
      HasX |= M.Name == X;
      HasY |= M.Name == Y;
    }
    if (HasX && HasY)
      return true;
  }
  return false;
}

void checkDifference(const Difference &D) {
  SCOPED_TRACE(D.What);
  std::string Text = std::string(Common) + instantiate(D.Template, "@a", D.A) +
                     instantiate(D.Template, "@a2", D.A) +
                     instantiate(D.Template, "@b", D.B);
  LLVMContext Ctx;
  auto M = parseIR(Ctx, Text);
  ASSERT_TRUE(M);
  {
    ModuleEncoder E(*M);
    const Function &A = *fn(*M, "a"), &A2 = *fn(*M, "a2"), &B = *fn(*M, "b");
    EXPECT_EQ(E.compare(A, A2), 0) << "control twins must be equal";
    int AB = E.compare(A, B);
    EXPECT_NE(AB, 0) << "folding these is a miscompile";
    EXPECT_EQ(sign(AB), -sign(E.compare(B, A)));
  }
  std::optional<MergeResult> R = merge(*M);
  ASSERT_TRUE(R);
  EXPECT_FALSE(groupJoins(*R, "a", "b"));
  EXPECT_FALSE(groupJoins(*R, "a2", "b"));
}

#define BODY_VOID(HEADER)                                                      \
  HEADER " {\n  call void @g()\n  call void @g()\n  ret void\n}"

const Difference FunctionLevel[] = {
    {"personality", BODY_VOID("define void @NAME() {X}"), "personality ptr @p1",
     "personality ptr @p2"},
    {"personality present", BODY_VOID("define void @NAME() {X}"), "",
     "personality ptr @p1"},
    {"C/C++ personality with EH pads",
     "define void @NAME() {X} {\nentry:\n  invoke void @g() to label %ok "
     "unwind label %lp\nok:\n  ret void\nlp:\n  %l = landingpad { ptr, i32 "
     "} cleanup\n  resume { ptr, i32 } %l\n}",
     "personality ptr @__gxx_personality_v0",
     "personality ptr @__gcc_personality_v0"},
    {"prefix data", BODY_VOID("define void @NAME() {X}"), "prefix i32 1",
     "prefix i32 2"},
    {"prefix data present", BODY_VOID("define void @NAME() {X}"), "",
     "prefix i32 1"},
    {"prologue data", BODY_VOID("define void @NAME() {X}"), "prologue i32 1",
     "prologue i32 2"},
    {"prologue data present", BODY_VOID("define void @NAME() {X}"), "",
     "prologue i32 1"},
    {"section", BODY_VOID("define void @NAME() {X}"), "section \".text.a\"",
     "section \".text.b\""},
    {"section present", BODY_VOID("define void @NAME() {X}"), "",
     "section \".text.a\""},
    {"gc", BODY_VOID("define void @NAME() {X}"), "gc \"shadow-stack\"",
     "gc \"statepoint-example\""},
    {"gc present", BODY_VOID("define void @NAME() {X}"), "",
     "gc \"shadow-stack\""},
    {"kcfi_type", BODY_VOID("define void @NAME() {X}"), "!kcfi_type !1",
     "!kcfi_type !2"},
    {"kcfi_type present", BODY_VOID("define void @NAME() {X}"), "",
     "!kcfi_type !1"},
    {"type metadata (type tests live)", BODY_VOID("define void @NAME() {X}"),
     "!type !3", "!type !4"},
    {"type metadata present (type tests live)",
     BODY_VOID("define void @NAME() {X}"), "", "!type !3"},
    {"func_sanitize", BODY_VOID("define void @NAME() {X}"), "!func_sanitize !5",
     "!func_sanitize !6"},
    {"calling convention", BODY_VOID("define {X} void @NAME()"), "", "fastcc"},
    {"calling convention pair", BODY_VOID("define {X} void @NAME()"), "coldcc",
     "fastcc"},
    {"target-features", BODY_VOID("define void @NAME() {X}"),
     "\"target-features\"=\"+avx\"", "\"target-features\"=\"+sse2\""},
    {"string attribute present", BODY_VOID("define void @NAME() {X}"), "",
     "\"frame-pointer\"=\"all\""},
};

const Difference Instructions[] = {
    {"read_register metadata",
     "define i64 @NAME() {\n  %v = call i64 @llvm.read_register.i64(metadata "
     "{X})\n  %w = add i64 %v, 1\n  ret i64 %w\n}",
     "!7", "!8"},
    {"nontemporal",
     "define void @NAME(ptr %p) {\n  store i32 1, ptr %p{X}\n  store i32 2, "
     "ptr %p\n  ret void\n}",
     "", ", !nontemporal !9"},
    {"unknown instruction metadata kind",
     "define void @NAME(ptr %p) {\n  store i32 1, ptr %p{X}\n  store i32 2, "
     "ptr %p\n  ret void\n}",
     ", !lmf.unknown !9", ""},
    {"shufflevector mask",
     "define <4 x i32> @NAME(<4 x i32> %x, <4 x i32> %y) {\n  %s = "
     "shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> {X}\n  %t = add <4 "
     "x i32> %s, %x\n  ret <4 x i32> %t\n}",
     "<i32 0, i32 1, i32 2, i32 3>", "<i32 0, i32 1, i32 2, i32 4>"},
    {"shufflevector poison lane",
     "define <4 x i32> @NAME(<4 x i32> %x, <4 x i32> %y) {\n  %s = "
     "shufflevector <4 x i32> %x, <4 x i32> %y, <4 x i32> {X}\n  %t = add <4 "
     "x i32> %s, %x\n  ret <4 x i32> %t\n}",
     "<i32 0, i32 1, i32 2, i32 3>", "<i32 0, i32 poison, i32 2, i32 3>"},
    {"switch case value",
     "define i32 @NAME(i32 %x) {\nentry:\n  switch i32 %x, label %d [ i32 "
     "{X}, label %one\n    i32 10, label %two ]\none:\n  ret i32 11\ntwo:\n  "
     "ret i32 22\nd:\n  ret i32 33\n}",
     "1", "2"},
    {"phi incoming blocks",
     "define i32 @NAME(i1 %c) {\nentry:\n  br i1 %c, label %l, label "
     "%r\nl:\n  br label %m\nr:\n  br label %m\nm:\n  %v = phi i32 {X}\n  ret "
     "i32 %v\n}",
     "[ 1, %l ], [ 2, %r ]", "[ 1, %r ], [ 2, %l ]"},
    {"alloca type",
     "define void @NAME() {\n  %a = alloca {X}, align 4\n  call void "
     "@take(ptr %a)\n  ret void\n}",
     "i32", "float"},
    {"alloca alignment",
     "define void @NAME() {\n  %a = alloca i32, align {X}\n  call void "
     "@take(ptr %a)\n  ret void\n}",
     "4", "16"},
    {"alloca count",
     "define void @NAME() {\n  %a = alloca i32, i32 {X}\n  call void "
     "@take(ptr %a)\n  ret void\n}",
     "1", "2"},
    {"atomic load ordering",
     "define i32 @NAME(ptr %p) {\n  %v = load atomic i32, ptr %p {X}, align "
     "4\n  %w = add i32 %v, 1\n  ret i32 %w\n}",
     "acquire", "seq_cst"},
    {"atomic load syncscope",
     "define i32 @NAME(ptr %p) {\n  %v = load atomic i32, ptr %p {X} "
     "acquire, align 4\n  %w = add i32 %v, 1\n  ret i32 %w\n}",
     "", "syncscope(\"singlethread\")"},
    {"atomic store ordering",
     "define void @NAME(ptr %p) {\n  store atomic i32 1, ptr %p {X}, align "
     "4\n  call void @g()\n  ret void\n}",
     "release", "seq_cst"},
    {"atomicrmw operation",
     "define i32 @NAME(ptr %p) {\n  %v = atomicrmw {X} ptr %p, i32 1 "
     "seq_cst\n  %w = add i32 %v, 1\n  ret i32 %w\n}",
     "add", "sub"},
    {"cmpxchg failure ordering",
     "define i1 @NAME(ptr %p) {\n  %v = cmpxchg ptr %p, i32 0, i32 1 seq_cst "
     "{X}\n  %w = extractvalue { i32, i1 } %v, 1\n  ret i1 %w\n}",
     "monotonic", "acquire"},
    {"fence syncscope",
     "define void @NAME() {\n  fence {X} seq_cst\n  call void @g()\n  ret "
     "void\n}",
     "", "syncscope(\"singlethread\")"},
    {"volatile load",
     "define i32 @NAME(ptr %p) {\n  %v = load {X} i32, ptr %p\n  %w = add i32 "
     "%v, 1\n  ret i32 %w\n}",
     "", "volatile"},
    {"volatile store",
     "define void @NAME(ptr %p) {\n  store {X} i32 1, ptr %p\n  call void "
     "@g()\n  ret void\n}",
     "", "volatile"},
    {"load alignment",
     "define i32 @NAME(ptr %p) {\n  %v = load i32, ptr %p, align {X}\n  %w = "
     "add i32 %v, 1\n  ret i32 %w\n}",
     "1", "4"},
    {"inline asm string",
     "define i32 @NAME(i32 %x) {\n  %v = call i32 asm sideeffect \"{X} $0, "
     "$1\", \"=r,r\"(i32 %x)\n  %w = add i32 %v, 1\n  ret i32 %w\n}",
     "mov", "not"},
    {"inline asm constraints",
     "define i32 @NAME(i32 %x) {\n  %v = call i32 asm sideeffect \"mov $0, "
     "$1\", \"{X}\"(i32 %x)\n  %w = add i32 %v, 1\n  ret i32 %w\n}",
     "=r,r", "=r,r,~{memory}"},
    {"inline asm sideeffect",
     "define i32 @NAME(i32 %x) {\n  %v = call i32 asm {X} \"mov $0, $1\", "
     "\"=r,r\"(i32 %x)\n  %w = add i32 %v, 1\n  ret i32 %w\n}",
     "", "sideeffect"},
    {"blockaddress of another function",
     "define ptr @NAME() {\n  call void @g()\n  ret ptr blockaddress(@h, "
     "{X})\n}",
     "%bb1", "%bb2"},
    {"GEP source type, variable index",
     "define ptr @NAME(ptr %p, i64 %i) {\n  %q = getelementptr {X}, ptr %p, "
     "i64 %i\n  call void @take(ptr %q)\n  ret ptr %q\n}",
     "i32", "i64"},
    {"GEP source type i8/i16, variable index",
     "define ptr @NAME(ptr %p, i64 %i) {\n  %q = getelementptr {X}, ptr %p, "
     "i64 %i\n  call void @take(ptr %q)\n  ret ptr %q\n}",
     "i8", "i16"},
    {"ptr vs i64",
     "define {X} @NAME({X} %x, ptr %p) {\n  store {X} %x, ptr %p\n  ret {X} "
     "%x\n}",
     "i64", "ptr"},
    {"ptr vs ptr addrspace(1)",
     "define {X} @NAME({X} %x, ptr %p) {\n  store {X} %x, ptr %p\n  ret {X} "
     "%x\n}",
     "ptr", "ptr addrspace(1)"},
    {"ptr addrspace(1) vs i32",
     "define {X} @NAME({X} %x, ptr %p) {\n  store {X} %x, ptr %p\n  ret {X} "
     "%x\n}",
     "i32", "ptr addrspace(1)"},
    {"tail call kind",
     "define void @NAME() {\n  call void @g()\n  {X} call void @g()\n  ret "
     "void\n}",
     "", "notail"},
};

#define BODY_PARAM(ATTR)                                                       \
  "define void @NAME(ptr " ATTR " %p) {\n  call void @take(ptr %p)\n  call "   \
  "void @g()\n  ret void\n}"

const Difference AbiAttributes[] = {
    {"byval", BODY_PARAM("{X}"), "", "byval(i32)"},
    {"byval type", BODY_PARAM("{X}"), "byval(i32)", "byval(i64)"},
    {"byval alignment", BODY_PARAM("{X}"), "byval(i32) align 4",
     "byval(i32) align 16"},
    {"sret", BODY_PARAM("{X}"), "", "sret(i32)"},
    {"inreg pointer", BODY_PARAM("{X}"), "", "inreg"},
    {"swiftself", BODY_PARAM("{X}"), "", "swiftself"},
    {"nest", BODY_PARAM("{X}"), "", "nest"},
    {"swifterror",
     "define void @NAME(ptr {X} %e) {\n  call void @g()\n  call void @g()\n  "
     "ret void\n}",
     "", "swifterror"},
    {"zeroext vs signext parameter",
     "define i32 @NAME(i8 {X} %x) {\n  %y = zext i8 %x to i32\n  %z = add i32 "
     "%y, 1\n  ret i32 %z\n}",
     "zeroext", "signext"},
    {"zeroext parameter",
     "define i32 @NAME(i8 {X} %x) {\n  %y = zext i8 %x to i32\n  %z = add i32 "
     "%y, 1\n  ret i32 %z\n}",
     "", "zeroext"},
    {"signext return",
     "define {X} i8 @NAME(i8 %x) {\n  %y = add i8 %x, 1\n  %z = mul i8 %y, 3\n "
     " ret i8 %z\n}",
     "", "signext"},
    {"inreg parameter",
     "define i32 @NAME(i32 {X} %x) {\n  %y = add i32 %x, 1\n  %z = mul i32 "
     "%y, 3\n  ret i32 %z\n}",
     "", "inreg"},
    {"byval at a call site",
     "define void @NAME(ptr %p) {\n  call void @take(ptr {X} %p)\n  call void "
     "@g()\n  ret void\n}",
     "", "byval(i32)"},
    {"zeroext at a call site",
     "define void @NAME(i8 %x) {\n  call void @takei8(i8 {X} %x)\n  call void "
     "@g()\n  ret void\n}",
     "", "zeroext"},
};

TEST(Difference, FunctionLevelProperties) {
  for (const Difference &D : FunctionLevel)
    checkDifference(D);
}

TEST(Difference, InstructionProperties) {
  for (const Difference &D : Instructions)
    checkDifference(D);
}

TEST(Difference, AbiAttributes) {
  for (const Difference &D : AbiAttributes)
    checkDifference(D);
}

// A function that compares its own address behaves differently once folded
// into a twin that compares the twin's address. As a call target, though,
// "self" is the same in both.
TEST(Difference, SelfAddressIsNotSelfCall) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, R"(
declare void @g()
define i1 @a(ptr %p) {
  call void @g()
  %c = icmp eq ptr %p, @a
  ret i1 %c
}
define i1 @b(ptr %p) {
  call void @g()
  %c = icmp eq ptr %p, @b
  ret i1 %c
}
define i32 @ra(i32 %n) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call i32 @ra(i32 %m)
  ret i32 %r
done:
  ret i32 0
}
define i32 @rb(i32 %n) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call i32 @rb(i32 %m)
  ret i32 %r
done:
  ret i32 0
}
)");
  ASSERT_TRUE(M);
  {
    ModuleEncoder E(*M);
    EXPECT_NE(E.compare(*fn(*M, "a"), *fn(*M, "b")), 0);
    EXPECT_EQ(E.compare(*fn(*M, "ra"), *fn(*M, "rb")), 0);
  }
  std::optional<MergeResult> R = merge(*M);
  ASSERT_TRUE(R);
  EXPECT_FALSE(groupJoins(*R, "a", "b"));
  EXPECT_TRUE(groupJoins(*R, "ra", "rb"));
  // @a still compares with itself.
  const Function *A = fn(*M, "a");
  ASSERT_TRUE(A && !A->isDeclaration());
  EXPECT_NE(printFunction(*A).find("icmp eq ptr %p, @a"), std::string::npos)
      << printFunction(*A);
}

// A blockaddress of the function's own block is its own address in
// disguise: twins are different, and such functions are not candidates.
TEST(Difference, OwnBlockAddress) {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, R"(
declare void @take(ptr)
define void @a() {
entry:
  call void @take(ptr blockaddress(@a, %x))
  br label %x
x:
  ret void
}
define void @b() {
entry:
  call void @take(ptr blockaddress(@b, %x))
  br label %x
x:
  ret void
}
)");
  ASSERT_TRUE(M);
  {
    ModuleEncoder E(*M);
    EXPECT_NE(E.compare(*fn(*M, "a"), *fn(*M, "b")), 0);
  }
  std::optional<MergeResult> R = merge(*M);
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->Groups.empty());
  EXPECT_EQ(R->Stats.Considered, 0u);
}

} // namespace
