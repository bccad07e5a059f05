"""Why the engine refuses something: an English sentence that carries a code and values for translations.

The page words a refusal from its code (``reason.<code>`` in each catalogue of
``pyapp/page/words/text_*.py``); the command line shows the sentence.
"""

from __future__ import annotations


class Reason(str):
    """Why a card may not be played or a rule option is refused: the English sentence, with a code and values.

    >>> Reason("Hearts are not broken yet", "hearts_unbroken").code
    'hearts_unbroken'
    """

    code: str
    values: dict[str, str]

    def __new__(cls, text: str, code: str, **values: str) -> Reason:
        """The sentence ``text`` carrying ``code`` and ``values`` (card or suit letters, numbers as text)."""
        reason = super().__new__(cls, text)
        reason.code = code
        reason.values = values
        return reason


class Refusal(ValueError):
    """What the engine refuses, and why: the only exception the page is answered with as a refusal.

    Its argument is a :class:`Reason` (or, from the command line's own checks, an English sentence).  Any
    other exception where the engine answers the page is a fault, a bug: the page is told so and nothing is
    retried (:mod:`pyapp.host.faults`).
    """
