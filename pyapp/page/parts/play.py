"""The person's moves at the table: cards, the pass, collecting, reading on, the moon, undo, hints.

Plain Python for MicroPython and CPython.
"""

from ...shared import protocol
from .. import coach
from ..views.coach_view import held_back
from ..views.hand_view import UNDO_STEPS, reason
from ..views.hint_view import hint_of, spoken
from ..words.i18n import t
from ..words.refusals import refusal_text

STEP_INTENTS = {
    "next": (protocol.STEP_SUMMARY, protocol.READ_ON),
    "handoff": (protocol.STEP_HANDOFF, protocol.TAKE_DEVICE),
    "claim": (protocol.STEP_PLAY, protocol.CLAIM),
    "finish": (protocol.STEP_PLAY, protocol.FINISH),
}


class Play:
    """The person's moves at the table, and the hint."""

    def __init__(self, page, answers, decide_ahead):
        """``decide_ahead(decision, index)`` keeps a decision made before the engine is up
        (:meth:`pyapp.page.parts.startup.Startup.decide_ahead`)."""
        self.page = page
        self.answers = answers
        self.decide_ahead = decide_ahead
        answers.listen(sent=self.advise)

    def step_now(self, action: str) -> str:
        """The step an action is taken in: before the engine is up only the decision the view asks for may
        be made (ahead), nothing else."""
        session = self.page.session
        return session.step if session.ready or action in ("card", "pass") else protocol.LOADING

    @property
    def seat(self) -> int:
        """The seat whose eyes the page is."""
        view = self.page.session.view
        return view.seat if view is not None else 0

    async def on_card(self, action: str, data: dict) -> None:
        """A card of the hand clicked (``index``: where in the hand; two decks have equal cards): picked
        for the pass, played, or why it cannot be."""
        page, session = self.page, self.page.session
        card, index = data["card"], data.get("index")
        step = session.step
        hand = session.view.hand if session.view is not None else []
        if index is None or not 0 <= index < len(hand) or hand[index] != card:
            index = hand.index(card) if card in hand else None
        if card in held_back(session):  # the lesson's coach offers only the sensible cards at first
            page.notify(coach.advise(session).why)
        elif step == protocol.STEP_PASS:
            if index is not None:
                session.toggle(index)
            page.render()
        elif step == protocol.STEP_PLAY and card in session.view.legal:
            if session.ready:
                await self.answers.act(protocol.PLAY, seat=session.view.seat, card=card)
            else:
                self.decide_ahead({"play": card}, index)
        elif step == protocol.STEP_PLAY:
            page.notify(reason(session.view, card))
        elif step == protocol.LOADING:
            page.notify(t("notice.starting"))
        else:
            page.notify(t("notice.wait"))

    async def on_pass(self, action: str, data: dict) -> None:
        """The pass sent (or kept for the engine, before it is up)."""
        session = self.page.session
        if self.step_now(action) == protocol.STEP_PASS and session.ready_to_pass:
            if session.ready:
                await self.answers.act(protocol.PASS, seat=self.seat, cards=session.picked)
            else:
                self.decide_ahead({"pass": session.picked})

    async def on_collect(self, action: str, data: dict) -> None:
        """The finished trick taken off the table."""
        if self.step_now(action) == protocol.STEP_COLLECT:
            await self.page.actuator.slide_trick(self.page.session.settings)
            await self.answers.act(protocol.COLLECT)

    async def on_step_intent(self, action: str, data: dict) -> None:
        """An action the engine hears of as one intent, in the one step it belongs to (:data:`STEP_INTENTS`)."""
        step, intent = STEP_INTENTS[action]
        if self.step_now(action) == step:
            await self.answers.act(intent)

    async def on_moon(self, action: str, data: dict) -> None:
        """The moon's score chosen."""
        if self.step_now(action) == protocol.STEP_MOON:
            await self.answers.act(protocol.MOON, seat=self.seat, choice=data["choice"])

    async def on_undo(self, action: str, data: dict) -> None:
        """The person's last decision taken back (unless undo is turned off)."""
        if self.step_now(action) in UNDO_STEPS and self.page.session.settings.get("undo") != "off":
            await self.answers.act(protocol.UNDO, fresh=True)

    async def on_hint(self, action: str, data: dict) -> None:
        """A hint asked for on the person's turn to pass or play (once a decision: it stays on screen)."""
        session = self.page.session
        step = self.step_now(action)
        if session.hinting:
            return  # already asked
        if step in (protocol.STEP_PASS, protocol.STEP_PLAY) and hint_of(session) is None:
            await self.hint(step)
        elif hint_of(session) is not None:
            self.page.actuator.reveal_hint()  # asked again: the words already there, brought into view

    async def advise(self) -> None:
        """The lesson's pass and first cards: the coach offers what the hint says (asked once an answer has
        shown the decision)."""
        if coach.wants_advice(self.page.session):
            await self.hint(self.page.session.step)

    async def hint(self, step: str) -> None:
        """The hint for the decision of ``step``: the cards to pass and why, or the card to play (and the
        Hard player's estimate on each), shown above the hand and read out."""
        page, session = self.page, self.page.session
        session.hinting = True
        page.render()
        try:
            answer = await page.client.send(protocol.HINT)
        finally:
            session.hinting = False  # (an engine lost meanwhile: the hint may be asked again)
        if not answer.ok:
            page.notify(refusal_text(answer.refusal))
        elif session.step == step:
            session.hint, session.pass_hint = answer.hint, answer.pass_hint
            page.actuator.announce(spoken(session))
        page.render()
        page.actuator.reveal_hint()

    async def on_figures(self, action: str, data: dict) -> None:
        """The play hint's figures shown on every card, or hidden again."""
        page, session = self.page, self.page.session
        if hint_of(session) is not None and session.step == protocol.STEP_PLAY:
            session.figures = not session.figures
            page.actuator.announce(spoken(session))
            page.render()
            page.actuator.reveal_hint()
