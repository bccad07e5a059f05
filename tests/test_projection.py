"""What a device is shown tells it nothing of the cards its seat may not see.

For every audience (the host's own page, each person of a party at one
device, each friend at their own device) and at every step of whole games,
the test builds a second table that shares everything that audience may
know (its own cards, what it passed and received, every card played, whose
turn it is) but holds every other card somewhere else wherever the play so
far allows it, and checks that the two views the engine would send that
audience are equal, byte for byte.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from helpers import Engine
from test_friends import Table as FriendsTable

from pyapp.engine.actions import Action
from pyapp.engine.cards import cards_in, face_of, mask_of, suit_of
from pyapp.engine.match import IllegalAction, Match, Phase
from pyapp.host.friends import Friend
from pyapp.host.game import Host
from pyapp.shared import protocol

KITTY = -1  # the face-down leftover, a holder of hidden cards like a seat


def known_faces(match: Match, seat: int | None) -> set[int]:
    """The faces of this hand whose place ``seat`` knows: its own, what it passed, every card played, and
    in play the opening lead (whose holder the turn shows); ``seat`` None: the table's own screen, which
    holds no hand."""
    known = set()
    if seat is not None:
        known = {face_of(card) for card in cards_in(match.dealt[seat] | match.hands[seat])}
        known |= set(match.passes[seat] or ()) | set(match.received[seat])
    plays = [*match.trick, *(play for trick in match.tricks for play in trick.plays)]
    known |= {face_of(card) for _, card in plays}
    if match.phase is Phase.PLAY and match.first_lead is not None:
        known.add(match.first_lead)
    return known


def holders(match: Match) -> dict[int, set[int]]:
    """Each face still hidden somewhere → the seats (or :data:`KITTY`) that hold a copy of it."""
    places: dict[int, set[int]] = {}
    for holder, mask in [*enumerate(match.hands), (KITTY, match.kitty)]:
        for card in cards_in(mask):
            places.setdefault(face_of(card), set()).add(holder)
    return places


def voids(match: Match) -> set[tuple[int, int]]:
    """(seat, suit) pairs play has shown: a seat that did not follow a suit holds none of it."""
    shown = set()
    for plays in [trick.plays for trick in match.tricks] + [match.trick]:
        if plays:
            led = suit_of(face_of(plays[0][1]))
            shown |= {(seat, led) for seat, card in plays[1:] if suit_of(face_of(card)) != led}
    return shown


def relabelling(match: Match, seat: int | None, rng: random.Random) -> dict[int, int]:
    """A permutation of the faces hidden from ``seat`` that moves each to another holder where it can (a
    random matching, shown voids kept)."""
    known = known_faces(match, seat)
    places = {face: where for face, where in holders(match).items() if face not in known and seat not in where}
    shown = voids(match)
    faces = list(places)
    rng.shuffle(faces)

    # π(face) = target: the holders of ``face`` then hold ``target`` instead.
    def allowed(face: int, target: int, moved: bool) -> bool:
        if any((holder, suit_of(target)) in shown for holder in places[face]):
            return False
        return not moved or not places[face] & places[target]

    for moved in (True, False):  # every card to another holder; failing that, as many as can be
        chosen: dict[int, int] = {}  # target → face
        for face in faces:
            _augment(face, faces, allowed, moved, chosen, set())
        if len(chosen) == len(faces):
            return {face: target for target, face in chosen.items()}
    return {}


def _augment(face: int, faces: list[int], allowed, moved: bool, chosen: dict[int, int], visited: set[int]) -> bool:
    """Kuhn's augmenting path: match ``face`` to a target, moving earlier matches along if need be."""
    for target in faces:
        if target in visited or not (allowed(face, target, moved) or (not moved and target == face)):
            continue
        visited.add(target)
        if target not in chosen or _augment(chosen[target], faces, allowed, moved, chosen, visited):
            chosen[target] = face
            return True
    return False


def relabelled(match: Match, mapping: dict[int, int]) -> Match | None:
    """``match`` with this hand dealt with each face relabelled by ``mapping`` and the same decisions
    (relabelled) made; None when they are not all legal there."""

    def card(card_id: int) -> int:
        return card_id - face_of(card_id) + mapping.get(face_of(card_id), face_of(card_id))

    world = match.at_hand_start(match.hand_index)
    world.stop_at_hand_end = match.stop_at_hand_end
    world.hands = [mask_of(card(c) for c in cards_in(hand)) for hand in world.hands]
    world.dealt = list(world.hands)
    world.kitty = world.pile = mask_of(card(c) for c in cards_in(world.kitty))
    if world.phase is Phase.PLAY:
        world._start_play()  # the opening lead, from the hands as dealt here
    for action in match.history[match.hand_starts[-1] :]:
        faces = tuple(mapping.get(face, face) for face in action.cards)
        try:
            world.apply(Action(action.seat, action.kind, faces, action.choice))
        except IllegalAction:
            return None
    if world.last_trick is None:
        world.last_trick = match.last_trick  # the last hand's, still on the table: public
    return world


def view_of(host: Host, friend: Friend | None, match: Match) -> str:
    """The view ``host`` would send ``friend`` (None: its own page) were its match ``match``."""
    table = host.table
    assert table is not None
    real, finished = table.match, host.finished
    table.match, host.finished = match, (0, {})
    try:
        return json.dumps(host.view_for(friend), sort_keys=True)
    finally:
        table.match, host.finished = real, finished


def audiences(host: Host) -> Iterator[tuple[int | None, Friend | None]]:
    """Every audience of the host's table now: its own page's viewer (None: the table's own screen, which
    holds no hand), and each friend."""
    host.update_viewer()
    yield None if host.table_screen else host.page.seat, None
    for friend in host.friends.seats.values() if host.friends else ():
        yield friend.seat, friend


def check_every_audience(host: Host, rng: random.Random, tally: dict[str, int]) -> None:
    """Each audience's view equals its view of another table that differs only where it may not see."""
    match = host.table.match
    for seat, friend in audiences(host):
        mapping = {face: target for face, target in relabelling(match, seat, rng).items() if face != target}
        if not mapping:
            tally["nothing hidden"] += 1
            continue
        world = None
        for _ in range(8):  # (a rule seldom shows more than voids: the first trick's points, a hearts lead)
            world = relabelled(match, mapping)
            if world is not None:
                break
            mapping = {face: target for face, target in relabelling(match, seat, rng).items() if face != target}
        if world is None:
            tally["no other table"] += 1
            continue
        tally["compared"] += 1
        tally["cards moved"] += len(mapping)
        assert seat is None or world.hands[seat] == match.hands[seat]
        real, other = view_of(host, friend, match), view_of(host, friend, world)
        if real != other:
            a, b = json.loads(real), json.loads(other)
            differ = sorted(key for key in a if a[key] != b[key])
            raise AssertionError(f"seat {seat} ({'friend' if friend else 'page'}) could tell: {differ}")


def new_tally() -> dict[str, int]:
    return {"compared": 0, "cards moved": 0, "nothing hidden": 0, "no other table": 0}


RULES = [
    pytest.param({"target": 30}, id="classic"),
    pytest.param({"players": 3, "target": 30}, id="three"),
    pytest.param({"players": 5, "target": 30}, id="five"),
    pytest.param({"variant": "omnibus", "target": 30}, id="omnibus"),
    pytest.param({"players": 7, "variant": "cancellation", "target": 40}, id="cancellation-seven"),
]


@pytest.mark.parametrize("rules", RULES)
def test_the_hosts_page_sees_nothing_of_the_cards_it_may_not(rules):
    players = rules.get("players", 4)
    seats = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "medium"}] * (players - 1)
    engine = Engine(speed="instant")
    answer = engine.start(seats, 11, **rules)
    rng, tally = random.Random(3), new_tally()
    while answer.view.phase != "over":
        check_every_audience(engine.host, rng, tally)
        answer = engine.step(answer, rng)
        assert answer.ok, answer.refusal
    assert tally["compared"] > 100 and tally["cards moved"] > 5 * tally["compared"], tally


def test_each_person_of_a_party_sees_nothing_of_the_others_cards():
    seats = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}, {"name": "", "bot": "medium"}]
    seats.append({"name": "Cy", "bot": None})
    engine = Engine(speed="instant")
    answer = engine.start(seats, 12, target=30)
    rng, tally, viewers = random.Random(4), new_tally(), set()
    while answer.view.phase != "over":
        if answer.view.step == protocol.STEP_HANDOFF:
            answer = engine.send(protocol.TAKE_DEVICE)
            continue
        check_every_audience(engine.host, rng, tally)
        viewers.add(engine.host.page.seat)
        answer = engine.step(answer, rng)
        assert answer.ok, answer.refusal
    assert viewers == {0, 1, 3} and tally["compared"] > 100, tally


@pytest.mark.parametrize("seed", [21, 22])
def test_no_friend_sees_anything_of_the_cards_it_may_not(seed):
    table = FriendsTable(seed=seed, target=30)
    table.join()
    rng, tally = random.Random(seed), new_tally()
    while table.host.view.phase != "over":
        check_every_audience(table.engine.host, rng, tally)
        assert table.step(rng)
    assert tally["compared"] > 300 and tally["cards moved"] > 5 * tally["compared"], tally


def test_the_tables_own_screen_sees_nothing_of_any_hand():
    seats = [{"name": "Ann", "bot": None, "friend": True}, {"name": "Bo", "bot": None, "friend": True}]
    seats += [{"name": "", "bot": "medium"}, {"name": "Cy", "bot": None, "friend": True}]
    table = FriendsTable(seed=23, seats=seats, target=30)
    table.join()
    rng, tally = random.Random(23), new_tally()
    while table.host.view.phase != "over":
        check_every_audience(table.engine.host, rng, tally)
        assert table.step(rng)
    assert tally["compared"] > 400 and tally["cards moved"] > 5 * tally["compared"], tally
