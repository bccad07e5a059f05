"""The slow line the page benchmark serves over: a round trip a request, one download rate shared by all.

Only lower bounds are checked: a busy machine can make a download slower than the line, never faster.
"""

import threading
import time
import urllib.request

from tools.line import Line
from tools.serve import serve_in_background, url_of


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url) as response:
        return response.read()


def delivered(server) -> list[int]:
    """The sizes the server has finished sending (it notes a file just after its last byte, so the client
    may have read it a moment before)."""
    deadline = time.monotonic() + 30
    while not server.delivered and time.monotonic() < deadline:
        time.sleep(0.01)
    return [size for _, size, _ in server.delivered]


def test_a_file_takes_at_least_a_round_trip_and_its_size_over_the_rate(tmp_path):
    (tmp_path / "big.bin").write_bytes(bytes(200_000))  # 1.6 Mbit
    line = Line("test", down_mbps=8, latency_ms=100)  # so at least 0.1 + 0.2 s
    server = serve_in_background(tmp_path, log=True, line=line)
    try:
        start = time.monotonic()
        assert fetch(url_of(server) + "big.bin") == bytes(200_000)
        assert time.monotonic() - start >= 0.3
        assert delivered(server) == [200_000]
    finally:
        server.shutdown()


def test_parallel_downloads_share_the_rate(tmp_path):
    for name in "ab":
        (tmp_path / f"{name}.bin").write_bytes(bytes(100_000))
    server = serve_in_background(tmp_path, line=Line("test", down_mbps=8, latency_ms=0))
    try:
        start = time.monotonic()
        threads = [threading.Thread(target=fetch, args=(url_of(server) + f"{name}.bin",)) for name in "ab"]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert time.monotonic() - start >= 0.2  # 1.6 Mbit in all, at 8 Mbit/s: not 0.1 s each side by side
    finally:
        server.shutdown()


def test_without_a_line_files_are_served_whole(tmp_path):
    (tmp_path / "page.html").write_text("<p>hi</p>")
    server = serve_in_background(tmp_path, log=True)
    try:
        assert fetch(url_of(server) + "page.html") == b"<p>hi</p>"
        assert delivered(server) == [9]
        assert server.request_log == [("/page.html", 9)]
    finally:
        server.shutdown()
