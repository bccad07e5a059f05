"""The hand reviews of one game: which are wanted, which jobs the page has, which are done and told.

A finished hand is reviewed away from the engine (:mod:`pyapp.host.reviews`
has the job and the answer): the book hands out each wanted hand's job once,
keeps each answer that belongs to this game, says which reviews the page (and
each friend's page) has not heard of, and forgets a hand an undo took back.
"""

from __future__ import annotations

from typing import Any

from ..bots.review import Decision, lost_to_mistakes
from ..engine.match import IllegalAction
from ..engine.reasons import Reason
from .friends import Friend
from .reviews import read_answer, review_data, review_job
from .table import Table


class ReviewBook:
    """The reviews of the game being played, and what the pages have of them."""

    def __init__(self, players: int, reviews: dict[int, list[Decision]] | None = None) -> None:
        self.players = players
        self.reviews: dict[int, list[Decision]] = reviews or {}  # the finished hands reviewed, by number
        self.wanted: set[int] = set()  # hands whose review is wanted: each one finished here, and any asked for
        self.jobs_given: set[int] = set()  # hands whose review job the page has
        # [hand, each seat's points lost] reviewed since the last answer (all of them for a new book)
        self.news: list[list[Any]] = [self.lost_entry(hand, d) for hand, d in sorted(self.reviews.items())]
        self.reset = True  # the next answer gives every review (a game started or loaded)

    def told(self) -> tuple[list[list[Any]], bool]:
        """What the page's next answer says of the reviews: the news, and whether it is all of them."""
        news, reset = self.news, self.reset
        self.news, self.reset = [], False
        return news, reset

    def jobs(self, table: Table) -> list[str]:
        """The review jobs the page does not have yet: hands wanted, scored and not reviewed."""
        match = table.match
        people = [seat for seat, s in enumerate(table.seats) if s.bot is None]
        hands = sorted(self.wanted - self.jobs_given - self.reviews.keys())
        hands = [hand for hand in hands if hand < len(match.results)]
        self.jobs_given.update(hands)
        return [review_job(match, hand, people, table.played_for) for hand in hands]

    def take(self, text: str, table: Table) -> list[Any] | None:
        """A thinker's answer: kept when it is new (its storage write returned); ``ValueError`` when it is not
        of this game's hands as played."""
        hand, decisions = read_answer(text, table.match)
        if hand in self.reviews:
            return None
        self.reviews[hand] = decisions
        self.news.append(self.lost_entry(hand, decisions))
        return [hand, text]

    def review(self, table: Table, hand: Any, viewer: int) -> dict[str, Any]:
        """Finished hand ``hand``'s review as ``viewer`` sees it (their own decisions); refused while it is
        being computed (the page's next jobs have it)."""
        match = table.match
        if type(hand) is not int or not 0 <= hand < len(match.results):
            raise IllegalAction(Reason("There is no such finished hand", "review_hand"))
        if hand not in self.reviews:
            self.wanted.add(hand)  # the answer's jobs have it, unless the page has it already
            raise IllegalAction(Reason("The hand is still being reviewed", "review_pending"))
        game_lost = sum(lost_to_mistakes(decisions, viewer) for decisions in self.reviews.values())
        return review_data(match, hand, self.reviews[hand], viewer, game_lost)

    def want(self, hand: int) -> None:
        """Hand ``hand``'s review is wanted (it finished here, or a loaded game's last one may be missing):
        the page's next jobs have it, unless it is reviewed already."""
        self.wanted.add(hand)

    def undone(self, hand: int) -> None:
        """An undo took finished hand ``hand`` back: its review goes (the page gets the reviews anew)."""
        if self.reviews.pop(hand, None) is not None:
            self.reset = True
            self.news = [self.lost_entry(number, d) for number, d in sorted(self.reviews.items())]
        self.wanted.discard(hand)
        self.jobs_given.discard(hand)

    def for_friend(self, friend: Friend) -> list[list[Any]]:
        """The reviewed hands ``friend``'s page has not been told of, with only their own points lost."""
        told = [self.lost_entry(hand, d, friend.seat) for hand, d in sorted(self.reviews.items())]
        told = [entry for entry in told if entry[0] not in friend.reviews]
        friend.reviews |= self.reviews.keys()
        return told

    def lost_entry(self, hand: int, decisions: list[Decision], only: int | None = None) -> list[Any]:
        """What a page has of a hand's review: [hand, each seat's points lost to mistakes in it] (``only``
        that seat's, the others' 0: for a friend's page)."""
        seats = range(self.players)
        return [hand, [round(lost_to_mistakes(decisions, s), 2) if only in (None, s) else 0 for s in seats]]
