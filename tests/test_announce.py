"""What happened between two views: screen-reader sentences and sound effects."""

from collections.abc import Callable, Iterator

from helpers import Engine

from pyapp.page.views.announce import announcement, sound_of
from pyapp.shared import protocol

SEATS = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": "basic"}, {"name": "Cy", "bot": "basic"}]
SEATS += [{"name": "Di", "bot": "basic"}]


def view_changes(engine: Engine, done: Callable[[], bool]) -> Iterator[tuple]:
    """(before, after, new results) for every answer, the person playing their first legal card, until ``done()``."""
    answer = engine.start(SEATS, 6, passing=False)
    while not done():
        after = engine.step(answer)
        yield answer.view, after.view, after.new_results
        answer = after


def test_each_card_once_and_the_trick_winner():
    engine = Engine(speed="instant")
    assert announcement(None, engine.start(SEATS, 6, passing=False).view) == ""
    engine = Engine(speed="instant")
    changes = view_changes(engine, lambda: engine.host.table is not None and len(engine.host.table.match.tricks) >= 2)
    heard = [announcement(before, after) for before, after, _ in changes]
    text = " ".join(heard)
    match = engine.host.table.match
    plays = [play for trick in match.tricks for play in trick.plays]
    assert text.count(" plays the ") + text.count("You play the ") == len(plays) == 8
    assert text.count("take the trick") + text.count("takes the trick") == 2
    winner = match.tricks[0].winner
    assert ("You take the trick" if winner == 0 else f"{SEATS[winner]['name']} takes the trick") in text


def test_a_sound_for_what_happened():
    engine = Engine(speed="instant")
    heard = {sound_of(*change) for change in view_changes(engine, lambda: bool(engine.host.page.sent_results))}
    assert {"card", "trick"} <= heard and heard <= {"card", "trick", "heart", "queen", "moon", ""}
    assert sound_of(None, engine.start(SEATS, 6).view) == ""
    moon = protocol.Result({"taken": [26], "added": [0], "shooter": 0, "choice": None, "queen": 0})
    view = engine.start(SEATS, 6).view
    assert sound_of(view, view, [moon]) == "moon"
