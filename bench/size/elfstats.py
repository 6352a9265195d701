# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Sizes of a linked ELF64 little-endian executable, read with the standard
library only.

``elf_stats(path)`` returns a dict:

- ``text_bytes``: size of the ``.text`` section;
- ``file_bytes``: size of the file;
- ``function_symbols``: defined ``STT_FUNC`` symbols of nonzero size in
  ``.symtab``;
- ``function_addresses``: distinct addresses among them (linker ICF keeps
  the symbols of folded sections, so only this count drops with ``--icf``).
"""

import os
import struct

SHT_SYMTAB = 2
STT_FUNC = 2
SHN_UNDEF = 0


class ElfError(Exception):
    """The file is not an ELF64 little-endian object we can read."""


def _section_headers(data):
    if data[:4] != b"\x7fELF":
        raise ElfError("not an ELF file")
    if data[4] != 2 or data[5] != 1:
        raise ElfError("only ELF64 little-endian is supported")
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = []
    for i in range(shnum):
        name, stype, _flags, _addr, offset, size, link, _info, _align, entsize = \
            struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
        headers.append({"name": name, "type": stype, "offset": offset,
                        "size": size, "link": link, "entsize": entsize})
    strtab = headers[shstrndx]
    for h in headers:
        start = strtab["offset"] + h["name"]
        h["name"] = data[start:data.index(b"\0", start)].decode()
    return headers


def _function_symbols(data, headers):
    values = []
    for h in headers:
        if h["type"] != SHT_SYMTAB or not h["entsize"]:
            continue
        for off in range(h["offset"], h["offset"] + h["size"], h["entsize"]):
            _name, info, _other, shndx, value, size = struct.unpack_from(
                "<IBBHQQ", data, off)
            if info & 0xF == STT_FUNC and shndx != SHN_UNDEF and size:
                values.append(value)
    return values


def elf_stats(path):
    with open(path, "rb") as f:
        data = f.read()
    headers = _section_headers(data)
    text = sum(h["size"] for h in headers if h["name"] == ".text")
    funcs = _function_symbols(data, headers)
    return {
        "text_bytes": text,
        "file_bytes": os.path.getsize(path),
        "function_symbols": len(funcs),
        "function_addresses": len(set(funcs)),
    }
