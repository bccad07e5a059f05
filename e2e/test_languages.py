"""The page speaks the browser's language (English, Czech, Slovak, Lithuanian) and switches in settings."""

from __future__ import annotations

import json

import pytest
from table import open_game, play_until, take_turn, wait_for_person

from pyapp.page.words import i18n


def test_the_page_speaks_the_browser_language_and_switches_in_settings(browser, guard, server_url):
    context = browser.new_context(locale="cs-CZ")
    context.route("**/*", guard.route)
    context.add_init_script(
        "if (!localStorage.getItem('hearts.settings'))"
        " localStorage.setItem('hearts.settings', JSON.stringify({speed: 'instant'}))"
    )
    try:
        page = context.new_page()
        open_game(page, server_url)
        assert page.evaluate("document.documentElement.lang") == "cs"
        assert page.text_content("h1").startswith("Pikové dámy")
        assert "Nastavení" in page.text_content("header nav")
        take_turn(page)  # pass
        play_until(page, "play")
        dim = page.query_selector("#hand .card.dim")
        if dim:
            dim.click(force=True)
            page.wait_for_selector("#notice:not([hidden])")
            assert page.text_content("#notice").startswith(("Musíš", "První", "Srdce", "V prvním"))

        page.click("header [data-panel=settings]")
        page.select_option("#opt-language", "lt")
        page.click("#dialog [data-action=save-settings]")
        page.wait_for_function("document.documentElement.lang === 'lt'")
        assert "Nustatymai" in page.text_content("header nav")
        page.wait_for_function("() => document.querySelector('#sheet').textContent.includes('Taškų lentelė')")
        page.reload()
        wait_for_person(page)
        assert page.evaluate("document.documentElement.lang") == "lt"
        assert "Tavo" in page.text_content("#table") or "Tu" in page.text_content("#table")
        assert guard.foreign == []
    finally:
        context.close()


DAMAGED = {
    "format": "hearts-table",
    "version": 1,
    "seats": [{"name": "You", "bot": None}] + [{"name": "Eva", "bot": "basic"}] * 3,
    "match": {"format": "hearts-match", "version": 1, "rules": {}, "seed": 5, "history": [{"seat": 0, "play": "ZZ"}]},
}


@pytest.mark.parametrize("language", ["cs", "sk", "lt"])
def test_a_damaged_save_and_a_bad_link_are_explained_in_the_players_language(browser, guard, server_url, language):
    """The engine's reasons travel as codes: the page words them, plurals included, with no English left."""
    i18n.set_language(language)
    try:
        expected_save = i18n.t("notice.broken_save", error=i18n.t("reason.save_decision", number="1"))
        expected_link = i18n.t("link.bad", error=i18n.t("reason.link_levels", count="1", seats="3"))
    finally:
        i18n.set_language("en")
    context = browser.new_context(locale=language)
    context.route("**/*", guard.route)
    record = json.dumps({"save": DAMAGED, "view": None})
    context.add_init_script(
        "if (!localStorage.getItem('hearts.settings')) {"
        f" localStorage.setItem('hearts.save', {json.dumps(record)});"
        " localStorage.setItem('hearts.settings', JSON.stringify({speed: 'instant'})); }"
    )
    try:
        page = context.new_page()
        open_game(page, server_url)
        page.wait_for_function("text => document.querySelector('#notice').textContent === text", arg=expected_save)
        open_game(page, server_url + "?deal=5&levels=hard")  # one computer level for three computer seats
        page.wait_for_function("text => document.querySelector('#notice').textContent === text", arg=expected_link)
        assert guard.foreign == []
    finally:
        context.close()


def test_a_czech_browser_sees_czech_words_before_python_runs(browser, guard, server_url):
    """index.html's own words (the first paint, while Python loads) are in the browser's language."""
    context = browser.new_context(locale="cs-CZ")
    context.route("**/*", guard.route)
    try:
        page = context.new_page()
        page.route("**/app/main.json", lambda route: route.abort())  # Python never starts: only the first words
        page.goto(server_url)
        czech = i18n.catalogue("cs").TEXT
        assert page.evaluate("document.documentElement.lang") == "cs"
        assert page.text_content("#table .status") == czech["status.shuffling"]
        assert page.text_content("h1").startswith(czech["app.name"])
        assert czech["nav.new"] in page.text_content("header nav")
        assert page.get_attribute("#hand", "aria-label") == czech["region.hand"]
    finally:
        context.close()
