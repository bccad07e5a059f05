"""The person's statistics and the score chart (the page's plain-Python layer)."""

import json
import random

from helpers import Engine

from pyapp.engine.rules import PRESETS
from pyapp.page import player_stats
from pyapp.page.session import Session
from pyapp.page.views import sheet_view, view
from pyapp.page.views.chart import BOTTOM, HEIGHT, TOP, render_chart, totals_by_hand
from pyapp.shared import protocol

PRESET_LIST = [{"name": name, "rules": rules.to_dict()} for name, rules in PRESETS.items()]
SEATS = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "basic"}] * 3


def finished_game(seed: int, rules: dict) -> tuple:
    """The last view of a whole game and its results."""
    engine = Engine(speed="instant")
    answer = engine.start(SEATS, seed, **rules)
    rng = random.Random(seed)
    results: list = []
    while answer.view.step != "over":
        answer = engine.step(answer, rng)
        results = results[: answer.results_count - len(answer.new_results)] + answer.new_results
    return answer.view, results


class TestStatistics:
    def test_a_finished_game_counts_once_under_its_preset(self):
        stats = player_stats.empty()
        game, results = finished_game(1, {"target": 30})
        assert player_stats.record(stats, game, results, PRESET_LIST)
        assert not player_stats.record(stats, game, results, PRESET_LIST)  # a reload on the game-over screen
        entry = stats["presets"]["custom"]
        assert entry["games"] == 1 and entry["hands"] == len(results)
        assert entry["points"] == game.scores[0]
        assert entry["wins"] == (1 if 0 in game.winners else 0)
        assert entry["queens"] == sum(1 for r in results if r.queen == 0)
        classic = finished_game(2, PRESETS["classic"].replace(target=100).to_dict())
        player_stats.record(stats, *classic, PRESET_LIST)
        assert set(stats["presets"]) == {"custom", "classic"}
        assert player_stats.total(stats)["games"] == 2

    def test_damaged_statistics_start_afresh_and_round_trip(self):
        assert player_stats.read("{not json") == (player_stats.empty(), "damaged")
        assert player_stats.read('{"version": 9, "presets": {}}') == (player_stats.empty(), "newer")
        stats = player_stats.empty()
        player_stats.record(stats, *finished_game(3, {"target": 30}), PRESET_LIST)
        assert player_stats.read(json.dumps(stats)) == (stats, "ok")

    def test_derived_figures(self):
        entry = {"games": 4, "wins": 1, "hands": 20, "points": 250, "moons": 1, "queens": 3}
        assert player_stats.derived(entry) == {"win_rate": 25, "average": 62.5}
        assert player_stats.derived(dict(entry, games=0)) == {"win_rate": None, "average": None}

    def test_the_panel_lists_presets_and_asks_before_resetting(self):
        session = Session()
        player_stats.record(session.stats, *finished_game(4, {"target": 30}), PRESET_LIST)
        session.panel = "stats"
        session.view = None
        html = view.render_dialog(session, {"presets": PRESET_LIST})
        assert "Custom rules" in html and "All games" in html and 'data-action="ask-reset-stats"' in html
        session.confirm_reset = True
        assert 'data-action="reset-stats"' in view.render_dialog(session, {"presets": PRESET_LIST})


def hands(*added: list) -> list:
    """Results of hands that added ``added`` (one list a hand), with the running totals the engine writes."""
    results, totals = [], [0] * len(added[0])
    for points in added:
        totals = [total + point for total, point in zip(totals, points, strict=True)]
        fields = {"taken": points, "added": points, "shooter": None, "choice": None, "queen": None}
        results.append(protocol.Result(dict(fields, totals=totals)))
    return results


class TestChart:
    def test_running_totals(self):
        results = hands([1, 2, 0], [26, 0, 26])
        assert totals_by_hand(results, 3) == [[0, 1, 27], [0, 2, 2], [0, 0, 26]]

    def test_one_line_per_player_with_the_target_and_a_legend(self):
        results = hands([5, 8, 0, 13], [0, 26, 0, 0])
        svg = render_chart(["A", "B", "C", "&lt;D&gt;"], results, 50, "Score chart")  # B's 34 is near 50
        assert svg.count("<polyline") == 4 and 'class="target"' in svg and "&lt;D&gt;" in svg
        assert 'aria-label="Score chart"' in svg

    def test_early_totals_fill_the_chart_and_a_far_target_is_only_pointed_at(self):
        results = hands([3, 13, 10, 0])
        svg = render_chart(["A", "B", "C", "D"], results, 100, "Score chart")
        lines = [line.split('"')[0] for line in svg.split('points="')[1:]]
        tops = [float(point.split(",")[1]) for line in lines for point in line.split()]
        assert min(tops) < TOP + (HEIGHT - TOP - BOTTOM) * 0.2  # 13 of 100 points near the top, not in a heap at 0
        assert 'class="target"' not in svg and "↑ 100" in svg

    def test_equal_totals_are_drawn_apart(self):
        svg = render_chart(["A", "B"], hands([0, 0]), 100, "Score chart")
        first, second = (line.split('"')[0] for line in svg.split('points="')[1:])
        assert first != second

    def test_the_sheet_shows_the_chart_once_a_hand_is_scored(self):
        session = Session()
        game, results = finished_game(5, {"target": 30})
        session.show(game, len(results), results, fresh=True)
        assert "<svg" in sheet_view.render_sheet(session)
