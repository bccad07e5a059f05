"""Learn by playing: the coached first hand, played through the page's controller on the real engine."""

import json
from types import SimpleNamespace

import pytest

from pyapp.page import coach
from pyapp.page import lesson as lesson_record
from pyapp.page.player_stats import STATS_KEY
from pyapp.page.storage import SETTINGS_KEY, MemoryStore
from pyapp.page.views.coach_view import held_back
from pyapp.shared import deal, protocol
from tests.test_controller import booted, run_async, until

# The rules the lesson must show, each in a trick of its own, in the order a newcomer meets them.
STEPS = ("pass", "lead", "follow", "discard", "broken", "queen")


def order(key: str) -> tuple:
    """A trick key (pyapp.page.lesson.trick_key) in the order of play: the pass, then the tricks."""
    hand, phase, number = key.split(".")
    return int(hand), phase != "pass", int(number)


def rank(card: str) -> int:
    """A card's rank, 0 (two) to 12 (ace)."""
    return deal.RANK_LETTERS.index(card[0])


async def settled(controller) -> None:
    """Wait until the page waits for the person (the computer players' timed steps done, the hint the coach
    offers in)."""
    session = controller.session

    def waiting() -> bool:
        thinking = session.hinting or coach.wants_advice(session)
        return session.step not in (protocol.STEP_BOT, protocol.STEP_WAIT) and not thinking

    await until(waiting, 2000)


async def follow_once(controller) -> int:
    """One decision (or collect) as a newcomer following the coach makes it; the taps it took.

    On the pass the suggested cards, on a turn the first card the coach offers (the lowest legal one once
    it offers every card), a finished trick collected.
    """
    session = controller.session
    await settled(controller)
    if session.step == protocol.STEP_PASS:
        for card in coach.advise(session).enabled:
            await controller.perform("card", {"card": card})
        await controller.perform("pass", {})
        return 4
    if session.step == protocol.STEP_PLAY:
        offered = coach.advise(session).enabled or sorted(session.view.legal, key=rank)
        await controller.perform("card", {"card": offered[0]})
        return 1
    if session.step == protocol.STEP_COLLECT:
        await controller.perform("collect", {})
        return 1
    raise AssertionError(f"the lesson stopped at {session.step}")


async def follow_the_coach(controller, actuator, seen_lines: list | None = None) -> int:
    """Play the lesson's hand through (:func:`follow_once`) up to its last word; the taps it took."""
    session = controller.session
    taps = 0
    await settled(controller)
    while not lesson_record.finished(session):
        if seen_lines is not None:
            seen_lines.append((session.step, coach.advise(session).lines))
        taps += await follow_once(controller)
        await settled(controller)
    return taps


async def lesson(seed: int = lesson_record.LESSON_SEED, language: str = "en") -> tuple:
    """A page whose engine is up, in ``language``, with the lesson (dealt from ``seed``) started:
    (controller, actuator, store)."""
    store = MemoryStore()
    controller, actuator = await booted(store, 5)
    controller.session.settings["language"] = language
    await controller.page.use_language()
    lesson_record.LESSON_SEED, kept = seed, lesson_record.LESSON_SEED
    try:
        await controller.perform("lesson", {})
    finally:
        lesson_record.LESSON_SEED = kept
    return controller, actuator, store


def firsts(seen: dict) -> list:
    """The lesson's steps in the order they were first explained (pass, lead, ...)."""
    return sorted((step for step in STEPS if step in seen), key=lambda step: order(seen[step]))


def shows_every_step(seen: dict) -> bool:
    """Whether every step was explained in the order of :data:`STEPS`, each in a trick of its own (but
    following suit, which may first matter in the first trick, led with 2♣)."""
    if any(step not in seen for step in STEPS):
        return False
    keys = [order(seen[step]) for step in STEPS]
    pairs = zip(keys, keys[1:], STEPS[1:], strict=False)  # each step and the one before it
    return all(before < after or (before == after and step == "follow") for before, after, step in pairs)


def test_the_prepared_deal_shows_every_rule_one_at_a_time_in_order():
    async def run():
        controller, actuator, _ = await lesson()
        lines = []
        taps = await follow_the_coach(controller, actuator, lines)
        return controller.session.lesson["seen"], taps, lines, actuator.html

    seen, taps, lines, html = run_async(run())
    assert shows_every_step(seen), seen
    assert "You have played your first hand" in html and "Start a real game" in html
    assert taps == 4 + 13 + 13  # the pass (three cards and the button), a card and a collect a trick
    # The words come from the table: the first trick's lead and the pass's suggestion.
    said = " ".join(" ".join(words) for _, words in lines)
    assert "Whoever holds 2♣ starts the first trick" in said and "Pass " in said
    assert "Hearts are broken" in said and "Q♠" in said


def test_the_coach_offers_the_sensible_cards_first_then_every_legal_card_and_refuses_the_others_in_words():
    async def run():
        controller, actuator, _ = await lesson()
        session = controller.session
        await settled(controller)
        suggested = coach.advise(session).enabled
        other = next(card for card in session.view.hand if card not in suggested)
        assert other in held_back(session) and f'data-card="{other}"' in actuator.html
        assert actuator.html.count('aria-disabled="true"') == len(session.view.hand) - 3  # the others, dimmed
        await controller.perform("card", {"card": other})
        assert actuator.notices[-1] == coach.advise(session).why and session.selected == []
        for card in suggested:
            await controller.perform("card", {"card": card})
        assert coach.advise(session).lines[-1] == "Now tap “Pass 3 cards”."  # what to tap next
        await controller.perform("pass", {})
        narrowed = free = 0
        while not lesson_record.finished(session):
            if session.step == protocol.STEP_PLAY:
                assert 'data-action="finish"' not in actuator.html  # a lesson is played by hand
                offered = coach.advise(session).enabled
                if session.view.tricks_played < lesson_record.NARROW_TRICKS and len(session.view.legal) > 1:
                    assert offered == [session.hint.best, *session.hint.close]  # the hint's: one voice
                    assert set(offered) <= set(session.view.legal)
                    narrowed += len(offered) < len(session.view.legal)
                else:
                    assert offered is None and not held_back(session)
                    free += 1
            await follow_once(controller)
            await settled(controller)
        return narrowed, free

    narrowed, free = run_async(run())
    assert narrowed and free


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_after_each_trick_the_coach_says_who_took_it_with_which_card_and_its_points_on_any_deal(seed):
    async def run():
        controller, _, _ = await lesson(seed)
        session = controller.session
        said = 0
        while not lesson_record.finished(session):
            if session.step == protocol.STEP_COLLECT:
                last = session.view.last_trick
                card = dict((s, c) for s, c in last.plays)[last.winner]
                cards = [c for _, c in last.plays]
                points = sum(c[1] == "H" for c in cards) + 13 * ("QS" in cards)
                lines = coach.advise(session).lines
                name = "You" if last.winner == session.view.seat else session.view.seats[last.winner].name
                assert lines[0].startswith(name) and coach.short_card(card) in lines[0]
                assert lines[1] == (
                    f"It holds {points} point" + ("s." if points > 1 else ".")
                    if points
                    else "No hearts and no Q♠ in it, so no points."
                )
                said += 1
            await follow_once(controller)
            await settled(controller)
        return said

    assert run_async(run()) == 13


def test_a_skipped_lesson_goes_on_as_an_ordinary_game_that_the_statistics_never_count():
    async def run():
        controller, actuator, store = await lesson()
        session = controller.session
        await follow_once(controller)  # the pass
        await settled(controller)
        await controller.perform("lesson-skip", {})
        assert not lesson_record.speaking(session) and 'class="coach"' not in actuator.html
        assert json.loads(store.getItem(lesson_record.LESSON_KEY))["on"] is False
        while session.step != protocol.STEP_OVER:
            await settled(controller)
            if session.step == protocol.STEP_PLAY:
                assert not held_back(session)
                await controller.perform("finish", {})
            elif session.step == protocol.STEP_COLLECT:
                await controller.perform("collect", {})
            elif session.step == protocol.STEP_SUMMARY:
                assert 'data-action="next"' in actuator.html  # the ordinary summary, not the lesson's end
                await controller.perform("next", {})
            elif session.step == protocol.STEP_PASS:
                for card in session.view.hand[:3]:
                    await controller.perform("card", {"card": card})
                await controller.perform("pass", {})
        return session.stats, store.getItem(STATS_KEY)

    stats, stored = run_async(run())
    assert stats["presets"] == {} and stored is None


def test_the_lesson_ends_with_what_the_score_means_and_a_real_game_that_is_counted_again():
    async def run():
        controller, actuator, store = await lesson(language="cs")
        await follow_the_coach(controller, actuator)
        assert "Máš za sebou první kolo" in actuator.html and "Body jsou špatné" in actuator.html
        assert 'data-action="next"' not in actuator.html  # the lesson's end replaces the summary
        # A look back at where the person's points came from: the tricks they took with points in them.
        session = controller.session
        taken = session.lesson["taken"]
        cards = [card for number in taken for card in taken[number]]
        points = sum(13 if card == "QS" else 1 for card in cards)
        assert points == session.results[0].taken[session.view.seat]
        if taken:
            assert "Body přišly z těchto štychů: " in actuator.html
            assert all(f"{number}.\u00a0štych (" in actuator.html for number in taken)
        else:
            assert "Žádné body: dokonalé kolo." in actuator.html
        assert ("Samotná Q♠ z toho dělá 13." in actuator.html) == ("QS" in cards)
        await controller.perform("lesson-done", {})
        await settled(controller)
        session = controller.session
        assert session.lesson is None and store.getItem(lesson_record.LESSON_KEY) is None
        assert session.view.hand_index == 0 and session.view.phase == "pass" and 'class="coach"' not in actuator.html

    run_async(run())


def test_a_reloaded_lesson_says_the_same_and_goes_on_and_a_first_visit_offers_it():
    async def run():
        controller, _, store = await lesson()
        for _ in range(6):  # the pass and a few tricks
            await follow_once(controller)
        await settled(controller)
        words = coach.advise(controller.session).lines
        again, page = await booted(store, 7)
        await settled(again)
        assert lesson_record.speaking(again.session) and coach.advise(again.session).lines == words
        assert again.session.view.turn and not again.session.offer_lesson
        await follow_the_coach(again, page)
        assert "You have played your first hand" in page.html
        first, shown = await booted(MemoryStore(), 8)
        assert first.session.offer_lesson and 'data-action="lesson"' in shown.html
        for card in first.session.view.hand[:3]:  # passing ends the offer
            await first.perform("card", {"card": card})
        await first.perform("pass", {})
        assert 'data-action="lesson"' not in shown.html
        known = MemoryStore()  # a player who has been here (settings kept) and has no game on: no offer
        known.setItem(SETTINGS_KEY, json.dumps({"speed": "instant"}))
        returning, page = await booted(known, 9)
        assert not returning.session.offer_lesson and 'data-action="lesson"' not in page.html

    run_async(run())


def test_once_the_choice_is_the_persons_the_coach_warns_before_a_lead_that_gives_the_queen_away():
    def said(legal, hand=None, seen=None, trick=()) -> str:
        view = SimpleNamespace(trick=list(trick), legal=legal, hand=hand or legal)
        return coach.warning(SimpleNamespace(view=view, lesson={"seen": seen or {}}))

    assert said(["2D", "QS", "AS"]).startswith("Careful! Leading Q♠ gives her to whoever takes the trick")
    assert said(["2D", "AS"]).startswith("Careful! A♠ led while Q♠ is still out")
    assert said(["2D", "AS"], seen={"queen": "0.play.3"}) == ""  # she has been played
    assert said(["2D", "3D"]) == "" and said(["QS"], trick=[[1, "2C"]]) == ""  # nothing to fear; not a lead
