"""Serve ``dist/`` on 127.0.0.1, optionally under a sub-path, and print the URL.

``python -m tools.serve [--port 8000] [--base /hearts/] [--dir dist]``
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import ClassVar

from tools.build import DIST


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from one folder, reachable only under ``base``; quiet logs."""

    base = "/"
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def translate_path(self, path: str) -> str:
        """Map ``base`` + path to the folder; anything outside ``base`` is not found."""
        if not path.startswith(self.base):
            return str(Path(self.directory) / "__not_found__")
        return super().translate_path("/" + path[len(self.base) :])

    def send_head(self):  # type: ignore[no-untyped-def]
        """Serve as usual, and note what was sent when the server keeps a log (benchmarks count bytes)."""
        result = super().send_head()
        log = getattr(self.server, "request_log", None)
        if log is not None and result is not None:
            path = self.translate_path(self.path.split("?")[0])
            size = Path(path).stat().st_size if Path(path).is_file() else 0
            log.append((self.path, size))
        return result

    def end_headers(self) -> None:
        """Let the browser revalidate, so a rebuilt site is picked up at once."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """No request log on the terminal."""


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading server that takes a browser hanging up mid-download calmly."""

    def handle_error(self, request, client_address) -> None:  # type: ignore[no-untyped-def]
        """Ignore a closed connection (a page left while a file was on its way); report anything else."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, base: str = "/") -> http.server.ThreadingHTTPServer:
    """A server for ``directory`` on 127.0.0.1 (port 0: any free port)."""
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    handler = type("Handler", (SiteHandler,), {"base": base})
    server = SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    server.base = base  # type: ignore[attr-defined]
    return server


def url_of(server: http.server.ThreadingHTTPServer) -> str:
    """The URL of the site a server serves."""
    return f"http://127.0.0.1:{server.server_address[1]}{server.base}"  # type: ignore[attr-defined]


def serve_in_background(directory: Path = DIST, base: str = "/", log: bool = False) -> http.server.ThreadingHTTPServer:
    """Start a server on a free port in a daemon thread (for tests and benchmarks); ``log`` keeps
    ``server.request_log``, a list of (path, bytes) of every file sent in full."""
    server = make_server(directory, 0, base)
    if log:
        server.request_log = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    """Serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--base", default="/")
    parser.add_argument("--dir", type=Path, default=DIST)
    args = parser.parse_args()
    server = make_server(args.dir, args.port, args.base)
    print(f"Hearts is ready: {url_of(server)}  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
