"""The main thread's modules as one file (``app/page.pack``): one download instead of some sixty.

Over a browser's few connections to a host each small file had waited its turn, and the engine's worker
and its downloads waited behind them.  The build (``tools/build.py``) writes the pack with :func:`pack`;
``assets/boot.js`` (``unpackPage``) puts its files among MicroPython's before the page's script runs.  Each
file is the length of its name (2 bytes, little-endian), its name (UTF-8, a path relative to the page's
folder), its length (4 bytes) and its bytes.
"""

from __future__ import annotations

NAME_SIZE = 2
BODY_SIZE = 4


def pack(files: list[tuple[str, bytes]]) -> bytes:
    """The pack of ``files``, a list of (name, bytes)."""
    out = bytearray()
    for name, body in files:
        encoded = name.encode()
        out += len(encoded).to_bytes(NAME_SIZE, "little") + encoded
        out += len(body).to_bytes(BODY_SIZE, "little") + body
    return bytes(out)


def files_of(data: bytes) -> list[tuple[str, bytes]]:
    """The (name, bytes) of every file in a pack (as ``unpackPage`` reads it); ``ValueError`` when it is cut
    short."""
    files = []
    at = 0
    while at < len(data):
        name_end = at + NAME_SIZE + int.from_bytes(data[at : at + NAME_SIZE], "little")
        body_end = name_end + BODY_SIZE + int.from_bytes(data[name_end : name_end + BODY_SIZE], "little")
        if body_end > len(data):
            raise ValueError("the page's pack is cut short")
        files.append((data[at + NAME_SIZE : name_end].decode(), data[name_end + BODY_SIZE : body_end]))
        at = body_end
    return files
