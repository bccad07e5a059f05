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
from .reviews import answer_text, read_answer, review_data, review_job
from .table import Table


class ReviewBook:
    """The reviews of the game being played, and what the pages have of them."""

    def __init__(self, players: int, reviews: dict[int, tuple[set[int], list[Decision]]] | None = None) -> None:
        """``reviews``: the finished hands reviewed (as stored), by number: the seats reviewed, their decisions."""
        self.players = players
        self.reviews: dict[int, list[Decision]] = {hand: d for hand, (_, d) in (reviews or {}).items()}
        self.covered: dict[int, set[int]] = {hand: seats for hand, (seats, _) in (reviews or {}).items()}
        self.wanted: set[int] = set()  # hands whose review is wanted: each one finished here, and any asked for
        self.jobs_given: set[tuple[int, int]] = set()  # [hand, seat]: the review jobs the page has
        # [hand, each seat's points lost] reviewed since the last answer (all of them for a new book)
        self.news: list[list[Any]] = [self.lost_entry(hand) for hand in sorted(self.reviews)]
        self.reset = True  # the next answer gives every review (a game started or loaded)

    def told(self) -> tuple[list[list[Any]], bool]:
        """What the page's next answer says of the reviews: the news, and whether it is all of them."""
        news, reset = self.news, self.reset
        self.news, self.reset = [], False
        return news, reset

    def jobs(self, table: Table, first: int) -> list[str]:
        """The review jobs the page does not have yet, one for each person and hand wanted, scored and not
        reviewed: seat ``first``'s (the page's viewer) before the others', so theirs is ready first."""
        match = table.match
        people = sorted((seat for seat, s in enumerate(table.seats) if s.bot is None), key=lambda seat: seat != first)
        hands = [hand for hand in sorted(self.wanted) if hand < len(match.results)]
        given = [
            (hand, seat)
            for hand in hands
            for seat in people
            if (hand, seat) not in self.jobs_given and seat not in self.covered.get(hand, ())
        ]
        self.jobs_given.update(given)
        return [review_job(match, hand, [seat], table.played_for) for hand, seat in given]

    def take(self, text: str, table: Table) -> list[Any] | None:
        """A thinker's answer: kept when it is new, with the hand's other reviewed seats (its storage write,
        the hand's reviews so far, returned); ``ValueError`` when it is not of this game's hands as played."""
        match = table.match
        hand, seats, decisions = read_answer(text, match)
        covered = self.covered.setdefault(hand, set())
        if seats <= covered:
            return None
        kept = [decision for decision in self.reviews.get(hand, []) if decision.seat not in seats]
        self.reviews[hand] = kept + decisions
        covered |= seats
        self.news.append(self.lost_entry(hand))
        return [hand, answer_text(match, hand, sorted(covered), self.reviews[hand])]

    def review(self, table: Table, hand: Any, viewer: int) -> dict[str, Any]:
        """Finished hand ``hand``'s review as ``viewer`` sees it (their own decisions); refused while it is
        being computed (the page's next jobs have it)."""
        match = table.match
        if type(hand) is not int or not 0 <= hand < len(match.results):
            raise IllegalAction(Reason("There is no such finished hand", "review_hand"))
        if viewer not in self.covered.get(hand, ()):
            self.wanted.add(hand)  # the answer's jobs have it, unless the page has it already
            raise IllegalAction(Reason("The hand is still being reviewed", "review_pending"))
        game_lost = sum(lost_to_mistakes(decisions, viewer) for decisions in self.reviews.values())
        return review_data(match, hand, self.reviews[hand], viewer, game_lost)

    def want(self, hand: int) -> None:
        """Hand ``hand``'s review is wanted (it finished here, or a loaded game's may be missing): the page's
        next jobs have it, unless it is reviewed already."""
        self.wanted.add(hand)

    def undone(self, hand: int) -> None:
        """An undo took finished hand ``hand`` back: its review goes (the page gets the reviews anew)."""
        self.covered.pop(hand, None)
        if self.reviews.pop(hand, None) is not None:
            self.reset = True
            self.news = [self.lost_entry(number) for number in sorted(self.reviews)]
        self.wanted.discard(hand)
        self.jobs_given = {(number, seat) for number, seat in self.jobs_given if number != hand}

    def for_friend(self, friend: Friend) -> list[list[Any]]:
        """The hands whose review of ``friend``'s seat their page has not been told of, with only their own
        points lost."""
        hands = [hand for hand in sorted(self.reviews) if friend.seat in self.covered[hand]]
        told = [self.lost_entry(hand, friend.seat) for hand in hands if hand not in friend.reviews]
        friend.reviews.update(hands)
        return told

    def lost_entry(self, hand: int, only: int | None = None) -> list[Any]:
        """What a page has of a hand's review: [hand, each seat's points lost to mistakes in it, None for a
        seat not reviewed yet] (``only`` that seat's, the others' 0: for a friend's page)."""
        decisions, covered = self.reviews[hand], self.covered[hand]
        lost = [round(lost_to_mistakes(decisions, s), 2) if s in covered else None for s in range(self.players)]
        return [hand, [lost[s] if only in (None, s) else 0 for s in range(self.players)]]
