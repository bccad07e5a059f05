"""Player comforts on the page: undo, finish the hand, play a single legal card by itself."""

from __future__ import annotations

import json

from table import click_and_wait, current_step, hand, open_game, pass_three, saved_record, take_turn, wait_for_person


def test_undo_takes_back_my_card(page, server_url):
    open_game(page, server_url)
    pass_three(page)
    wait_for_person(page)
    while current_step(page) != "play":
        take_turn(page)
    before = hand(page)
    click_and_wait(page, "#hand .card:not(.dim)")
    wait_for_person(page)
    assert len(hand(page)) == len(before) - 1
    page.click("[data-action=undo]")
    page.wait_for_function(f"document.querySelectorAll('#hand .card').length === {len(before)}")
    assert hand(page) == before and current_step(page) == "play"


def test_ctrl_z_undoes_the_pass(page, server_url):
    open_game(page, server_url)
    before = hand(page)
    pass_three(page)
    wait_for_person(page)
    page.keyboard.press("Control+z")
    page.wait_for_selector("[data-action=pass]")
    assert hand(page) == before


def test_finish_the_hand_plays_it_out(page, server_url):
    open_game(page, server_url)
    pass_three(page)
    while wait_for_person(page) != "play":
        take_turn(page)
    results = len(saved_record(page)["view"]["observation"]["results"])
    click_and_wait(page, "[data-action=finish]")
    assert wait_for_person(page) in ("collect", "summary")  # the last trick on the table, then the summary
    assert len(saved_record(page)["view"]["observation"]["results"]) == results + 1
    if current_step(page) == "collect":
        take_turn(page)
    assert current_step(page) == "summary"


def test_a_single_legal_card_plays_itself_when_asked(context, page, server_url):
    settings = json.dumps({"speed": "instant", "collect": "click", "autoplay": "on"})
    context.add_init_script(f"localStorage.setItem('hearts.settings', {json.dumps(settings)})")
    open_game(page, server_url)
    pass_three(page)
    while len(hand(page)) > 1:
        take_turn(page)
    # One card left: collect what is on the table, and never click the card: the hand still ends.
    while current_step(page) == "collect" and len(hand(page)) == 1:
        take_turn(page)
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('hearts.save')).view.observation.results.length === 1", timeout=20_000
    )


RECORD_SOUNDS = """
window.__sounds = [];
Object.defineProperty(window, 'heartsSound', {
  configurable: true,
  get() { return kind => window.__sounds.push(kind); },
  set(value) {},
});
"""


def test_cards_fly_in_and_make_a_sound_unless_asked_not_to(browser, guard, server_url):
    for motion, sound in (("no-preference", "on"), ("reduce", "off")):
        context = browser.new_context(reduced_motion=motion)
        context.route("**/*", guard.route)
        settings = json.dumps({"speed": "fast", "collect": "click", "sound": sound})
        context.add_init_script(f"localStorage.setItem('hearts.settings', {json.dumps(settings)})")
        context.add_init_script(RECORD_SOUNDS)
        try:
            page = context.new_page()
            open_game(page, server_url)
            dealt = page.eval_on_selector("#hand .card", "card => getComputedStyle(card).animationName")
            pass_three(page)
            page.wait_for_selector(".trick .card.arrive", timeout=20_000)
            flying = page.eval_on_selector(".trick .card.arrive", "card => getComputedStyle(card).animationName")
            sounds = page.evaluate("window.__sounds")
            if motion == "reduce":
                assert (dealt, flying) == ("none", "none") and sounds == []
            else:
                assert (dealt, flying) == ("deal", "arrive") and "card" in sounds
        finally:
            context.close()
