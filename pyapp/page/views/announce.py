"""What happened between two views, said and heard: the cards just played and who took the trick.

The page puts the sentences in an ``aria-live`` region after every change, so
a person who cannot see the table follows the play, and plays a short sound
effect for the most notable thing that happened.  Plain Python.
"""

from ...shared import protocol
from ..words.i18n import card_name, seat_shown_name, t

DECISION_STEPS = (protocol.STEP_PASS, protocol.STEP_PLAY, protocol.STEP_MOON)  # the viewer decides


def new_plays(was, now) -> tuple:
    """The plays since view ``was``: (those of a trick finished meanwhile, those of the current trick)."""
    earlier = [list(play) for play in was.trick]
    if now.last_trick_key == was.last_trick_key:
        return [], [list(play) for play in now.trick if list(play) not in earlier]
    last = now.last_trick
    finished = [] if not last else [list(play) for play in last.plays if list(play) not in earlier]
    return finished, [list(play) for play in now.trick]


def announcement(before, after) -> str:
    """The sentences for what changed from view ``before`` (None: nothing to compare) to view ``after``."""
    if before is None:
        return ""
    was, now = before, after
    names = [seat_shown_name(after, seat) for seat in range(len(after.seats))]
    me = now.seat

    def said(plays):
        return [
            t("announce.you_play", card=card_name(card))
            if seat == me
            else t("announce.play", name=names[seat], card=card_name(card))
            for seat, card in plays
        ]

    finished, current = new_plays(was, now)
    sentences = said(finished)
    last = now.last_trick
    if last and now.last_trick_key != was.last_trick_key:
        if last.winner is None:
            sentences.append(t("status.cancelled"))
        elif last.winner == me:
            sentences.append(t("announce.you_take"))
        else:
            sentences.append(t("announce.takes", name=names[last.winner]))
    return " ".join(sentences + said(current))


def sound_of(before, after, new_results=()) -> str:
    """The sound effect for the change from ``before`` to ``after`` (with the hands scored meanwhile):
    moon, queen, heart, trick, card, or ""."""
    if before is None:
        return ""
    was, now = before, after
    if any(result.shooter is not None for result in new_results):
        return "moon"
    finished, current = new_plays(was, now)
    cards = [card for _, card in finished + current]
    if "QS" in cards:
        return "queen"
    if any(card[1] == "H" for card in cards):
        return "heart"
    if now.last_trick_key != was.last_trick_key:
        return "trick"
    return "card" if cards else ""


def deciding(view) -> bool:
    """Whether ``view``'s viewer has a decision to make in it (a pass, a card, the moon's score)."""
    return view is not None and view.step in DECISION_STEPS and view.seat in view.to_act


def turn_came(before, after) -> bool:
    """Whether the viewer's turn has come between two views (it was not theirs in ``before``)."""
    return deciding(after) and not deciding(before)
