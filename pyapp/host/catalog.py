"""What the new-game form offers, written into the page at build time (``tools/build.py``)."""

from __future__ import annotations

from typing import Any

from ..bots import BOTS, THINKING
from ..engine.rules import CARDS_PASSED, POINTS_PER_PACK, PRESET_LABELS, PRESETS, option_schema


def catalog() -> dict[str, Any]:
    """The presets, every rule option, the computer levels and the pass's and the moon's numbers."""
    presets = [
        {"name": name, "label": PRESET_LABELS[name], "rules": rules.to_dict()} for name, rules in PRESETS.items()
    ]
    return {
        "presets": presets,
        "options": option_schema(),
        "levels": list(BOTS),
        "thinking": list(THINKING),  # the levels that choose their pass while the person does
        "cards_passed": CARDS_PASSED,
        "points_per_pack": POINTS_PER_PACK,
    }
