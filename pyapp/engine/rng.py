"""Seeded randomness that gives the same deal on every Python.

Python guarantees that ``random.Random(seed).random()`` yields the same
sequence across versions for int and str seeds, but not that ``shuffle`` or
``randrange`` keep their algorithms; so the deal uses its own Fisher–Yates
shuffle driven only by ``random()``.  CPython 3.11 and Pyodide's 3.14 deal
the same cards from the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def hand_rng(seed: int, hand_index: int) -> random.Random:
    """The generator for one hand of a match: independent of every other hand."""
    return random.Random(f"hearts:{seed}:{hand_index}")


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """A shuffled copy of ``items`` (Fisher–Yates on ``rng.random()``)."""
    result = list(items)
    rnd = rng.random
    for i in range(len(result) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        result[i], result[j] = result[j], result[i]
    return result


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh match seed that fits in 31 bits, so it crosses to JavaScript intact."""
    return (rng or random.SystemRandom()).randrange(1, 2**31)
