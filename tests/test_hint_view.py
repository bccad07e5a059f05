"""The hint on the page: the cards it suggests marked, its words above the hand, the figures on demand."""

import re

from helpers import Engine
from test_web_view import SEATS, session_for

from pyapp.bots.pass_advice import KEEP_REASONS, PASS_REASONS
from pyapp.page.views import hand_view
from pyapp.page.views.hint_view import spoken
from pyapp.page.words.i18n import has_text, set_language
from pyapp.shared import protocol


def marked(html: str) -> list[str]:
    """The cards drawn with the hint's mark, in order."""
    return re.findall(r'class="card [a-z]+ [^"]*hinted[^"]*" data-card="(..)"', html)


def test_every_reason_of_the_pass_advice_has_words():
    assert all(has_text("hint.why." + code) for code in PASS_REASONS + KEEP_REASONS)


def test_a_pass_hint_marks_its_three_cards_and_says_why_above_the_hand():
    session = session_for(Engine().start(SEATS, 1))
    hand = session.view.hand
    session.pass_hint = protocol.PassHint(
        {"cards": ["QS", hand[0], hand[1]], "reasons": [["pass_queen", ["QS"]], ["no_such_reason", [hand[0]]]]}
    )
    session.view.hand = ["QS", *hand[:-1]]
    html = hand_view.render_hand(session)
    assert marked(html) == ["QS", hand[0], hand[1]]
    assert html.index('class="hint-box"') < html.index('class="cards"')  # in the flow, above the hand
    words = html[html.index('class="hint-box"') : html.index('class="cards"')]
    assert "Hint: pass" in words and "costs 13 points" in words and "no_such_reason" not in words
    assert "figures" not in words  # (the pass has none)
    assert 'data-badge="Hint"' in html and "suggested by the hint" in html
    assert "Hint: pass Queen of spades" in spoken(session)


def test_of_two_identical_cards_one_is_marked_and_a_new_decision_drops_the_hint():
    session = session_for(Engine().start(SEATS, 1))
    view_now = session.view
    view_now.hand = ["QS", "QS", "AH", "AH", *view_now.hand[:9]]
    session.pass_hint = protocol.PassHint({"cards": ["QS", "AH", "AH"], "reasons": []})
    assert marked(hand_view.render_hand(session)) == ["QS", "AH", "AH"]
    answer = Engine().start(SEATS, 2)  # the same step, other cards: another decision
    session.show(answer.view, answer.results_count, answer.new_results)
    assert session.pass_hint is None and "hint-box" not in hand_view.render_hand(session)


def test_a_play_hint_marks_the_card_and_says_why_with_the_figures_on_demand():
    session = session_for(Engine().start(SEATS, 1))
    session.view.step, session.view.legal = "play", session.view.hand[:3]
    first, second, third = session.view.hand[:3]
    hint = {"points": {first: 3.2, second: 0.4, third: 1.0}, "best": second, "close": [third], "playouts": 9}
    session.hint = protocol.Hint({**hint, "why": ["duck", [second, first]]})
    html = hand_view.render_hand(session)
    assert marked(html) == [second] and "data-hint=" not in html
    assert 'data-action="figures" aria-pressed="false">Why?<' in html
    assert "lower is better" not in html and "stays under" not in html  # (the words on demand: a phone's room)
    session.figures = True
    html = hand_view.render_hand(session)
    assert html.count("data-hint=") == 3 and 'aria-pressed="true">Hide why' in html
    assert "in the rest of this hand after playing that card; lower is better" in html and "about 0.4." in html
    assert "stays under" in html and "About as good:" in html  # why, and the card within the noise of it
    set_language("cs")
    try:
        assert "méně je lépe" in hand_view.render_hand(session) and 'data-badge="Tip"' in hand_view.render_hand(session)
    finally:
        set_language("en")
