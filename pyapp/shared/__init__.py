"""What both sides run: the contract between the page and the engine (and between devices), and the deal.

Plain Python that imports nothing of the package, in the subset MicroPython runs: the page's main thread
(MicroPython) and the workers (Pyodide) load the same files.
"""
