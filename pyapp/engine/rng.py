"""Match seeds: what a deal is a pure function of (the deal itself is in :mod:`pyapp.shared.deal`).

A seed is either a **secret** (what every new game is dealt from: 128 random
bits as 32 hex digits, which never leave the engine for another device) or a
**deal number** (a short public whole number: a deal link's, a test's, a save
from before secrets; a shared deal is public by design).  Anything random that
others see the effect of (the computer players, a hint, a review) starts from
:func:`chance_number`, which a secret gives one way only, so nothing a friend's
device receives can be worked back to the deal.

>>> len(new_seed()), is_seed(new_seed()), is_seed("12"), is_seed(12), is_seed(True)
(32, True, False, True, False)
>>> chance_number(7)
7
"""

from __future__ import annotations

import hashlib
import secrets

SECRET_HEX = 32  # hex digits of a secret seed: 128 bits
NAME_HEX = 16  # hex digits of a game's name (64 random bits)
_HEX = "0123456789abcdef"

Seed = int | str


def new_seed() -> str:
    """A fresh secret seed: 128 random bits as lowercase hex."""
    return secrets.token_hex(SECRET_HEX // 2)


def new_name() -> str:
    """A fresh name for a game (its statistics count it once by it): random, unrelated to its deal."""
    return secrets.token_hex(NAME_HEX // 2)


def is_secret(seed: object) -> bool:
    """Whether ``seed`` is a secret seed (32 lowercase hex digits)."""
    return isinstance(seed, str) and len(seed) == SECRET_HEX and all(char in _HEX for char in seed)


def is_seed(seed: object) -> bool:
    """Whether ``seed`` can deal a match: a secret, or a deal number (a whole number from 0, not a bool)."""
    return is_secret(seed) or (type(seed) is int and seed >= 0)


def is_name(name: object) -> bool:
    """Whether ``name`` is a game's name as :func:`new_name` makes them."""
    return isinstance(name, str) and len(name) == NAME_HEX and all(char in _HEX for char in name)


def chance_number(seed: Seed) -> int:
    """The number the computer players', the hints' and the reviews' random choices start from: a deal
    number itself (a shared deal plays alike), a secret's SHA-256 (64 bits: it gives the secret away no
    more than the hash does)."""
    if type(seed) is int:
        return seed
    return int(hashlib.sha256(f"chance:{seed}".encode()).hexdigest()[:16], 16)
