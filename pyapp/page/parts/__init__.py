"""The page's controller, part by part: each an object with its own state and a small interface.

:mod:`.controller` makes them and holds the one table from a control's
``data-action`` to the method that does it.  The parts: the page every part
is given (:mod:`.page`), the guard that tells faults (:mod:`.guard`), the
engine's answers (:mod:`.answers`), starting the page (:mod:`.startup`), new
games (:mod:`.new_games`), the person's moves (:mod:`.play`), hand reviews
(:mod:`.reviews`), friends at their own devices (:mod:`.friends_host`; a
friend's page: :mod:`.guest`), panels and settings (:mod:`.panels`), sharing
(:mod:`.sharing`), faults (:mod:`.fault_handling`) and the input manager
(:mod:`.input`).
"""
