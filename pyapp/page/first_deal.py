"""A new game's first hand, dealt on the page before the engine is up.

The deal is a pure function of the seed (:mod:`pyapp.shared.deal`, which
this thread runs too), so the page can show the person's cards and take
their pass at once; the engine deals the same cards when it starts the game
with the same seed, and the pass goes to it then.  Only the pass phase of a
game whose other seats are all computers is drawn ahead; anything else
waits for the engine.  Plain Python for MicroPython and CPython.
"""

from ..shared import deal, seat_names


def full_rules(rules: dict, catalog: dict) -> dict:
    """Every rule option: the given ones, the others at their defaults."""
    full = {option["name"]: option["default"] for option in catalog["options"]}
    full.update(rules)
    return full


def moon_points(rules: dict, catalog: dict) -> int:
    """What shooting the moon is worth under ``rules`` (every rule given: :func:`full_rules`): the engine's
    figure for the variant, every heart and Q♠ of each pack."""
    return catalog["moon_points"][rules["variant"]]


def can_deal_ahead(options: dict, catalog: dict) -> bool:
    """Whether the page can show this new game's first decision before the engine: a pass, one person, and
    the deal (its seed and the game's name) made on this page."""
    seats = options.get("seats")
    if not isinstance(options.get("rules"), dict) or not isinstance(seats, list):
        return False  # (a stored record that is not ours)
    if not all(isinstance(seat, dict) for seat in seats) or not isinstance(options.get("name"), str):
        return False
    rules = full_rules(options["rules"], catalog)
    people = sum(1 for seat in seats if seat.get("bot") is None)
    first = not rules.get("first_hand")  # (a hand played again is dealt by the engine)
    return first and bool(rules["passing"]) and people == 1 and type(options.get("seed")) in (int, str)


def first_view(options: dict, catalog: dict) -> dict:
    """The view (:class:`pyapp.shared.protocol.View` data) the engine will give of the new game ``options`` (with its
    seed): the first pass, seen from seat 0.  The engine's catalogue writes every field (``first_view``) but
    the game's own: its seats, rules, deal and name, and who is still choosing a pass."""
    rules = full_rules(options["rules"], catalog)
    players = int(rules["players"])
    hands = deal.deal(deal.deck_ids(players, catalog["packs"][rules["variant"]]), players, options["seed"], 0)[0]
    # The thinking levels choose their passes while the person does, one at a time; the others have passed.
    thinking = [index for index, seat in enumerate(options["seats"]) if seat["bot"] in catalog["thinking"]]
    data = dict(catalog["first_view"]["common"])
    data.update(catalog["first_view"]["by_players"][str(players)])
    data.update(
        turn=0,  # (no answer from the engine yet)
        seats=[
            {"name": name, "bot": seat["bot"], "friend": False}
            for name, seat in zip(seat_names.clean_names([seat["name"] for seat in options["seats"]]), options["seats"])
        ],
        rules=rules,
        moon_points=moon_points(rules, catalog),
        hand=[deal.face_text(card) for card in sorted(hands[0], key=lambda card: card % deal.FACES)],
        hand_sizes=[len(cards) for cards in hands],
        after_ms=0 if thinking else None,
        passes_chosen=[index != 0 and index not in thinking for index in range(players)],
        to_act=[index for index in range(players) if index == 0 or index in thinking],
        game_key=options["name"] + ":" + str(players - 1 - len(thinking)),  # the passes made
    )
    return data
