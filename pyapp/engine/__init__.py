"""The engine: cards, rules, the match state machine, what a seat may see, saves and the fast playout path.

Depends on nothing outside this folder; the bots, the host and the page sit
on top of it.  The rules it plays are in ``RULES.md`` at the project's root.
"""
