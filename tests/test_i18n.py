"""Every language has every word, with the same blanks to fill in, and every card has a name."""

import ast
import re
from pathlib import Path

import pytest
from helpers import Engine

from pyapp.page.session import Session
from pyapp.page.views import hand_view, sheet_view, table_view, view
from pyapp.page.words import i18n
from pyapp.shared.seat_names import DEFAULT_NAMES

SEATS = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "basic"}] * 3
FIELDS = re.compile(r"\{(\w+)\}")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


PYAPP = Path(__file__).resolve().parents[1] / "pyapp"
ENGINE_CODE = [*(PYAPP / "engine").glob("*.py"), *(PYAPP / "host").glob("*.py")]  # what answers the page
REFUSALS = {"ActionError", "CardError", "IllegalAction", "LinkError", "RulesError", "SaveError", "ValueError"}
MAKERS = {"Reason", "_refused"}  # calls that make a coded refusal: (text, code, **values)
# Raised with a sentence, but never to the page: a card text is read inside Action.from_dict (which refuses
# with a code), and a playout is only started from the play phase by the bots.
NOT_TO_THE_PAGE = {"cards.py", "playout.py"}


def reason_codes() -> dict[str, set[str]]:
    """Every refusal code the engine can send (``Reason(text, code, **values)``), with its values' names."""
    codes: dict[str, set[str]] = {}
    for path in ENGINE_CODE:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in MAKERS and len(node.args) > 1:
                if not isinstance(node.args[1], ast.Constant):
                    continue  # a maker passing its own code on
                codes[node.args[1].value] = {keyword.arg for keyword in node.keywords}
    return codes


# Texts that may read the same in every language: a name and a card, names, a letter.
WORDLESS = {"trick.played", "status.party", "app.local", "seat.dealer_chip", "seat.stood_in_chip"}


def forms(text) -> list[str]:
    """A catalogue text's forms: one, or its plural forms."""
    return list(text) if isinstance(text, tuple) else [text]


@pytest.mark.parametrize("code", sorted(i18n.NAMES))
def test_every_refusal_the_engine_can_send_is_worded_in_every_language(code):
    catalogue = i18n.catalogue(code).TEXT
    codes = reason_codes()
    assert {"target_min", "players_classic", "follow_suit", "save_damaged", "link_levels"} <= codes.keys()
    for reason, values in codes.items():
        assert "reason." + reason in catalogue, reason
        for text in forms(catalogue["reason." + reason]):
            assert set(FIELDS.findall(text)) <= values, reason


def test_every_refusal_the_engine_raises_carries_a_code():
    """A refusal raised with a sentence of its own would reach the page in English: each one is a Reason."""
    plain = []
    for path in (path for path in ENGINE_CODE if path.name not in NOT_TO_THE_PAGE):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                if getattr(node.exc.func, "id", "") in REFUSALS and node.exc.args:
                    argument = node.exc.args[0]
                    if isinstance(argument, (ast.Constant, ast.JoinedStr, ast.BinOp)):
                        plain.append(f"{path.name}:{node.lineno}")
    assert plain == []


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
            blanks = {frozenset(FIELDS.findall(form)) for form in forms(text)}
            theirs = {frozenset(FIELDS.findall(form)) for form in forms(i18n.catalogue(code).TEXT[key])}
            assert theirs == blanks, key

    def test_no_english_sentence_is_left(self, code):
        """Every message the game can produce is a catalogue text: none may be the English one."""
        if code == "en":
            return
        theirs = i18n.catalogue(code).TEXT
        same = {key for key, text in i18n.text_en.TEXT.items() if theirs[key] == text}
        assert same <= WORDLESS, sorted(same - WORDLESS)

    def test_plural_texts_have_each_form_the_language_has(self, code):
        catalogue = i18n.catalogue(code)
        count = len({catalogue.plural(n) for n in range(200)})
        plural = [key for key, text in catalogue.TEXT.items() if isinstance(text, tuple)]
        assert plural and all(len(catalogue.TEXT[key]) == count for key in plural)
        assert plural == [key for key, text in i18n.text_en.TEXT.items() if isinstance(text, tuple)]
        assert all("count" in FIELDS.findall(form) for key in plural for form in catalogue.TEXT[key])

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
        html = table_view.render_table(session) + hand_view.render_hand(session) + sheet_view.render_sheet(session)
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


def test_plurals_follow_each_languages_rule():
    said = {}
    for code in ("en", "cs", "lt"):
        i18n.set_language(code)
        said[code] = [i18n.t("link.players", count=n) for n in (1, 3, 5, 10, 11, 21, 22)]
    assert said["en"] == ["1 player", "3 players", "5 players", "10 players", "11 players", "21 players", "22 players"]
    assert said["cs"] == ["1 hráč", "3 hráči", "5 hráčů", "10 hráčů", "11 hráčů", "21 hráčů", "22 hráčů"]
    assert said["lt"] == [
        "1 žaidėjas",
        "3 žaidėjai",
        "5 žaidėjai",
        "10 žaidėjų",
        "11 žaidėjų",
        "21 žaidėjas",
        "22 žaidėjai",
    ]
    assert i18n.t("seat.label", name="Eva", count=-1, taken=0) == "Eva: iš viso -1 taškas, šiame dalijime 0"
    assert i18n.decimal(2.25) in ("2,2", "2,3")


def test_reasons_are_translated_from_their_codes():
    engine = Engine()
    answer = engine.play_until(engine.start(SEATS, 3), lambda a: a.view.step == "play" and a.view.reasons)
    card, refusal = next(iter(answer.view.reasons.items()))
    english = hand_view.reason(answer.view, card)
    assert english and refusal.text == ""  # a coded reason travels once, as its code
    i18n.set_language("cs")
    text = hand_view.reason(answer.view, card)
    assert text and text != english
    assert refusal.code in ("first_lead", "hearts_unbroken", "follow_suit", "no_points_first_trick")


@pytest.mark.parametrize("code", sorted(i18n.NAMES))
def test_each_language_declines_the_names_the_game_offers_and_no_typed_one(code):
    catalogue = i18n.catalogue(code)
    offered = [name for name in DEFAULT_NAMES if name]
    for name in offered:
        declined = catalogue.declined(name)
        if code == "en":
            assert declined is None
            continue
        gender, cases = declined
        assert gender in ("m", "f") and sorted(cases) == ["acc", "dat", "gen"] and all(cases.values()), name
    for typed in ("Ann", "Zdeněk", "Jan Novák", "<b>Eva</b>", ""):
        assert catalogue.declined(typed) is None
    for key, variants in catalogue.ABOUT.items():
        english = {frozenset(FIELDS.findall(form)) for form in forms(i18n.text_en.TEXT[key])}
        assert set(variants) in ({"any"}, {"m", "f"}), key
        for text in variants.values():
            blanks = frozenset("name" if blank in NAMED_CASES else blank for blank in FIELDS.findall(text))
            assert blanks in english and "name" in blanks, key  # (a declined name stands for the name)
    # A name a player types is never put in a case it is not written in: no "hráči Eva" (a player-noun in
    # the case the sentence needs, the name left as typed).
    noun = {"cs": r"hráč\w* \{name\}", "sk": r"hráč\w* \{name\}", "lt": r"žaidėj\w* \{name\}", "en": r"^$"}[code]
    # Nor is a verb's gender guessed with "(a)": the player's is not known, so the sentence needs none.
    guessed = re.compile(r"\w\((a|la|á|-usi)\)")
    assert [key for key, text in catalogue.TEXT.items() if any(guessed.search(f) for f in forms(text))] == []
    assert [key for key, text in catalogue.TEXT.items() if any(re.search(noun, f) for f in forms(text))] == []


NAMED_CASES = {"name", "name_gen", "name_dat", "name_acc"}


def test_a_sentence_about_a_seat_reads_as_a_native_writes_it_for_offered_and_typed_names():
    i18n.set_language("cs")
    try:
        assert i18n.t_about("review.passed", "Eva", cards="Q♠", received="2♣") == "Posíláš Q♠ Evě, dostáváš 2♣."
        typed = i18n.t_about("review.passed", "Ann", cards="Q♠", received="2♣")
        assert typed == "Posíláš Q♠ (dostane je Ann), dostáváš 2♣."
        assert i18n.t_about("friends.arrived", "Jan") == "Jan si přisedl ke stolu."
        assert i18n.t_about("friends.arrived", "Marta") == "Marta si přisedla ke stolu."
        assert i18n.t_about("friends.arrived", "Ann") == "Ann je u stolu."  # (no "přisedl(a)")
        assert i18n.t_about("status.waited", "Tomáš") == "Čekáme, až se vrátí zařízení Tomáše"
        i18n.set_language("sk")
        assert i18n.t_about("friends.hand_back", "Eva") == "Vrátiť miesto Eve"
        i18n.set_language("lt")
        assert i18n.t_about("review.passed", "Marta", cards="Q♠", received="2♣") == "Perdavei Q♠ Martai ir gavai 2♣."
        i18n.set_language("en")
        assert (
            i18n.t_about("review.passed", "Eva", cards="Q♠", received="2♣") == "You passed Q♠ to Eva and received 2♣."
        )
    finally:
        i18n.set_language("en")
