"""Party mode: several people at one device, each seeing only their own cards."""

from __future__ import annotations

from table import click_and_wait, hand, open_game, pass_three, wait_for_person


def test_two_people_take_turns_and_never_see_each_others_cards(page, server_url):
    open_game(page, server_url)
    page.click("header [data-panel=new]")
    page.select_option("#opt-level-2", "person")
    page.fill("#opt-seatname-2", "Bo")
    page.click("#dialog [data-action=start]")
    page.wait_for_selector("#dialog [data-action=handoff]")
    assert "You" in page.text_content("#dialog h2") and hand(page) == []
    click_and_wait(page, "#dialog [data-action=handoff]")
    wait_for_person(page)
    mine = pass_three(page)
    page.wait_for_selector("#dialog [data-action=handoff]")
    assert "Bo" in page.text_content("#dialog h2") and hand(page) == []  # nothing shows before Bo is ready
    click_and_wait(page, "#dialog [data-action=handoff]")
    wait_for_person(page)
    bo = hand(page)
    assert len(bo) == 13 and not set(mine) & set(bo)  # Bo sees his own cards, none of mine
    assert page.text_content("#table .status").startswith("Bo: ")  # the status says whose decision it is
    pass_three(page)
    page.reload()  # a reload hides the cards again until someone takes the device
    page.wait_for_selector("#dialog [data-action=handoff]")
    assert hand(page) == []
