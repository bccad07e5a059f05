"""The host: a game as the page plays it (a match, its seats and computer players, deal links).

Pure Python on top of :mod:`pyapp.engine` and :mod:`pyapp.bots`; the page's
engine worker runs it, and it never touches the browser.
"""
