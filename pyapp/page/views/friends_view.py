"""A friends' game's panels: the host's invitations (a link and a QR code per friend, and a field for each
reply), a friend's page joining (the reply to send back), and the line that says who is here.

Plain Python for MicroPython and CPython; the QR codes are SVG markup drawn
by ``assets/friends.mjs`` from the page's own texts.
"""

from ..words.i18n import t, t_about
from .markup import close_button, dialog, escape, seat_name


def friend_seats(view) -> list:
    """The seats of the friends at their own devices."""
    return [seat for seat, s in enumerate(view.seats) if s.friend]


def benched(view) -> list:
    """The friends' seats the host let the computer play for."""
    return (view.friends or {}).get("benched", []) if view is not None else []


def away_ms(view) -> dict:
    """The friends' seats whose device is away: how many ms the computer waits yet before it plays for them."""
    return {seat: ms for seat, ms in (view.friends or {}).get("away", [])}


def waited(view) -> list:
    """The friends' seats whose device is away, waited for as long as it takes (the host chose to wait)."""
    return (view.friends or {}).get("waited", []) if view is not None else []


def stood_in(view) -> list:
    """The friends' seats the computer plays for now: the host let it, or they left and were waited for."""
    away = [seat for seat, ms in away_ms(view).items() if ms == 0]
    return sorted(set(benched(view) + away))


def friends_line(session) -> str:
    """On the host's table: how many friends are here, and the button to the invitations."""
    view = session.view
    if view is None or not view.friends or not view.friends.get("secret"):
        return ""
    seats = friend_seats(view)
    here = [seat for seat in seats if seat in view.friends["here"]]
    text = t("friends.here", here=len(here), count=len(seats))
    return f'<button type="button" class="friends-line" data-action="open" data-panel="friends">{text}</button>'


def render_invitations(session) -> str:
    """The host's friends panel: for each friend's seat, whether they are here, else their invitation."""
    view = session.view
    here = view.friends["here"] if view.friends else []
    rows = []
    for seat in friend_seats(view):
        name = seat_name(view, seat)
        # The computer may play for a friend who does not (a phone asleep), until they are back.
        on = seat in benched(view)
        key, data_on = ("friends.hand_back", "") if on else ("friends.stand_in", ' data-on="1"')
        stand_in = (
            f'<button type="button" class="hint-button" data-action="stand-in" data-seat="{seat}"{data_on}>'
            f"{t_about(key, name)}</button>"
        )
        if seat in here:
            state = t_about("friends.benched", name) if on else t("friends.joined")
            rows.append(f'<div class="friend here"><h3>{name}</h3><p>{state}</p>{stand_in}</div>')
            continue
        if seat in session.quiet:  # its connection may wake: no invitation, which would close it
            rows.append(f'<div class="friend"><h3>{name}</h3><p>{t("friends.quiet", name=name)}</p>{stand_in}</div>')
            continue
        invite = session.invites.get(seat)
        scan = ""
        if session.camera:  # or the reply's QR code, held up to this device's camera
            scan = (
                f'<button type="button" class="hint-button scan" data-action="scan" data-seat="{seat}">'
                f"{t_about('friends.scan', name)}</button>"
            )
        if invite is None or invite.get("failed"):
            text = t("friends.invite_failed" if invite else "friends.preparing")
            rows.append(f'<div class="friend"><h3>{name}</h3><p>{text}</p>{stand_in}</div>')
            continue
        rows.append(
            f'<div class="friend" data-seat="{seat}"><h3>{name}</h3><p>{t_about("friends.send_link", name)}</p>'
            f'<div class="qr" role="img" aria-label="{t_about("friends.qr", name)}">{invite["qr"]}</div>'
            f'<div class="share-row"><input id="invite-{seat}" readonly value="{escape(invite["link"])}" '
            f'aria-label="{t_about("friends.link", name)}">'
            f'<button type="button" data-action="copy" data-target="invite-{seat}">{t("share.copy")}</button></div>'
            f'<label for="reply-{seat}">{t_about("friends.reply", name)}</label><div class="share-row">'
            f'<input id="reply-{seat}" autocomplete="off" spellcheck="false">'
            f'<button type="button" class="primary" data-action="accept-reply" data-seat="{seat}">'
            f"{t('friends.connect')}</button></div>{scan}{stand_in}</div>"
        )
    body = f'<div class="form friends">{"".join(rows)}</div><p class="quiet">{t("friends.how")}</p>'
    if not view.table_screen:  # the host's cards to their own phone: this device shows the room the table
        body += (
            f'<p><button type="button" class="hint-button" data-action="become-table" aria-describedby="become-note">'
            f'{t("friends.become_table")}</button></p><p class="field-note" id="become-note">'
            f"{t('friends.become_table_note')}</p>"
        )
    return dialog(t("friends.title"), body, close_button())


def render_join(session) -> str:
    """A friend's page while it joins: the reply to send back to the host, or what went wrong."""
    joining = session.joining or {}
    state = joining.get("state", "connecting")
    if state == "reply":
        body = (
            f"<p>{t('friends.send_reply')}</p>"
            f'<div class="qr" role="img" aria-label="{t("friends.reply_qr")}">{joining["qr"]}</div>'
            f'<div class="share-row"><input id="join-reply" readonly value="{escape(joining["reply"])}" '
            f'aria-label="{t("friends.reply_code")}">'
            f'<button type="button" data-action="copy" data-target="join-reply">{t("share.copy")}</button></div>'
            f'<p class="quiet">{t("friends.waiting_host")}</p>'
        )
    else:
        body = f"<p>{t('friends.' + state)}</p>"
    return dialog(t("friends.join_title"), body, "")
