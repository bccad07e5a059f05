"""The person's settings as stored (``hearts.settings``): each one still readable is kept, a damaged one reset.

A stored setting is damaged when its value is one this version cannot use
(another type, a choice it does not know: a newer version's, or junk).
Settings cut short keep those before the cut; a key this version does not
know is not ours to keep.  Whenever something is not taken as it was, the
text as stored is set aside (:func:`pyapp.page.storage.set_aside`), the
person is told which settings are back to their defaults, and what was read
is stored again.  Plain Python for MicroPython and CPython.
"""

import json

from ..shared.protocol import AWAY_CHOICES, COLLECTING, SPEEDS, TOGGLE
from .names import THINK_CHOICES
from .session import DEFAULT_SETTINGS
from .storage import SETTINGS_KEY, Storage, parse_json, set_aside
from .words.i18n import ORDER

CHOICES = {
    "speed": SPEEDS,
    "collect": COLLECTING,
    "think_ms": THINK_CHOICES,
    "undo": TOGGLE,
    "autoplay": TOGGLE,
    "sound": TOGGLE,
    "vibrate": TOGGLE,
    "away": AWAY_CHOICES,
    "language": ORDER,  # or "": the browser's language
}
LONGEST_TEXT = 200  # characters of a name or a STUN address (the settings form cuts the address there too)
# Each setting's label in the catalogues, for the notice that names the ones reset.
LABELS = {
    "speed": "settings.speed",
    "collect": "settings.collect",
    "think_ms": "settings.think",
    "undo": "settings.undo",
    "autoplay": "settings.autoplay",
    "sound": "settings.sound",
    "vibrate": "settings.vibrate",
    "away": "settings.away",
    "language": "settings.language",
    "stun": "settings.stun",
    "name": "new.name",
    "form": "new.title",
    "played": "new.title",
}
MOST_CUTS = 100  # settings cut short: at most this many places where the cut may have been are tried


def usable(name: str, value) -> bool:
    """Whether ``value`` is one setting ``name`` can have."""
    if name in CHOICES:
        return isinstance(value, str) and (value in CHOICES[name] or (name == "language" and value == ""))
    if name in ("form", "played"):
        return value is None or is_form(value)
    return isinstance(value, str) and len(value) <= LONGEST_TEXT  # a name, a STUN address


def is_form(value) -> bool:
    """Whether ``value`` is what the new-game form keeps: rules, levels, names, preset, whether this device is the
    table (the engine checks the rules)."""
    if not isinstance(value, dict) or not isinstance(value.get("rules", {}), dict):
        return False
    if not isinstance(value.get("table", False), bool):
        return False
    texts = [value.get("preset", ""), value.get("error", "")]
    for name in ("levels", "names"):
        items = value.get(name, [])
        if not isinstance(items, list):
            return False
        texts += items
    return all(isinstance(text, str) for text in texts)


def read_object(text):
    """The JSON object in ``text``; of one cut short, its members before the cut; None when there is none."""
    data = parse_json(text)
    if data is not None or not isinstance(text, str) or not text.startswith("{"):
        return data if isinstance(data, dict) else None
    end = len(text)
    for _ in range(MOST_CUTS):
        end = text.rfind(",", 0, end)
        if end < 0:
            return None
        data = parse_json(text[:end] + "}")
        if isinstance(data, dict):
            return data
    return None


def labels(names) -> list:
    """The catalogue keys of these settings' labels, each once."""
    found = []
    for name in names:
        if LABELS[name] not in found:
            found.append(LABELS[name])
    return found


def load_settings(storage: Storage) -> dict:
    """The stored settings this version can use (the others take their defaults); what was not taken as it
    was is set aside and said, and what was taken stored again."""
    text = storage.get(SETTINGS_KEY)
    if text is None:
        return {}
    whole = parse_json(text)
    stored = read_object(text) or {}
    settings = {name: stored[name] for name in DEFAULT_SETTINGS if name in stored and usable(name, stored[name])}
    reset = [name for name in DEFAULT_SETTINGS if name in stored and name not in settings]
    if not isinstance(whole, dict) and not settings:  # not an object, nothing before a cut, too large to read
        set_aside(storage, [SETTINGS_KEY], "aside.settings_all")
        return {}
    if whole is None:  # cut short: which settings were after the cut is not known, those before it are
        set_aside(storage, [SETTINGS_KEY], "aside.settings_cut", names=labels(settings))
    elif reset:
        set_aside(storage, [SETTINGS_KEY], "aside.settings", names=labels(reset))
    elif len(settings) < len(stored):  # keys this version does not know: a newer version's, or not ours
        set_aside(storage, [SETTINGS_KEY], "aside.settings_unknown")
    else:
        return settings
    storage.set(SETTINGS_KEY, json.dumps(settings))
    return settings
