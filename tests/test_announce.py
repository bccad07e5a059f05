"""What happened between two views: screen-reader sentences and sound effects."""

from collections.abc import Callable, Iterator

from pyapp.host.table import Table
from pyapp.web.announce import announcement, sound_of

SEATS = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": "basic"}, {"name": "Cy", "bot": "basic"}]
SEATS += [{"name": "Di", "bot": "basic"}]


def view_changes(table: Table, done: Callable[[], bool]) -> Iterator[tuple[dict, dict]]:
    """(before, after) for every decision, the person playing their first legal card, until ``done()``."""
    before = table.view(0)
    while not done():
        if table.people_to_act:
            table.act({"seat": 0, "play": table.view(0)["observation"]["legal"][0]})
        else:
            table.bot_step()
        after = table.view(0)
        yield before, after
        before = after


def new_table() -> Table:
    return Table.new({"rules": {"passing": False}, "seats": SEATS, "seed": 6})


def test_each_card_once_and_the_trick_winner():
    table = new_table()
    assert announcement(None, table.view(0)) == ""
    heard = [announcement(*change) for change in view_changes(table, lambda: len(table.match.tricks) >= 2)]
    text = " ".join(heard)
    plays = [play for trick in table.match.tricks for play in trick.plays]
    assert text.count(" plays the ") + text.count("You play the ") == len(plays) == 8
    assert text.count("take the trick") + text.count("takes the trick") == 2
    winner = table.match.tricks[0].winner
    assert ("You take the trick" if winner == 0 else f"{SEATS[winner]['name']} takes the trick") in text
    assert all(sentence.strip() for sentence in heard)


def test_a_sound_for_what_happened():
    table = new_table()
    heard = {sound_of(*change) for change in view_changes(table, lambda: bool(table.match.results))}
    assert {"card", "trick"} <= heard and heard <= {"card", "trick", "heart", "queen", "moon"}
    assert sound_of(None, table.view(0)) == ""
