"""A friends' game on the page: the invitations and replies that carry its connections.

The host's page invites each friend's seat with a link whose fragment (never
sent to any server) holds the seat, the game's secret and the host's
connection offer (a short code, ``assets/friends.mjs``); the friend's page
answers with a reply code (the seat and its connection answer) that the
host pastes, or scans, into the friends panel.  Plain Python for MicroPython
and CPython.
"""

JOIN = "#join="  # an invitation link's fragment starts so: #join=<seat>.<secret>.<offer>
SECRET_LENGTH = 32


def invitation_link(address: str, seat: int, secret: str, offer: str) -> str:
    """The link that invites a friend to ``seat`` (``address``: this copy of the game's page)."""
    return address + JOIN + str(seat) + "." + secret + "." + offer


def read_invitation(fragment: str):
    """(seat, secret, offer) from a page address's fragment, or None when it is no invitation (or damaged)."""
    text = str(fragment or "").strip()
    if not text.startswith(JOIN):
        return None
    parts = text[len(JOIN) :].split(".", 2)
    if len(parts) != 3 or not parts[0].isdigit() or len(parts[1]) != SECRET_LENGTH or "~" not in parts[2]:
        return None
    return int(parts[0]), parts[1], parts[2]


def reply_code(seat: int, answer: str) -> str:
    """The code a friend's page gives back to the host: its seat and its connection answer."""
    return str(seat) + "." + answer


def read_reply(text: str):
    """(seat, answer) from a reply the host pasted, or None when it is none."""
    parts = "".join(str(text or "").split()).split(".", 1)
    if len(parts) != 2 or not parts[0].isdigit() or "~" not in parts[1]:
        return None
    return int(parts[0]), parts[1]
