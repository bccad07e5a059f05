"""The forms: the settings and the new game (rules, seats, levels, names).

Only reads state and returns markup (:mod:`pyapp.page.views.view` puts the page together); every text
that comes from outside is escaped.  Plain Python for MicroPython and CPython.
"""

from ...shared.protocol import AWAY_CHOICES, COLLECTING, SPEEDS, STAND_IN_MS, TOGGLE
from .. import player_stats
from ..first_deal import full_rules, moon_points
from ..names import DEFAULT_LEVEL, THINK_CHOICES
from ..words.i18n import language as current_language
from ..words.i18n import languages, t
from .markup import (
    close_button,
    dialog,
    escape,
)

PERSON = "person"  # a seat's "level" when a person at this device plays it (party mode)

FRIEND = "friend"  # a seat's "level" when a friend plays it at their own device

MOON_OPTION = "moon"  # the rule option of how the moon scores: its choices say what it is worth
VARIANT_OPTIONS = {"omnibus_card": "omnibus"}  # a rule option that only one game variant has: shown with it


def _select(name: str, value, choices, prefix: str, **words) -> str:
    """A select of ``choices`` labelled by the catalogue keys ``prefix + choice`` (with ``words`` filled in)."""
    options = "".join(
        f'<option value="{escape(choice)}"{" selected" if choice == value else ""}>'
        f"{escape(t(prefix + choice, **words))}</option>"
        for choice in choices
    )
    return f'<select id="opt-{name}" name="{name}">{options}</select>'


def render_settings(session) -> str:
    """Speed of the computer players and how a finished trick is collected."""
    settings = session.settings
    language = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == current_language() else ""}>{name}</option>'
        for code, name in languages()
    )
    fields = [
        f'<label for="opt-language">{t("settings.language")}</label>'
        f'<select id="opt-language" name="language">{language}</select>',
        f'<label for="opt-speed">{t("settings.speed")}</label>{_select("speed", settings["speed"], SPEEDS, "speed.")}',
        f'<label for="opt-collect">{t("settings.collect")}</label>'
        f"{_select('collect', settings['collect'], COLLECTING, 'collect.')}",
        f'<label for="opt-think_ms">{t("settings.think")}</label>'
        f"{_select('think_ms', str(settings['think_ms']), THINK_CHOICES, 'think.')}",
        f'<label for="opt-undo">{t("settings.undo")}</label>{_select("undo", settings["undo"], TOGGLE, "toggle.")}',
        f'<label for="opt-autoplay">{t("settings.autoplay")}</label>'
        f"{_select('autoplay', settings['autoplay'], TOGGLE, 'toggle.')}",
        f'<label for="opt-sound">{t("settings.sound")}</label>{_select("sound", settings["sound"], TOGGLE, "toggle.")}',
        f'<label for="opt-vibrate">{t("settings.vibrate")}</label>'
        f"{_select('vibrate', settings['vibrate'], TOGGLE, 'toggle.')}",
        f'<label for="opt-away">{t("settings.away")}</label>{_select("away", settings["away"], AWAY_CHOICES, "away.", seconds=STAND_IN_MS // 1000)}',
        f'<label for="opt-stun">{t("settings.stun")}</label><input id="opt-stun" name="stun" '
        f'value="{escape(settings.get("stun") or "")}" placeholder="stun.example.org:3478" spellcheck="false" '
        f'aria-describedby="stun-note"><p class="field-note" id="stun-note">{t("settings.stun_note")}</p>',
    ]
    body = f'<form class="form" data-form="settings">{"".join(fields)}</form>'
    buttons = (
        f'<button type="button" class="primary" data-action="save-settings">{t("save")}</button>'
        f"{close_button('cancel')}"
    )
    return dialog(t("settings.title"), body, buttons)


def seat_place(seat: int, players: int) -> tuple:
    """How the new-game form names ``seat`` at a table of ``players`` (a seat beyond them: as if it were the
    last): where it sits as the player (seat 0) sees it, and its name field's label."""
    place = _place(seat, max(players, seat + 1))
    return place, f"{t('new.seat_name')} ({place})"


def _place(seat: int, players: int) -> str:
    """Where ``seat`` sits as seat 0 sees it: on their left (play goes to the left), so many seats to their
    left or right, or across."""
    left, right = seat, players - seat
    if left == right:
        return t("new.place_across")
    if left < right:
        return t("new.place_left") if left == 1 else t("new.place_nth_left", count=left)
    return t("new.place_right") if right == 1 else t("new.place_nth_right", count=right)


def most_players(catalog: dict) -> int:
    """The most players a table may have (the form draws a seat for each, hiding those beyond the count)."""
    return next(option["max"] for option in catalog["options"] if option["name"] == "players")


def moon_labels(rules: dict, catalog: dict) -> dict:
    """Each choice of how the moon scores, in words with its worth under ``rules`` (the form says so again
    when the variant changes)."""
    option = next(option for option in catalog["options"] if option["name"] == MOON_OPTION)
    points = moon_points(full_rules(rules, catalog), catalog)
    return {choice: t("choice." + choice, points=points) for choice in option["choices"]}


def render_new_game(session, catalog) -> str:
    """Every rule option, the presets, the player count, each computer seat's level and the player's name."""
    if not catalog:
        return dialog(t("new.title"), f"<p>{t('new.starting')}</p>", close_button())
    form = session.settings.get("form") or {}
    rules = form.get("rules") or catalog["presets"][0]["rules"]
    preset = player_stats.preset_of(rules, catalog["presets"])  # what the rules are, whatever was picked
    presets = [p["name"] for p in catalog["presets"]] + [player_stats.CUSTOM]
    fields = [f'<label for="opt-preset">{t("new.preset")}</label>{_select("preset", preset, presets, "preset.")}']
    for option in catalog["options"]:
        name = option["name"]
        label = escape(t("option." + name))
        value = rules.get(name, option["default"])
        if option["type"] == "bool":
            checked = " checked" if value else ""
            fields.append(
                f'<label class="check"><input type="checkbox" id="opt-{name}" name="{name}"{checked}> {label}</label>'
            )
        elif name in VARIANT_OPTIONS:  # (the input manager shows it when its variant is chosen)
            variant = VARIANT_OPTIONS[name]
            hidden = "" if rules.get("variant") == variant else " hidden"
            fields.append(
                f'<div class="option-row" data-variant="{variant}"{hidden}><label for="opt-{name}">{label}</label>'
                f"{_select(name, value, option['choices'], 'choice.')}</div>"
            )
        elif option["type"] == "choice":  # (the moon's choices say what the moon is worth in the variant chosen)
            points = moon_points(full_rules(rules, catalog), catalog)
            select = _select(name, value, option["choices"], "choice.", points=points)
            fields.append(f'<label for="opt-{name}">{label}</label>{select}')
        else:
            fields.append(
                f'<label for="opt-{name}">{label}</label><input type="number" id="opt-{name}" name="{name}" '
                f'min="{int(option["min"])}" max="{int(option["max"])}" value="{int(value)}">'
            )
    players = int(rules.get("players", 4))
    levels = form.get("levels") or []
    names = form.get("names") or []
    # This device the table: it shows the room the table, and everyone holds their cards on their own phone.
    screen = " checked" if form.get("table") is True else ""
    seats = [
        f'<label class="check"><input type="checkbox" id="opt-table" name="table" aria-describedby="table-note"'
        f'{screen}> {t("new.table")}</label><p class="field-note" id="table-note">{t("new.table_note")}</p>',
        f'<label for="opt-name">{t("new.name")}</label><input id="opt-name" name="name" maxlength="20" '
        f'value="{escape(session.settings.get("name") or "")}" placeholder="{t("you")}">',
    ]
    most = most_players(catalog)
    for seat in range(1, most):
        # Every possible seat is drawn and the ones beyond the player count hidden, so changing the
        # count never redraws the form under the pointer.
        level = levels[seat - 1] if seat - 1 < len(levels) else DEFAULT_LEVEL
        name = names[seat - 1] if seat - 1 < len(names) else ""
        hidden = " hidden" if seat >= players else ""
        place, name_label = seat_place(seat, players)
        seats.append(
            f'<div class="seat-row" data-seat="{seat}"{hidden}>'
            f'<label for="opt-level-{seat}">{place}</label>'
            f'<span class="seat-choice">{_select("level-" + str(seat), level, catalog["levels"] + [PERSON, FRIEND], "level.")}'
            f'<input id="opt-seatname-{seat}" maxlength="20" value="{escape(name)}" '
            f'placeholder="{t("new.seat_name")}" aria-label="{name_label}">'
            "</span></div>"
        )
    error = form.get("error")
    message = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    body = (
        f'<form class="form" data-form="new">{message}'
        f"<fieldset><legend>{t('new.rules')}</legend>{''.join(fields)}</fieldset>"
        f"<fieldset><legend>{t('new.players')}</legend>{''.join(seats)}</fieldset></form>"
    )
    if session.starting == "form":  # pressed before the engine was up: the game starts by itself when it is
        body += f'<p class="note" role="status">{t("new.starting_soon")}</p>'
        start = (
            f'<button type="button" class="primary" data-action="start" disabled>{t("new.starting_button")}</button>'
        )
    else:
        start = f'<button type="button" class="primary" data-action="start">{t("start")}</button>'
    return dialog(t("new.title"), body, start + close_button("cancel"))
