"""The page speaks the browser's language (English, Czech, Slovak, Lithuanian) and switches in settings."""

from __future__ import annotations

from table import open_game, play_until, take_turn, wait_for_person


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
        assert "Taškų lentelė" in page.text_content("#sheet")
        page.reload()
        wait_for_person(page)
        assert page.evaluate("document.documentElement.lang") == "lt"
        assert "Tavo" in page.text_content("#table") or "Tu" in page.text_content("#table")
        assert guard.foreign == []
    finally:
        context.close()
