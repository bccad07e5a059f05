"""What the page's new-game form starts from, in no language (the words are in :mod:`pyapp.page.words.i18n`;
the settings the engine plays by are :data:`pyapp.shared.protocol.SETTINGS`)."""

from ..shared.protocol import THINK_TIMES

DEFAULT_LEVEL = "medium"
THINK_CHOICES = tuple(str(ms) for ms in THINK_TIMES)  # the settings form's (and the stored settings') think_ms
