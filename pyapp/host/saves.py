"""The game saved in pieces, so that what is written per action does not grow with the game.

The game's header once (rules, deal, seats, name, a friends' game's secret, steady play),
each finished hand once (``hearts.hand.N``: its decisions, result and where
the computer decided for a person; the hand review reads them later) and
the hand in progress after every action, with what the page had read.
Loading puts the pieces back together into a table document; anything
damaged is refused with a reason, a damaged review or record of what the
computer played costs only itself.
"""

from __future__ import annotations

from typing import Any

from ..bots.review import Decision
from ..engine.match import Match
from ..engine.reasons import Reason
from ..engine.save import FORMAT as MATCH_FORMAT
from ..engine.save import VERSION as MATCH_VERSION
from ..engine.save import SaveError, check_header, compact, damaged
from ..shared import protocol, storage_keys
from .projection import result_data
from .review_book import ReviewBook
from .reviews import read_answer
from .table import FORMAT as TABLE_FORMAT
from .table import VERSION as TABLE_VERSION
from .table import Table, places


def header(table: Table, secret: str | None) -> str:
    """The game's header as stored (written once a game)."""
    data = {
        "format": storage_keys.GAME_FORMAT,
        "version": protocol.VERSION,
        "rules": table.match.rules.to_dict(),
        "seed": table.match.seed,
        "name": table.name,
        "seats": [seat.to_dict() for seat in table.seats],
        "secret": secret,
        "steady": table.steady,
        "daily": table.daily,
    }
    return compact(data)


class Pieces:
    """What of the game is in storage: how many finished hands; the writes that bring it up to date."""

    def __init__(self, stored_hands: int = 0) -> None:
        self.stored_hands = stored_hands

    def writes(self, table: Table, page: dict[str, Any], book: ReviewBook) -> list[list[Any]]:
        """The storage writes after a change: finished hands not yet stored (each then reviewed in the
        background), the records of hands an undo took back removed, then the hand in progress with ``page``
        (what the page had read)."""
        match = table.match
        finished = len(match.results)
        writes: list[list[Any]] = []
        for number in range(self.stored_hands, finished):
            start, end = match.hand_span(number)
            record = {
                "game": match.seed,
                "hand": number,
                "actions": [action.to_dict() for action in match.history[start:end]],
                "result": result_data(match.results[number]),
                "played_for": _played_for(table, start, end),
            }
            writes.append([storage_keys.hand_key(number), compact(record)])
            book.want(number)
        for number in range(finished, self.stored_hands):  # an undo took these back
            writes.extend([[storage_keys.hand_key(number), None], [storage_keys.review_key(number), None]])
            book.undone(number)
        self.stored_hands = finished
        current = {
            "game": match.seed,
            "hand": match.hand_index,
            "actions": [action.to_dict() for action in match.history[match.hand_starts[-1] :]],
            "played_for": _played_for(table, match.hand_starts[-1], len(match.history)),
            "page": page,
        }
        writes.append([storage_keys.SAVE_CURRENT, compact(current)])
        return writes


def _played_for(table: Table, start: int, end: int) -> list[int]:
    """Where the computer decided for a person between ``start`` and ``end`` of the history (offsets)."""
    return sorted(index - start for index in table.played_for if start <= index < end)


def read_pieces(saved: Any) -> tuple[dict[str, Any], dict[str, Any], int]:
    """The table document the stored pieces make, the page state, and how many finished hands are stored."""
    if not isinstance(saved, dict):
        raise SaveError(Reason("The saved game is not readable", "save_unreadable"))
    header, current, hands = saved.get("game"), saved.get("current"), saved.get("hands")
    check_header(header, storage_keys.GAME_FORMAT, "game", protocol.VERSION)
    if not isinstance(current, dict) or not isinstance(hands, list):
        raise damaged("The saved game is incomplete: the hand in progress is missing")
    seed, number = header.get("seed"), current.get("hand")
    if current.get("game") != seed or type(number) is not int or not 0 <= number <= len(hands):
        raise damaged("The parts of the saved game do not belong together")
    history: list[Any] = []
    played_for: set[int] = set()
    for index, hand in enumerate(hands[:number]):
        if not isinstance(hand, dict) or hand.get("game") != seed or hand.get("hand") != index:
            raise _hand_damaged(index, "is missing or damaged")
        if not isinstance(hand.get("actions"), list):
            raise _hand_damaged(index, "is damaged")
        played_for |= places(hand.get("played_for"), len(history), len(history) + len(hand["actions"]))
        history.extend(hand["actions"])
    if not isinstance(current.get("actions"), list):
        raise damaged("The hand in progress is damaged")
    played_for |= places(current.get("played_for"), len(history), len(history) + len(current["actions"]))
    history.extend(current["actions"])
    match = {"format": MATCH_FORMAT, "version": MATCH_VERSION, "rules": header.get("rules"), "seed": seed}
    match["history"] = history
    document = {"format": TABLE_FORMAT, "version": TABLE_VERSION, "seats": header.get("seats"), "match": match}
    document["played_for"] = sorted(played_for)
    document["name"] = header.get("name")
    document["steady"] = header.get("steady")
    document["daily"] = header.get("daily")
    page = current.get("page") if isinstance(current.get("page"), dict) else {}
    stored = sum(1 for hand in hands if isinstance(hand, dict))
    return document, page, stored


def stored_reviews(saved: dict[str, Any], match: Match) -> dict[int, tuple[set[int], list[Decision]]]:
    """The stored reviews that belong to this game, each hand's seats reviewed and their decisions (a damaged
    one is dropped: it is computed again)."""
    reviews = {}
    stored = saved.get("reviews") if isinstance(saved.get("reviews"), list) else []
    for number, record in enumerate(stored[: len(match.results)]):
        try:
            hand, seats, decisions = read_answer(record, match)
        except (ValueError, TypeError):
            continue
        if hand == number:
            reviews[hand] = (seats, decisions)
    return reviews


def read_legacy(record: Any) -> tuple[Any, dict[str, Any]]:
    """The table document and page state of a save made before protocol 1 (one record with everything)."""
    if not isinstance(record, dict):
        raise SaveError(Reason("The saved game is not readable", "save_unreadable"))
    page = record.get("page") if isinstance(record.get("page"), dict) else {}
    return record.get("save"), page


def _hand_damaged(index: int, how: str) -> SaveError:
    return SaveError(Reason(f"Hand {index + 1} of the saved game {how}", "save_hand", number=str(index + 1)))
