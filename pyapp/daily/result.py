"""A daily game's result as a link: the date, the engine's version, the claimed final scores, a digest of
the whole game and the person's own decisions, in a few dozen characters.

Each decision of the person is written as its index among that moment's
choices (:func:`choices`: the legal cards in order, the passes in the order
of their combinations), and the indices of the whole game as one number in
mixed radix (a decision with n choices is one digit of base n; a forced
one is not written), so a game costs about what its choices are worth.
Only a replay knows each moment's choices (they depend on the computer's
cards), so :mod:`pyapp.host.verify` reads the digits as it replays.

The payload is base64url (no padding) of: the version (1 byte), the day
number (2), each seat's final score (1 each), the first 4 bytes of the
SHA-256 of the game's decisions (every seat's: a changed move, another
deal or a computer that plays otherwise shows) and the number, big-endian
in as few bytes as it takes.  Reading it treats the text as hostile:
anything but a payload this module writes is refused with a
:class:`ResultError` (a :class:`Reason` with its code), never another error.

>>> claim = Claim("2026-12-02", (26, 0, 13, 7), bytes(4), 12345)
>>> text = result_text(claim)
>>> text, read_result(text) == claim
('AgFPGgANBwAAAAAwOQ', True)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import unicodedata
from dataclasses import dataclass
from urllib.parse import parse_qsl, quote

from ..engine.actions import Action, ActionKind
from ..engine.match import Match, Phase
from ..engine.reasons import Reason, Refusal
from ..engine.save import compact
from ..shared.seat_names import MAX_NAME
from .day import ENGINE_VERSION, PERSON, daily_game, day_number, day_of

PARAMETER = "result"  # the link's query: ?result=PAYLOAD
BY = "by"  # and, optional, who played: &by=NAME (not part of the result: only shown beside it)
MAX_TEXT = 200  # characters of payload read at most (a whole game takes about 40)
MAX_QUERY = 400  # characters of a result link's query read at most (the payload and a name)
MAX_FIELDS = 12  # its parameters read at most (a messenger may add its own)
DIGEST_BYTES = 4
MAX_SCORE = 255  # a score as written (a four-hand game scores at most 104)
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class ResultError(Refusal):
    """A result link that cannot be read; ``str()`` says why (a :class:`Reason`: its code is what the page
    words)."""


@dataclass(frozen=True)
class Claim:
    """What a result link says: the day, each seat's final score, the game's digest (:func:`digest`) and the
    person's decisions as one number (:func:`decisions`)."""

    date: str
    scores: tuple[int, ...]
    digest: bytes
    decisions: int


def choices(match: Match, seat: int) -> list[Action]:
    """The decisions ``seat`` may make now, in the order a result link numbers them."""
    return list(match.legal_actions(seat))


def digest(match: Match) -> bytes:
    """The first bytes of the SHA-256 of every decision of the match, in :func:`in_play_order`."""
    actions = [action.to_dict() for action in in_play_order(match.history)]
    return hashlib.sha256(compact(actions).encode()).digest()[:DIGEST_BYTES]


def in_play_order(history: list[Action]) -> list[Action]:
    """The history with each hand's passes by seat: the seats pass at the same time, so the order they were
    made in (the computer's before the person's on a page, after them in a replay) is not part of the game."""
    ordered: list[Action] = []
    passes: list[Action] = []
    for action in [*history, None]:
        if action is not None and action.kind is ActionKind.PASS:
            passes.append(action)
            continue
        ordered += sorted(passes, key=lambda made: made.seat)
        passes = []
        if action is not None:
            ordered.append(action)
    return ordered


def decisions(match: Match, seat: int = PERSON) -> int:
    """``seat``'s decisions in the match, each its index among the choices of its moment, as one number in
    mixed radix (the first decision the lowest digit; a forced one not written)."""
    replay = Match(match.rules, match.seed)
    number, weight = 0, 1
    for action in match.history:
        if action.seat == seat:
            options = choices(replay, seat)
            if len(options) > 1:
                number += options.index(action) * weight
                weight *= len(options)
        replay.apply(action)
    return number


def claim_of(day: str, match: Match) -> Claim:
    """The claim a finished daily game of ``day`` makes; refused when the match is not that game, finished."""
    if match.seed != daily_game(day).seed or match.rules != daily_game(day).rules or match.phase is not Phase.OVER:
        raise ResultError(Reason("Only a finished deal of the day has a result link", "result_unfinished"))
    return Claim(day, tuple(match.scores), digest(match), decisions(match))


def result_text(claim: Claim) -> str:
    """The link's payload for ``claim``."""
    head = bytes([ENGINE_VERSION]) + day_number(claim.date).to_bytes(2, "big") + bytes(claim.scores)
    number = claim.decisions.to_bytes((claim.decisions.bit_length() + 7) // 8, "big")
    return base64.urlsafe_b64encode(head + claim.digest + number).decode().rstrip("=")


def result_query(day: str, match: Match, name: str = "") -> str:
    """The query of the result link of a finished daily game, ``result=PAYLOAD``, with ``&by=NAME`` when the
    person who played it has a name."""
    return canonical_query(result_text(claim_of(day, match)), name)


def read_result_query(query: str) -> tuple[str, str]:
    """A result link's query as its payload and the name of who played it (``""`` when not said; its
    control and format characters dropped, the rest left to the page to escape); the payload ``""`` when
    the query has none.  Other parameters (a messenger's tracking) are ignored."""
    query = query[1:] if query.startswith("?") else query
    try:
        pairs = dict(parse_qsl(query[:MAX_QUERY], max_num_fields=MAX_FIELDS))
    except ValueError:
        return "", ""
    name = "".join(letter for letter in pairs.get(BY, "") if unicodedata.category(letter)[0] != "C")
    return pairs.get(PARAMETER, ""), " ".join(name.split())[:MAX_NAME]


def canonical_query(payload: str, name: str) -> str:
    """The result link's query as this game writes it (what a page keeps of a friend's link)."""
    return f"{PARAMETER}={payload}" + (f"&{BY}={quote(name)}" if name else "")


def read_result(text: object, players: int = 4) -> Claim:
    """The claim of a link's payload; :class:`ResultError` for anything :func:`result_text` does not write
    (of another version, too long, truncated, not base64url, damaged)."""
    if not isinstance(text, str) or not text:
        raise _unreadable()
    if len(text) > MAX_TEXT:
        raise ResultError(Reason("The result link is too long", "result_long"))
    if not _ALPHABET.issuperset(text) or len(text) % 4 == 1:
        raise _unreadable()
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise _unreadable() from None
    if data[0] != ENGINE_VERSION:
        text = f"The result is of another version of the game ({data[0]}; this one is {ENGINE_VERSION})"
        raise ResultError(Reason(text, "result_version", version=str(data[0])))
    head = 3 + players + DIGEST_BYTES
    if len(data) < head:
        raise ResultError(Reason("The result link is cut short", "result_short"))
    day = day_of(int.from_bytes(data[1:3], "big"))  # (two bytes name no more than DAYS days)
    claim = Claim(day, tuple(data[3 : 3 + players]), data[3 + players : head], int.from_bytes(data[head:], "big"))
    if result_text(claim) != text:  # one text a claim: no leading zero bytes, no stray bits
        raise _unreadable()
    return claim


def _unreadable() -> ResultError:
    return ResultError(Reason("The result link is not readable (it may be cut short or damaged)", "result_unreadable"))
