"""An engine's refusal in the player's words: what the rule is, and what they may do instead.

The engine sends a refusal as a code with values (:class:`pyapp.shared.protocol.Refusal`);
the page words it from ``reason.<code>`` in each catalogue.  Some rules read
differently with the game's options (what breaks hearts), so the wording
may take the current rules.  The coached hand and the how-to-play dialog word
a rule the same way (:func:`explain`).  Plain Python for MicroPython and CPython.
"""

from ...shared.schema import is_card
from .i18n import card_name, has_text, t
from .i18n import language as current_language

# A code worded otherwise under some rule: code → (the option, {its value: the catalogue key to use}).
BY_RULES = {"hearts_unbroken": ("hearts_break", {"heart_or_queen": "explain.hearts_unbroken_queen"})}
# A value that names something the catalogue words: the value's name → the prefix of its keys.
NAMED = (("suit", "suit."), ("option", "option."), ("level", "level."))


def explain(code: str, values: dict = None, rules: dict = None) -> str:
    """Refusal ``code`` (with the engine's ``values``) in the language in use, as the ``rules`` (a dict of
    rule options, or None: the defaults) have it; an empty string for a code no catalogue words."""
    values = dict(values or {})
    if "card" in values and is_card(values["card"]):
        values["card"] = card_name(values["card"])
    for name, prefix in NAMED:
        if name in values and has_text(prefix + values[name]):
            values[name] = t(prefix + values[name])  # a known suit, rule or level by its name in this language
    key = "reason." + code
    option, keys = BY_RULES.get(code, ("", {}))
    if option and rules and rules.get(option) in keys:
        key = keys[rules[option]]
    if not has_text(key):
        return ""
    try:
        return t(key, **values)
    except (KeyError, IndexError, ValueError):  # values missing, or a count that is no number
        return ""


def refusal_text(refusal, rules: dict = None) -> str:
    """An engine's refusal (:class:`pyapp.shared.protocol.Refusal`) in the language in use, worded for the
    game's ``rules`` (a code or values this page cannot word: that something went wrong)."""
    if not refusal.code:  # not one the engine foresaw: its English text is only for English
        return refusal.text if current_language() == "en" else t("notice.error")
    return explain(refusal.code, dict(refusal.values), rules) or t("notice.error")
