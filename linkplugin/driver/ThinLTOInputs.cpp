//===- ThinLTOInputs.cpp - Which inputs are ThinLTO bitcode ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The merger runs on the one module of regular (full) LTO. ThinLTO inputs
// are optimized and compiled module by module in ThinLTO backends, where our
// pass never runs: their functions are not merged. A user who mixes the two
// (often without knowing: a prebuilt archive from a `-flto=thin` build)
// must be told, so before linking we look at what the command line names.
//
// We approximate lld's view of the inputs without re-implementing it:
//  * the command line is read with lld's own option table
//    (LldCommandLine.cpp): what it calls an input is a file, option values
//    never are, and every spelling of an option is the same option
//    (`-L dir`, `-Ldir`, `--library-path=dir`; `-static` is `-Bstatic`);
//  * `-l name` / `-l:file` are searched in the -L directories the way lld
//    searches them (a shared library found first hides the archive, unless
//    -Bstatic/-static is in effect), with `=` meaning the --sysroot;
//  * each such file that is bitcode is asked for its LTO kind
//    (llvm::BitcodeModule::getLTOInfo); each archive is opened and its
//    bitcode members are asked the same.
// Unified-LTO bitcode counts as ThinLTO unless the last `--lto=` says
// `full`, as in lld. Linker scripts (libc.so is one) are not followed: system
// libraries are not bitcode. An archive member is reported even if the link may
// not extract it; the warning says "inputs", not "linked modules". Anything we
// cannot read is skipped silently: lld reports unreadable inputs itself,
// with better words.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/ThinLTOInputs.h"

#include "linkplugin/driver/LldCommandLine.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Object/Archive.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace lmf {
namespace {

struct LinkInputs {
  std::vector<std::string> Files;
  bool FullUnifiedLTO = false;
};

/// lld's findFile: `=dir` and `$SYSROOT/dir` are under the sysroot.
std::string underSysroot(StringRef Dir, StringRef Sysroot) {
  if (Dir.consume_front("="))
    return (Sysroot + Dir).str();
  if (Dir.consume_front("$SYSROOT"))
    return (Sysroot + Dir).str();
  return Dir.str();
}

struct LibrarySearch {
  std::vector<std::string> Dirs;
  std::string Sysroot;

  std::string find(StringRef Name, bool Static) const {
    for (const std::string &RawDir : Dirs) {
      std::string Dir = underSysroot(RawDir, Sysroot);
      auto Exists = [&](const Twine &File) -> std::string {
        SmallString<256> Path(Dir);
        sys::path::append(Path, File);
        return sys::fs::exists(Path) ? std::string(Path) : std::string();
      };
      if (Name.starts_with(":")) {
        if (std::string P = Exists(Name.drop_front()); !P.empty())
          return P;
        continue;
      }
      if (!Static && !Exists("lib" + Name + ".so").empty())
        return ""; // a shared library, never bitcode
      if (std::string P = Exists("lib" + Name + ".a"); !P.empty())
        return P;
    }
    return "";
  }
};

/// The search directories, the sysroot and --lto apply to every input
/// wherever they appear; files, libraries and -Bstatic/-Bdynamic in order.
LinkInputs collectInputs(ArrayRef<const char *> Args) {
  LldCommandLine CommandLine = LldCommandLine::classify(Args);
  LibrarySearch Search;
  LinkInputs Inputs;
  for (const CommandLineItem &Item : CommandLine.items()) {
    if (Item.MissingValue)
      continue;
    if (Item.isLld("L"))
      Search.Dirs.push_back(Item.value().str());
    else if (Item.isLld("sysroot"))
      Search.Sysroot = Item.value().str();
    else if (Item.isLld("lto="))
      Inputs.FullUnifiedLTO = Item.value() == "full";
  }

  bool Static = false;
  for (const CommandLineItem &Item : CommandLine.items()) {
    if (Item.Kind == CommandLineItem::Input) {
      // lld reads "-" as standard input and ignores "".
      if (!Item.value().empty() && Item.value() != "-")
        Inputs.Files.push_back(Item.value().str());
    } else if (Item.isLld("l") && !Item.MissingValue) {
      if (std::string Path = Search.find(Item.value(), Static); !Path.empty())
        Inputs.Files.push_back(Path);
    } else if (Item.isLld("Bstatic")) {
      Static = true;
    } else if (Item.isLld("Bdynamic")) {
      Static = false;
    }
  }
  return Inputs;
}

/// True when the bitcode in Buffer has a module lld would give to ThinLTO.
bool isThinLTOBitcode(MemoryBufferRef Buffer, bool FullUnifiedLTO) {
  Expected<std::vector<BitcodeModule>> Modules = getBitcodeModuleList(Buffer);
  if (!Modules) {
    consumeError(Modules.takeError());
    return false;
  }
  for (BitcodeModule &M : *Modules) {
    Expected<BitcodeLTOInfo> Info = M.getLTOInfo();
    if (!Info) {
      consumeError(Info.takeError());
      continue;
    }
    if (Info->IsThinLTO && !(Info->UnifiedLTO && FullUnifiedLTO))
      return true;
  }
  return false;
}

void scanArchive(StringRef Path, MemoryBufferRef Buffer, bool FullUnifiedLTO,
                 std::vector<std::string> &Out) {
  Expected<std::unique_ptr<object::Archive>> Archive =
      object::Archive::create(Buffer);
  if (!Archive) {
    consumeError(Archive.takeError());
    return;
  }
  Error Err = Error::success();
  for (const object::Archive::Child &C : (*Archive)->children(Err)) {
    Expected<MemoryBufferRef> Member = C.getMemoryBufferRef();
    if (!Member) {
      consumeError(Member.takeError());
      continue;
    }
    if (identify_magic(Member->getBuffer()) != file_magic::bitcode)
      continue;
    if (!isThinLTOBitcode(*Member, FullUnifiedLTO))
      continue;
    Expected<StringRef> Name = C.getName();
    Out.push_back((Path + "(" + (Name ? *Name : StringRef("?")) + ")").str());
    if (!Name)
      consumeError(Name.takeError());
  }
  consumeError(std::move(Err));
}

} // namespace

std::vector<std::string> findThinLTOInputs(ArrayRef<const char *> Args) {
  LinkInputs Inputs = collectInputs(Args);
  std::vector<std::string> Thin;
  StringSet<> Seen;
  for (const std::string &Path : Inputs.Files) {
    if (!Seen.insert(Path).second)
      continue;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(
        Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!Buffer)
      continue;
    MemoryBufferRef Ref = (*Buffer)->getMemBufferRef();
    file_magic Magic = identify_magic(Ref.getBuffer());
    if (Magic == file_magic::bitcode) {
      if (isThinLTOBitcode(Ref, Inputs.FullUnifiedLTO))
        Thin.push_back(Path);
    } else if (Magic == file_magic::archive) {
      scanArchive(Path, Ref, Inputs.FullUnifiedLTO, Thin);
    }
  }
  return Thin;
}

} // namespace lmf
