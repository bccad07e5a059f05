"""The host's side of friends at their own devices: doing what a friend asks, and what goes back to each.

A friend's message (read strictly by :meth:`Friends.read`) is done for that
friend's seat only; a refusal goes back to that friend only.  After every
intent, each connected friend whose view changed is sent an answer of its
own (:func:`outbox`): their own view (after the first, only the fields that
changed), the hand results and reviews they have not had, and the answer to
their message; never a storage write, a job or another device's data.
"""

from __future__ import annotations

from typing import Any

from ..engine.match import IllegalAction
from ..engine.reasons import Reason, Refusal
from ..engine.save import compact
from ..shared import protocol
from .friends import Friend
from .host_state import HostState
from .projection import answer_data, refusal_of, result_data


def on_friend(host: HostState, data: dict[str, Any]) -> dict[str, Any]:
    """A message from a friend's device (the FRIEND intent: the seat whose connection it came on and its
    text), read strictly and done for the friend's seat; this device's person is not troubled with a
    refusal."""
    friends, seat = host.friends_or_refuse(), data.get("seat")
    try:
        friend, message = friends.read(seat, data.get("text"))
        played = len(host.table_or_refuse().match.history)
        extra = _do(host, friend, message)
        return {**extra, "turnless": len(host.table_or_refuse().match.history) == played}  # nothing played
    except Refusal as error:
        friend = friends.at(seat)
        if friend is not None:
            host.answering = (friend, {"refusal": refusal_of(error), "reply_to": friend.read})
        return {"quiet": True}


def _do(host: HostState, friend: Friend, message: dict[str, Any]) -> dict[str, Any]:
    """Do what a friend asked for (the message read); what changes only the friend's device is quiet here."""
    table, intent, seat = host.table_or_refuse(), message["intent"], friend.seat
    host.answering = (friend, {"reply_to": message["n"]})
    if intent in protocol.DECISIONS:
        table.act({"seat": seat, intent: message.get(protocol.DECISIONS[intent])})
        friend.benched = False  # their own decision: they are back
    elif intent == protocol.FINISH:
        table.finish(seat)
    elif intent == protocol.READ_ON:
        if host.step_for(friend)[0] != protocol.STEP_SUMMARY:
            raise IllegalAction(Reason("There is no hand summary to read", "no_summary"))
        friend.hands_read = len(table.match.results)
        return {"quiet": True}
    elif intent == protocol.REVIEW:
        review = host.book.review(table, message.get("hand"), seat)
        host.answering = (friend, {"review": review, "reply_to": message["n"]})
        return {"quiet": True}
    elif intent == protocol.BACK:
        was, friend.benched = friend.benched, False  # the computer no longer plays for them
        return {} if was else {"quiet": True}
    elif intent == protocol.HINT:
        if friend.hinted == len(table.match.history):  # a hint costs the host a think time: one a turn
            raise IllegalAction(Reason("You have had the hint for this card", "hint_given"))
        host.answering = (friend, {**table.advice(seat), "reply_to": message["n"]})
        friend.hinted = len(table.match.history)
        return {"quiet": True}
    else:  # the greeting: the friend's device is sent everything (Friends.read has reset what it had),
        return {}  # and this device's view says they are here
    host.store()
    return {}


def outbox(host: HostState) -> list[list[Any]]:
    """What goes to the friends' devices after an intent: the answer to the friend who asked, and a new
    view to every other friend whose view changed."""
    answering, host.answering = host.answering, None
    if host.friends is None or host.table is None:
        return []
    sent = []
    if answering is not None and not answering[0].greeted:  # a refused greeting: why, and nothing more
        sent.append([answering[0].seat, compact(answer_data(**answering[1]))])
    for friend in host.friends.connected:
        extra = answering[1] if answering is not None and answering[0] is friend else None
        text = _answer(host, friend, extra)
        if text is not None:
            sent.append([friend.seat, text])
    return sent


def _answer(host: HostState, friend: Friend, extra: dict[str, Any] | None) -> str | None:
    """An Answer for ``friend``'s device (:class:`pyapp.shared.protocol.Answer`): their own view, the results
    they have not had, and ``extra`` (a refusal, a hint) when it answers them; None when nothing changed
    for a friend who did not ask."""
    view = host.view_for(friend)
    shown, base = friend.shown, friend.turn  # (the view the friend's page has, and its turn)
    unchanged = dict(view, turn=0) == shown
    reviews = host.book.for_friend(friend)  # each hand's points lost: the friend's own
    if unchanged and extra is None and not reviews:
        return None
    extra = dict(extra or {}, reviews=reviews)
    if not unchanged:
        friend.turn += 1
        friend.shown = dict(view, turn=0)
    view["turn"] = friend.turn
    if shown is not None:  # the connection has had a view: only what changed since (and the turn)
        view = {name: value for name, value in view.items() if name == "turn" or shown.get(name) != value}
    results = host.table_or_refuse().match.results
    new = [result_data(result) for result in friend.unsent(results)]
    patch = base if shown is not None else None
    return compact(answer_data(view=view, results_count=len(results), new_results=new, patch=patch, **extra))
