//===- GenModule.cpp - Write a synthetic module for the speed harness -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lmf-genmodule writes a bitcode module of N function definitions of which a
// chosen fraction are foldable copies of another one, to measure how merge
// time grows with module size. It is deterministic for a seed.
//
// The module is a sequence of families. Each family is one BodySpec given to
// one or more functions:
//
//   unique      one function; nothing to fold;
//   exact       k equal copies: every merger folds k-1 of them;
//   annotated   k copies that differ in intersectable annotations (poison
//               flags, inbounds, !tbaa, dereferenceable, noundef): LLVM's
//               MergeFunctions folds none of them, ours folds k-1;
//   chain       k parallel call chains of depth d whose leaves are equal:
//               folding the leaves makes their callers equal, level after
//               level (a cascade of d rounds);
//   recursive   k pairs (f_i, g_i) calling each other: f_1 and f_2 differ in
//               their callee until the pairs are known equal as a whole,
//               which only partition refinement finds.
//
// A family is unique while the copies written so far exceed the requested
// ratio, otherwise one of the four others, so the ratio holds at any size.
// Unique functions call earlier functions at random, which gives the call
// graph fan-in; some functions have their address stored in small tables
// (like vtables), so both address-significant and insignificant folds
// occur. Linkage is internal, linkonce_odr or external per family, as in a
// full-LTO module after internalization.
//
//===----------------------------------------------------------------------===//

#include "bench/speed/BodyBuilder.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace lmf::bench;

static cl::OptionCategory GenCat("lmf-genmodule options");
static cl::opt<uint64_t> NumFunctions("functions", cl::init(10000),
                                      cl::desc("function definitions to write"),
                                      cl::cat(GenCat));
static cl::opt<double> DupRatio(
    "dup-ratio", cl::init(0.3),
    cl::desc("fraction of functions that are foldable copies (0 to 0.9)"),
    cl::cat(GenCat));
static cl::opt<uint64_t> Seed("seed", cl::init(1), cl::desc("random seed"),
                              cl::cat(GenCat));
static cl::opt<std::string> Output("o", cl::Required,
                                   cl::desc("output bitcode file"),
                                   cl::value_desc("file"), cl::cat(GenCat));
static cl::opt<bool> Verify("verify", cl::desc("run the IR verifier"),
                            cl::cat(GenCat));

namespace {


class ModuleWriter {
public:
  ModuleWriter(Module &M)
      : M(M), Bodies(M), R(Seed * 0x2545f4914f6cdd1dULL + 1) {}
  void run();

private:
  enum class Kind { Unique, Exact, Annotated, Chain, Recursive };

  Kind nextKind();
  BodySpec newSpec();
  std::vector<Function *> randomCallees();
  Function *declare(const Twine &Name, GlobalValue::LinkageTypes Linkage);
  GlobalValue::LinkageTypes familyLinkage();
  BodyVariant randomVariant();
  void writeUnique();
  void writeExact();
  void writeAnnotated();
  void writeChain();
  void writeRecursive();
  void writeAddressTables();

  Module &M;
  BodyBuilder Bodies;
  SplitMix64 R;
  uint64_t Family = 0;
  uint64_t Written = 0, Copies = 0;
  std::vector<Function *> All;
  std::vector<Constant *> AddressTaken;
};

ModuleWriter::Kind ModuleWriter::nextKind() {
  if (double(Copies) >= DupRatio * double(Written + 1))
    return Kind::Unique;
  unsigned Roll = R.below(100);
  if (Roll < 40)
    return Kind::Exact;
  if (Roll < 65)
    return Kind::Annotated;
  if (Roll < 85)
    return Kind::Chain;
  return Kind::Recursive;
}

BodySpec ModuleWriter::newSpec() {
  BodySpec Spec;
  ++Family;
  Spec.Shape = R.next();
  Spec.Constant = Family * 7919 + 13;
  // Mostly small bodies, some large ones: 4 to 36 instructions.
  Spec.Length = 4 + R.below(R.chance(20) ? 32 : 12);
  return Spec;
}

std::vector<Function *> ModuleWriter::randomCallees() {
  std::vector<Function *> Callees;
  unsigned N = All.empty() ? 0 : R.below(3);
  for (unsigned I = 0; I < N; ++I)
    Callees.push_back(All[All.size() - 1 - R.below(std::min<size_t>(
                                               All.size(), 5000))]);
  return Callees;
}

GlobalValue::LinkageTypes ModuleWriter::familyLinkage() {
  unsigned Roll = R.below(100);
  if (Roll < 55)
    return GlobalValue::InternalLinkage;
  if (Roll < 85)
    return GlobalValue::LinkOnceODRLinkage;
  return GlobalValue::ExternalLinkage;
}

Function *ModuleWriter::declare(const Twine &Name,
                                GlobalValue::LinkageTypes Linkage) {
  Function *F = Function::Create(Bodies.functionType(), Linkage, Name, M);
  if (Linkage != GlobalValue::ExternalLinkage)
    F->setUnnamedAddr(R.chance(70) ? GlobalValue::UnnamedAddr::Global
                                   : GlobalValue::UnnamedAddr::Local);
  if (Linkage == GlobalValue::ExternalLinkage)
    F->setDSOLocal(true);
  if (R.chance(5))
    AddressTaken.push_back(F);
  All.push_back(F);
  ++Written;
  return F;
}

BodyVariant ModuleWriter::randomVariant() {
  BodyVariant V;
  V.DropPoisonFlags = R.chance(40);
  V.DropInbounds = R.chance(30);
  V.AltTBAA = R.chance(40);
  V.Dereferenceable = 8u << R.below(4);
  V.DropNoundef = R.chance(20);
  return V;
}

void ModuleWriter::writeUnique() {
  BodySpec Spec = newSpec();
  std::vector<Function *> Callees = randomCallees();
  Spec.Callees = Callees;
  Function *F = declare("u" + Twine(Family), familyLinkage());
  Bodies.build(*F, Spec);
}

void ModuleWriter::writeExact() {
  BodySpec Spec = newSpec();
  std::vector<Function *> Callees = randomCallees();
  Spec.Callees = Callees;
  unsigned K = 2 + R.below(3);
  GlobalValue::LinkageTypes Linkage = familyLinkage();
  for (unsigned I = 0; I < K; ++I)
    Bodies.build(*declare("e" + Twine(Family) + "_" + Twine(I), Linkage),
                 Spec);
  Copies += K - 1;
}

void ModuleWriter::writeAnnotated() {
  BodySpec Spec = newSpec();
  std::vector<Function *> Callees = randomCallees();
  Spec.Callees = Callees;
  unsigned K = 2 + R.below(3);
  GlobalValue::LinkageTypes Linkage = familyLinkage();
  for (unsigned I = 0; I < K; ++I) {
    Spec.Variant = I == 0 ? BodyVariant() : randomVariant();
    Bodies.build(*declare("a" + Twine(Family) + "_" + Twine(I), Linkage),
                 Spec);
  }
  Copies += K - 1;
}

void ModuleWriter::writeChain() {
  unsigned K = 2 + R.below(2), Depth = 2 + R.below(4);
  uint64_t Id = Family + 1;
  GlobalValue::LinkageTypes Linkage = familyLinkage();
  std::vector<Function *> Below(K, nullptr);
  for (unsigned Level = 0; Level < Depth; ++Level) {
    BodySpec Spec = newSpec();
    for (unsigned I = 0; I < K; ++I) {
      Function *Callee = Below[I];
      if (Callee)
        Spec.Callees = ArrayRef<Function *>(Callee);
      Function *F = declare("c" + Twine(Id) + "_" + Twine(Level) + "_" +
                                Twine(I),
                            Linkage);
      Bodies.build(*F, Spec);
      Below[I] = F;
    }
  }
  Copies += (K - 1) * Depth;
}

void ModuleWriter::writeRecursive() {
  unsigned K = 2 + R.below(2);
  BodySpec FSpec = newSpec(), GSpec = newSpec();
  FSpec.GuardFirstCall = GSpec.GuardFirstCall = true;
  uint64_t Id = Family;
  GlobalValue::LinkageTypes Linkage = R.chance(50)
                                          ? GlobalValue::InternalLinkage
                                          : GlobalValue::LinkOnceODRLinkage;
  for (unsigned I = 0; I < K; ++I) {
    Function *F = declare("r" + Twine(Id) + "_f" + Twine(I), Linkage);
    Function *G = declare("r" + Twine(Id) + "_g" + Twine(I), Linkage);
    FSpec.Callees = ArrayRef<Function *>(G);
    GSpec.Callees = ArrayRef<Function *>(F);
    Bodies.build(*F, FSpec);
    Bodies.build(*G, GSpec);
  }
  Copies += 2 * (K - 1);
}

/// Tables of 16 function pointers, like vtables. (One huge array would make
/// every replacement of a member rebuild the whole constant, a cost that
/// grows with the module and that real modules do not have.)
void ModuleWriter::writeAddressTables() {
  const size_t Width = 16;
  for (size_t I = 0; I < AddressTaken.size(); I += Width) {
    ArrayRef<Constant *> Slice = ArrayRef(AddressTaken).slice(
        I, std::min(Width, AddressTaken.size() - I));
    auto *Ty = ArrayType::get(PointerType::getUnqual(M.getContext()),
                              Slice.size());
    new GlobalVariable(M, Ty, /*isConstant=*/true,
                       GlobalValue::ExternalLinkage,
                       ConstantArray::get(Ty, Slice),
                       "lmf.table." + Twine(I / Width));
  }
}

void ModuleWriter::run() {
  M.setTargetTriple(Triple("x86_64-pc-linux-gnu"));
  M.setDataLayout("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-"
                  "f80:128-n8:16:32:64-S128");
  while (Written < NumFunctions) {
    switch (nextKind()) {
    case Kind::Unique: writeUnique(); break;
    case Kind::Exact: writeExact(); break;
    case Kind::Annotated: writeAnnotated(); break;
    case Kind::Chain: writeChain(); break;
    case Kind::Recursive: writeRecursive(); break;
    }
  }
  writeAddressTables();
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(GenCat);
  cl::ParseCommandLineOptions(
      argc, argv,
      "writes a synthetic module with a controlled share of foldable "
      "functions\n");
  if (NumFunctions == 0 || NumFunctions > 50000000) {
    errs() << "lmf-genmodule: --functions must be between 1 and 50000000\n";
    return 1;
  }
  if (!(DupRatio >= 0.0 && DupRatio <= 0.9)) {
    errs() << "lmf-genmodule: --dup-ratio must be between 0 and 0.9\n";
    return 1;
  }
  LLVMContext Ctx;
  Module M("lmf-genmodule", Ctx);
  ModuleWriter(M).run();
  if (Verify && verifyModule(M, &errs())) {
    errs() << "lmf-genmodule: the generated module is invalid\n";
    return 1;
  }
  std::error_code EC;
  raw_fd_ostream OS(Output, EC, sys::fs::OF_None);
  if (EC) {
    errs() << "lmf-genmodule: cannot write '" << Output << "': "
           << EC.message() << "\n";
    return 1;
  }
  WriteBitcodeToFile(M, OS);
  return 0;
}
