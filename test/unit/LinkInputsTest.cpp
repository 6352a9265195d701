//===- LinkInputsTest.cpp - What the driver reads of a link's inputs ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// hasModuleInlineAsm reads a bitcode module's records, not its IR, to tell
// whether it has module-level inline assembly: the step before a ThinLTO
// link leaves such modules out before it reads anything else of them. It
// must say yes for assembly wherever the writer puts it among the module's
// records (with few or many globals, with the function bodies after it),
// and no for modules without.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LinkInputs.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

using namespace llvm;
using namespace lmf;

namespace {

/// The answer for the module of IR Text, written as bitcode.
std::optional<bool> asmOf(StringRef Text) {
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseAssemblyString(Text, Diag, Ctx);
  if (!M) {
    ADD_FAILURE() << Diag.getMessage().str();
    return std::nullopt;
  }
  SmallVector<char, 0> Bytes;
  raw_svector_ostream OS(Bytes);
  WriteBitcodeToFile(*M, OS);
  Expected<std::vector<BitcodeModule>> Mods = getBitcodeModuleList(
      MemoryBufferRef(StringRef(Bytes.data(), Bytes.size()), "test.bc"));
  if (!Mods || Mods->size() != 1) {
    ADD_FAILURE() << (Mods ? "not one module" : toString(Mods.takeError()));
    return std::nullopt;
  }
  Expected<bool> Asm = hasModuleInlineAsm(Mods->front());
  if (!Asm) {
    ADD_FAILURE() << toString(Asm.takeError());
    return std::nullopt;
  }
  return *Asm;
}

/// Count functions with bodies and as many globals.
std::string manyGlobals(unsigned Count) {
  std::string Text;
  for (unsigned I = 0; I < Count; ++I)
    Text += "@g" + std::to_string(I) + " = global i32 " + std::to_string(I) +
            "\ndefine i32 @f" + std::to_string(I) +
            "(i32 %x) {\n  %v = load i32, ptr @g" + std::to_string(I) +
            "\n  %s = add i32 %v, %x\n  ret i32 %s\n}\n";
  return Text;
}

TEST(LinkInputs, ModuleWithoutAsmHasNone) {
  EXPECT_EQ(asmOf("define void @f() {\n  ret void\n}\n"),
            std::optional<bool>(false));
  EXPECT_EQ(asmOf(manyGlobals(200)), std::optional<bool>(false));
  EXPECT_EQ(asmOf(""), std::optional<bool>(false));
}

TEST(LinkInputs, ModuleAsmIsFoundAmongTheRecords) {
  EXPECT_EQ(asmOf("module asm \".globl in_asm\"\n"), std::optional<bool>(true));
  EXPECT_EQ(asmOf("module asm \"\\09.section .note.x\"\n" + manyGlobals(200)),
            std::optional<bool>(true));
  EXPECT_EQ(asmOf(manyGlobals(3) + "module asm \"nop\"\n"),
            std::optional<bool>(true));
}

} // namespace
