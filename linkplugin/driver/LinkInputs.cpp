//===- LinkInputs.cpp - Every input of a link, read once ------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Before a ThinLTO link our ld.lld wants to know things only the whole link
// knows: which functions' addresses some input uses (LinkAddressScan.cpp),
// and which functions have twins in other modules and who else names them
// (CrossModuleFolding.cpp). Both start from the same reading of the
// command line, done here once: every file as lld would find it, archive
// members included (every member, not only those lld extracts: reading more
// than lld only makes more names count as used), -l libraries searched
// through the -L directories in lld's order (the shared library before the
// archive unless -Bstatic), and the files that GROUP/INPUT/AS_NEEDED
// scripts name. What it gathers:
//
//  * every bitcode module, with the name lld gives it, its symbol table's
//    defined and undefined names, and its summary (read at the end, in
//    parallel, only when the link has a ThinLTO module); a module in a file
//    named once on the command line, outside --start-lib/--end-lib, and
//    alone in its file, may be replaced by a rewritten one;
//  * the names that object files and shared libraries use or define, and
//    the names the command line gives lld (-u, -e and the default entry
//    `_start`, --init, --fini, --keep-unique, --require-defined);
//  * why the output's symbols cannot be judged from the inputs: an output
//    other than an executable (-shared, -r), options that export or rename
//    symbols (--export-dynamic, --dynamic-list, --version-script, --wrap,
//    --defsym...), a linker script with commands;
//  * why an input could not be read, if one could not.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/LinkInputs.h"

#include "linkplugin/driver/LldCommandLine.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/Bitstream/BitstreamReader.h"
#include "llvm/IR/GlobalValue.h"
#include "llvm/IR/ModuleSummaryIndex.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/IRSymtab.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace lmf {
namespace {

/// lld options after which the inputs do not tell what the output exports
/// or how its symbols resolve.
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

uint64_t nameGUID(StringRef Name) {
  return GlobalValue::getGUIDAssumingExternalLinkage(Name);
}

class Reader {
public:
  LinkInputs run(const LldCommandLine &CL);

private:
  void readOptions(const LldCommandLine &CL);
  bool readFile(StringRef Path, unsigned Depth,
                std::optional<unsigned> Argument = std::nullopt);
  bool readLibrary(StringRef Name, unsigned Depth);
  /// Member: for an archive member, its names (see InputModule).
  struct MemberNames {
    std::string Name, DistributedName;
  };
  bool readBuffer(MemoryBufferRef Buffer, unsigned Depth,
                  std::optional<unsigned> Argument,
                  const MemberNames *Member = nullptr);
  bool readBitcode(MemoryBufferRef Buffer, std::optional<unsigned> Argument,
                   const MemberNames *Member);
  MemberNames memberNames(const object::Archive &Archive,
                          const object::Archive::Child &C,
                          StringRef ArchivePath);
  bool readArchive(MemoryBufferRef Buffer, unsigned Depth);
  bool readObject(MemoryBufferRef Buffer, bool Shared);
  bool readScript(MemoryBufferRef Buffer, unsigned Depth);
  void readSummaries();
  std::optional<std::string> findInSearchDirs(StringRef FileName) const;
  std::optional<std::string> findScriptInput(StringRef Token) const;

  void nameUsed(StringRef Name) {
    Result.NamesUsedOutsideBitcode.insert(nameGUID(Name));
  }
  bool giveUp(const Twine &Why) {
    if (Result.Unreadable.empty())
      Result.Unreadable = Why.str();
    return false;
  }
  void cannotJudge(const Twine &Why) {
    if (Result.Unjudgeable.empty())
      Result.Unjudgeable = Why.str();
  }

  std::vector<std::string> SearchDirs;
  std::string Sysroot;
  bool Static = false;
  bool Lazy = false;
  std::vector<bool> StaticStack;
  StringSet<> Seen;
  /// How often each path is named on the command line.
  StringMap<unsigned> TimesNamed;
  LinkInputs Result;
};

/// The item's lld name without the `=` of its joined spelling.
StringRef optionName(const CommandLineItem &Item) {
  return Item.Name.rtrim('=');
}

void Reader::readOptions(const LldCommandLine &CL) {
  for (const CommandLineItem &Item : CL.items()) {
    if (Item.Kind == CommandLineItem::Input) {
      ++TimesNamed[Item.value()];
      continue;
    }
    if (Item.Kind != CommandLineItem::LldOption)
      continue;
    StringRef Name = optionName(Item);
    if (is_contained(Unjudgeable, Name))
      cannotJudge("--" + Name + " may give any function's address away");
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
}

std::optional<std::string> Reader::findInSearchDirs(StringRef FileName) const {
  for (const std::string &Dir : SearchDirs) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, FileName);
    if (sys::fs::exists(Path))
      return std::string(Path);
  }
  return std::nullopt;
}

bool Reader::readLibrary(StringRef Name, unsigned Depth) {
  if (Name.consume_front(":")) {
    if (std::optional<std::string> Path = findInSearchDirs(Name))
      return readFile(*Path, Depth);
    return giveUp("cannot find -l:" + Name);
  }
  for (const std::string &Dir : SearchDirs) {
    for (StringRef Suffix : {".so", ".a"}) {
      if (Static && Suffix == ".so")
        continue;
      SmallString<256> Path(Dir);
      sys::path::append(Path, "lib" + Name + Suffix);
      if (sys::fs::exists(Path))
        return readFile(Path, Depth);
    }
  }
  return giveUp("cannot find -l" + Name);
}

bool Reader::readFile(StringRef Path, unsigned Depth,
                      std::optional<unsigned> Argument) {
  if (!Seen.insert(Path).second)
    return true;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(
      Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return giveUp("cannot read '" + Path + "'");
  Result.Files.push_back(std::move(*Buffer));
  return readBuffer(Result.Files.back()->getMemBufferRef(), Depth, Argument);
}

bool Reader::readBuffer(MemoryBufferRef Buffer, unsigned Depth,
                        std::optional<unsigned> Argument,
                        const MemberNames *Member) {
  switch (identify_magic(Buffer.getBuffer())) {
  case file_magic::bitcode:
    return readBitcode(Buffer, Argument, Member);
  case file_magic::archive:
    return readArchive(Buffer, Depth);
  case file_magic::elf_relocatable:
    return readObject(Buffer, /*Shared=*/false);
  case file_magic::elf_shared_object:
    return readObject(Buffer, /*Shared=*/true);
  case file_magic::unknown:
    return readScript(Buffer, Depth);
  default:
    return giveUp("'" + Buffer.getBufferIdentifier() +
                  "' is not an object, archive, bitcode file or shared "
                  "library");
  }
}

bool Reader::readBitcode(MemoryBufferRef Buffer,
                         std::optional<unsigned> Argument,
                         const MemberNames *Member) {
  Expected<BitcodeFileContents> Contents = getBitcodeFileContents(Buffer);
  Expected<irsymtab::FileContents> Symtab =
      Contents ? irsymtab::readBitcode(*Contents)
               : Expected<irsymtab::FileContents>(Contents.takeError());
  if (!Symtab) {
    consumeError(Symtab.takeError());
    return giveUp("cannot read the bitcode of '" +
                  Buffer.getBufferIdentifier() + "'");
  }
  std::vector<BitcodeModule> &Mods = Contents->Mods;
  if (Mods.size() != 1)
    Argument.reset();
  for (auto [I, BM] : enumerate(Mods)) {
    Expected<BitcodeLTOInfo> Info = BM.getLTOInfo();
    if (!Info) {
      consumeError(Info.takeError());
      return giveUp("cannot read the bitcode of '" +
                    Buffer.getBufferIdentifier() + "'");
    }
    InputModule In(BM,
                   Member ? Member->Name : Buffer.getBufferIdentifier().str());
    if (Member)
      In.DistributedName = Member->DistributedName;
    In.ThinLTO = Info->IsThinLTO;
    In.HasSummary = Info->HasSummary;
    Result.ThinModules += Info->IsThinLTO;
    if (Info->IsThinLTO && Info->HasSummary && !Info->EnableSplitLTOUnit)
      In.Argument = Argument;
    for (const irsymtab::Reader::SymbolRef &Sym :
         Symtab->TheReader.module_symbols(I))
      (Sym.isUndefined() ? In.UndefinedNames : In.DefinedNames)
          .push_back(nameGUID(Sym.getName()));
    Result.Modules.push_back(std::move(In));
  }
  return true;
}

/// FunctionShapeKey::Targets of F: the GUIDs it calls, sorted, a
/// separator, the GUIDs it refers to, sorted, hashed with XXH3.
uint64_t targetsHash(const FunctionSummary &F) {
  SmallVector<uint64_t, 16> GUIDs;
  for (const FunctionSummary::EdgeTy &Call : F.calls())
    GUIDs.push_back(Call.first.getGUID());
  llvm::sort(GUIDs);
  size_t Calls = GUIDs.size();
  GUIDs.push_back(0);
  for (ValueInfo Ref : F.refs())
    GUIDs.push_back(Ref.getGUID());
  std::sort(GUIDs.begin() + Calls + 1, GUIDs.end());
  return xxh3_64bits(ArrayRef(reinterpret_cast<const uint8_t *>(GUIDs.data()),
                              GUIDs.size() * sizeof(uint64_t)));
}

/// The functions a summary defines with their sizes, the values whose
/// address it uses (references that are not calls; aliases and their
/// aliasees; those of function bodies apart), how many of its functions
/// call each callee, and the callees of profiled calls.
ModuleSummaryFacts readSummary(BitcodeModule &BM) {
  ModuleSummaryFacts Out;
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
        Out.AddressUses.push_back(Ref.getGUID());
      if (const auto *Alias = dyn_cast<AliasSummary>(S.get())) {
        Out.AddressUses.push_back(GUID);
        if (Alias->hasAliasee())
          Out.AddressUses.push_back(Alias->getAliaseeGUID());
      } else if (const auto *F = dyn_cast<FunctionSummary>(S.get())) {
        for (ValueInfo Ref : F->refs())
          Out.CodeReferences.push_back(Ref.getGUID());
        Out.DefinedFunctions.push_back(GUID);
        Out.Shapes.push_back({GUID, F->instCount(), uint32_t(F->calls().size()),
                              uint32_t(F->refs().size()), targetsHash(*F)});
        for (const FunctionSummary::EdgeTy &Call : F->calls()) {
          ++Out.CallingFunctions[Call.first.getGUID()];
          if (Call.second.getHotness() != CalleeInfo::HotnessType::Unknown)
            Out.ProfiledCallees.push_back(Call.first.getGUID());
        }
      }
    }
  return Out;
}

void Reader::readSummaries() {
  parallelFor(0, Result.Modules.size(), [&](size_t I) {
    Result.Modules[I].Summary = readSummary(Result.Modules[I].Module);
  });
}

/// lld names an archive member `<archive>(<member> at <offset>)`. LLVM's
/// distributed ThinLTO writes a member of a regular archive to a file named
/// `<that name's last path component>.<sequence>.<process id in hex>.o`
/// next to the output, and reads a member of a thin archive from its own
/// file, named by its path relative to the archive's directory.
Reader::MemberNames Reader::memberNames(const object::Archive &Archive,
                                        const object::Archive::Child &C,
                                        StringRef ArchivePath) {
  MemberNames Names;
  Expected<StringRef> Member = C.getName();
  if (!Member) {
    consumeError(Member.takeError());
    return Names;
  }
  Names.Name = (ArchivePath + "(" + sys::path::filename(*Member) + " at " +
                Twine(C.getChildOffset()) + ")")
                   .str();
  if (Archive.isThin()) {
    SmallString<128> Path;
    if (sys::path::is_relative(*Member))
      Path = sys::path::parent_path(ArchivePath);
    sys::path::append(Path, *Member);
    sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Names.DistributedName = std::string(Path);
  } else {
    Names.DistributedName = sys::path::filename(Names.Name).str();
  }
  return Names;
}

bool Reader::readArchive(MemoryBufferRef Buffer, unsigned Depth) {
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
    // readScript refuses a member that is not an object or bitcode.
    MemberNames Names = memberNames(**Archive, C, Buffer.getBufferIdentifier());
    if (!readBuffer(*Member, MaxScriptDepth, std::nullopt, &Names)) {
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

bool Reader::readObject(MemoryBufferRef Buffer, bool Shared) {
  Expected<std::unique_ptr<object::ObjectFile>> Obj =
      object::ObjectFile::createObjectFile(Buffer);
  auto *ELF = Obj ? dyn_cast<object::ELFObjectFileBase>(Obj->get()) : nullptr;
  if (!ELF) {
    if (!Obj)
      consumeError(Obj.takeError());
    return giveUp("cannot read the ELF file '" + Buffer.getBufferIdentifier() +
                  "'");
  }
  auto Note = [&](const object::SymbolRef &Sym) {
    Expected<uint32_t> Flags = Sym.getFlags();
    Expected<StringRef> Name = Sym.getName();
    if (!Flags || !Name) {
      if (!Flags)
        consumeError(Flags.takeError());
      if (!Name)
        consumeError(Name.takeError());
      return;
    }
    StringRef Plain = Name->split('@').first;
    if (Shared || (*Flags & object::SymbolRef::SF_Undefined))
      nameUsed(Plain);
    else if (*Flags & object::SymbolRef::SF_Global)
      Result.NamesDefinedOutsideBitcode.insert(nameGUID(Plain));
  };
  if (Shared)
    for (const object::ELFSymbolRef &Sym : ELF->getDynamicSymbolIterators())
      Note(Sym);
  else
    for (const object::SymbolRef &Sym : ELF->symbols())
      Note(Sym);
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

std::optional<std::string> Reader::findScriptInput(StringRef Token) const {
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

bool Reader::readScript(MemoryBufferRef Buffer, unsigned Depth) {
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
      if (!readLibrary(T, Depth + 1))
        return false;
      continue;
    }
    if (all_of(T, [](char C) { return isUpper(C) || C == '_'; })) {
      // What the script does beyond naming inputs is not known; the inputs
      // it would name are not read.
      cannotJudge("the linker script '" + Name + "' has commands (" + T +
                  ") beyond naming input files");
      return true;
    }
    std::optional<std::string> Path = findScriptInput(T);
    if (!Path)
      return giveUp("cannot find '" + T + "', named in '" + Name + "'");
    if (!readFile(*Path, Depth + 1))
      return false;
  }
  return true;
}

LinkInputs Reader::run(const LldCommandLine &CL) {
  readOptions(CL);
  for (const CommandLineItem &Item : CL.items()) {
    bool Ok = true;
    if (Item.Kind == CommandLineItem::Input) {
      if (Item.value().empty())
        continue;
      if (Item.value() == "-") {
        Ok = giveUp("an input is read from standard input");
      } else {
        std::optional<unsigned> Argument;
        if (!Lazy && TimesNamed.lookup(Item.value()) == 1)
          Argument = Item.Index;
        Ok = readFile(Item.value(), 0, Argument);
      }
    } else if (Item.Kind == CommandLineItem::LldOption) {
      StringRef Name = optionName(Item);
      if (Name == "l")
        Ok = readLibrary(Item.value(), 0);
      else if (Name == "rpath" && sys::fs::is_regular_file(Item.value()))
        Ok = giveUp("-R " + Item.value() + " names a file: --just-symbols");
      else if (Name == "Bstatic")
        Static = true;
      else if (Name == "Bdynamic")
        Static = false;
      else if (Name == "start-lib")
        Lazy = true;
      else if (Name == "end-lib")
        Lazy = false;
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
  if (Result.ThinModules)
    readSummaries();
  return std::move(Result);
}

} // namespace

LinkInputs readLinkInputs(ArrayRef<const char *> LldArgs) {
  LldCommandLine CL = LldCommandLine::classify(LldArgs);
  return Reader().run(CL);
}

namespace {

Error malformedBitcode(const BitcodeModule &BM) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot read the records of '" +
                               BM.getModuleIdentifier() + "'");
}

/// Scans the top-level records of the module block Stream has entered,
/// skipping its sub-blocks, for MODULE_CODE_ASM.
Expected<bool> moduleBlockHasAsm(BitstreamCursor &Stream,
                                 const BitcodeModule &BM) {
  BitstreamBlockInfo BlockInfo;
  for (;;) {
    Expected<BitstreamEntry> Entry = Stream.advance();
    if (!Entry)
      return Entry.takeError();
    switch (Entry->Kind) {
    case BitstreamEntry::Error:
      return malformedBitcode(BM);
    case BitstreamEntry::EndBlock:
      return false;
    case BitstreamEntry::SubBlock:
      // Abbreviations the block info defines may serve the module block's
      // own records.
      if (Entry->ID == bitc::BLOCKINFO_BLOCK_ID) {
        Expected<std::optional<BitstreamBlockInfo>> Info =
            Stream.ReadBlockInfoBlock();
        if (!Info)
          return Info.takeError();
        if (!*Info)
          return malformedBitcode(BM);
        BlockInfo = std::move(**Info);
        Stream.setBlockInfo(&BlockInfo);
      } else if (Error E = Stream.SkipBlock()) {
        return E;
      }
      break;
    case BitstreamEntry::Record: {
      Expected<unsigned> Code = Stream.skipRecord(Entry->ID);
      if (!Code)
        return Code.takeError();
      if (*Code == bitc::MODULE_CODE_ASM)
        return true;
      break;
    }
    }
  }
}

} // namespace

Expected<bool> hasModuleInlineAsm(const BitcodeModule &BM) {
  // The buffer holds the module's identification block, if any, and its
  // module block, at the top level of the stream.
  BitstreamCursor Stream(BM.getBuffer());
  while (!Stream.AtEndOfStream()) {
    Expected<BitstreamEntry> Entry = Stream.advance();
    if (!Entry)
      return Entry.takeError();
    if (Entry->Kind != BitstreamEntry::SubBlock)
      return malformedBitcode(BM);
    if (Entry->ID != bitc::MODULE_BLOCK_ID) {
      if (Error E = Stream.SkipBlock())
        return E;
      continue;
    }
    if (Error E = Stream.EnterSubBlock(bitc::MODULE_BLOCK_ID))
      return E;
    return moduleBlockHasAsm(Stream, BM);
  }
  return malformedBitcode(BM);
}

} // namespace lmf
