"""The page in headless Chromium, played as a person would."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect
from table import (
    ENGINE_TIMEOUT,
    PERSON_SELECTORS,
    click_and_wait,
    current_step,
    hand,
    open_game,
    pass_three,
    play_until,
    saved_game,
    scores,
    take_turn,
    trick,
    wait_for_person,
)

from pyapp.engine.cards import parse_cards
from tools.build import PLUGINS


def test_boot_deals_a_hand_and_loads_nothing_from_elsewhere(page, server_url):
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    open_game(page, server_url)
    plugins = [url for url in requested if re.search(rf"/runtime/pyscript/({'|'.join(PLUGINS)})\b", url)]
    assert plugins == []  # (PyScript's plugins that the page does without are not even fetched)
    assert len(hand(page)) == 13
    assert page.locator(".seat").count() == 4
    assert current_step(page) == "pass"
    assert page.get_attribute("#table", "data-ready") == "true"
    assert page.errors == []


def test_the_page_plays_without_its_sound_screen_and_redrawing_helpers(context, server_url):
    """The page's own helper scripts (assets/sound.js, awake.js, morph.js) never coming (a busy machine's
    server dropped them, or they are still on the way when Python starts) cost their effects, not the game:
    the page starts, passes and plays with no fault (its start once failed on the missing sound)."""
    context.route(re.compile(r".*/assets/(sound|awake|morph)\.js$"), lambda route: route.abort())
    page = context.new_page()
    open_game(page, server_url)
    assert page.evaluate("() => !('heartsSound' in window) && !('heartsMorph' in window) && !('heartsBuzz' in window)")
    pass_three(page)
    for _ in range(4):  # cards played (each with its sound) and the hand redrawn
        take_turn(page)
    assert page.is_hidden("#dialog")


def test_pass_marks_the_received_cards(page, server_url):
    open_game(page, server_url)
    passed = pass_three(page)
    wait_for_person(page)
    cards = hand(page)
    assert len(cards) == 13 and not set(passed) & set(cards)
    assert page.locator("#hand .card.received").count() == 3
    received = page.locator("#hand .card.received").first  # named as the card first, then new (not its badge first)
    expect(received).to_have_accessible_name(re.compile(r"^[A-Z][a-z]+ of [a-z]+ \(new\)$"))


def test_a_card_pressed_while_the_hand_is_redrawn_is_still_clicked(page, server_url):
    """A redraw of the hand between the press and the release (here: the hint's words coming in above the
    cards) keeps the card pressed, so the browser clicks it (a card replaced in between got no click)."""
    open_game(page, server_url)
    card = hand(page)[0]
    pressed = page.locator(f'#hand .card[data-card="{card}"]')
    box = pressed.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    element = pressed.element_handle()
    page.evaluate("document.querySelector('[data-action=hint]').click()")  # (the pointer stays on the card)
    page.wait_for_selector("#hand .hint-box li")  # the hand drawn again twice: thinking, then the hint
    assert element.evaluate("card => card.isConnected")
    page.mouse.up()
    page.wait_for_selector(f'#hand .card[data-card="{card}"][aria-pressed="true"]')
    assert page.errors == []


def test_a_redraw_that_changes_nothing_on_the_table_leaves_it_alone(page, server_url):
    """A card picked to pass redraws the hand, and the table (whose finished trick is clicked to collect it)
    keeps its elements: one being pressed would stay to be clicked.  (Once the engine has dealt, nothing
    but the person's own moves changes this page during the pass.)"""
    open_game(page, server_url)
    status = page.locator("#table .status").element_handle()
    card = hand(page)[0]
    page.click(f'#hand .card[data-card="{card}"]')
    page.wait_for_selector(f'#hand .card[data-card="{card}"][aria-pressed="true"]')  # (drawn after the table)
    assert status.evaluate("element => element.isConnected")


def test_an_illegal_click_shows_its_reason(page, server_url):
    open_game(page, server_url)
    pass_three(page)
    play_until(page, "play")
    page.locator("#hand .card.dim").first.click(force=True)
    page.wait_for_selector("#notice:not([hidden])")
    notice = page.text_content("#notice")
    assert any(
        reason in notice
        for reason in ("You must follow suit", "The first trick is led", "Hearts are not broken", "No points")
    )
    # The message lets clicks through to whatever is under it.
    under = page.evaluate(
        """() => { const r = document.getElementById('notice').getBoundingClientRect();
                   const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                   return e && !e.closest('#notice'); }"""
    )
    assert under


def test_a_whole_hand_through_the_page_updates_the_score_sheet(page, server_url):
    open_game(page, server_url)
    play_until(page, "summary")
    summary = page.text_content("#dialog")
    assert "Hand 1" in summary
    # The summary opens over the finished hand: no cards left anywhere, its info line, the sheet not yet updated.
    assert page.locator("#hand .card").count() == 0
    assert page.locator("#table .seat .count").all_text_contents() == ["0"] * 3
    assert page.text_content("#table .info").startswith("Hand 1")
    assert page.locator(".sheet-table tbody tr").all_text_contents() == ["No hand scored yet"]
    take_turn(page)
    rows = page.locator(".sheet-table tbody tr")
    assert rows.count() == 1
    totals = [int(t) for t in scores(page)]
    assert sum(totals) in (26, 78)  # 26 points a hand, or a moon: 3 × 26
    assert page.errors == []


def test_reload_in_the_middle_of_a_trick_resumes_the_same_state(page, server_url):
    open_game(page, server_url)
    pass_three(page)
    for _ in range(200):
        step = wait_for_person(page)
        if step == "play" and trick(page) and len(hand(page)) < 12:
            break
        take_turn(page)
    before = (hand(page), trick(page), scores(page), saved_game(page))
    page.reload()
    page.wait_for_selector("#hand .card")
    assert hand(page) == before[0]  # drawn from storage before the engine is ready
    wait_for_person(page)
    after = (hand(page), trick(page), scores(page), saved_game(page))
    assert after == before


def test_a_corrupted_save_is_reported_and_a_new_game_works(page, server_url, context):
    truncated = '{"save": {"format": "hearts-table", "vers'
    context.add_init_script(f"localStorage.setItem('hearts.save', {json.dumps(truncated)})")
    open_game(page, server_url)
    page.wait_for_selector("#notice:not([hidden])")
    assert "could not be loaded" in page.text_content("#notice")
    assert len(hand(page)) == 13
    broken = json.loads(page.evaluate("() => localStorage.getItem('hearts.save.broken')"))
    assert broken["hearts.save"] == truncated  # set aside as it was, and no longer in the way
    assert page.evaluate("() => localStorage.getItem('hearts.save')") is None


def test_a_save_with_a_damaged_history_is_set_aside(page, server_url, context):
    document = {
        "format": "hearts-table",
        "version": 1,
        "seats": [{"name": "You", "bot": None}] + [{"name": "Eva", "bot": "basic"}] * 3,
        "match": {
            "format": "hearts-match",
            "version": 1,
            "rules": {},
            "seed": 5,
            "history": [{"seat": 0, "play": "ZZ"}],
        },
    }
    record = json.dumps({"save": document, "view": None})
    context.add_init_script(f"localStorage.setItem('hearts.save', {json.dumps(record)})")
    open_game(page, server_url)
    page.wait_for_selector("#notice:not([hidden])")
    assert "damaged at move 1" in page.text_content("#notice")
    assert len(hand(page)) == 13


def test_pyodide_deals_the_same_cards_as_cpython(page, server_url, context):
    from test_deal_and_pass import GOLDEN_HAND, GOLDEN_SEED  # the engine's own golden value

    document = {
        "format": "hearts-table",
        "version": 1,
        "seats": [{"name": "You", "bot": None}] + [{"name": "", "bot": "basic"}] * 3,
        "match": {"format": "hearts-match", "version": 1, "rules": {}, "seed": GOLDEN_SEED, "history": []},
    }
    record = json.dumps({"save": document, "view": None})
    context.add_init_script(f"localStorage.setItem('hearts.save', {json.dumps(record)})")
    open_game(page, server_url)
    assert hand(page) == [text for text in GOLDEN_HAND.split()]
    assert parse_cards(" ".join(hand(page))) == sorted(parse_cards(GOLDEN_HAND))


def start_new_game(page, preset: str) -> None:
    page.click("header [data-panel=new]")
    page.wait_for_selector("#opt-preset")
    page.select_option("#opt-preset", preset)
    page.wait_for_function(f"() => document.querySelector('#opt-preset').value === '{preset}'")
    page.click("#dialog [data-action=start]")


def test_three_and_six_player_games_deal_the_right_number_of_cards(page, server_url):
    open_game(page, server_url)
    for preset, players, cards in (("3-players", 3, 17), ("6-players", 6, 8)):
        start_new_game(page, preset)
        page.wait_for_function(f"() => document.querySelectorAll('.seat').length === {players}")
        wait_for_person(page)
        assert len(hand(page)) == cards


def test_keyboard_play_arrows_and_enter(page, server_url):
    open_game(page, server_url)
    page.focus("#hand .card")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.index") == "1"
    page.keyboard.press("Enter")
    page.wait_for_selector('#hand .card[data-index="1"][aria-pressed="true"]')
    assert page.evaluate("() => document.activeElement.dataset.index") == "1"  # focus kept after redraw
    page.keyboard.press("End")
    assert page.evaluate("() => document.activeElement.dataset.index") == "12"


def test_settings_persist_across_a_reload(page, server_url):
    open_game(page, server_url)
    page.click("header [data-panel=settings]")
    page.select_option("#opt-speed", "slow")
    page.click("#dialog [data-action=save-settings]")
    page.wait_for_selector("#dialog", state="hidden")  # the settings are saved before the dialog closes
    page.reload()
    wait_for_person(page)
    page.click("header [data-panel=settings]")
    assert page.input_value("#opt-speed") == "slow"


def test_a_whole_game_to_the_target_ends_with_the_winner(page, server_url):
    open_game(page, server_url)
    page.click("header [data-panel=new]")
    page.fill("#opt-target", "25")
    page.click("#dialog [data-action=start]")
    page.wait_for_function("() => document.querySelector('.info').textContent.includes('Game ends at 25')")
    play_until(page, "over", limit=2000)
    text = page.text_content("#dialog")
    assert "Game over" in text and ("wins" in text or "win!" in text)
    # Places and the best final score; the trophy is drawn (an emoji is an empty box without an emoji font).
    assert page.locator("#dialog table.placing tbody tr").count() == 4 and "Your record in Custom rules" in text
    assert page.locator("#dialog svg.trophy").bounding_box()["width"] > 10
    assert page.locator("#sheet svg.chart polyline").count() == 4  # the score chart beside the sheet
    stats = json.loads(page.evaluate("localStorage.getItem('hearts.stats')"))
    assert stats["presets"]["custom"]["games"] == 1
    page.keyboard.press("Escape")  # the result closes to the final table, Play again at hand
    page.wait_for_selector("#dialog", state="hidden")
    page.click("#hand [data-action=result]")
    page.wait_for_selector("#dialog [data-action=close]")
    page.click("#dialog [data-action=close]")
    page.wait_for_selector("#dialog", state="hidden")
    click_and_wait(page, "#hand [data-action=again]")
    wait_for_person(page)
    assert current_step(page) == "pass" and len(hand(page)) == 13

    page.click("header [data-panel=stats]")
    page.wait_for_selector("#dialog .stats-table")
    assert "Custom rules" in page.text_content("#dialog .stats-table")
    page.click("#dialog [data-action=ask-reset-stats]")
    page.click("#dialog [data-action=reset-stats]")
    page.wait_for_selector("#dialog >> text=No finished game yet.")


# Whether the status line has said that Eva is thinking since the page loaded (however briefly: a busy
# machine may draw it between two looks of the test's).
EVA_THINKING = """
window.evaThought = false;
new MutationObserver(() => {
  const status = document.querySelector('.status');
  if (status && status.textContent.includes('Eva is thinking')) window.evaThought = true;
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def test_levels_thinking_and_the_hint(page, server_url):
    page.add_init_script(EVA_THINKING)
    open_game(page, server_url)
    page.click("header [data-panel=new]")
    for seat, level in ((1, "hard"), (2, "medium"), (3, "basic")):
        page.select_option(f"#opt-level-{seat}", level)
    page.click("#dialog [data-action=start]")
    page.wait_for_selector("#dialog", state="hidden")
    record = saved_game(page)
    assert [seat["bot"] for seat in record["game"]["seats"]] == [None, "hard", "medium", "basic"]
    wait_for_person(page)
    page.click("[data-action=hint]")  # while passing: three cards marked, and why
    page.wait_for_selector("#hand .hint-box li")
    assert page.locator("#hand .card.hinted").count() == 3
    assert page.text_content("#hand .hint-box").startswith("Hint: pass ")
    pass_three(page)
    play_until(page, "play")
    legal = page.locator("#hand .card:not(.dim)").count()
    page.click("[data-action=hint]")  # while playing: the card marked, the figures on demand
    page.wait_for_selector("#hand .card.hinted")
    assert page.locator("#hand .card.hinted").count() == 1 and page.locator("#hand .card[data-hint]").count() == 0
    page.click("[data-action=figures]")
    page.wait_for_selector("#hand .card[data-hint]")
    assert page.locator("#hand .card[data-hint]").count() == legal
    assert "lower is better" in page.text_content("#hand .hint-box")
    # Play on until the Hard seat (Eva) has been shown thinking.
    person = " || ".join(f"document.querySelector('{selector}')" for selector in PERSON_SELECTORS)
    for _ in range(60):  # (a turn at a time: Eva thinks before one of the person's turns comes again)
        page.wait_for_function(f"() => window.evaThought || {person}", timeout=ENGINE_TIMEOUT)
        if page.evaluate("() => window.evaThought"):
            break
        take_turn(page)
    assert page.evaluate("() => window.evaThought")


def test_the_preset_field_follows_the_rules_on_the_form(page, server_url):
    open_game(page, server_url)
    page.click("header [data-panel=new]")
    page.wait_for_selector("#opt-preset")
    assert page.input_value("#opt-preset") == "classic"
    assert not page.is_visible("#opt-omnibus_card")  # Omnibus Hearts' own option
    page.select_option("#opt-variant", "omnibus")
    page.wait_for_selector("#opt-omnibus_card", state="visible")
    assert page.text_content("#opt-moon option[value=others_plus]") == "everyone else takes 26"
    page.select_option("#opt-variant", "cancellation")
    page.wait_for_function("() => document.querySelector('#opt-preset').value === 'custom'")
    assert not page.is_visible("#opt-omnibus_card")
    # The moon's choices say what it is worth with two decks, as the engine's catalogue says.
    page.wait_for_function(
        "() => document.querySelector('#opt-moon option[value=others_plus]').textContent.includes('52')"
    )
    assert page.text_content("#opt-moon option[value=self_minus]") == "the shooter takes 52 off"
    assert page.text_content("[for=opt-level-2]") == "Across from you"
    page.fill("#opt-players", "8")
    page.dispatch_event("#opt-players", "change")
    page.wait_for_function("() => document.querySelector('#opt-preset').value === 'cancellation'")
    assert page.text_content("[for=opt-level-2]") == "2 seats to your left"  # the seats named anew
    assert page.text_content("[for=opt-level-4]") == "Across from you"
    page.click("#dialog [data-action=start]")
    page.wait_for_function("() => document.querySelectorAll('.seat').length === 8")
    page.click("header [data-panel=new]")
    page.wait_for_selector("#opt-preset")
    assert page.input_value("#opt-preset") == "cancellation"
