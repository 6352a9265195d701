//===- ByteModelDump.cpp - Print the byte model's view of a module --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lmf-byte-model reads an IR or bitcode module and prints what the byte
// model (core/facts/ByteModel.cpp) estimates for each function definition:
// the model it picked for the module's target, then one line per function
// with its instructions, estimated body bytes, alignment and the bytes it
// occupies. The lit tests of the byte model check these numbers per target
// (test/lit/core/bytemodel/), and bench/size/byte_model_calibration.py sets
// them beside the symbol sizes llc-22 gives for the same module.
//
//   lmf-byte-model [-mtriple=T] module.bc
//
// prints
//
//   target x86-64 pic=0 jump=5 address=7 registers=6/8
//   <name> instructions=<n> code=<c> bytes=<b> align=<a> occupied=<o>
//          size=<0|1>
//
// (on one line) where code counts the instructions that emit code, and
// size=1 marks a function built for size (`minsize` or `optsize`).
// -mtriple replaces the module's triple, to see one module's functions
// through another target's model.
//
//===----------------------------------------------------------------------===//

#include "core/facts/ByteModel.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

static cl::opt<std::string> Input(cl::Positional, cl::desc("<module>"),
                                  cl::Required);
static cl::opt<std::string> TripleOverride("mtriple",
                                           cl::desc("Use this target triple"));

int main(int Argc, char **Argv) {
  cl::ParseCommandLineOptions(Argc, Argv, "print the byte model's estimates\n");
  LLVMContext Context;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Input, Err, Context);
  if (!M) {
    Err.print(Argv[0], errs());
    return 1;
  }
  if (!TripleOverride.empty())
    M->setTargetTriple(Triple(TripleOverride));
  lmf::ByteModel Bytes = lmf::ByteModel::forModule(*M);
  outs() << "target " << Bytes.name() << " pic=" << Bytes.positionIndependent()
         << " jump=" << Bytes.jumpBytes()
         << " address=" << Bytes.tableAddressBytes()
         << " registers=" << Bytes.integerArgumentRegisters() << "/"
         << Bytes.floatArgumentRegisters() << "\n";
  for (const Function &F : *M) {
    if (F.isDeclaration())
      continue;
    uint64_t Instructions = 0;
    int64_t Body = Bytes.bodyBytes(F, &Instructions);
    lmf::FunctionCosts Costs = Bytes.costsOf(F);
    outs() << F.getName() << " instructions=" << Instructions
           << " code=" << lmf::ByteModel::codeInstructions(F)
           << " bytes=" << Body << " align=" << Costs.Alignment
           << " occupied=" << Costs.occupied(Body) << " size=" << F.hasOptSize()
           << "\n";
  }
  return 0;
}
