"""The main thread's modules as one file (``app/page.pack``): one download instead of some sixty.

Over a browser's few connections to a host each small file had waited its turn, and the engine's worker
and its downloads waited behind them.  The build (``tools/build.py``) writes the pack with :func:`pack`;
the page's script (``pyapp/page/main.py``) puts its files in place with :func:`unpack` before it imports
them.  Each file is the length of its name (2 bytes, little-endian), its name (UTF-8, a path relative to
the page's folder), its length (4 bytes) and its bytes.  Runs on MicroPython as on CPython.
"""

NAME_SIZE = 2
BODY_SIZE = 4


def pack(files: list) -> bytes:
    """The pack of ``files``, a list of (name, bytes)."""
    out = bytearray()
    for name, body in files:
        encoded = name.encode()
        out += len(encoded).to_bytes(NAME_SIZE, "little") + encoded
        out += len(body).to_bytes(BODY_SIZE, "little") + body
    return bytes(out)


def files_of(data: bytes) -> list:
    """The (name, bytes) of every file in a pack; ``ValueError`` when it is cut short."""
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


def unpack(path: str) -> int:
    """Write every file of the pack at ``path`` in place (folders made as needed); how many there were."""
    import os

    with open(path, "rb") as file:
        files = files_of(file.read())
    for name, body in files:
        folder = ""
        for part in name.split("/")[:-1]:
            folder = folder + "/" + part if folder else part
            try:
                os.mkdir(folder)
            except OSError:
                pass  # (there already)
        with open(name, "wb") as file:
            file.write(body)
    return len(files)
