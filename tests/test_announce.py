"""Screen-reader announcements: each card played, and who took the trick."""

from pyapp.table import Table
from pyapp.web.announce import announcement, sound_of

SEATS = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": "basic"}, {"name": "Cy", "bot": "basic"}]
SEATS += [{"name": "Di", "bot": "basic"}]


def test_each_card_once_and_the_trick_winner():
    table = Table.new({"rules": {"passing": False}, "seats": SEATS, "seed": 6})
    heard = []
    before = table.view(0)
    assert announcement(None, before) == ""
    while len(table.match.tricks) < 2:
        if table.people_to_act:
            table.act({"seat": 0, "play": table.view(0)["observation"]["legal"][0]})
        else:
            table.bot_step()
        after = table.view(0)
        heard.append(announcement(before, after))
        before = after
    text = " ".join(heard)
    plays = [play for trick in table.match.tricks for play in trick.plays]
    assert text.count(" plays the ") == len(plays) == 8
    assert text.count("takes the trick") == 2
    first_winner = SEATS[table.match.tricks[0].winner]["name"]
    assert f"{first_winner} takes the trick" in text
    assert all(sentence.strip() for sentence in heard)


def test_a_sound_for_what_happened():
    table = Table.new({"rules": {"passing": False}, "seats": SEATS, "seed": 6})
    before = table.view(0)
    heard = set()
    while not table.match.results:
        if table.people_to_act:
            table.act({"seat": 0, "play": table.view(0)["observation"]["legal"][0]})
        else:
            table.bot_step()
        after = table.view(0)
        heard.add(sound_of(before, after))
        before = after
    assert {"card", "trick"} <= heard and heard <= {"card", "trick", "heart", "queen", "moon"}
    assert sound_of(None, before) == ""
