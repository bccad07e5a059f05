"""An exception's traceback as text, on both sides: MicroPython's ``sys.print_exception`` on the page's
main thread, CPython's ``traceback`` in the workers (Pyodide) and the tests.  Imports nothing of the
package."""

import io
import sys


def trace_of(error) -> str:
    """``error``'s whole traceback (its causes too, on CPython) as text."""
    buffer = io.StringIO()
    if hasattr(sys, "print_exception"):
        sys.print_exception(error, buffer)
    else:
        import traceback

        traceback.print_exception(error, file=buffer)
    return buffer.getvalue()
