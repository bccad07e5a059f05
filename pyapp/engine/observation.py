"""What one seat may know, and nothing more: the only thing bots are given.

An :class:`Observation` holds the seat's own hand, the cards it passed and
received, every card played and by whom, tricks and points taken, scores and
rules.  It never holds another seat's hand, the other seats' pass choices,
or the face-down Cancellation leftover.  The page draws a player's view from
the same data (``to_dict``), so fair play holds for people too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import FACES, RANKS_PER_SUIT, card_text, face_of, parse_cards
from .match import HandResult, Match, Phase, Trick
from .rules import MoonChoice, Rules

Play = tuple[int, int]  # (seat, face)


@dataclass(frozen=True, slots=True)
class TrickView:
    """A finished trick as everybody saw it; ``winner`` None when it cancelled out."""

    leader: int
    plays: tuple[Play, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything ``seat`` may know at this moment of the match."""

    rules: Rules
    seat: int
    phase: Phase
    hand_index: int
    dealer: int
    pass_direction: str
    pass_offset: int
    hand: tuple[int, ...]
    passed: tuple[int, ...]
    received: tuple[int, ...]
    passes_chosen: tuple[bool, ...]
    leader: int
    trick: tuple[Play, ...]
    tricks: tuple[TrickView, ...]
    hearts_broken: bool
    first_lead: int | None
    points_taken: tuple[int, ...]
    tricks_won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    face_down: int
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    to_act: tuple[int, ...]
    legal: tuple[int, ...]
    moon_outcomes: dict[MoonChoice, tuple[int, ...]]
    winners: tuple[int, ...]
    last_trick: TrickView | None
    last_trick_key: str

    @property
    def players(self) -> int:
        """How many seats the match has."""
        return self.rules.players

    @property
    def my_turn(self) -> bool:
        """Whether this seat has a decision to make now."""
        return self.seat in self.to_act

    @property
    def pass_to(self) -> int:
        """The seat this seat's cards go to this hand (itself when there is no pass)."""
        return (self.seat + self.pass_offset) % self.players

    def played(self) -> list[int]:
        """Every face played this hand, finished tricks and the current one."""
        faces = [face for trick in self.tricks for _, face in trick.plays]
        faces.extend(face for _, face in self.trick)
        return faces

    def voids(self) -> list[set[int]]:
        """For each seat, the suits it has shown it no longer holds (by not following)."""
        shown: list[set[int]] = [set() for _ in range(self.players)]
        for plays in [trick.plays for trick in self.tricks] + [self.trick]:
            if not plays:
                continue
            led = plays[0][1] // RANKS_PER_SUIT
            for seat, face in plays[1:]:
                if face // RANKS_PER_SUIT != led:
                    shown[seat].add(led)
        return shown

    def unseen(self) -> list[int]:
        """The faces this seat has not seen: in other hands (or face down), duplicates kept."""
        remaining = _faces_in_play(self.rules)
        for face in list(self.hand) + self.played():
            remaining.remove(face)
        return remaining

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (cards as text, e.g. ``QS``): everything, so :meth:`from_dict` gives it back
        (a thinker worker gets a seat's observation this way)."""

        def texts(faces: tuple[int, ...] | list[int]) -> list[str]:
            return [card_text(face) for face in faces]

        def plays(items: tuple[Play, ...]) -> list[list[Any]]:
            return [[seat, card_text(face)] for seat, face in items]

        return {
            "rules": self.rules.to_dict(),
            "seat": self.seat,
            "phase": self.phase.value,
            "hand_index": self.hand_index,
            "dealer": self.dealer,
            "pass_direction": self.pass_direction,
            "pass_offset": self.pass_offset,
            "pass_to": self.pass_to,
            "hand": texts(self.hand),
            "passed": texts(self.passed),
            "received": texts(self.received),
            "passes_chosen": list(self.passes_chosen),
            "leader": self.leader,
            "trick": plays(self.trick),
            "tricks": [_trick_dict(t, plays) for t in self.tricks],
            "hearts_broken": self.hearts_broken,
            "first_lead": None if self.first_lead is None else card_text(self.first_lead),
            "points_taken": list(self.points_taken),
            "tricks_won": list(self.tricks_won),
            "hand_sizes": list(self.hand_sizes),
            "face_down": self.face_down,
            "scores": list(self.scores),
            "results": [
                {
                    "taken": list(r.taken),
                    "added": list(r.added),
                    "shooter": r.shooter,
                    "choice": r.choice.value if r.choice else None,
                    "queen": r.queen,
                    "omnibus": r.omnibus,
                    "totals": list(r.totals),
                }
                for r in self.results
            ],
            "to_act": list(self.to_act),
            "legal": texts(self.legal),
            "moon_outcomes": {choice.value: list(totals) for choice, totals in self.moon_outcomes.items()},
            "winners": list(self.winners),
            "last_trick": _trick_dict(self.last_trick, plays) if self.last_trick else None,
            "last_trick_key": self.last_trick_key,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Observation:
        """The observation :meth:`to_dict` wrote (data of ours: anything else raises)."""

        def faces(texts: list[str]) -> tuple[int, ...]:
            return tuple(parse_cards(" ".join(texts)))

        def plays(items: list[list[Any]]) -> tuple[Play, ...]:
            return tuple((int(seat), parse_cards(text)[0]) for seat, text in items)

        def trick(item: dict[str, Any]) -> TrickView:
            return TrickView(item["leader"], plays(item["plays"]), item["winner"])

        def result(item: dict[str, Any]) -> HandResult:
            choice = MoonChoice(item["choice"]) if item["choice"] else None
            fields = (tuple(item["taken"]), tuple(item["added"]), item["shooter"], choice)
            return HandResult(*fields, item["queen"], item["omnibus"], tuple(item["totals"]))

        first = data["first_lead"]
        return cls(
            rules=Rules.from_dict(data["rules"]),
            seat=data["seat"],
            phase=Phase(data["phase"]),
            hand_index=data["hand_index"],
            dealer=data["dealer"],
            pass_direction=data["pass_direction"],
            pass_offset=data["pass_offset"],
            hand=faces(data["hand"]),
            passed=faces(data["passed"]),
            received=faces(data["received"]),
            passes_chosen=tuple(data["passes_chosen"]),
            leader=data["leader"],
            trick=plays(data["trick"]),
            tricks=tuple(trick(item) for item in data["tricks"]),
            hearts_broken=data["hearts_broken"],
            first_lead=None if first is None else parse_cards(first)[0],
            points_taken=tuple(data["points_taken"]),
            tricks_won=tuple(data["tricks_won"]),
            hand_sizes=tuple(data["hand_sizes"]),
            face_down=data["face_down"],
            scores=tuple(data["scores"]),
            results=tuple(result(item) for item in data["results"]),
            to_act=tuple(data["to_act"]),
            legal=faces(data["legal"]),
            moon_outcomes={MoonChoice(choice): tuple(totals) for choice, totals in data["moon_outcomes"].items()},
            winners=tuple(data["winners"]),
            last_trick=trick(data["last_trick"]) if data["last_trick"] else None,
            last_trick_key=data["last_trick_key"],
        )


def _trick_dict(trick: TrickView, plays: Any) -> dict[str, Any]:
    return {"leader": trick.leader, "plays": plays(trick.plays), "winner": trick.winner}


def _trick_view(trick: Trick) -> TrickView:
    return TrickView(trick.leader, tuple((s, face_of(card)) for s, card in trick.plays), trick.winner)


def _faces_in_play(rules: Rules) -> list[int]:
    removed = set(rules.removed)
    return [face for face in range(FACES) if face not in removed for _ in range(rules.packs)]


def last_trick_key(match: Match) -> str:
    """What names the last finished trick of the match (``"hand.trick"``), or "" before the first."""
    return f"{match.last_trick[0]}.{match.last_trick[1]}" if match.last_trick else ""


def observe(match: Match, seat: int) -> Observation:
    """What ``seat`` may know of ``match`` right now."""
    n = match.players
    chosen = match.passes[seat]
    tricks = tuple(_trick_view(t) for t in match.tricks)
    won = [0] * n
    for trick in match.tricks:
        if trick.winner is not None:
            won[trick.winner] += 1
    outcomes = match.moon_outcomes() if seat == match.current_seat else {}
    return Observation(
        rules=match.rules,
        seat=seat,
        phase=match.phase,
        hand_index=match.hand_index,
        dealer=match.dealer,
        pass_direction=match.rules.pass_direction(match.hand_index),
        pass_offset=match.pass_offset,
        hand=tuple(match.hand_faces(seat)),
        passed=chosen or (),
        received=match.received[seat],
        passes_chosen=tuple(p is not None for p in match.passes),
        leader=match.leader,
        trick=tuple((s, face_of(card)) for s, card in match.trick),
        tricks=tricks,
        hearts_broken=match.hearts_broken,
        first_lead=match.first_lead,
        points_taken=tuple(match.points_taken(s) for s in range(n)),
        tricks_won=tuple(won),
        hand_sizes=tuple(hand.bit_count() for hand in match.hands),
        face_down=match.kitty.bit_count(),
        scores=tuple(match.scores),
        results=tuple(match.results),
        to_act=match.to_act,
        legal=tuple(match.legal_cards(seat)) if match.phase is Phase.PLAY else (),
        moon_outcomes={choice: tuple(totals) for choice, totals in outcomes.items()},
        winners=match.winners,
        last_trick=_trick_view(match.last_trick[2]) if match.last_trick else None,
        last_trick_key=last_trick_key(match),
    )
