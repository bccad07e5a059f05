"""Steady play: computer players that decide alike on every device, for a game whose result is checked by
replaying it (the deal of the day, :mod:`pyapp.daily`).

A steady bot's decision depends only on the deal and what its seat has
seen: its random numbers start afresh at each decision from the match's
chance number and the moment (:func:`pyapp.bots.base.steady_seed`), never
from what it drew before (so a save and a reload change nothing); a
thinking level has a budget of playouts, never of time; and Expert always
thinks in :data:`PARTS` parts, on as many workers as the device lends it or
one after another here (:class:`pyapp.bots.pool.LocalPool` gives what the
workers give).  :class:`pyapp.host.table.Table` makes its bots steady when
asked (``steady``, kept in its save).
"""

from __future__ import annotations

from . import THINKING, ExpertBot, PolicyBot, make_bot
from .pool import LocalPool

# A card's playouts (the pass plays out four times as many).  Expert at this budget: 5.26 ± 0.64 points a
# hand against three Medium (arena, 60 deals: Hard's figure at 500), a challenge; a whole daily game's
# computer decisions take about 4.5 s of CPU on CPython on this project's machine, so a result link is
# verified in seconds in the browser too (Pyodide is 2-4 times slower).
PLAYOUTS = 300
PARTS = 2  # what a two-core device thinks in; one core thinks the two parts in turn, more cores lend two


def steady_bot(level: str, chance: int) -> PolicyBot:
    """A computer player of ``level`` that plays steadily in the match whose chance number is ``chance``
    (:func:`pyapp.engine.rng.chance_number`)."""
    options = {"budget_ms": None, "playouts": PLAYOUTS} if level in THINKING else {}
    bot = make_bot(level, None, **options)
    assert isinstance(bot, PolicyBot), "every level is a policy bot"
    bot.steady = chance
    if isinstance(bot, ExpertBot):
        bot.pool = LocalPool(PARTS)
    return bot
