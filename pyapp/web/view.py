"""Draw the page from state: the engine's view plus the page's session, as HTML text.

One render path (the 2048 actuator's idea): every change ends in these
functions, which only read state and return markup.  Every text that comes
from outside (names) is escaped.  Plain Python for MicroPython and CPython.
"""

import math

from .names import (
    CHOICE_LABELS,
    COLLECT,
    DEFAULT_LEVEL,
    DIRECTIONS,
    LEVELS,
    OPTION_LABELS,
    SPEEDS,
    THINK_TIMES,
    card_face,
    card_name,
)

SUIT_CLASS = {"C": "black", "S": "black", "D": "red", "H": "red"}


def escape(text) -> str:
    """Text made safe to put inside HTML and attribute values."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def seat_point(relative: int, players: int, radius_x: float, radius_y: float) -> tuple:
    """Where a seat sits on the table, in percent: the viewer at the bottom, play going clockwise."""
    angle = math.pi / 2 + 2 * math.pi * relative / players
    return round(50 + radius_x * math.cos(angle), 2), round(50 + radius_y * math.sin(angle), 2)


def card_markup(text: str, tag: str = "button", classes: str = "", attributes: str = "", label: str = "") -> str:
    """A card drawn in HTML: corner rank and suit, a large suit in the middle."""
    rank, suit = card_face(text)
    role = ' type="button"' if tag == "button" else ' role="img"'
    return (
        f'<{tag}{role} class="card {SUIT_CLASS[text[1]]} {classes}" data-card="{text}" '
        f'aria-label="{label or card_name(text)}"{attributes}>'
        f'<span class="corner" aria-hidden="true">{rank}<br>{suit}</span>'
        f'<span class="pip" aria-hidden="true">{suit}</span></{tag}>'
    )


def seat_name(view: dict, seat: int) -> str:
    """The escaped name of a seat."""
    return escape(view["seats"][seat]["name"])


def shown_trick(session) -> tuple:
    """The plays in the middle of the table and the winner to highlight (a finished trick waits there)."""
    observation = session.view["observation"]
    if session.next_step() == "collect":
        last = observation["last_trick"]
        return last["plays"], last["winner"]
    return observation["trick"], None


def status_text(session) -> str:
    """One line saying what happens now."""
    step = session.next_step()
    if step == "loading":
        return "Starting the game engine…" if session.view else "Shuffling the cards…"
    view = session.view
    observation = view["observation"]
    me = observation["seat"]
    if step == "pass":
        target = seat_name(view, observation["pass_to"])
        return f"Choose 3 cards to pass {DIRECTIONS[observation['pass_direction']]}, to {target}"
    if step == "play":
        return "Your lead" if not observation["trick"] else "Your turn"
    if step == "bot":
        return f"{seat_name(view, view['bots_to_act'][0])} is thinking…"
    if step == "collect":
        winner = observation["last_trick"]["winner"]
        if winner is None:
            return "The led cards cancelled out: the trick goes to the next winner"
        who = "You take" if winner == me else f"{seat_name(view, winner)} takes"
        return (
            f"{who} the trick · click the table to collect"
            if session.settings["collect"] == "click"
            else f"{who} the trick"
        )
    if step == "moon":
        return "You shot the moon!"
    if step == "over":
        return "Game over"
    return ""


def render_table(session) -> str:
    """The felt: the seats around it, the trick in the middle, and the status line."""
    if session.view is None:
        return f'<p class="status" role="status">{status_text(session)}</p>'
    view = session.view
    observation = view["observation"]
    players = len(view["seats"])
    me = observation["seat"]
    step = session.next_step()
    parts = []
    for seat in range(players):
        relative = (seat - me) % players
        x, y = seat_point(relative, players, 42, 40)
        acting = seat in observation["to_act"] and step in ("play", "bot", "moon", "pass")
        classes = "seat" + (" me" if seat == me else "") + (" turn" if acting else "")
        details = [f'<span class="score" title="Total">{observation["scores"][seat]}</span>']
        taken = observation["points_taken"][seat]
        details.append(f'<span class="taken" title="Points taken this hand">♥ {taken}</span>')
        if seat != me:
            details.append(f'<span class="count" title="Cards in hand">{observation["hand_sizes"][seat]}</span>')
        if seat == observation["dealer"]:
            details.append('<span class="chip" title="Dealer">D</span>')
        if observation["phase"] == "pass" and observation["passes_chosen"][seat]:
            details.append('<span class="chip" title="Has chosen cards to pass">✓</span>')
        label = f"{seat_name(view, seat)}: {observation['scores'][seat]} points, {taken} taken this hand"
        parts.append(
            f'<div class="{classes}" style="left:{x}%;top:{y}%" data-seat="{seat}" role="group" '
            f'aria-label="{label}"><span class="name">{seat_name(view, seat)}</span>'
            f'<span class="details">{"".join(details)}</span></div>'
        )
    plays, winner = shown_trick(session)
    cards = []
    for order, play in enumerate(plays):
        seat, text = play
        x, y = seat_point((seat - me) % players, players, 20, 26)
        classes = "played" + (" led" if order == 0 else "") + (" winner" if seat == winner else "")
        style = f' style="left:{x}%;top:{y}%;z-index:{order + 1}"'
        cards.append(card_markup(text, "div", classes, style, f"{seat_name(view, seat)}: {card_name(text)}"))
    collect = ' data-action="collect" title="Collect the trick"' if step == "collect" else ""
    crowded = " crowded" if players > 6 else ""
    parts.append(f'<div class="trick{crowded}"{collect}>{"".join(cards)}</div>')
    hearts = "Hearts broken" if observation["hearts_broken"] else "Hearts not broken"
    info = [
        f"Hand {observation['hand_index'] + 1}",
        f"Pass {DIRECTIONS[observation['pass_direction']]}",
        f'<span class="{"broken" if observation["hearts_broken"] else "unbroken"}">♥ {hearts}</span>',
        f"To {observation['rules']['target']}",
    ]
    parts.append(f'<p class="info">{" · ".join(info)}</p>')
    parts.append(f'<p class="status" role="status">{status_text(session)}</p>')
    return "".join(parts)


def render_hand(session) -> str:
    """The viewer's hand, sorted by suit: playable cards bright, the rest dimmed; the pass button."""
    if session.view is None:
        return ""
    view = session.view
    observation = view["observation"]
    step = session.next_step()
    legal = set(observation["legal"]) if step == "play" else set()
    received = set(observation["received"]) if observation["phase"] == "play" and not observation["tricks"] else set()
    buttons = []
    for index, text in enumerate(observation["hand"]):
        classes = []
        attributes = f' data-index="{index}"'
        if step == "pass":
            chosen = text in session.selected
            classes.append("selected" if chosen else "")
            attributes += f' aria-pressed="{"true" if chosen else "false"}"'
        elif text not in legal:
            classes.append("dim")
            attributes += ' aria-disabled="true"'
        if text in received:
            classes.append("received")
        label = ""
        hint = session.hint if step == "play" else None
        if hint and text in hint["points"]:
            best = text == hint["best"]
            classes.append("best" if best else "")
            attributes += f' data-hint="{hint["points"][text]}"'
            label = f"{card_name(text)}, about {hint['points'][text]} points" + (", the best card" if best else "")
        buttons.append(card_markup(text, "button", " ".join(c for c in classes if c), attributes, label))
    parts = [f'<div class="cards" role="group" aria-label="Your hand">{"".join(buttons)}</div>']
    if step == "play":
        parts.append('<button type="button" class="hint-button" data-action="hint">Hint</button>')
    if step == "pass":
        disabled = "" if session.ready_to_pass else " disabled"
        direction = DIRECTIONS[observation["pass_direction"]]
        parts.append(
            f'<button type="button" class="primary pass" data-action="pass"{disabled}>Pass 3 cards {direction}</button>'
        )
    return "".join(parts)


def render_sheet(session) -> str:
    """The score sheet, hand by hand like the paper one: running totals with each hand's points."""
    if session.view is None:
        return ""
    view = session.view
    observation = view["observation"]
    players = len(view["seats"])
    head = "".join(f'<th scope="col">{seat_name(view, seat)}</th>' for seat in range(players))
    rows = []
    totals = [0] * players
    for number, result in enumerate(observation["results"]):
        cells = []
        for seat in range(players):
            totals[seat] += result["added"][seat]
            moon = " ☾" if result["shooter"] == seat else ""
            cells.append(f"<td>{totals[seat]}<small> ({signed(result['added'][seat])}){moon}</small></td>")
        rows.append(f'<tr><th scope="row">{number + 1}</th>{"".join(cells)}</tr>')
    if not rows:
        rows.append(f'<tr><td colspan="{players + 1}">No hand scored yet</td></tr>')
    return (
        '<table class="sheet-table"><caption>Score sheet</caption>'
        f'<thead><tr><th scope="col">Hand</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


def signed(value: int) -> str:
    """A score change with its sign: ``+3``, ``−26``, ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def render_dialog(session, catalog) -> str:
    """The dialog for the current step or open panel, or an empty string."""
    if session.view is None and session.panel not in ("new", "settings", "share"):
        return ""
    step = session.next_step()
    if session.panel == "new":
        return render_new_game(session, catalog)
    if session.panel == "settings":
        return render_settings(session)
    if session.panel == "share":
        return render_share(session)
    if session.panel == "link":
        return render_link_offer(session, catalog)
    if session.panel == "last":
        return render_last_trick(session)
    if step == "summary":
        return render_summary(session)
    if step == "moon":
        return render_moon_choice(session)
    if step == "over":
        return render_game_over(session)
    return ""


def _dialog(title: str, body: str, buttons: str) -> str:
    return (
        f'<div class="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title">'
        f'<h2 id="dialog-title">{title}</h2>{body}<div class="buttons">{buttons}</div></div>'
    )


def render_summary(session) -> str:
    """The end-of-hand summary, with the moon announced."""
    view = session.view
    observation = view["observation"]
    number = session.summaries_seen
    result = observation["results"][number]
    before = [0] * len(view["seats"])
    for earlier in observation["results"][:number]:
        before = [total + added for total, added in zip(before, earlier["added"])]
    rows = []
    for seat in range(len(view["seats"])):
        total = before[seat] + result["added"][seat]
        rows.append(
            f'<tr><th scope="row">{seat_name(view, seat)}</th><td>{result["taken"][seat]}</td>'
            f"<td>{signed(result['added'][seat])}</td>"
            f"<td>{total}</td></tr>"
        )
    moon = ""
    if result["shooter"] is not None:
        shooter = "You" if result["shooter"] == observation["seat"] else seat_name(view, result["shooter"])
        how = "took 26 off" if result["choice"] == "subtract_from_self" else "gave everyone else 26"
        moon = f'<p class="moon" role="alert">☾ {shooter} shot the moon and {how}!</p>'
    body = (
        f"{moon}<table><thead><tr><th></th><th>Taken</th><th>Scored</th><th>Total</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    label = (
        "See the result"
        if number + 1 == len(observation["results"]) and observation["phase"] == "over"
        else "Next hand"
    )
    return _dialog(
        f"Hand {number + 1}", body, f'<button type="button" class="primary" data-action="next">{label}</button>'
    )


def render_moon_choice(session) -> str:
    """The shooter's choice of how the moon scores, with the totals each gives."""
    view = session.view
    outcomes = view["observation"]["moon_outcomes"]

    def totals(choice):
        return ", ".join(f"{seat_name(view, s)} {t}" for s, t in enumerate(outcomes[choice]))

    body = "<p>You took every heart and the Queen of spades. How should it score?</p>"
    buttons = (
        f'<button type="button" class="primary" data-action="moon" data-choice="subtract_from_self">'
        f"Take 26 off my score<small>{totals('subtract_from_self')}</small></button>"
        f'<button type="button" class="primary" data-action="moon" data-choice="add_to_others">'
        f"Add 26 to everyone else<small>{totals('add_to_others')}</small></button>"
    )
    return _dialog("☾ You shot the moon!", body, buttons)


def render_game_over(session) -> str:
    """Game over: the winner(s) and the final totals."""
    view = session.view
    observation = view["observation"]
    winners = observation["winners"]
    names = " and ".join("You" if w == observation["seat"] else seat_name(view, w) for w in winners)
    verb = "win" if len(winners) > 1 or winners == [observation["seat"]] else "wins"
    order = sorted(range(len(view["seats"])), key=lambda s: observation["scores"][s])
    rows = "".join(
        f'<tr><th scope="row">{seat_name(view, s)}</th><td>{observation["scores"][s]}</td></tr>' for s in order
    )
    body = f'<p class="winner" role="alert">🏆 {names} {verb}!</p><table><tbody>{rows}</tbody></table>'
    buttons = (
        '<button type="button" class="primary" data-action="again">Play again</button>'
        '<button type="button" data-action="open" data-panel="new">New game…</button>'
    )
    return _dialog("Game over", body, buttons)


def render_last_trick(session) -> str:
    """The last finished trick, to look at again."""
    view = session.view
    last = view["observation"]["last_trick"]
    if not last:
        body = "<p>No trick has been played yet.</p>"
    else:
        cards = "".join(
            f"<figure>{card_markup(text, 'div', 'small' + (' winner' if seat == last['winner'] else ''))}"
            f"<figcaption>{seat_name(view, seat)}</figcaption></figure>"
            for seat, text in last["plays"]
        )
        taker = seat_name(view, last["winner"]) if last["winner"] is not None else "nobody (cancelled)"
        body = f'<div class="last-trick">{cards}</div><p>Taken by {taker}</p>'
    return _dialog("Last trick", body, '<button type="button" data-action="close">Close</button>')


def _select(name: str, value, choices: list, labels: dict) -> str:
    options = "".join(
        f'<option value="{escape(choice)}"{" selected" if choice == value else ""}>{escape(labels.get(choice, choice))}</option>'
        for choice in choices
    )
    return f'<select id="opt-{name}" name="{name}">{options}</select>'


def render_settings(session) -> str:
    """Speed of the computer players and how a finished trick is collected."""
    settings = session.settings
    speed = _select("speed", settings["speed"], list(SPEEDS), {k: v[0] for k, v in SPEEDS.items()})
    collect = _select("collect", settings["collect"], list(COLLECT), COLLECT)
    think = _select("think_ms", str(settings["think_ms"]), list(THINK_TIMES), THINK_TIMES)
    body = (
        f'<form class="form" data-form="settings"><label for="opt-speed">Computer speed</label>{speed}'
        f'<label for="opt-collect">Collect a finished trick</label>{collect}'
        f'<label for="opt-think_ms">Hard players think</label>{think}</form>'
    )
    buttons = (
        '<button type="button" class="primary" data-action="save-settings">Save</button>'
        '<button type="button" data-action="close">Cancel</button>'
    )
    return _dialog("Settings", body, buttons)


def render_new_game(session, catalog) -> str:
    """Every rule option, the presets, the player count, each computer seat's level and the player's name."""
    if not catalog:
        return _dialog(
            "New game",
            "<p>The game engine is still starting…</p>",
            '<button type="button" data-action="close">Close</button>',
        )
    form = session.settings.get("form") or {}
    rules = form.get("rules") or catalog["presets"][0]["rules"]
    preset = form.get("preset", "classic")
    presets = {p["name"]: p["label"] for p in catalog["presets"]}
    fields = [f'<label for="opt-preset">Preset</label>{_select("preset", preset, list(presets), presets)}']
    for option in catalog["options"]:
        name = option["name"]
        label = escape(OPTION_LABELS.get(name, name))
        value = rules.get(name, option["default"])
        if option["type"] == "bool":
            checked = " checked" if value else ""
            fields.append(
                f'<label class="check"><input type="checkbox" id="opt-{name}" name="{name}"{checked}> {label}</label>'
            )
        elif option["type"] == "choice":
            fields.append(
                f'<label for="opt-{name}">{label}</label>{_select(name, value, option["choices"], CHOICE_LABELS)}'
            )
        else:
            fields.append(
                f'<label for="opt-{name}">{label}</label><input type="number" id="opt-{name}" name="{name}" '
                f'min="{option["min"]}" max="{option["max"]}" value="{int(value)}">'
            )
    players = int(rules.get("players", 4))
    levels = form.get("levels") or []
    seats = [
        f'<label for="opt-name">Your name</label><input id="opt-name" name="name" maxlength="20" '
        f'value="{escape(session.settings.get("name") or "You")}">'
    ]
    most = max(option["max"] for option in catalog["options"] if option["name"] == "players")
    for seat in range(1, most):
        # Every possible seat is drawn and the ones beyond the player count hidden, so changing the
        # count never redraws the form under the pointer.
        level = levels[seat - 1] if seat - 1 < len(levels) else DEFAULT_LEVEL
        hidden = " hidden" if seat >= players else ""
        seats.append(
            f'<div class="seat-row" data-seat="{seat}"{hidden}><label for="opt-level-{seat}">Seat {seat + 1}</label>'
            f"{_select('level-' + str(seat), level, catalog['levels'], LEVELS)}</div>"
        )
    error = form.get("error")
    message = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    body = (
        f'<form class="form" data-form="new">{message}<fieldset><legend>Rules</legend>{"".join(fields)}</fieldset>'
        f"<fieldset><legend>Players</legend>{''.join(seats)}</fieldset></form>"
    )
    buttons = (
        '<button type="button" class="primary" data-action="start">Start</button>'
        '<button type="button" data-action="close">Cancel</button>'
    )
    return _dialog("New game", body, buttons)


def _share_row(name: str, label: str, url: str, native: bool) -> str:
    """One link of the share panel: the address to read and buttons to copy or share it."""
    share = (
        f'<button type="button" data-action="copy" data-target="share-{name}" data-native="1">Share…</button>'
        if native
        else ""
    )
    return (
        f'<label for="share-{name}">{label}</label><div class="share-row">'
        f'<input id="share-{name}" readonly value="{escape(url)}">'
        f'<button type="button" data-action="copy" data-target="share-{name}">Copy</button>{share}</div>'
    )


def render_share(session) -> str:
    """Links to this copy of the game and to the deal in progress, with copy (and share) buttons."""
    share = session.share or {}
    native = bool(share.get("native"))
    rows = [_share_row("game", "This game, for a friend to play", share.get("game", ""), native)]
    if share.get("deal"):
        rows.append(_share_row("deal", "This very deal: the same cards and rules", share["deal"], native))
    body = (
        f'<div class="form">{"".join(rows)}</div>'
        "<p>A friend who opens the deal link is dealt the same cards as you, hand after hand, "
        "so you can compare scores.</p>"
    )
    return _dialog("Share", body, '<button type="button" data-action="close">Close</button>')


def describe_link(link: dict, catalog) -> str:
    """A shared deal in words: its number, players, game, target and computer levels (escaped)."""
    defaults = {option["name"]: option["default"] for option in (catalog or {}).get("options", [])}
    rules = dict(defaults, **link.get("rules", {}))
    parts = []
    if link.get("seed") is not None:
        parts.append(f"deal {link['seed']}")
    parts.append(f"{rules.get('players', 4)} players")
    parts.append(CHOICE_LABELS.get(rules.get("variant"), str(rules.get("variant", ""))))
    parts.append(f"to {rules.get('target', 100)} points")
    if link.get("levels"):
        parts.append("against " + ", ".join(LEVELS.get(level, level) for level in link["levels"]))
    return escape(" · ".join(parts))


def render_link_offer(session, catalog) -> str:
    """Someone's shared deal, offered while a game is in progress (which is kept unless the person says so)."""
    description = describe_link(session.link or {}, catalog)
    body = (
        f"<p>You opened a link to a shared deal: {description}.</p>"
        "<p>Playing it ends the game you have in progress.</p>"
    )
    buttons = (
        '<button type="button" class="primary" data-action="play-link">Play the shared deal</button>'
        '<button type="button" data-action="close">Keep my game</button>'
    )
    return _dialog("A shared deal", body, buttons)
