"""The deal of the day: its deal and rules from the date, its result link (read as hostile text) and the
verification that replays a result against the steady computer players."""

import base64
import dataclasses
from functools import cache

import pytest
from helpers import Engine
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.bots import steady
from pyapp.bots.medium import MediumBot
from pyapp.daily.day import ENGINE_VERSION, PERSON, DayError, daily_game, day_number
from pyapp.daily.result import (
    MAX_TEXT,
    PARAMETER,
    Claim,
    ResultError,
    claim_of,
    read_result,
    read_result_query,
    result_query,
    result_text,
)
from pyapp.engine.actions import ActionKind
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rng import is_seed
from pyapp.host.links import MAX_SEED
from pyapp.host.table import Table
from pyapp.host.verify import NotVerified, Verified, verify
from pyapp.shared import protocol

DAY = "2026-12-02"
# The digest of DAY's game with the person played by Medium, as ENGINE_VERSION's computer players play it.
# How a payload of this version (and of the one before) begins: its first byte is the version.
NOW, BEFORE = (base64.urlsafe_b64encode(bytes([version, 1, 0x4F])).decode()[:2] for version in (ENGINE_VERSION, 1))
VERSION_DIGESTS = {1: "edd5e2e9", 2: "a3dc2996"}  # 2: Expert solves the last three tricks


@cache
def played(day: str, playouts: int, computer_first: bool = False) -> Match:
    """The day's game played to its end, the person's decisions made by Medium (the computer at ``playouts``;
    ``computer_first``: the computer passes before the person, as on a page, else after)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(steady, "PLAYOUTS", playouts)
        table = Table.new(daily_game(day).options())
        person = MediumBot(0)
        while table.match.phase is not Phase.OVER:
            if table.people_to_act and not (computer_first and table.bots_to_act):
                table.act(person.decide(observe(table.match, PERSON)).to_dict())
            else:
                table.bot_step()
    return table.match


class TestTheDay:
    def test_a_date_gives_its_deal_and_the_rules_of_a_four_hand_game(self):
        game = daily_game(DAY)
        assert game == daily_game(DAY) and game.seed != daily_game("2026-12-03").seed
        assert is_seed(game.seed) and game.seed <= MAX_SEED
        assert game.rules.hands == 4 and game.rules.players == 4 and game.rules.variant == "classic"
        table = Table.new(game.options("Ann"))
        assert table.steady and table.match.seed == game.seed and table.seats[0].name == "Ann"
        assert [seat.bot for seat in table.seats] == [None, "expert", "expert", "expert"]

    @pytest.mark.parametrize(
        "day", ["2026-02-30", "2026-1-01", "20261201", "２０２６-12-01", "2025-12-31", "2205-06-08", "", None, 20261202]
    )
    def test_what_is_not_a_day_is_refused_with_a_reason(self, day):
        with pytest.raises(DayError) as refused:
            daily_game(day)
        assert refused.value.args[0].code == "daily_date"

    def test_the_days_a_link_names(self):
        assert day_number("2026-01-01") == 0 and day_number("2205-06-07") == 2**16 - 1


class TestAResultLink:
    def test_a_claim_round_trips_and_is_short(self):
        claim = Claim(DAY, (104, 0, 26, 0), b"\x01\x02\x03\x04", 3**130)
        text = result_text(claim)
        assert read_result(text) == claim and len(PARAMETER) + 1 + len(text) <= MAX_TEXT

    @pytest.mark.parametrize(
        ("text", "code"),
        [
            ("", "result_unreadable"),
            ("A", "result_unreadable"),
            (f"{NOW}FP", "result_short"),
            (f"{NOW}FPGg!NBwAAAAAwOQ", "result_unreadable"),
            (f"{NOW}FPGgANBwAAAAAwOQ==", "result_unreadable"),  # padding is not written
            (f"{NOW}FPGgANBwAAAAAAMDk", "result_unreadable"),  # a leading zero is not written
            (f"{NOW}FPGgANBwAAAAAwOR", "result_unreadable"),  # stray bits
            (f"{BEFORE}FPGgANBwAAAAAwOQ", "result_version"),
            ("A" * (MAX_TEXT + 1), "result_long"),
            (None, "result_unreadable"),
            ([f"{NOW}FPGgANBwAAAAAwOQ"], "result_unreadable"),
        ],
    )
    def test_anything_else_is_refused_with_a_reason(self, text, code):
        with pytest.raises(ResultError) as refused:
            read_result(text)
        assert refused.value.args[0].code == code

    @settings(max_examples=300, deadline=None)
    @given(st.binary(max_size=160), st.booleans())
    def test_random_bytes_are_a_claim_or_refused_never_an_error(self, data, versioned):
        data = bytes([ENGINE_VERSION]) + data if versioned else data
        text = base64.urlsafe_b64encode(data).decode().rstrip("=")
        try:
            claim = read_result(text)
        except ResultError as error:
            assert error.args[0].code.startswith("result_")
        else:
            assert result_text(claim) == text

    @settings(max_examples=300, deadline=None)
    @given(st.text(max_size=250))
    def test_random_text_is_a_claim_or_refused_never_an_error(self, text):
        try:
            read_result(text)
        except ResultError as error:
            assert error.args[0].code.startswith("result_")

    def test_an_unfinished_or_other_game_has_no_result(self):
        with pytest.raises(ResultError):
            claim_of(DAY, Table.new(daily_game(DAY).options()).match)
        with pytest.raises(ResultError):
            claim_of("2026-12-03", played(DAY, steady.PLAYOUTS))


class TestARealDailyGame:
    """One whole daily game as the computer plays it (its own budget): verified, and its link's length."""

    def test_it_round_trips_to_a_verified_result(self):
        match = played(DAY, steady.PLAYOUTS)
        query = result_query(DAY, match)
        assert query.startswith(PARAMETER + "=") and len(query) <= 60  # about 40: far below 200
        result = verify(query.split("=", 1)[1], DAY)
        assert isinstance(result, Verified), result
        assert result.scores == tuple(match.scores) and result.date == DAY and result.winners == match.winners
        assert [hand.direction for hand in result.hands] == ["left", "right", "across", "hold"]
        for number, hand in enumerate(result.hands):
            start, end = match.hand_span(number)
            passes = [a.cards for a in match.history[start:end] if a.seat == PERSON and a.kind is ActionKind.PASS]
            assert hand.passed == (passes[0] if passes else ())
            assert (hand.taken, hand.added, hand.queen) == (
                match.results[number].taken,
                match.results[number].added,
                match.results[number].queen,
            )
            assert len(hand.tricks) == 13 and sum(len(trick.plays) for trick in hand.tricks) == 52
        data = result.to_data()
        assert data["verified"] and data["hands"][0]["tricks"][0]["plays"][0][1] == "2C"

    def test_the_engine_version_names_how_the_computer_plays(self):
        """When this fails the computer players decide otherwise than ENGINE_VERSION's did: bump it (old
        result links are then refused as of another version) and pin this game's new digest."""
        claim = claim_of(DAY, played(DAY, steady.PLAYOUTS))
        assert VERSION_DIGESTS.get(ENGINE_VERSION) == claim.digest.hex()


class TestWhatIsNotVerified:
    """Each a different way a link lies, on a game played quickly (the computer at a small budget)."""

    @pytest.fixture(autouse=True)
    def quick(self, monkeypatch):
        monkeypatch.setattr(steady, "PLAYOUTS", 40)

    def claim(self) -> Claim:
        claim = claim_of(DAY, played(DAY, 40))
        assert isinstance(verify(result_text(claim)), Verified)
        return claim

    def outcome(self, claim: Claim, day: str | None = None) -> str:
        result = verify(result_text(claim), day)
        assert isinstance(result, NotVerified)
        assert result.to_data()["refusal"]["code"] == result.reason.code
        return result.reason.code

    def test_the_order_the_seats_passed_in_is_not_part_of_the_game(self):
        computer_first = played(DAY, 40, computer_first=True)
        person_first = played(DAY, 40)
        assert computer_first.history != person_first.history
        assert claim_of(DAY, computer_first) == self.claim()
        assert isinstance(verify(result_text(claim_of(DAY, computer_first))), Verified)

    def test_a_changed_score(self):
        claim = self.claim()
        scores = (claim.scores[0] - 1, *claim.scores[1:]) if claim.scores[0] else (1, *claim.scores[1:])
        assert self.outcome(dataclasses.replace(claim, scores=scores)) == "result_scores"

    def test_a_changed_move(self):
        claim = self.claim()
        assert self.outcome(dataclasses.replace(claim, decisions=claim.decisions + 1)) == "result_moves"

    def test_more_moves_than_the_game_has(self):
        claim = self.claim()
        assert self.outcome(dataclasses.replace(claim, decisions=claim.decisions + 2**400)) == "result_moves"

    def test_another_days_deal(self):
        claim = self.claim()
        assert self.outcome(dataclasses.replace(claim, date="2026-12-03")) == "result_moves"
        assert self.outcome(claim, day="2026-12-03") == "result_other_day"

    def test_another_engine_version(self):
        text = result_text(self.claim())
        other = base64.urlsafe_b64encode(bytes([ENGINE_VERSION + 1])).decode()[:2]
        result = verify(other + text[2:])
        assert isinstance(result, NotVerified) and result.reason.code == "result_version"


def test_a_daily_game_through_the_pages_engine_with_a_reload_verifies(monkeypatch):
    """Started as the page starts it, reloaded in the second hand: no hint, no undo, and once it is over
    Share gives its result link and the result, which the link's verification replays to."""
    monkeypatch.setattr(steady, "PLAYOUTS", 40)
    engine = Engine(speed="instant")
    answer = engine.send(protocol.DAILY, date=DAY, name="Ann")
    assert answer.ok and answer.view.rules["hands"] == 4 and answer.view.daily == DAY
    assert engine.host.table_or_refuse().seats[0].name == "Ann" and not answer.view.can_undo
    assert engine.send(protocol.HINT).refusal.code == "hint_daily"
    answer = engine.play_until(answer, lambda answer: len(engine.host.table_or_refuse().match.history) > 70)
    assert engine.send(protocol.UNDO).refusal.code == "undo_daily"
    reloaded = Engine(speed="instant")
    answer = reloaded.send(protocol.LOAD, saved=engine.saved())
    assert answer.ok and reloaded.host.table_or_refuse().steady and answer.view.daily == DAY
    assert reloaded.send(protocol.SHARE).refusal.code == "result_unfinished"  # not over: no link to share
    answer = reloaded.play_until(answer, lambda answer: answer.view.phase == "over")
    shared = reloaded.send(protocol.SHARE)
    assert shared.query == result_query(DAY, reloaded.host.table_or_refuse().match, "Ann")
    assert shared.query.endswith("&by=Ann")
    checked = Engine().send(protocol.VERIFY, query="?" + shared.query)
    assert checked.ok and checked.verdict.verified and checked.verdict.date == DAY
    assert raw_verdict(checked) == raw_verdict(shared) and len(checked.verdict.hands) == 4
    assert checked.verdict.name == "Ann" and Engine().send(protocol.VERIFY, query=shared.query[:-7]).verdict.name == ""


def raw_verdict(answer: protocol.Answer) -> object:
    """An answer's verdict as plain data (to compare)."""
    return plain(answer.verdict)


def plain(value: object) -> object:
    """A record read from an answer as plain data again."""
    if isinstance(value, protocol.Record):
        return {name: plain(getattr(value, name)) for name in value.FIELDS}
    return [plain(item) for item in value] if isinstance(value, list) else value


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({**daily_game(DAY).options(), "seed": 5}, "daily_options"),
        ({**daily_game(DAY).options(), "steady": False}, "daily_options"),
        ({**daily_game(DAY).options(), "daily": "2026-12-03"}, "daily_options"),
        ({**daily_game(DAY).options(), "daily": "yesterday"}, "daily_options"),
    ],
)
def test_a_game_is_a_deal_of_the_day_only_when_it_is_one(options, code):
    assert Engine().send(protocol.START, options=options).refusal.code == code


def test_a_damaged_result_link_is_not_verified_and_says_why():
    checked = Engine().send(protocol.VERIFY, query="result=AQFPGg!NBwAAAAAwOQ&by=%3Cb%3EEva%3C/b%3E")
    assert checked.ok and not checked.verdict.verified and checked.verdict.refusal.code == "result_unreadable"
    assert checked.verdict.name == "<b>Eva</b>" and checked.query is None  # (the page escapes the name)
    for query in ("", "result", "by=Eva", "result=a&result=b&x=1&y=2&z=3", "%zz", "&".join(["x=1"] * 20)):
        assert Engine().send(protocol.VERIFY, query=query).verdict.refusal.code == "result_unreadable"
    assert read_result_query("by=%E2%80%AEav%07E&result=A") == ("A", "avE")  # (no control or bidi characters)
    assert Engine().send(protocol.DAILY, date="2026-02-30").refusal.code == "daily_date"
