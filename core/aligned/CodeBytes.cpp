//===- CodeBytes.cpp - Functions' bytes as the code generator emits them --===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The byte model (ByteModel.h, AlignedCost.h) estimates what a merge
// saves before code generation has run; users who want to know how close
// that estimate came ask for the real figure (AlignedRealBytes.h). It is
// measured the way bench/size/aligned_pair_bytes.py measures it offline:
// the functions in question are copied into a module of their own, every
// other global left as a declaration, compiled by the target's code
// generator with a section per function, and the sizes are read from the
// object's symbol table.
//
// A function compiled alone is compiled as in the link: code generation
// works a function at a time, from the function's own attributes (CPU,
// features, minsize). What it cannot see is what works across functions
// (the MachineOutliner, inter-procedural register allocation, lld's ICF),
// so the figure is the merge's own, before those.
//
//===----------------------------------------------------------------------===//

#include "core/aligned/CodeBytes.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace lmf {
namespace {

Expected<std::unique_ptr<TargetMachine>> targetMachineFor(const Module &M) {
  const Triple &TT = M.getTargetTriple();
  std::string Why;
  const Target *T = TargetRegistry::lookupTarget(TT, Why);
  if (!T)
    return createStringError(inconvertibleErrorCode(),
                             "no code generator for '" + TT.str() +
                                 "' in this process: " + Why);
  if (!TT.isOSBinFormatELF())
    return createStringError(inconvertibleErrorCode(),
                             "code bytes are read from ELF objects only, not "
                             "those of '" +
                                 TT.str() + "'");
  TargetOptions Options;
  Options.FunctionSections = true;
  std::optional<Reloc::Model> Reloc;
  if (M.getPICLevel() != PICLevel::NotPIC)
    Reloc = Reloc::PIC_;
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      TT, "", "", Options, Reloc, std::nullopt, CodeGenOptLevel::Default));
  if (!TM)
    return createStringError(inconvertibleErrorCode(),
                             "cannot make a code generator for '" + TT.str() +
                                 "'");
  // The outliner would move code of the functions measured into functions
  // not measured: each is measured whole.
  TM->setMachineOutliner(false);
  return TM;
}

/// A copy of M with bodies for Names only.
std::unique_ptr<Module> copyWithBodies(const Module &M,
                                       const StringSet<> &Names) {
  ValueToValueMapTy Map;
  return CloneModule(M, Map, [&](const GlobalValue *GV) {
    return isa<Function>(GV) && Names.contains(GV->getName());
  });
}

Expected<StringMap<uint64_t>> readFunctionSizes(StringRef Object,
                                                const StringSet<> &Names) {
  Expected<std::unique_ptr<object::ObjectFile>> File =
      object::ObjectFile::createObjectFile(MemoryBufferRef(Object, "measure"));
  if (!File)
    return File.takeError();
  auto *Elf = dyn_cast<object::ELFObjectFileBase>(File->get());
  if (!Elf)
    return createStringError(inconvertibleErrorCode(),
                             "the code generator did not write ELF");
  StringMap<uint64_t> Sizes;
  for (const object::ELFSymbolRef &Sym : Elf->symbols()) {
    Expected<StringRef> Name = Sym.getName();
    if (!Name)
      return Name.takeError();
    if (Sym.getELFType() == ELF::STT_FUNC && Names.contains(*Name))
      Sizes[*Name] = Sym.getSize();
  }
  return Sizes;
}

} // namespace

Expected<StringMap<uint64_t>> measureCodeBytes(const Module &M,
                                               const StringSet<> &Names) {
  Expected<std::unique_ptr<TargetMachine>> TM = targetMachineFor(M);
  if (!TM)
    return TM.takeError();
  std::unique_ptr<Module> Copy = copyWithBodies(M, Names);
  SmallVector<char, 0> Object;
  raw_svector_ostream OS(Object);
  legacy::PassManager PM;
  if ((*TM)->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::ObjectFile))
    return createStringError(inconvertibleErrorCode(),
                             "the code generator cannot write objects");
  PM.run(*Copy);
  return readFunctionSizes(StringRef(Object.data(), Object.size()), Names);
}

} // namespace lmf
