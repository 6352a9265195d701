//===- ByteModelTest.cpp - The byte model of each target ------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// ByteModel::forModule picks the model from the module's triple; each
// model's numbers are the encodings and alignments llc-22 emits for its
// target (ByteModel.cpp): jumps, constants and addresses put in argument
// registers, the argument registers, the alignment of a function built
// for speed or for size, tuned for a CPU or with an explicit `align`, and
// what constant tables cost.
//
//===----------------------------------------------------------------------===//

#include "core/facts/ByteModel.h"

#include "TestIR.h"

#include "llvm/IR/Constants.h"
#include "llvm/TargetParser/Triple.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace lmf;

namespace {

ByteModel model(StringRef Triple, bool PositionIndependent = false) {
  return ByteModel::forTarget(llvm::Triple(Triple), PositionIndependent);
}

/// A module for Triple with functions of each kind the alignment depends
/// on: plain, optsize, minsize, tuned for a CPU, with an explicit align.
std::unique_ptr<Module> functions(LLVMContext &Ctx, StringRef Triple,
                                  StringRef CpuAttributes = "nounwind") {
  std::string Text = "target triple = \"" + Triple.str() + "\"\n" + R"(
define void @plain() { ret void }
define void @opt() optsize { ret void }
define void @min() minsize optsize { ret void }
define void @minonly() minsize { ret void }
define void @explicit() optsize align 32 { ret void }
define void @tuned() #0 { ret void }
define void @tunedmin() minsize optsize #0 { ret void }
attributes #0 = { )" +
                     CpuAttributes.str() + " }\n";
  return test::parseIR(Ctx, Text);
}

int64_t alignment(const ByteModel &B, Module &M, StringRef Name) {
  return B.costsOf(*test::fn(M, Name)).Alignment;
}

TEST(ByteModel, PicksTheModelOfTheTriple) {
  EXPECT_EQ(model("x86_64-unknown-linux-gnu").kind(), TargetKind::X86_64);
  EXPECT_EQ(model("aarch64-unknown-linux-gnu").kind(), TargetKind::AArch64);
  EXPECT_EQ(model("arm64-apple-macosx").kind(), TargetKind::AArch64);
  EXPECT_EQ(model("riscv64-unknown-linux-gnu").kind(), TargetKind::RISCV64);
  EXPECT_EQ(model("i686-unknown-linux-gnu").kind(), TargetKind::Fallback);
  EXPECT_EQ(model("powerpc64le-unknown-linux-gnu").kind(),
            TargetKind::Fallback);
  EXPECT_EQ(model("riscv64-unknown-linux-gnu").name(), "RISC-V 64");
  EXPECT_EQ(model("mips64-unknown-linux-gnu").name(), "fallback");
}

TEST(ByteModel, ArgumentRegistersOfEachConvention) {
  auto Registers = [](StringRef Triple) {
    ByteModel B = model(Triple);
    return std::make_pair(B.integerArgumentRegisters(),
                          B.floatArgumentRegisters());
  };
  EXPECT_EQ(Registers("x86_64-unknown-linux-gnu"), std::make_pair(6u, 8u));
  EXPECT_EQ(Registers("x86_64-pc-windows-msvc"), std::make_pair(4u, 4u));
  EXPECT_EQ(Registers("aarch64-unknown-linux-gnu"), std::make_pair(8u, 8u));
  EXPECT_EQ(Registers("riscv64-unknown-linux-gnu"), std::make_pair(8u, 8u));
  EXPECT_EQ(Registers("riscv32-unknown-linux-gnu"), std::make_pair(8u, 8u));
  EXPECT_EQ(Registers("powerpc64le-unknown-linux-gnu"), std::make_pair(4u, 4u));
}

TEST(ByteModel, ThunksAreOneJump) {
  EXPECT_EQ(model("x86_64-unknown-linux-gnu").jumpBytes(), 5);  // jmp rel32
  EXPECT_EQ(model("aarch64-unknown-linux-gnu").jumpBytes(), 4); // b
  EXPECT_EQ(model("riscv64-unknown-linux-gnu").jumpBytes(), 4); // jal
  EXPECT_EQ(model("mips64-unknown-linux-gnu").jumpBytes(), 8);
}

TEST(ByteModel, X86AlignsTo16UnlessBuiltForSize) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = functions(Ctx, "x86_64-unknown-linux-gnu");
  ASSERT_TRUE(M);
  ByteModel B = ByteModel::forModule(*M);
  EXPECT_EQ(alignment(B, *M, "plain"), 16);
  EXPECT_EQ(alignment(B, *M, "opt"), 1);
  EXPECT_EQ(alignment(B, *M, "min"), 1);
  EXPECT_EQ(alignment(B, *M, "minonly"), 1);
  EXPECT_EQ(alignment(B, *M, "explicit"), 32);
  // A 5-byte jump occupies 16 bytes at -O3, 5 when built for size.
  EXPECT_EQ(B.thunkBytes(0, B.costsOf(*test::fn(*M, "plain"))), 16);
  EXPECT_EQ(B.thunkBytes(0, B.costsOf(*test::fn(*M, "min"))), 5);
}

TEST(ByteModel, AArch64AlignmentFollowsTheTunedCPU) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = functions(Ctx, "aarch64-unknown-linux-gnu",
                                        "\"target-cpu\"=\"cortex-a72\"");
  ASSERT_TRUE(M);
  ByteModel B = ByteModel::forModule(*M);
  EXPECT_EQ(alignment(B, *M, "plain"), 4); // generic, clang's default
  EXPECT_EQ(alignment(B, *M, "min"), 4);
  EXPECT_EQ(alignment(B, *M, "tuned"), 16);
  EXPECT_EQ(alignment(B, *M, "tunedmin"), 4);
  EXPECT_EQ(alignment(B, *M, "explicit"), 32);
  EXPECT_EQ(B.thunkBytes(0, B.costsOf(*test::fn(*M, "plain"))), 4);

  std::unique_ptr<Module> Tuned =
      functions(Ctx, "aarch64-unknown-linux-gnu",
                "\"target-cpu\"=\"generic\" \"tune-cpu\"=\"ampere1\"");
  ASSERT_TRUE(Tuned);
  EXPECT_EQ(alignment(B, *Tuned, "tuned"), 64);
  std::unique_ptr<Module> Apple = functions(Ctx, "aarch64-unknown-linux-gnu",
                                            "\"target-cpu\"=\"apple-m1\"");
  ASSERT_TRUE(Apple);
  EXPECT_EQ(alignment(B, *Apple, "tuned"), 4);
}

TEST(ByteModel, RISCVAlignsTo2WithCompressedInstructions) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M =
      functions(Ctx, "riscv64-unknown-linux-gnu",
                "\"target-features\"=\"+64bit,+a,+c,+d,+f,+m\"");
  ASSERT_TRUE(M);
  ByteModel B = ByteModel::forModule(*M);
  EXPECT_EQ(alignment(B, *M, "plain"), 4);
  EXPECT_EQ(alignment(B, *M, "tuned"), 2);
  EXPECT_EQ(alignment(B, *M, "tunedmin"), 2);
}

// Measured with llc-22 on CTMark (ByteModel.cpp): IR built for size is less
// inlined and unrolled, with more calls, and each of its instructions takes
// more bytes than at -O3.
TEST(ByteModel, BuiltForSizeTakesMoreBytesPerInstruction) {
  LLVMContext Ctx;
  for (StringRef Triple :
       {"x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu",
        "riscv64-unknown-linux-gnu"}) {
    std::unique_ptr<Module> M =
        test::parseIR(Ctx, "target triple = \"" + Triple.str() + "\"\n" + R"(
define i32 @fast(i32 %a, i32 %b) {
  %x = add i32 %a, %b
  %y = mul i32 %x, %a
  %z = xor i32 %y, %b
  %w = sub i32 %z, %x
  ret i32 %w
}
define i32 @small(i32 %a, i32 %b) minsize optsize {
  %x = add i32 %a, %b
  %y = mul i32 %x, %a
  %z = xor i32 %y, %b
  %w = sub i32 %z, %x
  ret i32 %w
}
)");
    ASSERT_TRUE(M);
    ByteModel B = ByteModel::forModule(*M);
    uint64_t Instructions = 0;
    int64_t Fast = B.bodyBytes(*test::fn(*M, "fast"), &Instructions);
    EXPECT_EQ(Instructions, 5u);
    EXPECT_EQ(Fast,
              5 * B.costsOf(*test::fn(*M, "fast")).TenthsPerInstruction / 10);
    EXPECT_GT(B.bodyBytes(*test::fn(*M, "small")), Fast) << Triple.str();
  }
}

TEST(ByteModel, InlinedBodiesLoseTheirReturnAndFoldedOffsets) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = test::parseIR(Ctx, R"(
target triple = "aarch64-unknown-linux-gnu"
define ptr @field(ptr %o) minsize optsize {
  %f = getelementptr inbounds i8, ptr %o, i64 112
  %v = load ptr, ptr %f
  ret ptr %v
}
define void @setField(ptr %o, i64 %v) minsize optsize {
  %f = getelementptr inbounds i8, ptr %o, i64 8
  store i64 %v, ptr %f
  ret void
}
define ptr @address(ptr %o) minsize optsize {
  %f = getelementptr inbounds i8, ptr %o, i64 112
  ret ptr %f
}
define ptr @indexed(ptr %o, i64 %i) minsize optsize {
  %f = getelementptr inbounds i64, ptr %o, i64 %i
  %v = load ptr, ptr %f
  ret ptr %v
}
)");
  ASSERT_TRUE(M);
  ByteModel B = ByteModel::forModule(*M);
  int64_t One = B.costsOf(*test::fn(*M, "field")).TenthsPerInstruction / 10;
  // The load (or store) alone: its offset folds into its addressing.
  EXPECT_EQ(B.inlinedBytes(*test::fn(*M, "field")), One);
  EXPECT_EQ(B.inlinedBytes(*test::fn(*M, "setField")), One);
  // An address returned, or at an offset not constant, takes an
  // instruction of its own.
  EXPECT_EQ(B.inlinedBytes(*test::fn(*M, "address")), One);
  EXPECT_EQ(B.inlinedBytes(*test::fn(*M, "indexed")),
            2 * B.costsOf(*test::fn(*M, "indexed")).TenthsPerInstruction / 10);
  // The body of its own keeps both and the return.
  EXPECT_GT(B.bodyBytes(*test::fn(*M, "field")),
            B.inlinedBytes(*test::fn(*M, "field")));
}

TEST(ByteModel, ConstantsInArgumentRegisters) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = test::parseIR(Ctx, "@g = global i32 0\n");
  ASSERT_TRUE(M);
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  Type *Double = Type::getDoubleTy(Ctx);
  Constant *Zero = ConstantInt::get(I32, 0);
  Constant *Small = ConstantInt::get(I32, 0x1234);
  Constant *Wide32 = ConstantInt::get(I32, 0x12345678);
  Constant *MinusTwo = ConstantInt::getSigned(I64, -2);
  Constant *Wide64 = ConstantInt::get(I64, 0x123456789abcdef0ULL);
  Constant *OneAndAHalf = ConstantFP::get(Double, 1.5);
  Constant *Tenth = ConstantFP::get(Double, 0.1);
  Constant *Address = M->getNamedGlobal("g");

  ByteModel X86 = model("x86_64-unknown-linux-gnu");
  EXPECT_EQ(X86.argumentBytes(*Zero), 2);         // xor r32, r32
  EXPECT_EQ(X86.argumentBytes(*Wide32), 5);       // mov r32, imm32
  EXPECT_EQ(X86.argumentBytes(*Wide64), 10);      // movabs
  EXPECT_EQ(X86.argumentBytes(*OneAndAHalf), 16); // movsd from the pool
  EXPECT_EQ(X86.argumentBytes(*Address), 7);      // lea rip-relative

  ByteModel A64 = model("aarch64-unknown-linux-gnu");
  EXPECT_EQ(A64.argumentBytes(*Zero), 4);        // mov wzr
  EXPECT_EQ(A64.argumentBytes(*Small), 4);       // movz
  EXPECT_EQ(A64.argumentBytes(*Wide32), 8);      // movz + movk
  EXPECT_EQ(A64.argumentBytes(*MinusTwo), 4);    // movn
  EXPECT_EQ(A64.argumentBytes(*Wide64), 16);     // movz + 3 movk
  EXPECT_EQ(A64.argumentBytes(*OneAndAHalf), 4); // fmov immediate
  EXPECT_EQ(A64.argumentBytes(*Tenth), 16);      // adrp + ldr from the pool
  EXPECT_EQ(A64.argumentBytes(*Address), 8);     // adrp + add

  ByteModel RV = model("riscv64-unknown-linux-gnu");
  EXPECT_EQ(RV.argumentBytes(*Zero), 2);    // c.li
  EXPECT_EQ(RV.argumentBytes(*Small), 8);   // lui + addiw
  EXPECT_EQ(RV.argumentBytes(*Address), 8); // auipc + addi
}

TEST(ByteModel, ConstantTablesCostWhatTheTargetEmits) {
  ByteModel X86 = model("x86_64-unknown-linux-gnu", /*PIC=*/true);
  EXPECT_EQ(X86.tableAddressBytes(), 7); // lea
  EXPECT_EQ(X86.tableFieldBytes(/*Pointer=*/false), 8);
  EXPECT_EQ(X86.tableFieldBytes(/*Pointer=*/true), 32); // + Elf64_Rela
  EXPECT_EQ(X86.tableAddressReadBytes(), 4);
  EXPECT_EQ(X86.tableOperandReadBytes(), 1);
  EXPECT_EQ(model("x86_64-unknown-linux-gnu").tableFieldBytes(true), 8);

  ByteModel A64 = model("aarch64-unknown-linux-gnu", /*PIC=*/true);
  EXPECT_EQ(A64.tableAddressBytes(), 8); // adrp + add
  EXPECT_EQ(A64.tableFieldBytes(/*Pointer=*/true), 32);
  // The table's ldr replaces the adrp a constant address took...
  EXPECT_EQ(A64.tableAddressReadBytes(), 0);
  // ...and an immediate operand becomes a register loaded first.
  EXPECT_EQ(A64.tableOperandReadBytes(), 4);
}

TEST(ByteModel, ForModuleReadsPositionIndependence) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = test::parseIR(Ctx, R"(
target triple = "aarch64-unknown-linux-gnu"
!llvm.module.flags = !{!0, !1}
!0 = !{i32 8, !"PIC Level", i32 2}
!1 = !{i32 7, !"PIE Level", i32 2}
)");
  ASSERT_TRUE(M);
  EXPECT_TRUE(ByteModel::forModule(*M).positionIndependent());
  std::unique_ptr<Module> Static =
      test::parseIR(Ctx, "target triple = \"aarch64-unknown-linux-gnu\"\n");
  ASSERT_TRUE(Static);
  EXPECT_FALSE(ByteModel::forModule(*Static).positionIndependent());
}

} // namespace
