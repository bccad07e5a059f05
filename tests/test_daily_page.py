"""The deal of the day on the page (on CPython): played from the menu, not counted in the statistics, no hint
or undo, its result kept on the board and shared by link; a friend's link opened on another page is checked
by replaying it, verified or not, and kept on that page's board."""

import json
from types import SimpleNamespace

import pytest
from test_controller import booted, page, play_to, run_async, until

from pyapp.bots import steady
from pyapp.page import daily_board, player_stats
from pyapp.page.storage import MemoryStore
from pyapp.page.views.hand_end_view import daily_offer
from pyapp.page.views.markup import short_card
from pyapp.page.waiting_game import WAITING_KEY
from pyapp.page.words.i18n import t
from pyapp.shared import protocol

DAY = "2026-12-02"  # the test page's today (tests/test_controller.py's Actuator)


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(steady, "PLAYOUTS", 40)


class Native:
    """The share sheet's absence, as a page without navigator.share has it."""

    @staticmethod
    def has(target, name):
        return False


async def played_daily(store: MemoryStore) -> tuple:
    """A page that has played today's deal to its end from the menu: (controller, actuator, result link)."""
    controller, actuator = await booted(store, 7)
    await controller.perform("open", {"panel": "daily"})
    assert t("daily.play") in actuator.html and t("daily.about") in actuator.html
    await controller.perform("daily", {"date": ""})  # (the board's button: today's)
    assert controller.session.panel == "ends" and t("daily.ends") in actuator.html  # a game is on
    await controller.perform("daily", {"date": DAY, "confirmed": True})
    view = controller.session.view
    assert view.daily == DAY and view.rules["hands"] == 4 and not controller.session.panel
    assert 'data-action="hint"' not in actuator.html and 'data-action="undo"' not in actuator.html
    assert t("info.daily_hand", number=1, count=4) in actuator.html
    await play_to(controller, protocol.STEP_OVER)
    await until(lambda: daily_board.day_of(controller.session.daily, DAY)["mine"] is not None)
    assert t("over.daily_share") in actuator.html
    actuator.window.Reflect = Native
    await controller.perform("share", {})
    link = controller.session.share["result"]
    assert link.startswith("http://127.0.0.1:8000/?result=") and link.endswith("&by=Ann")
    assert not controller.session.share["deal"]
    return controller, actuator, link


def test_a_daily_game_is_played_kept_on_the_board_and_not_counted_and_its_link_verifies_on_another_page():
    async def run():
        store = MemoryStore()
        controller, actuator, link = await played_daily(store)
        stats = json.loads(store.getItem(player_stats.STATS_KEY) or json.dumps(player_stats.empty()))
        assert player_stats.total(stats)["games"] == 0  # not counted in the statistics
        board = json.loads(store.getItem(daily_board.DAILY_KEY))
        mine = board["days"][DAY]["mine"]
        assert mine["link"] == link.split("?", 1)[1] and len(mine["hands"]) == 4
        await controller.perform("open", {"panel": "daily"})
        assert t("daily.play_again") in actuator.html and escape_free(link) in actuator.html
        assert t("daily.streak", count=1) in actuator.html
        # Another page (a friend's, who has not played) opens the link: checked, verified, kept.
        friend, seen, worker = page(MemoryStore())
        worker.gate.set()
        await friend.startup.boot(worker.started(), "?utm_source=chat&" + link.split("?", 1)[1] + "&")
        verdict = friend.session.verdict["verdict"]
        assert verdict.verified and verdict.name == "Ann" and verdict.date == DAY
        assert verdict.scores == mine["scores"] and friend.session.panel == "verdict"
        assert t("verdict.verified", name="Ann", date=t("daily.date", day=2, month=t("month.12"))) in seen.html
        assert t("verdict.play") in seen.html and t("verdict.replay") in seen.html
        # Not played on that page yet: places and points first, how they played folded with a warning.
        dialog = seen.html[seen.html.index(t("verdict.title")) :]
        assert dialog.index('<details class="spoiler">') < dialog.index(t("verdict.replay"))
        assert dialog.index('<details class="spoiler">') < dialog.index(cards_passed(mine["hands"][0]))
        assert dialog.index(f'class="primary" data-action="daily" data-date="{DAY}"') > dialog.index("spoiler")
        (kept,) = daily_board.day_of(friend.session.daily, DAY)["friends"]
        assert kept["link"] == link.split("?", 1)[1]  # as the engine writes it (no other parameters)
        # The friend plays the same deal from the result (their game in progress ends when they say so).
        await friend.perform("daily", {"date": DAY, "confirmed": True})
        assert friend.session.view.daily == DAY
        # The first page opens a tampered link: not verified, not kept.
        payload = link.split("result=", 1)[1].split("&")[0]
        tampered = payload[:-1] + ("A" if payload[-1] != "A" else "B")
        await controller.games.check_result("result=" + tampered)
        verdict = controller.session.verdict["verdict"]
        assert not verdict.verified and t("verdict.not_verified") in actuator.html
        assert f'data-panel="daily">{t("nav.daily")}<' in actuator.html  # today's deal offered (played: its board)
        assert daily_board.day_of(controller.session.daily, DAY)["friends"] == []
        await controller.games.check_result(link.split("?", 1)[1])  # their own: verified, not a friend's
        assert controller.session.verdict["verdict"].verified
        assert daily_board.day_of(controller.session.daily, DAY)["friends"] == []

    run_async(run())


def cards_passed(hand: dict) -> str:
    """A hand's pass as a verdict's hand line writes its first card (the short text, in its suit's colour)."""
    return short_card(hand["passed"][0])


def escape_free(text: str) -> str:
    """A link as the page's markup writes it (``&`` escaped)."""
    return text.replace("&", "&amp;")


def test_the_board_reads_what_it_wrote_and_sets_aside_what_it_cannot_read():
    board = daily_board.empty()
    hand = {"passed": ["QS"], "taken": [0, 13, 0, 13], "queen": 1, "shooter": None}
    entry = {"link": "result=A", "name": "", "scores": [1, 2, 3, 4], "hands": [hand]}
    assert daily_board.add_mine(board, "2026-12-01", entry) and not daily_board.add_mine(board, "2026-12-01", entry)
    assert daily_board.add_mine(board, "2026-11-30", entry) and not daily_board.add_friend(board, "2026-12-01", entry)
    assert daily_board.add_friend(board, "2026-12-01", dict(entry, link="result=B"))  # (not the person's own)
    assert not daily_board.add_friend(board, "2026-12-01", dict(entry, link="result=B&by=Eva"))  # the same result
    assert daily_board.read(json.dumps(board)) == (board, "ok")
    assert daily_board.streak(board, "2026-12-02", "2026-12-01") == 2
    assert daily_board.streak(board, "2026-12-03", "2026-12-02") == 0
    wrong = [
        dict(entry, scores=[1, 2]),
        dict(entry, name=None),
        {name: value for name, value in entry.items() if name != "name"},
        dict(entry, hands=[dict(hand, passed=["ZZ"])]),
        dict(entry, hands=[dict(hand, taken=[])]),
        dict(entry, hands=[dict(hand, queen=7)]),
    ]
    days = {"2026-13-01": {"mine": entry, "friends": []}, "2026-12-05": {"mine": 3, "friends": []}}
    days.update({f"2025-01-{number + 10}": {"mine": item, "friends": []} for number, item in enumerate(wrong)})
    damaged = dict(board, days=dict(board["days"], **days))
    assert daily_board.read(json.dumps(damaged)) == (board, "damaged")
    assert daily_board.read(json.dumps(dict(board, version=2)))[1] == "newer"
    assert [daily_board.previous_day(day) for day in ("2026-03-01", "2024-03-01", "2026-01-01", "2026-12-10")] == [
        "2026-02-28",
        "2024-02-29",
        "2025-12-31",
        "2026-12-09",
    ]


def test_another_games_end_offers_the_deal_of_the_day_while_todays_is_to_play():
    board = daily_board.empty()
    session = SimpleNamespace(view=SimpleNamespace(daily=None), today=DAY, daily=board, may=lambda intent: True)
    assert 'data-panel="daily"' in daily_offer(session)
    entry = {"link": "result=A", "name": "", "scores": [1, 2, 3, 4], "hands": []}
    daily_board.add_mine(board, DAY, entry)
    assert daily_offer(session) == ""  # played today
    session.view.daily, board["days"] = DAY, {}
    assert daily_offer(session) == ""  # the end of the deal of the day itself offers Share


def test_a_hand_is_played_again_from_its_summary_as_a_game_of_its_own_not_counted_while_the_game_waits():
    async def run():
        store = MemoryStore()
        controller, actuator = await booted(store, 7)
        await play_to(controller)
        assert t("replay.play") in actuator.html
        waiting_view, waiting_results = controller.session.view, list(controller.session.results)
        await controller.perform("replay", {"hand": 0})
        assert controller.session.panel != "ends" and controller.session.game_waiting  # the game in progress waits
        view = controller.session.view
        assert view.rules["hands"] == 1 and view.hand_index == 0 and controller.session.results == []
        assert t("info.replay", number=1) in actuator.html and t("info.not_counted") in actuator.html
        await play_to(controller, protocol.STEP_OVER)
        assert len(controller.session.results) == 1  # one hand, then the game is over
        stats = json.loads(store.getItem(player_stats.STATS_KEY) or json.dumps(player_stats.empty()))
        assert player_stats.total(stats)["games"] == 0  # not counted
        assert f'data-action="resume">{t("over.resume")}<' in actuator.html  # what the end offers first
        reloaded, actuator = await booted(store, 7)  # (it waits through a reload too)
        assert reloaded.session.game_waiting and t("over.resume") in actuator.html
        await reloaded.perform("resume", {})
        session = reloaded.session
        assert not session.game_waiting and store.getItem(WAITING_KEY) is None
        assert session.view.game_key == waiting_view.game_key and session.view.step == waiting_view.step
        assert [r.totals for r in session.results] == [r.totals for r in waiting_results]  # where it was
        assert t("aside.waiting") not in " ".join(actuator.notices)
        await reloaded.perform("replay", {"hand": 0})
        await play_to(reloaded, protocol.STEP_OVER)
        await reloaded.perform("again", {})  # another game, while the first still waits
        await play_to(reloaded)
        await reloaded.perform("replay", {"hand": 0})  # one game waits at a time: this one may end, if said
        assert session.panel == "ends" and t("replay.ends") in actuator.html and session.game_waiting

    run_async(run())
