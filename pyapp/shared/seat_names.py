"""A seat's display name: what the engine keeps, the page deals ahead with, and a result link carries.
Plain Python for MicroPython and CPython."""

MAX_NAME = 20
# The first seat's person, unnamed, is "" and the page calls them "You" in its language of the moment.
DEFAULT_NAMES = ("", "Eva", "Jan", "Marta", "Petr", "Lenka", "Tomáš", "Zora", "Karel", "Ilona")


def clean_name(name, seat: int) -> str:
    """A seat's display name: trimmed, at most :data:`MAX_NAME` characters, a default when empty."""
    text = " ".join(str(name).split())[:MAX_NAME] if isinstance(name, str) else ""
    return text or DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]
