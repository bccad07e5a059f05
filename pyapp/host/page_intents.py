"""The page's intents: what each does at the table (the host's page; a friend's are in :mod:`.friends_hub`).

Each handler takes the host and the intent's data (read by
:meth:`pyapp.host.game.Host.handle`) and returns the answer's extra fields,
or None; ``{"quiet": True}`` answers without a view, ``{"turnless": True}``
without counting a turn.  A change on the table ends in ``host.store()``.
"""

from __future__ import annotations

from typing import Any

from ..daily.day import PERSON as PERSON_SEAT
from ..daily.day import daily_game
from ..daily.result import canonical_query, read_result_query, result_query
from ..engine.cards import card_text
from ..engine.match import IllegalAction
from ..engine.observation import last_trick_key
from ..engine.reasons import Reason
from ..shared import protocol, storage_keys
from . import friends_hub, saves
from .host_state import HostState
from .links import PERSON, deal_query, parse_deal_query
from .table import Table
from .verify import verified, verify


def configure(host: HostState, data: dict[str, Any]) -> None:
    """The page's settings (think time, speed, collecting, auto-play, a friend away: read with their kinds and bounds,
    :data:`pyapp.shared.protocol.SETTINGS`)."""
    host.settings.update(data["settings"])
    host.tell_friends_the_settings()
    if host.table is not None:
        host.table.set_think_ms(float(host.settings["think_ms"]))


def start(host: HostState, data: dict[str, Any]) -> None:
    """A new game from the new-game form's options (the last game's stored hands removed)."""
    begin(host, Table.new(data["options"]), data)  # (read with their kinds: protocol.NEW_GAME)


def daily(host: HostState, data: dict[str, Any]) -> None:
    """A new game: the deal of the day of ``date`` (the player's local date), the person called ``name``."""
    name = data.get("name")
    begin(host, Table.new(daily_game(data.get("date")).options(name if isinstance(name, str) else "")), data)


def replay(host: HostState, data: dict[str, Any]) -> None:
    """A new game: finished hand ``hand`` of this one played again (:meth:`pyapp.host.table.Table.replay_of`)."""
    begin(host, host.table_or_refuse().replay_of(data.get("hand")), data)


def begin(host: HostState, table: Table, data: dict[str, Any]) -> None:
    """Play the new game ``table`` (the last game's stored hands, ``data["stored_hands"]``, removed)."""
    host.take_up(table, {}, stored_hands=0, reviews={})
    host.writes.append([storage_keys.SAVE_GAME, host.header()])
    for number in range(int(data.get("stored_hands", 0) or 0)):
        host.writes.extend([[storage_keys.hand_key(number), None], [storage_keys.review_key(number), None]])
    host.store()


def load(host: HostState, data: dict[str, Any]) -> None:
    """The game in storage, taken up where it was (a save of the earlier one-record format too)."""
    saved = data.get("saved")
    if isinstance(saved, dict) and storage_keys.LEGACY_SAVE in saved:
        document, page = saves.read_legacy(saved[storage_keys.LEGACY_SAVE])
        host.take_up(Table.from_document(document), page, stored_hands=0, reviews={})
        host.writes.extend([[storage_keys.SAVE_GAME, host.header()], [storage_keys.LEGACY_SAVE, None]])
    else:
        document, page, stored = saves.read_pieces(saved)
        table = Table.from_document(document)
        secret = saved["game"].get("secret")  # a friends' game's (they join again with new invitations)
        host.take_up(table, page, stored, saves.stored_reviews(saved, table.match), secret)
        if saved["game"].get("name") != table.name:  # a save from before games had names: it has one now
            host.writes.append([storage_keys.SAVE_GAME, host.header()])
        if host.friends is not None:
            host.friends.all_left()  # they were at the table: waited for, then the computer plays for them
    host.store()
    for hand in range(len(host.table_or_refuse().match.results)):
        host.book.want(hand)  # every finished hand's review, should it be missing (a reload while it was computed)


def go_on(host: HostState, data: dict[str, Any]) -> dict[str, Any] | None:
    """The page's timer went off: the step its answer timed (a computer's card, a trick collected, …)."""
    table = host.table_or_refuse()
    if data.get("turn") != host.page.turn:
        # Timed for an earlier answer (the person has acted since): a quiet answer, which times
        # nothing, so that only the latest answer's timer runs on.
        return {"quiet": True}
    step, after = host.step_for(None)
    if after is None:
        return None
    away = [seat for seat in table.people_to_act if host.friends and host.friends.wait_ms(seat) == 0]
    if step == protocol.STEP_WAIT and away:
        table.stand_in(away[0])  # a friend who left: the computer plays for them until they are back
    elif step == protocol.STEP_SUMMARY and not table.passes_waiting:
        host.page.hands_read = len(table.match.results)  # the table's own screen: the room has read it
    elif step in (protocol.STEP_BOT, protocol.STEP_SUMMARY, protocol.STEP_PASS, protocol.STEP_WAIT):
        table.bot_step()  # a computer's card, or (while a person reads or chooses) its pass
    elif step == protocol.STEP_COLLECT:
        host.pace.collected = last_trick_key(table.match)
    elif step == protocol.STEP_PLAY:
        legal = table.match.legal_cards(host.page.seat)
        table.act({"seat": host.page.seat, "play": card_text(legal[0])})
    host.store()
    return None


def collect(host: HostState, data: dict[str, Any]) -> None:
    """The person takes the finished trick off the table."""
    if host.step_for(None)[0] != protocol.STEP_COLLECT:
        raise IllegalAction(Reason("There is no trick to collect", "no_trick"))
    host.pace.collected = last_trick_key(host.table_or_refuse().match)
    host.store()


def read_on(host: HostState, data: dict[str, Any]) -> None:
    """The person has read the hand's summary."""
    if host.step_for(None)[0] != protocol.STEP_SUMMARY:
        raise IllegalAction(Reason("There is no hand summary to read", "no_summary"))
    host.page.hands_read = len(host.table_or_refuse().match.results)
    host.store()


def take_device(host: HostState, data: dict[str, Any]) -> None:
    """Party mode: the person whose turn it is has taken the device."""
    host.pace.shown_to = host.own_seat_or_refuse()
    host.store()


def undo(host: HostState, data: dict[str, Any]) -> None:
    """The person takes back their last decision (not with friends at the table)."""
    table = host.table_or_refuse()
    if host.friends is not None:
        raise IllegalAction(Reason("With friends at the table nobody takes a card back", "undo_friends"))
    table.undo(host.page.seat)
    host.seen_all()
    host.store()


def stand_in(host: HostState, data: dict[str, Any]) -> None:
    """The host lets the computer play for a friend (``on``), or gives them the seat back."""
    host.friends_or_refuse().bench(data.get("seat"), data.get("on") is True)
    host.store()


def become_table(host: HostState, data: dict[str, Any]) -> None:
    """A friends' game's host device becomes the table's own screen (for a TV, say): its person plays on from
    their own device, with their cards as they are (their seat waits for them, with an invitation)."""
    table, friends = host.table_or_refuse(), host.friends_or_refuse()
    seat = host.own_seat_or_refuse()  # (friends play with one person at this device: theirs)
    table.to_own_device(seat)
    friends.add(seat, host.page.hands_read)
    host.writes.append([storage_keys.SAVE_GAME, host.header()])  # (the seats are in the header)
    host.store()


def review(host: HostState, data: dict[str, Any]) -> dict[str, Any]:
    """A finished hand's review, of one person's own decisions: the viewer's, or (party mode, where the
    summary offers each person theirs) those of ``seat``, a person at this device."""
    table = host.table_or_refuse()
    seat = data.get("seat", host.own_seat_or_refuse())
    if type(seat) is not int or not 0 <= seat < len(table.seats) or not table.seats[seat].here:
        raise IllegalAction(Reason("That seat is not yours", "seat_not_yours"))
    return {"review": host.book.review(table, data.get("hand"), seat)}


def reviewed(host: HostState, data: dict[str, Any]) -> None:
    """A thinker's answer to a review job: kept when it belongs to this game as played."""
    text = data.get("review") if isinstance(data.get("review"), str) else ""
    taken = host.book.take(text, host.table_or_refuse())
    if taken is not None:
        host.writes.append([storage_keys.review_key(taken[0]), taken[1]])


def share(host: HostState, data: dict[str, Any]) -> dict[str, Any]:
    """A link to this deal (a friends' game's: to its rules only, its deal stays secret); a finished deal of
    the day's: its result link, with the result as its verdict (played here: nothing to replay); none
    before it is over (everyone has its deal)."""
    table = host.table_or_refuse()
    if table.daily is not None:
        named = table.seats[PERSON_SEAT].name
        query = result_query(table.daily, table.match, named)  # (refused before the game is over)
        return {"query": query, "verdict": verified(table.daily, table.match).to_data(named)}
    levels = [seat.bot or PERSON for seat in table.seats[1:]]
    # A friends' game's deal stays secret (a friend may be sent the link); theirs is a link to its rules.
    seed = table.match.seed if host.friends is None else None
    return {"query": deal_query(table.match.rules, seed, levels)}


def friend_gone(host: HostState, data: dict[str, Any]) -> dict[str, Any]:
    """A friend's connection closed (the host's page saw it)."""
    if host.friends is not None:
        host.friends.gone(data.get("seat"))  # this device's view says so
    return {"turnless": True}


def act(host: HostState, data: dict[str, Any]) -> None:
    """A person at this device passes, plays or chooses the moon's score."""
    intent, seat = data["intent"], data.get("seat")
    if host.friends is not None and type(seat) is int and seat in host.friends.seats:
        raise IllegalAction(Reason("That seat is a friend's, at their own device", "seat_not_yours"))
    host.table_or_refuse().act({"seat": seat, intent: data.get(protocol.DECISIONS[intent])})
    host.store()


def claim(host: HostState, data: dict[str, Any]) -> None:
    """The person claims the rest of the hand."""
    host.table_or_refuse().claim(host.own_seat_or_refuse())
    host.store()


def finish(host: HostState, data: dict[str, Any]) -> None:
    """The computer plays the rest of the hand for the person."""
    host.table_or_refuse().finish(host.own_seat_or_refuse())
    host.store()


def hint(host: HostState, data: dict[str, Any]) -> dict[str, Any]:
    """A hint for the person's decision: the three cards to pass and why, or the Hard player's estimate of
    each card they may play (:meth:`pyapp.host.table.Table.advice`)."""
    return host.table_or_refuse().advice(host.own_seat_or_refuse())


def read_link(host: HostState, data: dict[str, Any]) -> dict[str, Any]:
    """A deal link's query, read strictly."""
    return {"link": parse_deal_query(str(data.get("query", "")))}


def check_result(host: HostState, data: dict[str, Any]) -> dict[str, Any]:
    """A result link's query replayed against the steady computer players: verified or not, and why (with
    the name of who played it, as the link says)."""
    payload, name = read_result_query(str(data.get("query", "")))
    verdict = verify(payload).to_data(name)
    return {"verdict": verdict, "query": canonical_query(payload, name) if verdict["verified"] else None}


HANDLERS = {
    protocol.CONFIGURE: configure,
    protocol.START: start,
    protocol.LOAD: load,
    protocol.PASS: act,
    protocol.PLAY: act,
    protocol.MOON: act,
    protocol.CONTINUE: go_on,
    protocol.COLLECT: collect,
    protocol.READ_ON: read_on,
    protocol.TAKE_DEVICE: take_device,
    protocol.UNDO: undo,
    protocol.CLAIM: claim,
    protocol.FINISH: finish,
    protocol.HINT: hint,
    protocol.READ_LINK: read_link,
    protocol.REVIEW: review,
    protocol.REVIEWED: reviewed,
    protocol.SHARE: share,
    protocol.FRIEND: friends_hub.on_friend,
    protocol.FRIEND_GONE: friend_gone,
    protocol.STAND_IN: stand_in,
    protocol.BECOME_TABLE: become_table,
    protocol.DAILY: daily,
    protocol.REPLAY: replay,
    protocol.VERIFY: check_result,
}  # every intent's handler: ``handler(host, data)``
