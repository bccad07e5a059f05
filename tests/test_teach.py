"""The page teaches the game: how to play for the rules in play, a first visit's welcome, refusals that say
what may be done instead, a summary and a game over that say points are bad, and words that read right."""

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from helpers import Engine
from test_controller import booted, run_async

from pyapp.host.catalog import catalog
from pyapp.page import player_stats
from pyapp.page.session import Session
from pyapp.page.storage import SETTINGS_KEY, MemoryStore
from pyapp.page.views import (
    coach_view,
    hand_end_view,
    hand_view,
    how_to_play,
    markup,
    review_view,
    stats_view,
    table_view,
    view,
)
from pyapp.page.words import i18n, refusals
from pyapp.shared import protocol

SEATS = [{"name": "", "bot": None}] + [{"name": "", "bot": "basic"}] * 3
PAGE = Path(__file__).resolve().parents[1] / "pyapp" / "page"
LANGUAGES = sorted(i18n.NAMES)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def session_for(answer: protocol.Answer) -> Session:
    session = Session()
    session.show(answer.view, answer.results_count, answer.new_results, fresh=True)
    return session


def rules(**changes) -> dict:
    """Every rule option at its default, with ``changes``."""
    return dict({option["name"]: option["default"] for option in catalog()["options"]}, **changes)


def howto_text(**changes) -> str:
    """The how-to-play sections for the rules with ``changes``, as one text."""
    return " ".join(
        title + " " + " ".join(picture + text for picture, text in lines)
        for title, lines in how_to_play.sections(rules(**changes), catalog())
    )


class TestHowToPlay:
    def test_the_classic_game_is_explained_in_short_sections_with_card_pictures(self):
        text = howto_text()
        for words in (
            "lowest total wins",
            "Every heart: 1 point",
            "Queen of spades: 13 points",
            "choose 3 cards",
            "to the left, to the right, across",
            "You must follow suit",
            "The player holding the 2♣ leads it",
            "No points on the first trick",
            "until hearts are broken",
            "everyone else takes 26 points",
            "reaches 100 points",
            "share the win",
        ):
            assert words in text, words
        assert "−10" not in text and "Two packs" not in text
        assert 'class="card black small"' in text and 'aria-label="Queen of spades"' in text

    def test_the_text_follows_the_rules_in_play(self):
        omnibus = howto_text(variant="omnibus", omnibus_card="TD")
        assert "The 10♦: −10 points" in omnibus and 'data-card="TD"' in omnibus
        cancellation = howto_text(variant="cancellation", players=8)
        assert "Two packs are dealt" in cancellation and "holds 52 points" in cancellation
        assert "everyone else takes 52 points" in cancellation
        five = howto_text(players=5, pass_cycle="left_right_hold", no_points_first_trick=False)
        assert "holding the 3♣" in five and "across" not in five
        assert "to the left, to the right, a hand without passing, and again" in five
        assert "No points on the first trick" not in five
        assert "no cards are passed" in howto_text(passing=False)
        assert "someone has played a heart or the Queen of spades" in howto_text(hearts_break="heart_or_queen")
        assert "40 points come off your total" not in howto_text(moon="self_minus")
        assert "26 points come off your total" in howto_text(moon="self_minus")
        assert "you choose" in howto_text(moon="shooter_chooses")
        ending = howto_text(target=50, game_end="pass", ties="play_on")
        assert "goes over 50 points" in ending and "play goes on until one is lowest" in ending

    @pytest.mark.parametrize("code", LANGUAGES)
    def test_the_dialog_opens_from_the_menu_in_every_language_before_and_during_a_game(self, code):
        i18n.set_language(code)
        assert 'data-panel="howto"' in view.render_nav()
        session = Session()
        session.panel = "howto"
        before = view.render_dialog(session, catalog())  # no game yet: the rules of the next one
        session = session_for(Engine().start(SEATS, 3, variant="omnibus"))
        session.panel = "howto"
        during = view.render_dialog(session, catalog())
        for html in (before, during):
            assert 'role="dialog"' in html and html.count("<section>") == 8 and "{" not in html
            assert i18n.t("howto.title") in html and 'data-action="close"' in html
        assert "J♦" in during and "J♦" not in before


class TestWelcome:
    def test_a_first_visit_is_told_the_goal_until_it_closes_the_welcome(self):
        async def run():
            store = MemoryStore()
            controller, _ = await booted(store, 5)
            # One box above the hand with both ways to learn: How to play and Learn by playing.
            welcome = coach_view.render_coach(controller.session)
            assert welcome.startswith('<div class="welcome"') and "lesson-offer" not in welcome
            assert "Take as few points as you can" in welcome and 'data-panel="howto"' in welcome
            assert '<div class="welcome-actions">' in welcome and 'data-action="welcome-close"' in welcome
            assert 'data-action="lesson"' in welcome
            await controller.perform("welcome-close", {})
            assert how_to_play.render_welcome(controller.session, True) == ""
            offer = coach_view.render_coach(controller.session)  # the offer of a lesson stays until the pass
            assert offer.startswith('<div class="lesson-offer"') and 'data-action="lesson"' in offer
            assert store.getItem(SETTINGS_KEY) is not None
            again, _ = await booted(store, 6)  # a later visit is not welcomed again
            assert not again.session.welcome

        run_async(run())

    def test_a_returning_player_is_not_welcomed_and_the_welcome_goes_after_the_first_trick(self):
        async def run():
            store = MemoryStore()
            store.setItem(SETTINGS_KEY, json.dumps({"speed": "instant"}))
            controller, _ = await booted(store, 5)
            assert how_to_play.render_welcome(controller.session, True) == ""

        run_async(run())
        session = session_for(Engine(speed="instant").start(SEATS, 2))
        session.welcome = True
        assert 'data-panel="howto"' in how_to_play.render_welcome(session, False)
        assert 'data-action="lesson"' not in how_to_play.render_welcome(session, False)
        session.view.tricks_played = 1
        assert how_to_play.render_welcome(session, True) == ""


def refused(answer: protocol.Answer, code: str) -> str:
    """A card of the view that the engine refuses with ``code``, or None."""
    return next((card for card, refusal in answer.view.reasons.items() if refusal.code == code), None)


class TestRefusals:
    @pytest.mark.parametrize("code", LANGUAGES)
    def test_each_play_refusal_says_what_may_be_played_instead(self, code):
        i18n.set_language(code)
        for key in ("first_lead", "hearts_unbroken", "follow_suit", "no_points_first_trick"):
            text = refusals.explain(key, {"card": "2C", "suit": "C"})
            assert ":" in text, (key, text)  # the rule, then what to do
            instead = text.split(":", 1)[1]
            assert len(instead.strip()) > 6, (key, text)
        queen = refusals.explain("hearts_unbroken", {}, rules(hearts_break="heart_or_queen"))
        assert queen != refusals.explain("hearts_unbroken", {}, rules())

    def test_english_words(self):
        assert refusals.explain("follow_suit", {"suit": "C"}) == "You must follow suit: play one of your clubs"
        hearts = refusals.explain("hearts_unbroken", {})
        assert "lead another suit" in hearts and "hold nothing but hearts" in hearts
        assert "Q♠ has been played" in refusals.explain("hearts_unbroken", {}, {"hearts_break": "heart_or_queen"})
        assert "not a heart or Q♠" in refusals.explain("no_points_first_trick", {})
        assert refusals.explain("first_lead", {"card": "2C"}) == "The first trick is led with the Two of clubs: play it"
        assert refusals.explain("no_such_code", {}) == ""

    def test_a_dim_card_says_why_it_cannot_be_played(self):
        engine = Engine(speed="instant")
        answer = engine.play_until(engine.start(SEATS, 3), lambda a: a.view.step == "play" and a.view.reasons)
        session = session_for(answer)
        html = hand_view.render_hand(session)
        for card in answer.view.reasons:
            button = re.search(rf'<button[^>]*data-card="{card}"[^>]*>', html).group(0)
            assert (
                'aria-disabled="true"' in button
                and f'title="{markup.escape(hand_view.reason(answer.view, card))}"' in button
            )
        assert all(
            ' title="' not in b for b in re.findall(r"<button[^>]*>", html) if 'class="card' in b and "dim" not in b
        )
        # The words follow the game's rules: with Q♠ breaking hearts too, the reason says so.
        card = next(iter(answer.view.reasons))
        answer.view.reasons[card] = protocol.Refusal({"code": "hearts_unbroken", "values": {}, "text": ""})
        assert "or Q♠ has been played" not in hand_view.reason(answer.view, card)
        answer.view.rules = dict(answer.view.rules, hearts_break="heart_or_queen")
        assert "or Q♠ has been played" in hand_view.reason(answer.view, card)


class TestSummaryAndGameOver:
    def test_the_info_line_says_where_the_game_ends(self):
        session = session_for(Engine().start(SEATS, 1, target=75))
        assert "Game ends at 75" in table_view.render_table(session)
        i18n.set_language("cs")
        assert "Hra končí na 75 bodech" in table_view.render_table(session)

    def test_the_summary_says_points_are_bad_and_who_leads(self):
        session = session_for(Engine().start(SEATS, 1))
        result = {"taken": [3, 13, 10, 0], "shooter": None, "choice": None, "queen": 1, "omnibus": None}

        def scored(added: list, totals: list) -> protocol.Result:
            return protocol.Result(dict(result, added=added, totals=totals))

        session.results = [scored([3, 13, 10, 0], [3, 13, 10, 0])]
        session.view.step, session.view.summary_hand = "summary", 0
        html = view.render_dialog(session, None)
        assert "Fewer points are better." in html and "Marta leads the game with 0 points." in html
        session.results = [scored([0, 13, 13, 0], [0, 13, 13, 0])]
        assert "You and Marta share the lead with 0 points." in view.render_dialog(session, None)
        session.results = [scored([1, 13, 12, 0], [1, 13, 12, 0]), scored([0, 0, 0, 5], [1, 13, 12, 5])]
        session.view.summary_hand = 1
        assert "You lead the game with 1 point." in view.render_dialog(session, None)

    def test_places_are_shared_by_ties(self):
        assert hand_end_view.places([40, 12, 40, 70]) == [2, 1, 2, 4]
        assert hand_end_view.places([5, 5, 5]) == [1, 1, 1]

    def test_the_game_over_has_a_headline_places_scores_and_the_best_result(self):
        engine = Engine(speed="instant")
        answer = engine.play_until(engine.start(SEATS, 9, target=25), lambda a: a.view.step == "over")
        session = session_for(answer)
        presets = catalog()["presets"]
        assert player_stats.record(session.stats, session.view, session.results, presets)
        html = view.render_dialog(session, catalog())
        view_ = session.view
        assert '<svg class="trophy"' in html and "🏆" not in html
        assert html.count("<tr") == 5 and 'class="me"' in html  # a head row and one per seat
        assert i18n.t("over.place") in html and f"best final score {view_.scores[0]} point" in html
        assert "Your record in Custom rules: " in html  # (a target of 25: rules of one's own)
        assert 'data-action="again"' in html
        view_.party = True
        assert "Your record" not in view.render_dialog(session, catalog())

    def test_the_best_result_is_the_lowest_final_score_and_survives_a_reload(self):
        presets = catalog()["presets"]
        stats = player_stats.empty()
        for key, score in (("a", 60), ("b", 35), ("c", 80)):
            game = SimpleNamespace(
                game_key=key, phase="over", party=False, table_screen=False, seat=0, rules=presets[0]["rules"],
                winners=[1], scores=[score, 10, 20, 30],
            )  # fmt: skip
            player_stats.record(stats, game, [], presets)
        loaded, _ = player_stats.read(json.dumps(stats))
        assert loaded["presets"]["classic"]["best"] == 35 and player_stats.total(loaded)["best"] == 35
        assert (
            "best"
            not in player_stats.read(json.dumps({"version": 1, "presets": {"classic": {"best": "x"}}}))[0]["presets"][
                "classic"
            ]
        )


class TestWords:
    def test_no_emoji_outside_what_every_font_draws(self):
        """An emoji (outside the Basic Multilingual Plane) shows as an empty box where no emoji font is installed."""
        root = PAGE.parents[1]
        for path in [*PAGE.rglob("*.py"), root / "index.html", *(root / "assets").glob("*.[jcm]*s")]:
            found = [char for char in path.read_text() if ord(char) > 0xFFFF]
            assert found == [], path.name

    @pytest.mark.parametrize("code", ["cs", "sk"])
    def test_czech_and_slovak_say_ty_never_vy(self, code):
        """The table says "ty" to the player; the formal "vy" must not come back anywhere."""
        formal = {
            "cs": r"\b(Vyberte|Zvolte|máte|Máte|můžete|Můžete|jste|Jste|vás|Vás|vám|Vám|váš|Váš|vaš\w*|Vaš\w*|"
            r"Stiskněte|Pošlete|Požádejte|požádejte|načtěte|zkuste|počkejte|Podržte|vložte|nastavte|hrajte|Odejděte|"
            r"zahrajete|vezmete|Klikněte|klikněte)\b",
            "sk": r"\b(Vyberte|Zvoľte|máte|Máte|môžete|Môžete|ste|vás|Vás|vám|Vám|váš|Váš|vaš\w*|Vaš\w*|Stlačte|"
            r"Pošlite|Požiadajte|požiadajte|načítajte|skúste|počkajte|Podržte|vložte|nastavte|hrajte|Odíďte|zahráte|"
            r"vezmete|Kliknite|kliknite)\b",
        }[code]
        texts = [text for value in i18n.catalogue(code).TEXT.values() for text in view_forms(value)]
        found = [text for text in texts if re.search(formal, text)]
        assert found == []

    def test_lithuanian_says_tu_never_jus(self):
        """The table says "tu" to the player in Lithuanian too ("jūs" is for several people: the others asked
        not to look, friends who compare results)."""
        formal = (
            r"\b(jūs|jus|jūsų|Jūsų|jums|Jums|Paspauskite|žaiskite|Nusiųskite|leiskite|įklijuokite|parodykite|"
            r"Paprašykite|paprašykite|įkelkite|patikrinkite|Palikite|Laikykite|nurodykite|palaukite)\b"
        )
        texts = [text for value in i18n.catalogue("lt").TEXT.values() for text in view_forms(value)]
        assert [text for text in texts if re.search(formal, text)] == []

    def test_percentages_are_written_as_each_language_writes_them(self):
        entry = {"games": 2, "wins": 0, "hands": 9, "points": 150, "moons": 0, "queens": 1}
        assert "<td>0%</td>" in stats_view._stats_row("Classic", entry)
        i18n.set_language("cs")
        assert "<td>0 %</td>" in stats_view._stats_row("Klasika", entry)

    def test_a_pass_in_the_review_is_marked_passed_not_played(self):
        session = session_for(Engine().start(SEATS, 1))
        decision = SimpleNamespace(
            seat=0, trick=review_view.PASS_PAGE, made=["QS", "AH", "KH"], why=["", []], mistake=False, lost=0.0,
            choices=[(["QS", "AH", "KH"], 4.0, True), (["QS", "AS", "KH"], 4.5, False)],
        )  # fmt: skip
        html = review_view.render_decision(session, decision)
        assert '<span class="mark">passed</span>' in html and ">played<" not in html
        decision.trick, decision.made, decision.choices = 0, ["2C"], [(["2C"], 0.0, True)]
        assert '<span class="mark">played</span>' in review_view.render_decision(session, decision)


def view_forms(value) -> list:
    """A catalogue text's forms: one, or its plural forms."""
    return list(value) if isinstance(value, tuple) else [value]


def test_the_pages_words_on_the_rules_follow_the_engines_figures(monkeypatch):
    """The page derives no rule: what How to play and the first deal say of the moon comes from the engine
    (its catalogue), so a changed rule in the engine changes the page's words."""
    from pyapp.engine import rules as engine_rules
    from pyapp.host.catalog import catalog
    from pyapp.page import first_deal
    from pyapp.page.views.how_to_play import render_how_to_play

    i18n.set_language("en")
    session = Session({}, 3)
    assert "everyone else takes 26 points" in render_how_to_play(session, catalog())
    # A moon worth thirty a pack (a data descriptor: it outranks the presets' cached figures).
    monkeypatch.setattr(engine_rules.Rules, "moon_points", property(lambda rules: 30 * rules.packs))
    changed = catalog()
    assert changed["moon_points"] == {"classic": 30, "omnibus": 30, "cancellation": 60}
    assert "everyone else takes 30 points" in render_how_to_play(session, changed)
    seats = [{"name": "", "bot": None}] + [{"name": "", "bot": "medium"}] * 3
    options = {"rules": {}, "seats": seats, "seed": 1, "name": "fedcba9876543210"}
    assert first_deal.first_view(options, changed)["moon_points"] == 30


def test_the_pages_words_on_the_pass_and_the_first_lead_follow_the_engine(monkeypatch):
    """The pass cycle, the first pass's direction and the first lead are the engine's too: changed in the
    engine, they change How to play and the view the page deals ahead of the engine, which stays the
    engine's own view."""
    from pyapp.engine import rules as engine_rules
    from pyapp.page import first_deal
    from pyapp.page.views.how_to_play import render_how_to_play

    i18n.set_language("en")
    session = Session({}, 3)
    assert "(to the left, to the right, across, a hand without passing, and again)" in render_how_to_play(
        session, catalog()
    )
    cycle = (engine_rules.PASS_RIGHT, engine_rules.PASS_ACROSS, engine_rules.PASS_LEFT)  # right first, never held
    monkeypatch.setattr(engine_rules.Rules, "pass_cycle_directions", property(lambda rules: cycle))
    monkeypatch.setattr(engine_rules.Rules, "first_lead_text", property(lambda rules: "3C"))
    changed = catalog()
    text = render_how_to_play(session, changed)
    assert "(to the right, across, to the left, and again)" in text and "holding the 3♣" in text
    seats = [{"name": "", "bot": None}] + [{"name": "", "bot": "medium"}] * 3
    options = {"rules": {}, "seats": seats, "seed": 1, "name": "fedcba9876543210"}
    view = first_deal.first_view(options, changed)
    assert (view["pass_direction"], view["pass_to"]) == ("right", 3)
    assert view == dict(Engine().send(protocol.START, options=options).raw_view, turn=0)


def test_the_sheet_the_summary_and_the_chart_show_the_engines_totals():
    """The running totals are the engine's (a rule that made a total other than the sum of what each hand
    added, as some tables' "exactly 100 goes back to 50" does, would show as the engine scored it)."""
    from pyapp.page.views import chart, sheet_view, view

    i18n.set_language("en")
    session = Session({}, 3)
    session.show(Engine().start(SEATS, 1).view, 0, [], fresh=True)
    fields = {"taken": [3, 13, 10, 0], "added": [3, 13, 10, 0], "shooter": None, "choice": None, "queen": 1}
    session.results = [protocol.Result(dict(fields, omnibus=None, totals=[50, 13, 10, 0]))]
    session.view.hands_read = 1
    assert "<td>50<small> +3</small></td>" in sheet_view.render_sheet(session)
    assert chart.totals_by_hand(session.results, 4)[0] == [0, 50]
    session.view.step, session.view.summary_hand = "summary", 0
    assert "<td>+3</td><td>50</td>" in view.render_dialog(session, None)
