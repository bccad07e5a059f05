"""Saving to the browser's storage, with a safe fallback (the 2048 storage manager's idea).

``Storage`` wraps anything with ``getItem``/``setItem``/``removeItem``
(``window.localStorage`` on the page).  When that store is missing, refuses
to work or is full, values are kept in memory so the game goes on, and
``problem`` says what happened so the page can tell the player.
"""

SAVE_KEY = "hearts.save"
SETTINGS_KEY = "hearts.settings"
BROKEN_KEY = "hearts.save.broken"


class MemoryStore:
    """A stand-in for localStorage that lives as long as the page."""

    def __init__(self):
        self.items = {}

    def getItem(self, key: str):
        """The stored text, or None."""
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        """Store the text."""
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        """Forget the key."""
        self.items.pop(key, None)


class Storage:
    """Get and set text values; never raises, falls back to memory."""

    def __init__(self, store=None):
        self.store = store if store is not None else MemoryStore()
        self.memory = MemoryStore()
        self.problem = ""

    def get(self, key: str):
        """The text stored under ``key``, or None."""
        value = self.memory.getItem(key)
        if value is not None:
            return value
        try:
            value = self.store.getItem(key)
        except Exception:
            self.problem = "storage.unavailable"
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        """Store ``value``; False (and kept in memory) when the browser's store refuses."""
        try:
            self.store.setItem(key, value)
        except Exception:
            self.memory.setItem(key, value)
            self.problem = "storage.full"
            return False
        self.memory.removeItem(key)
        return True

    def remove(self, key: str) -> None:
        """Forget ``key`` everywhere."""
        self.memory.removeItem(key)
        try:
            self.store.removeItem(key)
        except Exception:
            pass
