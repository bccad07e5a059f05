"""What the page's settings are made of, in no language (the words are in :mod:`pyapp.page.words.i18n`; the cards'
letters and symbols in :mod:`pyapp.shared.deal`)."""

DEFAULT_LEVEL = "medium"
THINK_TIMES = ("150", "300", "600", "1200")
SPEEDS = ("instant", "fast", "normal", "slow")
COLLECT = ("click", "timer")
TOGGLE = ("on", "off")
