"""The schema library: kinds of fields and records read from plain data, each value checked or refused.

A *kind* reads one field's value (``kind.read(value, reading)``: the value as
this side keeps it, or :class:`Refused`: where, and why); a :class:`Record`
reads an object into attributes, exactly its declared ``FIELDS``.  Seat
numbers are checked against the table's seats and lists with one item a
seat against their number (:class:`Reading`), so nothing read can name a
seat the table does not have.  The contract (:mod:`pyapp.shared.protocol`)
declares its messages with these.  Plain Python that MicroPython and
CPython both run.
"""

from .deal import RANK_LETTERS, SUIT_LETTERS

MIN_PLAYERS, MAX_PLAYERS = 3, 10  # a table's seats: a seat number is below MAX_PLAYERS
MAX_COUNT = 10**9  # turns, hands, milliseconds, points: no figure of a game is larger


class Refused(ValueError):
    """Data this side does not take: ``where`` it is (a field's path, as ``view.scores[2]``) and ``why``."""

    def __init__(self, where: str, why: str):
        super().__init__(where + ": " + why if where else why)
        self.where = where
        self.why = why

    def within(self, step: str) -> "Refused":
        """The same refusal, seen from ``step`` (a field's name, or ``[index]``) that holds its data."""
        inner = "." + self.where if self.where and self.where[0] != "[" else self.where
        return Refused(step + inner, self.why)


class Reading:
    """What one message's reading has met that only its table can check: the seats it names and the lengths
    of its lists with an item a seat; ``players``: the table's seats, when known before the message."""

    def __init__(self, players: int = None):
        self.players = players
        self.seats = 0  # one more than the highest seat named
        self.lengths = []

    def check(self, players: int) -> None:
        """Refuse a seat beyond ``players`` seats, or a list with an item a seat of another length."""
        if self.seats > players:
            raise Refused("", "names seat " + str(self.seats - 1) + " at a table of " + str(players))
        for length in self.lengths:
            if length != players:
                raise Refused("", "has " + str(length) + " items for " + str(players) + " seats")


class Whole:
    """A whole number (never a bool) from ``low`` to ``high``."""

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def read(self, value, reading: Reading) -> int:
        """The number, or :class:`Refused`."""
        if type(value) is not int or not self.low <= value <= self.high:
            raise Refused("", "is not a whole number from " + str(self.low) + " to " + str(self.high))
        return value


class Number:
    """A number (a whole one or not; never a bool) between -MAX_COUNT and MAX_COUNT."""

    def read(self, value, reading: Reading) -> float:
        """The number, or :class:`Refused`."""
        if type(value) not in (int, float) or not -MAX_COUNT <= value <= MAX_COUNT:  # (NaN is refused too)
            raise Refused("", "is not a number")
        return value


class Flag:
    """True or False."""

    def read(self, value, reading: Reading) -> bool:
        """The flag, or :class:`Refused`."""
        if type(value) is not bool:
            raise Refused("", "is not true or false")
        return value


class Text:
    """A text of at most ``most`` characters, made only of ``letters`` when they are given."""

    def __init__(self, most: int, letters: str = None):
        self.most, self.letters = most, letters

    def read(self, value, reading: Reading) -> str:
        """The text, or :class:`Refused`."""
        if type(value) is not str or len(value) > self.most:
            raise Refused("", "is not a text of at most " + str(self.most) + " characters")
        if self.letters is not None and not all(letter in self.letters for letter in value):
            raise Refused("", "has a character a code does not have")
        return value


class OneOf:
    """One of the texts ``choices``."""

    def __init__(self, choices: tuple):
        self.choices = choices

    def read(self, value, reading: Reading) -> str:
        """The text, or :class:`Refused`."""
        if type(value) is not str or value not in self.choices:
            raise Refused("", "is not one of " + ", ".join(self.choices))
        return value


class Card:
    """A card's text: its rank and suit (``QS``, ``TH``)."""

    def read(self, value, reading: Reading) -> str:
        """The card's text, or :class:`Refused`."""
        if not is_card(value):
            raise Refused("", "is not a card")
        return value


def is_date(value) -> bool:
    """Whether ``value`` is a calendar date's text, ``YYYY-MM-DD`` (month 1–12, day 1–31)."""
    if type(value) is not str or len(value) != 10 or value[4] != "-" or value[7] != "-":
        return False
    digits = value[:4] + value[5:7] + value[8:]
    if not all(digit in "0123456789" for digit in digits):
        return False
    return 1 <= int(value[5:7]) <= 12 and 1 <= int(value[8:]) <= 31


class Date:
    """A calendar date's text (:func:`is_date`)."""

    def read(self, value, reading: Reading) -> str:
        """The date, or :class:`Refused`."""
        if not is_date(value):
            raise Refused("", "is not a date (YYYY-MM-DD)")
        return value


def is_card(value) -> bool:
    """Whether ``value`` is a card's text."""
    return type(value) is str and len(value) == 2 and value[0] in RANK_LETTERS and value[1] in SUIT_LETTERS


class SeatNumber:
    """A seat's number (0 is the first), which the table must have."""

    def read(self, value, reading: Reading) -> int:
        """The seat, or :class:`Refused`."""
        if type(value) is not int or not 0 <= value < MAX_PLAYERS:
            raise Refused("", "is not a seat")
        reading.seats = max(reading.seats, value + 1)
        return value


class Maybe:
    """None, or ``kind``."""

    def __init__(self, kind):
        self.kind = kind
        self.nested = (kind, "one") if is_record(kind) else None

    def read(self, value, reading: Reading) -> object:
        """None or the value, or :class:`Refused`."""
        return None if value is None else self.kind.read(value, reading)


class ListOf:
    """A list of ``kind``, of ``least`` to ``most`` items."""

    def __init__(self, kind, most: int, least: int = 0):
        self.kind, self.most, self.least = kind, most, least
        self.nested = (kind, "list") if is_record(kind) else None

    def read(self, value, reading: Reading) -> list:
        """The items read, or :class:`Refused`."""
        if type(value) is not list or not self.least <= len(value) <= self.most:
            raise Refused("", "is not a list of " + str(self.least) + " to " + str(self.most) + " items")
        return [read_field(self.kind, item, reading, "[" + str(index) + "]") for index, item in enumerate(value)]


class BySeat(ListOf):
    """A list with one ``kind`` a seat of the table."""

    def __init__(self, kind):
        super().__init__(kind, MAX_PLAYERS)

    def read(self, value, reading: Reading) -> list:
        """The items read, or :class:`Refused`."""
        items = ListOf.read(self, value, reading)
        reading.lengths.append(len(items))
        return items


class Row:
    """A list of exactly ``kinds``, in order (``[seat, card]``)."""

    def __init__(self, *kinds):
        self.kinds = kinds

    def read(self, value, reading: Reading) -> list:
        """The items read, or :class:`Refused`."""
        if type(value) is not list or len(value) != len(self.kinds):
            raise Refused("", "is not a list of " + str(len(self.kinds)) + " items")
        return [
            read_field(kind, value[index], reading, "[" + str(index) + "]") for index, kind in enumerate(self.kinds)
        ]


class DictOf:
    """An object of at most ``most`` entries, each key ``key`` (a kind of text) and each value ``kind``."""

    def __init__(self, key, kind, most: int):
        self.key, self.kind, self.most = key, kind, most
        self.nested = (kind, "values") if is_record(kind) else None

    def read(self, value, reading: Reading) -> dict:
        """The entries read, or :class:`Refused`."""
        if type(value) is not dict or len(value) > self.most:
            raise Refused("", "is not an object of at most " + str(self.most) + " entries")
        entries = {}
        for key, item in value.items():
            self.key.read(key, reading)
            entries[key] = read_field(self.kind, item, reading, "[" + key + "]")  # (the key read: no markup)
        return entries


class Shape:
    """An object with exactly the entries ``kinds`` (a name → its kind), or some of them when ``partial``
    (those named in ``optional`` may always be left out)."""

    def __init__(self, kinds: dict, partial: bool = False, optional: tuple = ()):
        self.kinds, self.partial, self.optional = kinds, partial, optional

    def read(self, value, reading: Reading) -> dict:
        """The entries read, or :class:`Refused`."""
        if type(value) is not dict:
            raise Refused("", "is not an object")
        entries = {}
        for name, kind in self.kinds.items():
            if name in value:
                entries[name] = read_field(kind, value[name], reading, name)
            elif not self.partial and name not in self.optional:
                raise Refused("", "has no " + name)
        if len(entries) != len(value):
            raise Refused("", "has an entry it may not have")
        return entries


class Object:
    """Any object: its entries are read further by whoever takes it (a new game's options, a saved game)."""

    def read(self, value, reading: Reading) -> dict:
        """The object, or :class:`Refused`."""
        if type(value) is not dict:
            raise Refused("", "is not an object")
        return value


class Anything:
    """Any value JSON holds: a stored piece that its own reader checks, field by field, with its own reasons."""

    def read(self, value, reading: Reading) -> object:
        """The value as it is."""
        return value


class AnyOf:
    """The first of ``kinds`` that takes the value."""

    def __init__(self, *kinds):
        self.kinds = kinds

    def read(self, value, reading: Reading) -> object:
        """The value, or :class:`Refused`."""
        for kind in self.kinds:
            try:
                return kind.read(value, reading)
            except Refused:
                continue
        raise Refused("", "is none of the kinds it may be")


def read_field(kind, value, reading: Reading, step: str) -> object:
    """``value`` read as ``kind``, refused as the data at ``step`` (a field's name, or ``[index]``)."""
    try:
        return kind.read(value, reading)
    except Refused as error:
        raise error.within(step) from None


def is_record(kind) -> bool:
    """Whether ``kind`` is a :class:`Record` class (data read into attributes)."""
    return isinstance(kind, type) and issubclass(kind, Record)


def declared(record: type) -> type:
    """A record class with ``NESTED`` worked out from its ``FIELDS``: the fields that hold records, each as
    (the record class, ``"one"`` (a record or None), ``"list"`` or ``"values"`` (an object of records))."""
    record.NESTED = {name: kind.nested for name, kind in record.FIELDS.items() if getattr(kind, "nested", None)}
    return record


class Record:
    """Plain data read into attributes: exactly ``FIELDS`` (a name → its kind), each required and of its
    kind, else :class:`Refused`.

    ``ADDED`` names fields added since data was first stored: the page's
    copies from an earlier version lack them, and they read as None.
    ``check`` refuses what the fields' kinds alone cannot (a record's table).
    """

    FIELDS = {}
    ADDED = ()

    def __init__(self, data, reading: Reading = None):
        if type(data) is not dict:
            raise Refused("", type(self).__name__ + " is not an object")
        reading = Reading() if reading is None else reading
        present = 0
        for name, kind in self.FIELDS.items():
            if name in data:
                present += 1
                setattr(self, name, read_field(kind, data[name], reading, name))
            elif name in self.ADDED:
                setattr(self, name, None)
            else:
                raise Refused("", type(self).__name__ + " has no " + name)
        if present != len(data):
            raise Refused("", type(self).__name__ + " has a field it may not have")
        self.check(reading)

    @classmethod
    def read(cls, value, reading: Reading) -> "Record":
        """The record read from ``value`` (a record is a kind of field too)."""
        return cls(value, reading)

    def check(self, reading: Reading) -> None:
        """Refuse what the fields' kinds cannot tell: nothing, but for a record that knows its table."""
