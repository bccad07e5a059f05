"""Draw a finished hand's review: the hand trick by trick, and what each of the person's choices was worth.

The review (:class:`pyapp.shared.protocol.Review`) comes from the engine; the page
keeps which page of it is open (``session.review_page``: the pass first,
when there was one, then each trick).  Words, not only numbers: every
decision gets a sentence ("K♠: expected +3.1 points; 4♠ was better."), and
one more saying why, worded as the hint and the coach word it
(:mod:`pyapp.page.words.play_reasons`); its choices are listed with their
expected points (what those are is said above them), the one made, the
best and those about as good as it (within the estimate's noise) marked.
Plain Python for MicroPython and CPython.
"""

from ..words.i18n import decimal, t, t_about
from ..words.play_reasons import pass_reason_text, why_text
from .markup import SUIT_CLASS, close_button, dialog, escape, seat_name, seat_names, short_card, trick_figures

PASS_PAGE = -1  # the review's page of the pass (the others are the tricks' numbers)
PASSES_SHOWN = 5  # of the twenty passes played out, the best few are listed (and the one made, always)


def coloured(cards) -> str:
    """Cards written short, each in its suit's colour."""
    return " ".join(f'<span class="{SUIT_CLASS[card[1]]}">{short_card(card)}</span>' for card in cards)


def review_pages(review) -> list:
    """The pages of a review: the pass (when cards were passed), then every trick."""
    pages = [PASS_PAGE] if review.passed else []
    return pages + list(range(len(review.tricks)))


def lost_line(lost: float, game_lost: float) -> str:
    """How many points the mistakes cost, in this hand and in the game's reviewed hands."""
    return t("review.lost", hand=decimal(lost), game=decimal(game_lost))


def as_good(decision, cards) -> bool:
    """Whether ``cards`` (one of the decision's choices) were about as good as the best."""
    return any(choice == cards and good for choice, _, good in decision.choices)


def decision_text(decision) -> str:
    """A decision in words: what was chosen, how it compares with the best, and why it cost points."""
    made = coloured(decision.made)
    what = t("review.passing", cards=made) if decision.trick == PASS_PAGE else made
    best = coloured(decision.choices[0][0])
    if decision.made == decision.choices[0][0]:
        return t("review.best", what=what)
    if as_good(decision, decision.made):
        return t("review.as_good", what=what, best=best)
    key = "review.mistake" if decision.mistake else "review.close"
    words = t(key, what=what, lost=decimal(decision.lost), best=best)
    if decision.trick == PASS_PAGE:  # the better pass's reason, as the hint words it
        why = pass_reason_text(decision.why[0], coloured(decision.why[1])) if decision.why[0] else ""
    else:
        why = why_text(decision.why, coloured)
    return f"{words} {why}" if why else words


def render_decision(session, decision) -> str:
    """One decision: its sentences, then every choice with its expected points (the one made, the best and
    those about as good marked)."""
    view = session.view
    who = f"{seat_name(view, decision.seat)}: " if view.party else ""
    rows = []
    for number, (cards, points, good) in enumerate(decision.choices):
        if decision.trick == PASS_PAGE and number >= PASSES_SHOWN and cards != decision.made:
            continue
        marks = []
        if cards == decision.made:
            made = "review.passed_mark" if decision.trick == PASS_PAGE else "review.made"  # a pass is not played
            marks.append(f'<span class="mark">{t(made)}</span>')
        if number == 0:
            marks.append(f'<span class="mark best">{t("review.best_mark")}</span>')
        elif good:
            marks.append(f'<span class="mark best">{t("review.as_good_mark")}</span>')
        classes = "made" if cards == decision.made else ""
        rows.append(
            f'<li class="{classes}"><span class="cards">{coloured(cards)}</span>'
            f'<span class="points">{decimal(points)}</span>{"".join(marks)}</li>'
        )
    kind = " mistake" if decision.mistake else ""
    return (
        f'<div class="decision{kind}"><p>{who}{decision_text(decision)}</p>'
        f'<p class="quiet">{t("review.points")}</p>'
        f'<ol class="choices" aria-label="{t("review.points")}">{"".join(rows)}</ol></div>'
    )


def render_review(session) -> str:
    """The review dialog at its open page, with the way to the other pages."""
    view, review = session.view, session.review
    pages = review_pages(review)
    index = min(max(session.review_page, 0), len(pages) - 1)
    page = pages[index]
    decisions = [decision for decision in review.decisions if decision.trick == page]
    if page == PASS_PAGE:
        heading = t("review.pass")
        cards, name, received = coloured(review.passed), seat_name(view, review.pass_to), coloured(review.received)
        if view.party:  # a shared device: the review names whose pass it was
            who = seat_name(view, session.review_seat)
            body = f"<p>{t_about('review.passed_by', name, who=who, cards=cards, received=received)}</p>"
        else:
            body = f"<p>{t_about('review.passed', name, cards=cards, received=received)}</p>"
    else:
        trick = review.tricks[page]
        heading = t("review.trick", number=page + 1, count=len(review.tricks))
        body = f'<div class="last-trick">{trick_figures(trick, seat_names(view))}</div>'
    body += "".join(render_decision(session, decision) for decision in decisions)
    if not decisions and page != PASS_PAGE:
        body += f'<p class="quiet">{t("review.no_choice")}</p>'
    head = f'<p class="review-lost">{lost_line(review.lost, review.game_lost)}</p><h3>{heading}</h3>'
    back = "" if index > 0 else " disabled"
    forward = "" if index + 1 < len(pages) else " disabled"
    buttons = (
        f'<button type="button" data-action="review-page" data-page="{index - 1}"{back}>{t("review.previous")}</button>'
        f'<button type="button" class="primary" data-action="review-page" data-page="{index + 1}"{forward}>'
        f"{t('review.next')}</button>"
        f"{close_button()}"
    )
    return dialog(t("review.title", number=review.hand + 1), f'<div class="review">{head}{body}</div>', buttons)


def review_button(session, hand: int) -> str:
    """The summary's way to the hand's review: a button once it is computed (party mode: one for each
    person at this device, named, as each is computed), else what is happening; none on the table's own
    screen (each person's review is on their own device)."""
    view = session.view
    if session.table_screen:
        return ""
    if session.party:
        here = [seat for seat, s in enumerate(view.seats) if s.bot is None and not s.friend]
        ready = [seat for seat in here if session.reviewed(hand, seat)]
        buttons = "".join(
            f'<button type="button" data-action="review" data-hand="{escape(hand)}" data-seat="{seat}">'
            f"{t('review.open_for', name=seat_name(view, seat))}</button>"
            for seat in ready
        )
        return buttons + ("" if len(ready) == len(here) else waiting_button(session))
    if session.reviewed(hand, view.seat):
        return f'<button type="button" data-action="review" data-hand="{escape(hand)}">{t("review.open")}</button>'
    return waiting_button(session)


def waiting_button(session) -> str:
    """A review not computed yet: what is happening (a disabled button in its place)."""
    key = "review.unavailable" if session.reviews_failed else "review.pending"
    return f'<button type="button" disabled>{t(key)}</button>'
