"""What the new-game form offers and what the page says of the rules, written into the page at build time
(``tools/build.py``): the engine's own figures, so that the page derives no rule of its own."""

from __future__ import annotations

from typing import Any

from ..bots import BOTS, THINKING
from ..engine.rules import CARDS_PASSED, PRESET_LABELS, PRESETS, option_schema


def catalog() -> dict[str, Any]:
    """The presets, every rule option, the computer levels, how many cards are passed, and each variant's
    packs and moon (what shooting it is worth)."""
    presets = [
        {"name": name, "label": PRESET_LABELS[name], "rules": rules.to_dict()} for name, rules in PRESETS.items()
    ]
    return {
        "presets": presets,
        "options": option_schema(),
        "levels": list(BOTS),
        "thinking": list(THINKING),  # the levels that choose their pass while the person does
        "cards_passed": CARDS_PASSED,
        "packs": {rules.variant.value: rules.packs for rules in PRESETS.values()},
        "moon_points": {rules.variant.value: rules.moon_points for rules in PRESETS.values()},
    }
