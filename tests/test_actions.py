"""One way from a click to its handler: every data-action in the page's markup has a method, and every method
of the action table is reached by a control, a key or an event."""

import re
from pathlib import Path

from pyapp.page import share_view
from pyapp.page.controller import ACTIONS, Controller
from pyapp.page.input import READERS, InputManager

ROOT = Path(__file__).resolve().parents[1]
MARKUP = [*sorted((ROOT / "pyapp" / "page").glob("*.py")), ROOT / "index.html"]


def marked_actions() -> set[str]:
    """Every data-action the page's markup writes: as a literal, as a tool under the hand (view.py's
    ``tools.append(("name", …))``), or as a game that would end the one in progress (``share_view.ENDING``)."""
    found: set[str] = set()
    for path in MARKUP:
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'data-action="([a-z][a-z-]*)"', text))
        found |= set(re.findall(r'tools\.append\(\("([a-z][a-z-]*)"', text))
    return found | set(share_view.ENDING)


def emitted_actions() -> set[str]:
    """The actions the input manager emits itself: a key (Escape), a form's change (its preset), a card."""
    text = (ROOT / "pyapp" / "page" / "input.py").read_text(encoding="utf-8")
    return set(re.findall(r'self\.emit\("([a-z][a-z-]*)"', text)) | {"card"}


def test_every_data_action_has_a_handler_and_every_handler_a_control_or_a_key():
    marked = marked_actions()
    assert marked - set(ACTIONS) == set(), "data-actions with no handler in controller.ACTIONS"
    assert set(ACTIONS) - marked - emitted_actions() == set(), "handlers that no control, key or event reaches"


def test_every_handler_is_a_method_of_the_controller_and_every_reader_of_the_input_manager():
    for action, name in ACTIONS.items():
        assert callable(getattr(Controller, name, None)), f"{action}: Controller.{name} is missing"
    for action, name in READERS.items():
        assert action in ACTIONS and callable(getattr(InputManager, name, None)), action
