"""The fault dialog: something went wrong, what is kept, and Reload (:mod:`pyapp.page.faults`).

It stands above every other dialog and cannot be closed: the page sends the
engine nothing more until it is reloaded.  Plain Python for MicroPython and CPython.
"""

from ..words.i18n import seat_shown_name, t
from .markup import dialog, escape

DETAILS_FIELD = "fault-details"  # the text area "Copy details" copies


def render_fault(session) -> str:
    """The fault on screen (``session.fault``): the game saved up to the last move, a computer seat that
    plays at a simpler level from now on, Reload, and the details to copy (none on a friend's device, which
    is told only that the host's game hit a fault)."""
    fault = session.fault
    body = "<p>" + t("fault.host" if fault["host"] else "fault.saved") + "</p>"
    view = session.view
    if fault["level"] and view is not None and fault["seat"] is not None and fault["seat"] < len(view.seats):
        name = seat_shown_name(view, fault["seat"])
        body += "<p>" + t("fault.level", name=escape(name), level=t("level." + fault["level"])) + "</p>"
    buttons = '<button type="button" class="primary" data-action="reload">' + t("fault.reload") + "</button>"
    if fault["trace"]:
        body += (
            "<details><summary>" + t("fault.details") + "</summary>"
            f'<textarea id="{DETAILS_FIELD}" readonly rows="8" aria-label="{t("fault.details")}">'
            + escape(fault["details"])
            + "</textarea></details>"
        )
        buttons += (
            f'<button type="button" data-action="copy" data-target="{DETAILS_FIELD}" data-said="fault.copied">'
            + t("fault.copy")
            + "</button>"
        )
    return dialog(t("fault.title"), body, buttons)
