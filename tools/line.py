"""A slower network, played by the local server: a round trip before each response, and one download rate
shared by every response in flight.

The page benchmark (``e2e/bench_page.py``) serves the site over these lines,
so that every download pays the line alike: the page's, the service
worker's and the workers'.
The upload rate is not modelled: a static site's requests carry no body.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class Line:
    """A network line: ``down_mbps`` megabits a second shared by all responses, ``latency_ms`` a round trip."""

    def __init__(self, name: str, down_mbps: float, latency_ms: float) -> None:
        self.name = name
        self.down_mbps = down_mbps
        self.latency_ms = latency_ms
        self._lock = threading.Lock()
        self._free_at = 0.0  # when the line has sent everything queued so far (time.monotonic)

    def wait_to_send(self, size: int) -> None:
        """Wait until ``size`` more bytes have had their turn on the line (responses take turns, chunk by
        chunk, so parallel downloads share the rate)."""
        seconds = size * 8 / (self.down_mbps * 1_000_000)
        with self._lock:
            start = max(time.monotonic(), self._free_at)
            self._free_at = start + seconds
            done = self._free_at
        time.sleep(max(0.0, done - time.monotonic()))

    def describe(self) -> str:
        """The line in words, for a benchmark's output.

        >>> LINES["4g"]().describe()
        '4g: 9 Mbit/s down, 60 ms round trip'
        """
        return f"{self.name}: {self.down_mbps:g} Mbit/s down, {self.latency_ms:g} ms round trip"


# Each call gives a fresh line (its queue is its own).  "4g" is a phone's 4G as the issue names it; "fast" a
# good home line.
LINES: dict[str, Callable[[], Line]] = {
    "fast": lambda: Line("fast", 50, 15),
    "4g": lambda: Line("4g", 9, 60),
}
