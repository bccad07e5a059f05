"""Every language has every word, with the same blanks to fill in, and every card has a name."""

import ast
import re
from pathlib import Path

import pytest
from helpers import Engine

from pyapp.web import i18n, view
from pyapp.web.session import Session

SEATS = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "basic"}] * 3
FIELDS = re.compile(r"\{(\w+)\}")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


ENGINE = Path(__file__).resolve().parents[1] / "pyapp" / "engine"


def reason_codes() -> dict[str, set[str]]:
    """Every refusal code the engine can send (``Reason(text, code, **values)``), with its values' names."""
    codes: dict[str, set[str]] = {}
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Reason" and len(node.args) > 1:
                codes[node.args[1].value] = {keyword.arg for keyword in node.keywords}
    return codes


@pytest.mark.parametrize("code", sorted(i18n.NAMES))
def test_every_refusal_the_engine_can_send_is_worded_in_every_language(code):
    catalogue = i18n.catalogue(code).TEXT
    codes = reason_codes()
    assert {"target_min", "players_classic", "follow_suit"} <= codes.keys()
    for reason, values in codes.items():
        assert "reason." + reason in catalogue, reason
        assert set(FIELDS.findall(catalogue["reason." + reason])) <= values, reason


def test_every_catalogue_is_listed_once():
    assert sorted(i18n.ORDER) == sorted(i18n.NAMES) and [code for code, _ in i18n.languages()] == list(i18n.ORDER)


@pytest.mark.parametrize("code", sorted(i18n.NAMES))
class TestCatalogues:
    def test_no_key_is_missing_or_extra(self, code):
        english = set(i18n.text_en.TEXT)
        theirs = set(i18n.catalogue(code).TEXT)
        assert sorted(english - theirs) == [], "missing"
        assert sorted(theirs - english) == [], "not in English"

    def test_the_same_blanks_are_filled_in(self, code):
        for key, text in i18n.text_en.TEXT.items():
            assert set(FIELDS.findall(i18n.catalogue(code).TEXT[key])) == set(FIELDS.findall(text)), key

    def test_every_card_has_a_name(self, code):
        i18n.set_language(code)
        names = {i18n.card_name(rank + suit) for rank in "23456789TJQKA" for suit in "CDSH"}
        assert len(names) == 52 and all(name.strip() for name in names)

    def test_every_dialog_renders(self, code):
        i18n.set_language(code)
        answer = Engine().start(SEATS, 3)
        session = Session()
        session.show(answer.view, answer.results_count, answer.new_results, fresh=True)
        catalog = {
            "presets": [{"name": "classic", "rules": {}}],
            "options": [{"name": "players", "type": "int", "min": 3, "max": 10, "default": 4}],
            "levels": ["basic", "medium", "hard", "random"],
        }
        html = view.render_table(session) + view.render_hand(session) + view.render_sheet(session)
        for panel in ("new", "settings", "last", "share"):
            session.panel = panel
            html += view.render_dialog(session, catalog)
        assert "{" not in html.replace("{}", "")


def test_local_names_as_players_say_them():
    i18n.set_language("cs")
    assert i18n.card_name("QS") == "piková dáma" and i18n.card_name("AH") == "srdcové eso"
    assert i18n.t("app.name") == "Pikové dámy" and i18n.t("status.moon") == "Střela na měsíc!"
    i18n.set_language("sk")
    assert i18n.card_name("JD") == "kárový dolník" and i18n.t("info.broken") == "Srdcia sú prelomené"
    i18n.set_language("lt")
    assert i18n.card_name("QS") == "vynų dama" and i18n.t("suit.H") == "čirvai"


def test_the_browser_language_is_picked_when_we_speak_it():
    assert i18n.pick_language(["sk-SK", "cs"]) == "sk"
    assert i18n.pick_language(["de-DE", "lt"]) == "lt"
    assert i18n.pick_language(["de", "fr"]) == "en" and i18n.pick_language([]) == "en"
    assert i18n.set_language("xx") == "en"


def test_reasons_are_translated_from_their_codes():
    engine = Engine()
    answer = engine.play_until(engine.start(SEATS, 3), lambda a: a.view.step == "play" and a.view.reasons)
    card, refusal = next(iter(answer.view.reasons.items()))
    english = view.reason(answer.view, card)
    assert english and refusal.text == ""  # a coded reason travels once, as its code
    i18n.set_language("cs")
    text = view.reason(answer.view, card)
    assert text and text != english
    assert refusal.code in ("first_lead", "hearts_unbroken", "follow_suit", "no_points_first_trick")
