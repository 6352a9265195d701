//===- LinkAddressScan.cpp - Which functions' addresses the link uses -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A ThinLTO backend sees one module. When two exported functions of that
// module are equal and neither is `unnamed_addr` (C functions never are),
// the backend cannot tell whether another module, an object file or a
// shared library compares their addresses, so it keeps each symbol's own
// address with a thunk. `--icf=safe` can do better after codegen because
// every object carries a table of the symbols whose address it uses; in a
// full-LTO link internalization settles the question. This file gives
// ThinLTO backends the same knowledge, before lld runs: it reads every
// input of the link and lists the functions defined in bitcode whose
// address no input uses.
//
// What counts as a use of F's address:
//  * in bitcode, a reference that is not the callee of a direct call: the
//    module summaries written at compile time list these (`refs`), for
//    function bodies and global initializers alike (vtables, tables of
//    function pointers); an alias of F counts too;
//  * in an object file, any reference to F's name (we cannot tell a call
//    from an address there), and any mention of F's name in a shared
//    library, which lld answers by exporting F;
//  * names the command line gives lld: -u, --require-defined, -e (and the
//    default entry `_start`), --init, --fini, --keep-unique.
// Reading more inputs than lld does is harmless: it only makes more
// addresses count as used. So every archive member is read, not only those
// lld extracts, and the -l search follows lld's rules (-L directories in
// order, the shared library before the archive unless -Bstatic).
//
// Some links cannot be judged this way, and then there is no list and the
// backends keep today's rules: output other than an executable (-shared,
// -r: the program's users may take any address), options that export or
// rename symbols (--export-dynamic, --dynamic-list, --export-dynamic-symbol,
// --version-script, --wrap, --defsym), linker scripts with commands (only
// the GROUP/INPUT/AS_NEEDED scripts that stand in for libc.so are read),
// bitcode without a summary, and files we cannot read or recognise.
//
// Known blind spot, shared with `--icf=safe`: an address used only inside
// inline assembly is not an IR reference and is not seen.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LinkAddressScan.h"

#include "linkplugin/driver/LldCommandLine.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/GlobalValue.h"
#include "llvm/IR/ModuleSummaryIndex.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace llvm;

namespace lmf {
namespace {

/// lld options after which no list is made: what they do to symbols is
/// more than a name that counts as used.
constexpr StringLiteral Unjudgeable[] = {
    "shared",
    "relocatable",
    "export-dynamic",
    "dynamic-list",
    "export-dynamic-symbol",
    "export-dynamic-symbol-list",
    "version-script",
    "wrap",
    "defsym",
    "script",
    "just-symbols",
    "undefined-glob",
    "retain-symbols-file",
};

/// lld options whose value is a symbol lld keeps or calls by address.
constexpr StringLiteral NamesSymbol[] = {
    "undefined", "require-defined", "entry", "init", "fini", "keep-unique",
};

/// How nested linker scripts may be before we stop following them.
constexpr unsigned MaxScriptDepth = 8;

class Scanner {
public:
  LinkAddressScan run(const LldCommandLine &CL);

private:
  bool readOptions(const LldCommandLine &CL);
  bool scanFile(StringRef Path, unsigned Depth);
  bool scanLibrary(StringRef Name, unsigned Depth);
  bool scanBuffer(MemoryBufferRef Buffer, unsigned Depth);
  bool scanBitcode(MemoryBufferRef Buffer);
  bool readSummaries();
  bool scanArchive(MemoryBufferRef Buffer, unsigned Depth);
  bool scanObject(MemoryBufferRef Buffer, bool Shared);
  bool scanScript(MemoryBufferRef Buffer, unsigned Depth);
  std::optional<std::string> findInSearchDirs(StringRef FileName) const;
  std::optional<std::string> findScriptInput(StringRef Token) const;

  void nameUsed(StringRef Name) {
    Used.insert(GlobalValue::getGUIDAssumingExternalLinkage(Name));
  }
  bool giveUp(const Twine &Why) {
    if (Result.Unknown.empty())
      Result.Unknown = Why.str();
    return false;
  }

  std::vector<std::string> SearchDirs;
  std::string Sysroot;
  bool Static = false;
  std::vector<bool> StaticStack;
  StringSet<> Seen;
  /// Every file read, kept open: BitcodeModules point into them.
  std::vector<std::unique_ptr<MemoryBuffer>> Files;
  /// The bitcode modules found; their summaries are read at the end, in
  /// parallel, and only when the link has a ThinLTO module.
  std::vector<BitcodeModule> BitcodeModules;
  DenseSet<uint64_t> Defined;
  DenseSet<uint64_t> Used;
  LinkAddressScan Result;
};

/// The item's lld name without the `=` of its joined spelling.
StringRef optionName(const CommandLineItem &Item) {
  return Item.Name.rtrim('=');
}

bool Scanner::readOptions(const LldCommandLine &CL) {
  for (const CommandLineItem &Item : CL.items()) {
    if (Item.Kind != CommandLineItem::LldOption)
      continue;
    StringRef Name = optionName(Item);
    if (is_contained(Unjudgeable, Name))
      return giveUp("--" + Name + " may give any function's address away");
    if (is_contained(NamesSymbol, Name))
      nameUsed(Item.value());
    else if (Name == "L")
      SearchDirs.push_back(Item.value().str());
    else if (Name == "sysroot")
      Sysroot = Item.value().str();
  }
  // The entry point's address goes into the ELF header.
  nameUsed("_start");
  for (std::string &Dir : SearchDirs)
    if (StringRef(Dir).starts_with("="))
      Dir = Sysroot + Dir.substr(1);
    else if (StringRef(Dir).starts_with("$SYSROOT"))
      Dir = Sysroot + Dir.substr(8);
  return true;
}

std::optional<std::string> Scanner::findInSearchDirs(StringRef FileName) const {
  for (const std::string &Dir : SearchDirs) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, FileName);
    if (sys::fs::exists(Path))
      return std::string(Path);
  }
  return std::nullopt;
}

bool Scanner::scanLibrary(StringRef Name, unsigned Depth) {
  if (Name.consume_front(":")) {
    if (std::optional<std::string> Path = findInSearchDirs(Name))
      return scanFile(*Path, Depth);
    return giveUp("cannot find -l:" + Name);
  }
  for (const std::string &Dir : SearchDirs) {
    for (StringRef Suffix : {".so", ".a"}) {
      if (Static && Suffix == ".so")
        continue;
      SmallString<256> Path(Dir);
      sys::path::append(Path, "lib" + Name + Suffix);
      if (sys::fs::exists(Path))
        return scanFile(Path, Depth);
    }
  }
  return giveUp("cannot find -l" + Name);
}

bool Scanner::scanFile(StringRef Path, unsigned Depth) {
  if (!Seen.insert(Path).second)
    return true;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(
      Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return giveUp("cannot read '" + Path + "'");
  Files.push_back(std::move(*Buffer));
  return scanBuffer(Files.back()->getMemBufferRef(), Depth);
}

bool Scanner::scanBuffer(MemoryBufferRef Buffer, unsigned Depth) {
  switch (identify_magic(Buffer.getBuffer())) {
  case file_magic::bitcode:
    return scanBitcode(Buffer);
  case file_magic::archive:
    return scanArchive(Buffer, Depth);
  case file_magic::elf_relocatable:
    return scanObject(Buffer, /*Shared=*/false);
  case file_magic::elf_shared_object:
    return scanObject(Buffer, /*Shared=*/true);
  case file_magic::unknown:
    return scanScript(Buffer, Depth);
  default:
    return giveUp("'" + Buffer.getBufferIdentifier() +
                  "' is not an object, archive, bitcode file or shared "
                  "library");
  }
}

bool Scanner::scanBitcode(MemoryBufferRef Buffer) {
  Expected<std::vector<BitcodeModule>> Modules = getBitcodeModuleList(Buffer);
  if (!Modules) {
    consumeError(Modules.takeError());
    return giveUp("cannot read the bitcode of '" +
                  Buffer.getBufferIdentifier() + "'");
  }
  for (BitcodeModule &BM : *Modules) {
    Expected<BitcodeLTOInfo> Info = BM.getLTOInfo();
    if (!Info || !Info->HasSummary) {
      if (!Info)
        consumeError(Info.takeError());
      return giveUp("'" + Buffer.getBufferIdentifier() +
                    "' has bitcode without a module summary");
    }
    Result.ThinModules += Info->IsThinLTO;
    BitcodeModules.push_back(BM);
  }
  return true;
}

/// What one module's summary says: the functions it defines and the
/// values whose address it uses.
struct ModuleAddresses {
  std::vector<uint64_t> Defined;
  std::vector<uint64_t> Used;
  bool Read = false;
};

static ModuleAddresses readSummary(BitcodeModule &BM) {
  ModuleAddresses Out;
  Expected<std::unique_ptr<ModuleSummaryIndex>> Index = BM.getSummary();
  if (!Index || !*Index) {
    if (!Index)
      consumeError(Index.takeError());
    return Out;
  }
  Out.Read = true;
  for (const auto &[GUID, Values] : **Index)
    for (const std::unique_ptr<GlobalValueSummary> &S :
         Values.getSummaryList()) {
      for (ValueInfo Ref : S->refs())
        Out.Used.push_back(Ref.getGUID());
      if (const auto *Alias = dyn_cast<AliasSummary>(S.get())) {
        Out.Used.push_back(GUID);
        if (Alias->hasAliasee())
          Out.Used.push_back(Alias->getAliaseeGUID());
      } else if (isa<FunctionSummary>(S.get())) {
        Out.Defined.push_back(GUID);
      }
    }
  return Out;
}

bool Scanner::readSummaries() {
  std::vector<ModuleAddresses> PerModule(BitcodeModules.size());
  parallelFor(0, BitcodeModules.size(),
              [&](size_t I) { PerModule[I] = readSummary(BitcodeModules[I]); });
  for (size_t I = 0; I < PerModule.size(); ++I) {
    if (!PerModule[I].Read)
      return giveUp("cannot read the module summary of '" +
                    BitcodeModules[I].getModuleIdentifier() + "'");
    Defined.insert_range(PerModule[I].Defined);
    Used.insert_range(PerModule[I].Used);
  }
  return true;
}

bool Scanner::scanArchive(MemoryBufferRef Buffer, unsigned Depth) {
  Expected<std::unique_ptr<object::Archive>> Archive =
      object::Archive::create(Buffer);
  if (!Archive) {
    consumeError(Archive.takeError());
    return giveUp("cannot read the archive '" + Buffer.getBufferIdentifier() +
                  "'");
  }
  Error Err = Error::success();
  bool Ok = true;
  for (const object::Archive::Child &C : (*Archive)->children(Err)) {
    Expected<MemoryBufferRef> Member = C.getMemoryBufferRef();
    if (!Member) {
      consumeError(Member.takeError());
      Ok = giveUp("cannot read a member of '" + Buffer.getBufferIdentifier() +
                  "'");
      break;
    }
    // lld reads no linker script from an archive: at the depth limit,
    // scanScript refuses a member that is not an object or bitcode.
    if (!scanBuffer(*Member, MaxScriptDepth)) {
      Ok = false;
      break;
    }
  }
  if (Err) {
    consumeError(std::move(Err));
    return giveUp("cannot read the archive '" + Buffer.getBufferIdentifier() +
                  "'");
  }
  return Ok;
}

bool Scanner::scanObject(MemoryBufferRef Buffer, bool Shared) {
  Expected<std::unique_ptr<object::ObjectFile>> Obj =
      object::ObjectFile::createObjectFile(Buffer);
  auto *ELF = Obj ? dyn_cast<object::ELFObjectFileBase>(Obj->get()) : nullptr;
  if (!ELF) {
    if (!Obj)
      consumeError(Obj.takeError());
    return giveUp("cannot read the ELF file '" + Buffer.getBufferIdentifier() +
                  "'");
  }
  auto Note = [&](const object::SymbolRef &Sym, bool UndefinedOnly) {
    Expected<uint32_t> Flags = Sym.getFlags();
    Expected<StringRef> Name = Sym.getName();
    if (!Flags || !Name) {
      if (!Flags)
        consumeError(Flags.takeError());
      if (!Name)
        consumeError(Name.takeError());
      return;
    }
    if (!UndefinedOnly || (*Flags & object::SymbolRef::SF_Undefined))
      nameUsed(Name->split('@').first);
  };
  if (Shared)
    for (const object::ELFSymbolRef &Sym : ELF->getDynamicSymbolIterators())
      Note(Sym, /*UndefinedOnly=*/false);
  else
    for (const object::SymbolRef &Sym : ELF->symbols())
      Note(Sym, /*UndefinedOnly=*/true);
  return true;
}

/// The linker script tokens: words, parentheses and commas, without
/// comments.
SmallVector<StringRef, 16> scriptTokens(StringRef Text) {
  SmallVector<StringRef, 16> Tokens;
  while (!Text.empty()) {
    Text = Text.ltrim(" \t\r\n,");
    if (Text.starts_with("/*")) {
      size_t End = Text.find("*/");
      Text = End == StringRef::npos ? StringRef() : Text.drop_front(End + 2);
      continue;
    }
    if (Text.empty())
      break;
    if (Text.front() == '(' || Text.front() == ')') {
      Tokens.push_back(Text.take_front(1));
      Text = Text.drop_front(1);
      continue;
    }
    size_t End = Text.find_first_of(" \t\r\n,()");
    Tokens.push_back(Text.take_front(End));
    Text = End == StringRef::npos ? StringRef() : Text.drop_front(End);
  }
  return Tokens;
}

std::optional<std::string> Scanner::findScriptInput(StringRef Token) const {
  if (Token.starts_with("/")) {
    if (!Sysroot.empty() && sys::fs::exists(Sysroot + Token.str()))
      return Sysroot + Token.str();
    return Token.str();
  }
  if (Token.starts_with("="))
    return Sysroot + Token.drop_front().str();
  if (sys::fs::exists(Token))
    return Token.str();
  return findInSearchDirs(Token);
}

bool Scanner::scanScript(MemoryBufferRef Buffer, unsigned Depth) {
  StringRef Text = Buffer.getBuffer();
  StringRef Name = Buffer.getBufferIdentifier();
  if (Depth >= MaxScriptDepth || Text.contains('\0'))
    return giveUp("'" + Name + "' is not a file lld reads as input");
  SmallVector<StringRef, 16> Tokens = scriptTokens(Text);
  for (size_t I = 0; I < Tokens.size(); ++I) {
    StringRef T = Tokens[I];
    if (T == "GROUP" || T == "INPUT" || T == "AS_NEEDED" || T == "(" ||
        T == ")")
      continue;
    if (T == "OUTPUT_FORMAT") {
      while (I < Tokens.size() && Tokens[I] != ")")
        ++I;
      continue;
    }
    if (T.consume_front("-l")) {
      if (!scanLibrary(T, Depth + 1))
        return false;
      continue;
    }
    if (all_of(T, [](char C) { return isUpper(C) || C == '_'; }))
      return giveUp("the linker script '" + Name + "' has commands (" + T +
                    ") beyond naming input files");
    std::optional<std::string> Path = findScriptInput(T);
    if (!Path)
      return giveUp("cannot find '" + T + "', named in '" + Name + "'");
    if (!scanFile(*Path, Depth + 1))
      return false;
  }
  return true;
}

LinkAddressScan Scanner::run(const LldCommandLine &CL) {
  if (!readOptions(CL))
    return std::move(Result);
  for (const CommandLineItem &Item : CL.items()) {
    bool Ok = true;
    if (Item.Kind == CommandLineItem::Input) {
      if (Item.value().empty())
        continue;
      if (Item.value() == "-")
        Ok = giveUp("an input is read from standard input");
      else
        Ok = scanFile(Item.value(), 0);
    } else if (Item.Kind == CommandLineItem::LldOption) {
      StringRef Name = optionName(Item);
      if (Name == "l")
        Ok = scanLibrary(Item.value(), 0);
      else if (Name == "rpath" && sys::fs::is_regular_file(Item.value()))
        Ok = giveUp("-R " + Item.value() + " names a file: --just-symbols");
      else if (Name == "Bstatic")
        Static = true;
      else if (Name == "Bdynamic")
        Static = false;
      else if (Name == "push-state")
        StaticStack.push_back(Static);
      else if (Name == "pop-state" && !StaticStack.empty()) {
        Static = StaticStack.back();
        StaticStack.pop_back();
      }
    }
    if (!Ok)
      return std::move(Result);
  }
  if (Result.ThinModules == 0 || !readSummaries())
    return std::move(Result);
  for (uint64_t GUID : Defined)
    if (!Used.contains(GUID))
      Result.AddressFree.push_back(GUID);
  llvm::sort(Result.AddressFree);
  return std::move(Result);
}

} // namespace

LinkAddressScan scanLinkAddresses(ArrayRef<const char *> LldArgs) {
  LldCommandLine CL = LldCommandLine::classify(LldArgs);
  return Scanner().run(CL);
}

} // namespace lmf
