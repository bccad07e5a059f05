"""Hand reviews: computed by the thinker worker in the background, opened when asked for.

A part of the page's controller (:class:`pyapp.page.controller.Controller`, whose state it shares).
Plain Python for MicroPython and CPython.
"""

import json

from ..shared import protocol
from .i18n import t
from .refusals import refusal_text


class HandReviews:
    """Hand reviews."""

    async def review(self, job: str) -> None:
        """Have the thinker worker review a finished hand, and give the engine its answer (which it
        refuses when the hand has been undone or the game replaced meanwhile)."""
        try:
            text = await self.thinker.run(job)
            failed = "error" in json.loads(text)
        except Exception as error:  # the thinker could not start or failed: the game goes on without reviews
            self.actuator.log("A hand's review could not be computed: " + str(error))
            failed = True
        if failed:
            self.session.reviews_failed = True
            self.render()
        else:
            await self.send(protocol.REVIEWED, review=text)

    async def open_review(self, hand: int, seat: int = None) -> None:
        """Open a finished hand's review (once it is computed: until then, say so and open it when it is);
        ``seat``: whose, in party mode (else the viewer's)."""
        whose = {} if seat is None else {"seat": seat}
        answer = await self.send(protocol.REVIEW, hand=hand, **whose)
        session = self.session
        seat = session.view.seat if seat is None else seat
        if answer.ok:
            session.review, session.review_page, session.panel = answer.review, 0, "review"
            session.review_seat = seat
            self.render()
        elif answer.refusal.code == "review_pending" and not session.reviews_failed:
            session.review_wanted = [hand, seat]
            self.notify(t("review.pending"))
        else:
            self.notify(t("review.unavailable") if session.reviews_failed else refusal_text(answer.refusal))

    async def on_review(self, action: str, data: dict) -> None:
        """A finished hand's review opened."""
        if self.session.ready:
            await self.open_review(data["hand"], data.get("seat"))

    async def on_review_page(self, action: str, data: dict) -> None:
        """Another page of the review."""
        if self.session.panel == "review":
            self.session.review_page = data["page"]
            self.render()
