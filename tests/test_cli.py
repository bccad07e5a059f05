import json

import pytest
from helpers import arranged, hand_mask, play

from pyapp.cli import main
from pyapp.cli.arena import level_options
from pyapp.cli.terminal import play_in_terminal, read_decision
from pyapp.engine.actions import Action
from pyapp.engine.match import Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import MoonChoice, MoonScoring, Rules, Variant


class TestSimulate:
    def test_prints_json_per_seat(self, capsys):
        assert (
            main(
                [
                    "simulate",
                    "--players",
                    "5",
                    "--hands",
                    "12",
                    "--seed",
                    "2",
                    "--seats",
                    "basic,random,basic,random,basic",
                ]
            )
            == 0
        )
        result = json.loads(capsys.readouterr().out)
        assert result["rules"]["players"] == 5 and result["hands"] == 12
        assert [seat["bot"] for seat in result["seats"]] == ["basic", "random", "basic", "random", "basic"]
        for seat in result["seats"]:
            assert set(seat) == {"seat", "bot", "points_per_hand", "ci95", "moons", "matches_won"}

    def test_wrong_number_of_seats(self, capsys):
        assert main(["simulate", "--hands", "1", "--seats", "basic,random"]) == 2
        assert "one bot for each of the 4 seats" in capsys.readouterr().err

    def test_impossible_rules(self, capsys):
        assert main(["simulate", "--players", "9", "--hands", "1"]) == 2
        assert "3 to 7 players" in capsys.readouterr().err


class TestArena:
    ARGS = ("arena", "--deals", "4", "--seed", "3", "--seats", "medium,basic,basic,basic")

    def test_compares_with_a_baseline_deal_by_deal(self, capsys, tmp_path):
        assert main([*self.ARGS]) == 0
        baseline = capsys.readouterr().out
        assert len(json.loads(baseline)["levels"]["medium"]["per_deal"]) == 4
        (tmp_path / "baseline.json").write_text(baseline)
        assert main([*self.ARGS, "--baseline", str(tmp_path / "baseline.json")]) == 0
        paired = json.loads(capsys.readouterr().out)["against_baseline"]
        assert paired["medium"] == {"difference": 0.0, "ci95": 0.0}  # the same bots on the same deals

    def test_a_baseline_of_other_deals_or_no_file_is_refused(self, capsys, tmp_path):
        assert main([*self.ARGS, "--baseline", str(tmp_path / "missing.json")]) == 2
        assert "Cannot read the baseline" in capsys.readouterr().err
        assert main([*self.ARGS[:-4], "--seed", "4", "--seats", "medium,basic,basic,basic"]) == 0
        (tmp_path / "other.json").write_text(capsys.readouterr().out)
        assert main([*self.ARGS, "--baseline", str(tmp_path / "other.json")]) == 2
        assert "other deals (seed differs)" in capsys.readouterr().err

    def test_each_thinking_level_may_have_its_own_playouts(self, capsys):
        seats = ("--seats", "hard,expert,basic,basic", "--deals", "1")
        assert main(["arena", *seats, "--playouts", "hard=20,expert=40"]) == 0
        result = json.loads(capsys.readouterr().out)
        assert result["options"] == {"levels": {"hard": {"playouts": 20}, "expert": {"playouts": 40}}}
        assert level_options(result["options"], "expert") == {"playouts": 40}
        assert level_options({"playouts": 30}, "hard") == {"playouts": 30} and level_options({}, "basic") == {}
        with pytest.raises(SystemExit):
            main(["arena", *seats, "--playouts", "hard=many"])

    def test_a_level_may_have_options_of_its_own(self, capsys):
        seats = ("--seats", "hard,expert,basic,basic", "--deals", "1", "--playouts", "expert=40")
        assert main(["arena", *seats, "--option", "expert.endgame=0", "--option", "hard.playouts=20"]) == 0
        options = json.loads(capsys.readouterr().out)["options"]
        assert level_options(options, "expert") == {"playouts": 40, "endgame": 0}
        assert level_options(options, "hard") == {"playouts": 20}
        with pytest.raises(SystemExit):
            main(["arena", *seats, "--option", "endgame=0"])


class TestBench:
    def test_json_rows_for_every_configuration(self, capsys):
        assert main(["bench", "--json", "--seconds", "0.01"]) == 0
        rows = json.loads(capsys.readouterr().out)
        assert {(row["variant"], row["players"]) for row in rows} >= {
            ("classic", 4),
            ("omnibus", 4),
            ("cancellation", 10),
        }
        assert all(row["public_api_hands_per_s"] > 0 and row["fast_path_hands_per_s"] > 0 for row in rows)

    def test_table(self, capsys):
        assert main(["bench", "--seconds", "0.01"]) == 0
        assert "fast path" in capsys.readouterr().out


class TestTerminalPlay:
    def test_plays_a_whole_match_from_typed_input(self, capsys):
        seen: list[str] = []
        hand: list[str] = []

        def ask(prompt: str) -> str:
            shown = capsys.readouterr().out
            seen.append(shown)
            for line in shown.splitlines():
                if line.startswith("Your hand: "):
                    hand[:] = line.removeprefix("Your hand: ").split()
            if len(seen) == 1:
                return "nonsense"
            if prompt.startswith("Pass"):
                return " ".join(hand[:3])
            if prompt.startswith("You shot"):
                return "add"
            return prompt.split("(")[1].split()[0].rstrip("):")  # the first legal card shown

        match = play_in_terminal(Rules(target=30), seed=4, ask=ask)
        text = "".join(seen) + capsys.readouterr().out
        assert match.winners
        assert "Not a card: 'nonsense'" in text
        assert "Game over" in text


def test_the_moon_question_names_the_moons_points():
    rules = Rules(players=6, variant=Variant.CANCELLATION, moon=MoonScoring.SHOOTER_CHOOSES)
    match = arranged(["2C", "3C", "4C", "5C", "6C", "7C"], rules)
    match.taken[0] = hand_mask("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS " * 2, set())
    play(match, "2C", "3C", "4C", "5C", "6C", "7C")
    assert match.phase is Phase.MOON and match.current_seat == 0
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "subtract"

    assert read_decision(observe(match, 0), ask) == Action.moon(0, MoonChoice.SUBTRACT_FROM_SELF)
    assert "+52 to the others" in prompts[0] and "−52 to you" in prompts[0]
