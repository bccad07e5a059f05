"""Fresh match seeds (the deal itself, a pure function of the seed, is in :mod:`pyapp.engine.deal`)."""

from __future__ import annotations

import random


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh match seed that fits in 31 bits, so it crosses to JavaScript intact."""
    return (rng or random.SystemRandom()).randrange(1, 2**31)
