"""Play a match in the terminal: you are seat 0, basic bots take the other seats."""

from __future__ import annotations

from collections.abc import Callable

from ..bots import make_bot
from ..engine.actions import Action
from ..engine.cards import CardError, card_symbol, parse_cards
from ..engine.match import IllegalAction, Match, Phase
from ..engine.observation import Observation, observe
from ..engine.rules import MoonChoice, Rules
from .runner import step

YOU = 0


def describe(observation: Observation) -> str:
    """A few lines showing what seat 0 sees."""
    names = ["You"] + [f"Seat {seat}" for seat in range(1, observation.players)]
    lines = [
        f"Hand {observation.hand_index + 1} · pass {observation.pass_direction} · "
        f"hearts {'broken' if observation.hearts_broken else 'not broken'}",
        "Scores: " + ", ".join(f"{names[s]} {total}" for s, total in enumerate(observation.scores)),
        "Taken this hand: " + ", ".join(f"{names[s]} {pts}" for s, pts in enumerate(observation.points_taken)),
    ]
    if observation.tricks:
        last = observation.tricks[-1]
        who = names[last.winner] if last.winner is not None else "nobody (cancelled)"
        lines.append("Last trick: " + " ".join(card_symbol(f) for _, f in last.plays) + f" → {who}")
    if observation.trick:
        lines.append("Trick: " + ", ".join(f"{names[s]} {card_symbol(f)}" for s, f in observation.trick))
    lines.append("Your hand: " + " ".join(card_symbol(f) for f in observation.hand))
    return "\n".join(lines)


def read_decision(observation: Observation, ask: Callable[[str], str]) -> Action:
    """Ask for seat 0's decision until it is written correctly (legality is checked by the match)."""
    while True:
        if observation.phase is Phase.PASS:
            text = ask(f"Pass 3 cards to seat {observation.pass_to} (e.g. QS AH KH): ")
        elif observation.phase is Phase.MOON:
            moon = observation.rules.moon_points
            text = ask(f"You shot the moon! Type 'add' (+{moon} to the others) or 'subtract' (−{moon} to you): ")
            if text.strip().lower() in ("add", "subtract"):
                choice = MoonChoice.ADD_TO_OTHERS if text.strip().lower() == "add" else MoonChoice.SUBTRACT_FROM_SELF
                return Action.moon(YOU, choice)
            print("Type add or subtract.")
            continue
        else:
            legal = " ".join(card_symbol(f) for f in observation.legal)
            text = ask(f"Play a card ({legal}): ")
        try:
            cards = parse_cards(text)
        except CardError as error:
            print(error)
            continue
        if observation.phase is Phase.PASS:
            return Action.pass_cards(YOU, cards)
        if len(cards) == 1:
            return Action.play(YOU, cards[0])
        print("Play exactly one card.")


def play_in_terminal(rules: Rules, seed: int | None = None, ask: Callable[[str], str] = input) -> Match:
    """Play a whole match at the terminal; returns the finished (or abandoned) match."""
    match = Match(rules, seed)
    bots = [None] + [make_bot("basic", seat) for seat in range(1, rules.players)]
    print(f"Hearts, {rules.players} players, to {rules.target}. Seed {match.seed}. Ctrl-D quits.")
    try:
        while match.phase is not Phase.OVER:
            if YOU in match.to_act:
                observation = observe(match, YOU)
                print("\n" + describe(observation))
                try:
                    match.apply(read_decision(observation, ask))
                except IllegalAction as error:
                    print(f"Not allowed: {error}")
            else:
                hands_before = len(match.results)
                step(match, bots)
                if len(match.results) > hands_before:
                    result = match.results[-1]
                    print(f"\nHand scored: {list(result.added)}; totals {match.scores}")
    except EOFError:
        print("\nGoodbye.")
        return match
    print(f"\nGame over. Winner(s): {', '.join('You' if s == YOU else f'Seat {s}' for s in match.winners)}")
    return match
