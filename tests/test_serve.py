"""The local server sends a file's gzip copy (written by the build) as a static host serves precompressed files,
and queues a burst of connections as a static host does."""

import gzip
import random
import socket
import urllib.error
import urllib.request
from email.message import Message

import pytest

from tools.build import precompress
from tools.serve import make_server, serve_in_background, url_of

SCRIPT = b"const hearts = 'hearts';\n" * 200


def get(url: str, gzip_ok: bool, since: str | None = None) -> tuple[int, Message, bytes]:
    """Status, headers and body, as sent (not decoded)."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip, deflate" if gzip_ok else "identity"})
    if since:
        request.add_header("If-Modified-Since", since)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:  # (a 304 comes as one)
        return error.code, error.headers, b""


@pytest.fixture
def served(tmp_path):
    """A site of a script and a page, with their gzip copies, served with a log: (server, copies written)."""
    (tmp_path / "app.mjs").write_bytes(SCRIPT)
    (tmp_path / "index.html").write_bytes(b"<!doctype html>" + b"<p>Hearts</p>" * 100)
    copies = precompress(tmp_path)
    server = serve_in_background(tmp_path, log=True)
    yield server, copies
    server.shutdown()


def test_a_browser_that_takes_gzip_gets_the_copy_with_its_files_type(served):
    server, copies = served
    assert copies == 2
    status, headers, body = get(url_of(server) + "app.mjs", gzip_ok=True)
    assert (status, headers["Content-Encoding"], headers["Content-Type"]) == (200, "gzip", "text/javascript")
    assert gzip.decompress(body) == SCRIPT
    assert int(headers["Content-Length"]) == len(body) < len(SCRIPT)
    assert server.request_log == [("/app.mjs", len(body))]  # the bytes that went
    status, headers, body = get(url_of(server), gzip_ok=True)  # the folder's page, compressed too
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body).startswith(b"<!doctype html>")
    assert "text/html" in headers["Content-Type"]


def test_a_browser_that_does_not_take_gzip_gets_the_file_itself(served):
    server, _ = served
    status, headers, body = get(url_of(server) + "app.mjs", gzip_ok=False)
    assert (status, body, headers.get("Content-Encoding")) == (200, SCRIPT, None)


def test_a_revalidated_copy_is_not_sent_again(served):
    server, _ = served
    _, headers, _ = get(url_of(server) + "app.mjs", gzip_ok=True)
    status, _, body = get(url_of(server) + "app.mjs", gzip_ok=True, since=headers["Last-Modified"])
    assert (status, body) == (304, b"")


def test_only_what_compression_shrinks_gets_a_copy(tmp_path):
    (tmp_path / "tiny.js").write_bytes(b"x")  # a gzip copy would be larger
    (tmp_path / "icon.png").write_bytes(random.Random(7).randbytes(10_000))  # compressed already
    (tmp_path / "app.wasm").write_bytes(bytes(10_000))
    assert precompress(tmp_path) == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == ["app.wasm", "app.wasm.gz", "icon.png", "tiny.js"]
    assert gzip.decompress((tmp_path / "app.wasm.gz").read_bytes()) == bytes(10_000)


def test_a_burst_of_connections_is_queued_not_dropped(tmp_path):
    # A page's burst: forty connections at once, none of them accepted yet (the server is not serving). With
    # socketserver's queue of five, the sixth on would wait for the kernel to retry (a second, then two…).
    server = make_server(tmp_path)
    try:
        connections = [socket.create_connection(server.server_address, timeout=0.5) for _ in range(40)]
        for connection in connections:
            connection.close()
    finally:
        server.server_close()
