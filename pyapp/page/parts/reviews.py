"""Hand reviews: computed by the thinker worker in the background, opened when asked for.

Plain Python for MicroPython and CPython.
"""

import json

from ...shared import protocol
from ..faults import ThinkerFault
from ..words.i18n import t
from ..words.refusals import refusal_text


class Reviews:
    """Has finished hands reviewed, and opens a review."""

    def __init__(self, page, guard, answers):
        self.page = page
        self.guard = guard
        self.answers = answers
        answers.listen(answered=self.answered)

    def answered(self, answer) -> None:
        """An answer's reviews: a review waited for opens once it is ready; a hand to review goes to the
        thinker."""
        session = self.page.session
        if session.take_reviews(answer.reviews, answer.reviews_reset):
            hand, seat = session.review_wanted
            session.review_wanted = None
            if not session.panel:  # asked for, and nothing else opened since: it opens now
                self.guard.spawn(self.open_review(hand, seat))
        if self.page.thinker is not None:
            for job in answer.jobs:
                self.guard.spawn(self.review(job))

    async def review(self, job: str) -> None:
        """Have the thinker worker review a finished hand, and give the engine its answer (which it
        refuses when the hand has been undone or the game replaced meanwhile)."""
        try:
            text = await self.page.thinker.run(job)
            reviewed = json.loads(text)
        except Exception as error:  # the thinker could not start or stopped: the game goes on without reviews
            self.page.actuator.log("A hand's review could not be computed: " + str(error))
            reviewed = {"error": str(error)}
        if isinstance(reviewed, dict) and isinstance(reviewed.get("fault"), str):
            raise ThinkerFault(reviewed["fault"])  # a bug in the review: told as faults are
        if not isinstance(reviewed, dict) or "error" in reviewed:
            self.page.session.reviews_failed = True
            self.page.render()
        else:
            await self.answers.send(protocol.REVIEWED, review=text)

    async def open_review(self, hand: int, seat: int = None) -> None:
        """Open a finished hand's review (once it is computed: until then, say so and open it when it is);
        ``seat``: whose, in party mode (else the viewer's)."""
        whose = {} if seat is None else {"seat": seat}
        answer = await self.answers.send(protocol.REVIEW, hand=hand, **whose)
        page, session = self.page, self.page.session
        seat = session.view.seat if seat is None else seat
        if answer.ok:
            session.review, session.review_page, session.panel = answer.review, 0, "review"
            session.review_seat = seat
            page.render()
        elif answer.refusal.code == "review_pending" and not session.reviews_failed:
            session.review_wanted = [hand, seat]
            page.notify(t("review.pending"))
        else:
            page.notify(t("review.unavailable") if session.reviews_failed else refusal_text(answer.refusal))

    async def on_review(self, action: str, data: dict) -> None:
        """A finished hand's review opened."""
        if self.page.session.ready:
            await self.open_review(data["hand"], data.get("seat"))

    async def on_review_page(self, action: str, data: dict) -> None:
        """Another page of the review."""
        session = self.page.session
        if session.panel == "review":
            session.review_page = data["page"]
            self.page.render()
