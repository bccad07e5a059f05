"""How a card is drawn: its markup (pyapp/page/views/markup.py), the art it names (assets/cards.css, assets/cards/)
and the tool that wrote the court figures (tools/card_art.py)."""

import re
from pathlib import Path

import pytest

from pyapp.page.views.markup import card_back_markup, card_markup
from tools.card_art import COURTS, absolute_segments, compact_path

ASSETS = Path(__file__).resolve().parents[1] / "assets"
CARDS_CSS = (ASSETS / "cards.css").read_text()


@pytest.mark.parametrize("card", COURTS)
def test_a_court_card_shows_its_figure_and_keeps_its_name(card):
    html = card_markup(card)
    assert '<span class="figure" aria-hidden="true"></span>' in html and 'class="pip' not in html
    assert f'data-card="{card}"' in html
    name = re.search(r'<span class="visually-hidden">([^<]+)</span>', html).group(1)  # type: ignore[union-attr]
    assert name.split()[0] in ("Jack", "Queen", "King")
    # Its figure is drawn from its own file, which is there and small.
    rule = f'.card[data-card="{card}"] .figure {{ background-image: url(cards/{card}.svg); }}'
    assert rule in CARDS_CSS
    figure = (ASSETS / "cards" / f"{card}.svg").read_text()
    assert figure.startswith("<svg ") and 'viewBox="0 0 1300 2000"' in figure
    assert len(figure.encode()) < 25_000


def test_every_file_the_card_sheet_names_is_there():
    files = re.findall(r"url\(([\w./-]+)\)", CARDS_CSS)  # the files (not the pictures written out in data: URLs)
    assert len(files) == 12
    assert [name for name in files if not (ASSETS / name).is_file()] == []


def test_number_cards_and_aces_show_their_suit_and_every_card_its_index():
    assert '<span class="pip" aria-hidden="true">♥</span>' in card_markup("7H", "div")
    assert '<span class="pip ace" aria-hidden="true">♠</span>' in card_markup("AS", "div")
    ten = card_markup("TD", "div")
    assert ten.count('<span class="corner') == 2 and ten.count(">10<i>♦</i><") == 2
    assert 'role="img" aria-label="Ten of diamonds"' in ten


def test_a_card_back_is_a_card_face_down_with_nothing_to_read():
    assert card_back_markup() == '<div class="card back" aria-hidden="true"></div>'
    assert card_back_markup("small") == '<div class="card back small" aria-hidden="true"></div>'
    assert ".card.back {" in CARDS_CSS


def test_a_compact_path_keeps_every_point_rounded_without_adding_up_the_rounding():
    # A hundred steps of 0.4 end at 40: rounding each step (to 0) would have ended at 0.
    steps = "M0.4 0.4" + "l0.4 0" * 100
    assert absolute_segments(compact_path(steps))[-1] == ("L", [40.0, 0.0])
    path = "M10 10h5.2v5L12 18c1 1 2 2 3 3s4 4 5 5a5 5 0 0 1 10 0q1 1 2 2t3 3zm1 1l0 0 2 0Z"
    expected = [(command, [float(round(value)) for value in numbers]) for command, numbers in absolute_segments(path)]
    expected.remove(("L", [11.0, 11.0]))  # a step that goes nowhere is left out
    assert absolute_segments(compact_path(path)) == expected
