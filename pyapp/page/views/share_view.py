"""Sharing: the share panel, a shared deal offered, and a new game that would end the one in progress.

Only reads state and returns markup (:mod:`pyapp.page.views.view` puts the page together); every text
that comes from outside is escaped.  Plain Python for MicroPython and CPython.
"""

from ..words.i18n import t
from .markup import (
    close_button,
    dialog,
    escape,
)


def _share_row(name: str, label: str, url: str, native: bool) -> str:
    """One link of the share panel: the address to read and buttons to copy or share it."""
    share = (
        f'<button type="button" data-action="copy" data-target="share-{name}" data-native="1">{t("share.native")}</button>'
        if native
        else ""
    )
    return (
        f'<label for="share-{name}">{label}</label><div class="share-row">'
        f'<input id="share-{name}" readonly value="{escape(url)}">'
        f'<button type="button" data-action="copy" data-target="share-{name}">{t("share.copy")}</button>{share}</div>'
    )


def render_share(session) -> str:
    """Links to this copy of the game and to the deal in progress, with copy (and share) buttons."""
    share = session.share or {}
    native = bool(share.get("native"))
    rows = [_share_row("game", t("share.game"), share.get("game", ""), native)]
    if share.get("result"):
        rows.insert(0, _share_row("result", t("share.result"), share["result"], native))
    if share.get("deal"):
        rows.append(_share_row("deal", t("share.deal"), share["deal"], native))
    note = f"<p>{t('share.note')}</p>" if share.get("deal") else ""  # (of the deal link)
    body = f'<div class="form">{"".join(rows)}</div>{note}'
    return dialog(t("share.title"), body, close_button())


# A new game that ends the one in progress: its action → the attribute its value goes in, its title, words
# and button.
ENDING = {
    "daily": ("data-date", "daily.title", "daily.ends", "verdict.play"),
    "replay": ("data-hand", "replay.title", "replay.ends", "replay.play"),
}


def render_game_ends(session) -> str:
    """Asked before a new game (the deal of the day, a hand played again) ends the game in progress."""
    action, value = session.asked
    attribute, title, words, label = ENDING[action]
    play = (
        f'<button type="button" class="primary" data-action="{action}" {attribute}="{escape(value)}" '
        f'data-confirmed="1">{t(label)}</button>'
    )
    return dialog(t(title), f"<p>{t(words)}</p>", play + close_button("link.keep"))


def describe_link(link, catalog) -> str:
    """A shared deal (:class:`pyapp.shared.protocol.Link`) in words: its number, players, game, target, levels (escaped)."""
    defaults = {option["name"]: option["default"] for option in (catalog or {}).get("options", [])}
    rules = dict(defaults, **link.rules)
    parts = []
    if link.seed is not None:
        parts.append(t("link.deal", seed=link.seed))
    parts.append(t("link.players", count=rules.get("players", 4)))
    parts.append(t("choice." + str(rules.get("variant", "classic"))))
    parts.append(t("link.target", target=rules.get("target", 100)))
    if link.levels:
        parts.append(t("link.against", levels=", ".join(t("level." + level) for level in link.levels)))
    return escape(" · ".join(parts))


def render_link_offer(session, catalog) -> str:
    """Someone's shared deal, offered while a game is in progress (which is kept unless the person says so)."""
    description = describe_link(session.link, catalog)
    body = f"<p>{t('link.offer', description=description)}</p><p>{t('link.ends')}</p>"
    buttons = (
        f'<button type="button" class="primary" data-action="play-link">{t("link.play")}</button>'
        f"{close_button('link.keep')}"
    )
    return dialog(t("link.title"), body, buttons)
