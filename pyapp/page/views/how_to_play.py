"""How to play: the rules of the game being played, in short sections with small card pictures.

Each section reads the current rules (a dict of rule options, as the engine's
view carries them), so the text says what this game does: its target, its
point cards (the Omnibus card, Cancellation's two packs), its pass cycle, its
first trick, what breaks hearts and how the moon scores.  The coached hand
reuses :func:`sections`.  Also the first visit's welcome, which says the goal
in one line above the hand (with the offer of a lesson, :mod:`pyapp.page.views.coach_view`).  Plain Python for MicroPython and CPython.
"""

from ..first_deal import full_rules, moon_points
from ..words.i18n import t
from .markup import card_markup, close_button, dialog, short_card

HEARTS_SHOWN = ("2H", "7H", "KH")  # the hearts pictured beside "1 point each"


def game_rules(session, catalog) -> dict:
    """The rules of the game on the table, or (none yet) of the game a new deal would start."""
    if session.view is not None:
        return session.view.rules
    settings = session.settings
    form = settings.get("played") or settings.get("form") or {}
    return full_rules(form.get("rules") or catalog["presets"][0]["rules"], catalog)


def first_lead(rules: dict, catalog: dict) -> str:
    """The card that leads the first trick (the engine's figure for the variant and the number of players)."""
    return catalog["first_leads"][rules["variant"]][str(rules["players"])]


def pictures(cards) -> str:
    """Small card pictures in a row."""
    return '<span class="howto-cards">' + "".join(card_markup(card, "div", "small") for card in cards) + "</span>"


def point_lines(rules: dict, catalog: dict) -> list:
    """The cards that score, each with its pictures: hearts, Q♠, and the variant's own."""
    lines = [(pictures(HEARTS_SHOWN), t("howto.hearts")), (pictures(("QS",)), t("howto.queen"))]
    if rules.get("variant") == "omnibus":
        card = rules["omnibus_card"]
        lines.append((pictures((card,)), t("howto.omnibus", card=short_card(card))))
    if rules.get("variant") == "cancellation":
        lines.append(("", t("howto.cancellation", points=moon_points(rules, catalog))))
    return lines


def pass_text(rules: dict, catalog: dict) -> str:
    """How the cards are passed in this game, hand after hand (the engine's cycle for the number of players)."""
    if not rules["passing"]:
        return t("howto.no_pass")
    cycle = catalog["pass_cycles"][str(rules["players"])][str(rules["pass_cycle"])]
    steps = ", ".join(t("howto.step_" + direction) for direction in cycle)
    return t("howto.pass", count=catalog["cards_passed"], cycle=t("howto.cycle", steps=steps))


def sections(rules: dict, catalog: dict) -> list:
    """The rules of the game ``rules`` as (title, [(pictures, text)]) sections, in the language in use
    (``catalog``: the engine's, for the cards passed, the packs and the moon)."""
    target = rules["target"]
    end = t("howto.end_" + str(rules["game_end"]), target=target)
    ties = t("howto.ties_" + str(rules["ties"]))
    first = [("", t("howto.first", card=short_card(first_lead(rules, catalog))))]
    if rules["no_points_first_trick"]:
        first.append((pictures(("5H", "QS")), t("howto.first_clean")))
    moon = t("howto.moon_" + str(rules["moon"]), points=moon_points(rules, catalog))
    return [
        (t("howto.goal_title"), [("", t("howto.goal"))]),
        (t("howto.points_title"), point_lines(rules, catalog)),
        (t("howto.pass_title"), [("", pass_text(rules, catalog))]),
        (t("howto.tricks_title"), [("", t("howto.follow"))]),
        (t("howto.first_title"), first),
        (t("howto.hearts_title"), [("", t("howto.break_" + str(rules["hearts_break"])))]),
        (t("howto.moon_title"), [(pictures(("AH", "QS")), moon)]),
        (t("howto.end_title"), [("", end + " " + ties)]),
    ]


def render_how_to_play(session, catalog) -> str:
    """The how-to-play dialog, for the game on the table (or the next one); a close button at its top too,
    which takes the focus as it opens, so a phone shows the dialog from its beginning."""
    rules = game_rules(session, catalog)
    parts = []
    for title, lines in sections(rules, catalog):
        # (A line is a div, not a p: the card pictures are divs.)
        body = "".join(f'<div class="howto-line">{picture}<p>{text}</p></div>' for picture, text in lines)
        parts.append(f"<section><h3>{title}</h3>{body}</section>")
    top = f'<button type="button" class="howto-close" data-action="close" aria-label="{t("close")}">×</button>'
    return dialog(t("howto.title"), f'{top}<div class="howto">{"".join(parts)}</div>', close_button())


def render_welcome(session, lesson: bool) -> str:
    """A first visit's word of the goal above the hand, with How to play (and, with ``lesson``, Learn by playing)
    and a close button, until it is closed or the first trick is played (an empty string: no welcome)."""
    view = session.view
    if not session.welcome or view is None or view.hand_index or view.tricks_played:
        return ""
    offer = f'<button type="button" data-action="lesson">{t("nav.lesson")}</button>' if lesson else ""
    return (
        f'<div class="welcome" role="note"><p class="welcome-text">{t("welcome.text")}</p>'
        f'<div class="welcome-actions">'
        f'<button type="button" class="primary" data-action="open" data-panel="howto">{t("nav.howto")}</button>'
        f"{offer}</div>"
        f'<button type="button" class="welcome-close" data-action="welcome-close" aria-label="{t("welcome.close")}" '
        f'title="{t("welcome.close")}">×</button></div>'
    )
