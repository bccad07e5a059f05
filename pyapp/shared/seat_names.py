"""A seat's display name: what the engine keeps, the page deals ahead with, and a result link carries.
Plain Python for MicroPython and CPython."""

MAX_NAME = 20
# The first seat's person, unnamed, is "" and the page calls them "You" in its language of the moment.
DEFAULT_NAMES = ("", "Eva", "Jan", "Marta", "Petr", "Lenka", "Tomáš", "Zora", "Karel", "Ilona")


def trimmed(name) -> str:
    """A name as given, its spaces tidied, at most :data:`MAX_NAME` characters ("" for none)."""
    return " ".join(str(name).split())[:MAX_NAME] if isinstance(name, str) else ""


def clean_names(names: list) -> list:
    """Every seat's display name: each :func:`trimmed`, an empty one its seat's default, or the next default
    no other seat has (a person called Eva never plays against a computer Eva); the first seat's unnamed
    person stays ""."""
    given = [trimmed(name) for name in names]
    taken = [name.lower() for name in given if name]
    shown = []
    for seat, name in enumerate(given):
        if not name and seat % len(DEFAULT_NAMES):
            name = default_name(seat, taken)
            taken.append(name.lower())
        shown.append(name)
    return shown


def default_name(seat: int, taken: list) -> str:
    """Seat ``seat``'s default name, or the next one (in :data:`DEFAULT_NAMES`' order) that is not ``taken``
    (lower case)."""
    count = len(DEFAULT_NAMES)
    for step in range(count):
        name = DEFAULT_NAMES[(seat + step) % count]
        if name and name.lower() not in taken:
            return name
    return DEFAULT_NAMES[seat % count]
