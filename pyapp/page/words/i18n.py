"""The page's languages: English, Czech, Slovak and Lithuanian, one catalogue each.

Every word the page shows comes from :func:`t` with a key of the English
catalogue (``text_en``); the other catalogues have the same keys (a test
checks it).  A sentence about a seat (:func:`t_about`) declines the names the
game offers where the language needs it, and is worded to need no
declension for a name a player typed.  Card names follow each language's grammar: a pattern, rank
words with their gender, and the suit's form for that gender.  Only the
catalogues of the languages in use are loaded (English always, as the
fallback; the page fetches another one when it is first used, see
``Controller.use_language``): the main thread's start does not pay for the
others.  Plain Python for MicroPython and CPython.
"""

from . import text_en

ORDER = ("en", "cs", "sk", "lt")  # MicroPython's dicts do not keep insertion order
NAMES = {"en": "English", "cs": "Čeština", "sk": "Slovenčina", "lt": "Lietuvių"}  # each in its own words
DEFAULT = "en"
_current = [DEFAULT]
_loaded = {DEFAULT: text_en}  # a catalogue is compiled only when its language is first used


def catalogue(code: str):
    """The catalogue module of language ``code`` (imported the first time it is asked for)."""
    if code not in _loaded:
        _loaded[code] = __import__("pyapp.page.words.text_" + code, None, None, ["TEXT"])
    return _loaded[code]


def languages() -> list:
    """(code, the language's own name) in the order the settings list them."""
    return [(code, NAMES[code]) for code in ORDER]


def set_language(code: str) -> str:
    """Use ``code`` from now on (unknown codes fall back to English); returns the code in use."""
    _current[0] = code if code in NAMES else DEFAULT
    return _current[0]


def language() -> str:
    """The code of the language in use."""
    return _current[0]


def pick_language(preferred) -> str:
    """The first of the browser's preferred languages (``["sk-SK", "cs"]``) that we speak, else English."""
    for tag in preferred or []:
        code = str(tag).split("-")[0].lower()
        if code in NAMES:
            return code
    return DEFAULT


def t(key: str, **values) -> str:
    """The text for ``key`` in the language in use, with ``{name}`` fields filled in.

    A text with a number of things is a tuple of plural forms, and ``count``
    picks one by the language's own rule (its catalogue's ``plural``).
    """
    language = catalogue(_current[0])
    text = language.TEXT.get(key)
    if text is None:
        language, text = text_en, text_en.TEXT[key]
    if isinstance(text, tuple):
        text = text[language.plural(abs(int(values["count"])))]
    return text.format(**values) if values else text


def t_about(key: str, name: str, **values) -> str:
    """The text for ``key``, a sentence about the seat called ``name``: worded for that name declined (and
    by its gender) when it is one the game offers and the catalogue has such a wording (its ``ABOUT``,
    its ``declined``), else ``key``'s own wording, which needs no declension (a name a player typed)."""
    language = catalogue(_current[0])
    forms = language.declined(name)
    variants = language.ABOUT.get(key)
    if forms is not None and variants is not None:
        gender, cases = forms
        text = variants.get(gender) or variants.get("any")
        if text is not None:
            fields = dict(values)
            fields["name"] = name
            for case, form in cases.items():
                fields["name_" + case] = form
            return text.format(**fields)
    return t(key, name=name, **values)


def decimal(value: float) -> str:
    """A number with one decimal, written with the language's decimal sign: ``2.5``, ``2,5``."""
    return "{:.1f}".format(value).replace(".", getattr(catalogue(_current[0]), "DECIMAL", "."))


def shown_name(name: str) -> str:
    """A seat's name as shown: its own, or "You" in the language in use for the unnamed person."""
    return name or t("you")


def seat_shown_name(view, seat: int) -> str:
    """A seat's name as ``view``'s viewer sees it: the unnamed host is "You" on the host's page only; on a
    friend's page they are the host (in the friend's language)."""
    name = view.seats[seat].name
    return shown_name(name) if name or seat == view.seat else t("host")


def has_text(key: str) -> bool:
    """Whether the catalogues have a text for ``key`` (every catalogue has English's keys)."""
    return key in text_en.TEXT


def card_name(text: str) -> str:
    """A card's name in the language in use: ``"QS"`` → "Queen of spades", "piková dáma", "vynų dama"."""
    cards = catalogue(_current[0]).CARDS
    rank, gender = cards["ranks"][text[0]]
    suit = cards["suits"][text[1]][gender]
    return cards["pattern"].format(rank=rank, suit=suit)
