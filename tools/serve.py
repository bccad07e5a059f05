"""Serve ``dist/`` on 127.0.0.1, optionally under a sub-path, and print the URL.

``python -m tools.serve [--port 8000] [--base /hearts/] [--dir dist] [--line 4g]``

A file with a gzip copy beside it (``x.js.gz``, written by the build) is
sent as that copy to a browser that accepts gzip, as a static host serves
precompressed files.

``--line`` serves as if over a slower network (:mod:`tools.line`): every
request waits a round trip, and every response shares the line's download
rate, so the service worker's and the engine worker's downloads pay it too.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import sys
import threading
import time
from pathlib import Path
from typing import BinaryIO, ClassVar

from tools.build import DIST
from tools.line import LINES, Line

CHUNK = 16 * 1024  # the size of a paced write


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from one folder, reachable only under ``base``; quiet logs."""

    base = "/"
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    copy: str | None = None  # the gzip copy being sent for this request, if any

    def translate_path(self, path: str) -> str:
        """Map ``base`` + path to the folder (to the gzip copy while one is sent); anything outside ``base`` is
        not found."""
        if self.copy:
            return self.copy
        if not path.startswith(self.base):
            return str(Path(self.directory) / "__not_found__")
        return super().translate_path("/" + path[len(self.base) :])

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """The type of the file itself, for its gzip copy too."""
        return super().guess_type(str(path).removesuffix(".gz") if self.copy else path)

    def gzip_copy(self, requested: str) -> str | None:
        """The gzip copy of the file at the ``requested`` path, when there is one and the browser takes gzip."""
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            return None
        path = Path(self.translate_path(requested))
        if path.is_dir() and requested.endswith("/"):
            path = path / "index.html"
        copy = path.with_name(path.name + ".gz")
        return str(copy) if path.is_file() and copy.is_file() else None

    def send_head(self):  # type: ignore[no-untyped-def]
        """Serve as usual (a round trip late on a slow line; the gzip copy when the browser takes it), and note
        what was sent when the server keeps a log (benchmarks count bytes)."""
        line: Line | None = getattr(self.server, "line", None)
        if line is not None:
            time.sleep(line.latency_ms / 1000)
        requested = self.path.split("?")[0]
        self.copy = None  # (this handler's previous request may have sent one)
        self.copy = self.gzip_copy(requested)
        result = super().send_head()
        log = getattr(self.server, "request_log", None)
        if log is not None and result is not None:
            sent = Path(self.translate_path(requested))
            log.append((self.path, sent.stat().st_size if sent.is_file() else 0))
        return result

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
        """Send a file, at the line's pace when there is one; a server that keeps a log also notes when each
        file's last byte went (``server.delivered``: epoch milliseconds, bytes and path)."""
        line: Line | None = getattr(self.server, "line", None)
        if line is None:
            shutil.copyfileobj(source, outputfile)
            size = source.tell()
        else:
            size = 0
            while chunk := source.read(CHUNK):
                line.wait_to_send(len(chunk))
                outputfile.write(chunk)
                size += len(chunk)
        delivered = getattr(self.server, "delivered", None)
        if delivered is not None:
            delivered.append((time.time() * 1000, size, self.path))

    def end_headers(self) -> None:
        """Let the browser revalidate, so a rebuilt site is picked up at once; say when the body is gzip."""
        self.send_header("Cache-Control", "no-cache")
        if self.copy:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """No request log on the terminal."""


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading server that takes a browser hanging up mid-download calmly."""

    # Connections waiting to be accepted (socketserver's default is 5). A page asks for some twenty files at
    # once, its workers and service worker more, and every answer is a connection of its own (HTTP/1.0): once
    # the queue is full the kernel drops a new connection's first packet and the browser tries again a
    # second later, then two, four, eight… (this machine's kernel counted 2,107 such drops), as no static host
    # would make it wait.
    request_queue_size = 128

    def handle_error(self, request, client_address) -> None:  # type: ignore[no-untyped-def]
        """Ignore a closed connection (a page left while a file was on its way); report anything else."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: Path = DIST, port: int = 0, base: str = "/", line: Line | None = None
) -> http.server.ThreadingHTTPServer:
    """A server for ``directory`` on 127.0.0.1 (port 0: any free port), over ``line`` when given."""
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    handler = type("Handler", (SiteHandler,), {"base": base})
    server = SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    server.base = base  # type: ignore[attr-defined]
    server.line = line  # type: ignore[attr-defined]
    return server


def url_of(server: http.server.ThreadingHTTPServer) -> str:
    """The URL of the site a server serves."""
    return f"http://127.0.0.1:{server.server_address[1]}{server.base}"  # type: ignore[attr-defined]


def serve_in_background(
    directory: Path = DIST, base: str = "/", log: bool = False, line: Line | None = None
) -> http.server.ThreadingHTTPServer:
    """Start a server on a free port in a daemon thread (for tests and benchmarks); ``log`` keeps
    ``server.request_log``, a list of (path, bytes) of every file sent in full, and ``server.delivered``
    (see :meth:`SiteHandler.copyfile`).  ``server.line`` may be changed between visits."""
    server = make_server(directory, 0, base, line)
    if log:
        server.request_log = []  # type: ignore[attr-defined]
        server.delivered = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    """Serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--base", default="/")
    parser.add_argument("--dir", type=Path, default=DIST)
    parser.add_argument("--line", choices=sorted(LINES), default=None, help="serve as if over this network")
    args = parser.parse_args()
    server = make_server(args.dir, args.port, args.base, LINES[args.line]() if args.line else None)
    print(f"Hearts is ready: {url_of(server)}  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
