//===- ThinLTOInputs.cpp - Which inputs are ThinLTO bitcode ---------------===//
//
// The merger runs on the one module of regular (full) LTO. ThinLTO inputs
// are optimized and compiled module by module in ThinLTO backends, where our
// pass never runs: their functions are not merged. A user who mixes the two
// (often without knowing: a prebuilt archive from a `-flto=thin` build)
// must be told, so before linking we look at what the command line names.
//
// We approximate lld's view of the inputs without re-implementing it:
//  * every argument that is not an option or the value of one is a file;
//  * `-l name` / `-l:file` are searched in the -L directories the way lld
//    searches them (a shared library found first hides the archive, unless
//    -Bstatic/-static is in effect), with `=` meaning the --sysroot;
//  * each such file that is bitcode is asked for its LTO kind
//    (llvm::BitcodeModule::getLTOInfo); each archive is opened and its
//    bitcode members are asked the same.
// Unified-LTO bitcode counts as ThinLTO unless `--lto=full` is given, as in
// lld. Linker scripts (libc.so is one) are not followed: system libraries
// are not bitcode. An archive member is reported even if the link may not
// extract it; the warning says "inputs", not "linked modules". Anything we
// cannot read is skipped silently: lld reports unreadable inputs itself,
// with better words.
//
//===----------------------------------------------------------------------===//

#include "linkplugin/driver/ThinLTOInputs.h"

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

/// lld options whose value is the next argument, not an input file.
bool takesSeparateValue(StringRef Name) {
  // clang-format off
  static const StringSet<> Names = {
      "o", "output", "L", "library-path", "l", "library", "sysroot",
      "mllvm", "plugin-opt", "plugin", "m", "z", "T", "script", "R",
      "rpath", "y", "trace-symbol", "u", "undefined", "e", "entry",
      "soname", "h", "dynamic-linker", "I", "version-script",
      "dynamic-list", "Map", "defsym", "b", "format", "F", "filter", "f",
      "auxiliary", "just-symbols", "wrap", "exclude-libs", "init", "fini",
      "rsp-quoting", "O"};
  // clang-format on
  return Names.contains(Name);
}

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

StringRef optionName(StringRef Arg) {
  return Arg.drop_front(Arg.starts_with("--") ? 2 : 1);
}

/// First pass: the search directories and sysroot, which apply to every
/// -l wherever it appears. Second pass: files and libraries in order.
LinkInputs collectInputs(ArrayRef<const char *> Args) {
  LibrarySearch Search;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg.size() < 2 || Arg[0] != '-')
      continue;
    StringRef Name = optionName(Arg);
    bool HasNext = I + 1 < Args.size();
    if ((Arg == "-L" || Name == "library-path") && HasNext)
      Search.Dirs.push_back(Args[++I]);
    else if (Name == "sysroot" && HasNext)
      Search.Sysroot = Args[++I];
    else if (Name.consume_front("library-path="))
      Search.Dirs.push_back(Name.str());
    else if (Name.consume_front("sysroot="))
      Search.Sysroot = Name.str();
    else if (Arg.starts_with("-L"))
      Search.Dirs.push_back(Arg.drop_front(2).str());
    else if (takesSeparateValue(Name) && HasNext)
      ++I;
  }

  LinkInputs Inputs;
  bool Static = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg.size() < 2 || Arg[0] != '-') {
      if (Arg != "-")
        Inputs.Files.push_back(Arg.str());
      continue;
    }
    StringRef Name = optionName(Arg);
    StringRef Library;
    if ((Arg == "-l" || Name == "library") && I + 1 < Args.size())
      Library = Args[++I];
    else if (Name.consume_front("library="))
      Library = Name;
    else if (takesSeparateValue(Name) && I + 1 < Args.size())
      ++I;
    else if (Arg.starts_with("-l") && !Arg.starts_with("--"))
      Library = Arg.drop_front(2);
    else if (Name == "Bstatic" || Name == "static" || Name == "dn" ||
             Name == "non_shared")
      Static = true;
    else if (Name == "Bdynamic" || Name == "dy" || Name == "call_shared")
      Static = false;
    else if (Name == "lto=full")
      Inputs.FullUnifiedLTO = true;
    if (!Library.empty())
      if (std::string Path = Search.find(Library, Static); !Path.empty())
        Inputs.Files.push_back(Path);
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
