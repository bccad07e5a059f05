"""Share links: a link to the game, a deal link that deals the same cards, and bad links handled safely."""

from __future__ import annotations

from urllib.parse import urlsplit

from table import hand, open_game, pass_three, saved_game, wait_for_person

from pyapp.engine.cards import card_text
from pyapp.engine.match import Match
from pyapp.engine.rules import Rules
from pyapp.host.links import parse_deal_query

DEAL_QUERY = "deal=4242&players=5&target=50&levels=basic,basic,medium,basic"


def dealt_hand(rules: Rules, seed: int) -> list[str]:
    """The first hand the engine deals seat 0 (CPython), as card texts."""
    return [card_text(face) for face in Match(rules, seed).hand_faces(0)]


def test_a_deal_link_deals_the_same_cards_to_everyone_who_opens_it(browser, context, page, server_url):
    open_game(page, server_url + "?" + DEAL_QUERY)
    first = hand(page)
    assert first == dealt_hand(Rules(players=5, target=50), 4242)
    assert urlsplit(page.url).query == ""  # a reload resumes the game instead of dealing again
    record = saved_game(page)["game"]
    assert record["seed"] == 4242 and record["rules"]["target"] == 50
    assert [seat["bot"] for seat in record["seats"]] == [None, "basic", "basic", "medium", "basic"]

    friend = browser.new_context()
    try:
        other = friend.new_page()
        open_game(other, server_url + "?" + DEAL_QUERY)
        assert hand(other) == first
    finally:
        friend.close()


def test_the_share_panel_copies_links_to_the_game_and_to_this_deal(context, page, server_url):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_game(page, server_url)
    seed = saved_game(page)["game"]["seed"]
    page.click("header [data-action=share]")
    page.wait_for_selector("#share-deal")
    assert page.input_value("#share-game") == server_url
    deal = page.input_value("#share-deal")
    assert deal.startswith(server_url + "?")
    link = parse_deal_query(urlsplit(deal).query)
    assert link["seed"] == seed and link["levels"] == ["medium", "medium", "medium"]
    page.click("[data-action=copy][data-target=share-deal]")
    page.wait_for_selector("#notice:has-text('Link copied')")
    assert page.evaluate("navigator.clipboard.readText()") == deal


def test_a_deal_link_does_not_end_a_game_in_progress_unless_asked(page, server_url):
    open_game(page, server_url)
    if wait_for_person(page) == "pass":
        pass_three(page)
    wait_for_person(page)
    cards = hand(page)
    page.goto(server_url + "?" + DEAL_QUERY)
    page.wait_for_selector("#dialog [data-action=play-link]")
    assert "deal 4242 · 5 players" in page.text_content("#dialog")
    page.click("#dialog [data-action=close]")
    wait_for_person(page)
    assert hand(page) == cards

    page.goto(server_url + "?" + DEAL_QUERY)
    page.click("#dialog [data-action=play-link]")
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 10")
    assert hand(page) == dealt_hand(Rules(players=5, target=50), 4242)


BAD_LINKS = {
    "deal=forty-two": "deal number",
    "players=99": "“Players” must be a number from 3 to 10",  # the option by its name on the form
    "variant=cancellation&players=4": "Cancellation Hearts is played by 6 to 10 players",
    "levels=hard,grandmaster,hard": "unknown computer level",
    "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E=1": "does not know: “<img src=x onerror=aler…”",
    "deal=1&deal": "not readable",
    "colour=%3Cscript%3Ealert(1)%3C/script%3E": "does not know: “colour”",
}


def test_bad_links_show_a_message_and_start_a_normal_game(page, server_url):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    for query, message in BAD_LINKS.items():
        open_game(page, server_url + "?" + query)
        page.wait_for_selector("#notice:not([hidden])")
        notice = page.text_content("#notice")
        assert message in notice and "link was not used" in notice, (query, notice)
        assert page.query_selector("#notice *") is None  # shown as text, never as markup
        assert len(hand(page)) == 13
    assert dialogs == [] and page.query_selector("img[src=x], main script") is None
    assert page.errors == []
