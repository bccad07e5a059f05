"""Why the engine refuses something: an English sentence that carries a code and values for translations.

The page words a refusal from its code (``reason.<code>`` in each catalogue of
``pyapp/page/text_*.py``); the command line shows the sentence.
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
