"""What a screen reader hears between two views: the cards just played and who took the trick.

The page puts this text in an ``aria-live`` region after every change, so a
person who cannot see the table follows the play.  Plain Python.
"""

from .i18n import card_name, t


def announcement(before, after: dict) -> str:
    """The sentences for what changed from view ``before`` (None: nothing to compare) to view ``after``."""
    if before is None:
        return ""
    was, now = before["observation"], after["observation"]
    names = [seat["name"] for seat in after["seats"]]

    def plays(items, already):
        return [
            t("announce.play", name=names[seat], card=card_name(card))
            for seat, card in items
            if [seat, card] not in [list(play) for play in already]
        ]

    if now["last_trick_key"] == was["last_trick_key"]:
        return " ".join(plays(now["trick"], was["trick"]))
    sentences = []
    last = now.get("last_trick")
    if last:
        sentences += plays(last["plays"], was["trick"])
        if last["winner"] is None:
            sentences.append(t("status.cancelled"))
        else:
            sentences.append(t("announce.takes", name=names[last["winner"]]))
    sentences += plays(now["trick"], [])
    return " ".join(sentences)
