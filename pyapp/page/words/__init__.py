"""What the page says: the word catalogues (one module a language), the lookup that picks the language, and
the engine's refusals said in it."""
