"""Build and serve tools for the static site (not part of the game)."""
