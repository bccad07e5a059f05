"""The page's plain-Python layer (it also runs on MicroPython): rendering, session, storage."""

import itertools
import json
import math
import re
from pathlib import Path

import pytest
from helpers import Engine

from pyapp.host.catalog import catalog
from pyapp.host.reviews import run_job
from pyapp.page import first_deal
from pyapp.page.session import Session
from pyapp.page.storage import BROKEN_KEY, SETTINGS_KEY, MemoryStore, Storage, game_keys, set_aside
from pyapp.page.views import form_view, friends_view, hand_view, markup, review_view, sheet_view, table_view, view
from pyapp.page.words import i18n
from pyapp.shared import protocol, storage_keys

SEATS = [{"name": "<b>Ann</b>", "bot": None}] + [{"name": "", "bot": "basic"}] * 3


def session_for(answer: protocol.Answer, ready: bool = True) -> Session:
    session = Session()
    session.show(answer.view, answer.results_count, answer.new_results, ready=ready, fresh=True)
    return session


def new_game(seed: int = 1, seats: list = SEATS) -> protocol.Answer:
    return Engine().start(seats, seed)


def twin_deal() -> tuple:
    """A Cancellation Hearts game (two packs) whose first hand holds two equal cards, and that card."""
    seats = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "basic"}] * 5
    for seed in range(1, 100):  # most deals of 17 cards from two packs have a pair; take the first that does
        answer = Engine().start(seats, seed, players=6, variant="cancellation")
        hand = answer.view.hand
        twins = [card for card in hand if hand.count(card) == 2]
        if twins:
            return answer, twins[0]
    raise AssertionError("no deal with two equal cards")


class TestRender:
    def test_names_are_escaped_everywhere(self):
        session = session_for(new_game())
        html = table_view.render_table(session) + sheet_view.render_sheet(session)
        assert "<b>Ann</b>" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html

    def test_pass_step_has_a_pass_button_and_pressable_cards(self):
        session = session_for(new_game())
        assert session.step == "pass"
        html = hand_view.render_hand(session)
        assert html.count('aria-pressed="false"') == 13
        assert 'data-action="pass" disabled' in html
        for index in range(3):
            session.toggle(index)
        session.toggle(3)  # a fourth is not taken
        assert session.picked == session.view.hand[:3]
        assert 'data-action="pass" disabled' not in hand_view.render_hand(session)

    def test_one_of_two_equal_cards_is_picked_alone_and_passed_once(self):
        answer, twin = twin_deal()
        session = session_for(answer)
        first, second = (index for index, card in enumerate(session.view.hand) if card == twin)
        session.toggle(second)
        html = hand_view.render_hand(session)
        assert html.count('aria-pressed="true"') == 1 and f'data-index="{second}" aria-pressed="true"' in html
        others = [index for index in range(len(session.view.hand)) if index not in (first, second)][:2]
        for index in others:
            session.toggle(index)
        assert session.ready_to_pass and 'data-action="pass" disabled' not in hand_view.render_hand(session)
        assert session.picked.count(twin) == 1 and len(session.picked) == 3
        session.toggle(first)  # a fourth, the twin: not taken
        assert session.picked.count(twin) == 1

    def test_a_pass_of_both_equal_cards_made_ahead_is_drawn_as_two_picks(self):
        answer, twin = twin_deal()
        session = session_for(answer, ready=False)
        session.ahead = True
        other = next(card for card in session.view.hand if card != twin)
        session.decide_ahead({"pass": [twin, twin, other]})
        html = hand_view.render_hand(session)
        assert html.count('aria-pressed="true"') == 3 and session.picked == [twin, twin, other]

    def test_a_card_played_ahead_marks_itself_not_its_twin(self):
        answer, twin = twin_deal()
        session = session_for(answer, ready=False)
        second = [index for index, card in enumerate(session.view.hand) if card == twin][1]
        session.view.step = session.view.phase = "play"  # as a hand without a pass draws it
        session.decide_ahead({"play": twin}, second)
        html = hand_view.render_hand(session)
        assert html.count(" chosen") == 1 and f'chosen" data-card="{twin}" data-index="{second}"' in html

    def test_a_received_card_is_named_first_then_new(self):
        engine = Engine()
        answer = engine.start(SEATS, 1)
        answer = engine.send(protocol.PASS, seat=0, cards=answer.view.hand[:3])
        session = session_for(answer)
        assert session.view.phase == "play" and len(session.view.received) == 3
        html = hand_view.render_hand(session)
        for card in session.view.received:
            assert f'<span class="visually-hidden">{i18n.card_name(card)} (new)</span>' in html

    def test_cards_have_accessible_names(self):
        assert '<span class="visually-hidden">Queen of spades</span>' in markup.card_markup("QS")
        picture = markup.card_markup("TH", "div")
        assert 'role="img" aria-label="Ten of hearts"' in picture and ">10<" in picture

    def test_summary_announces_the_moon(self):
        session = session_for(new_game())
        result = {"taken": [0, 26, 0, 0], "added": [26, 0, 26, 26], "shooter": 1, "choice": "add_to_others"}
        session.results = [protocol.Result(dict(result, queen=1, omnibus=None, totals=result["added"]))]
        session.view.step, session.view.summary_hand = "summary", 0
        html = view.render_dialog(session, None)
        assert "shot the moon" in html and "everyone else takes 26" in html

    @pytest.mark.parametrize("variant", ["classic", "omnibus"])
    def test_the_summary_names_who_took_the_queen_and_the_omnibus_card(self, variant):
        engine, session = Engine(speed="instant"), Session()
        answer = engine.start(SEATS, 8, variant=variant)
        while answer.view.step != "summary":
            session.show(answer.view, answer.results_count, answer.new_results)
            answer = engine.step(answer)
        session.show(answer.view, answer.results_count, answer.new_results)
        result = session.results[0]
        html = view.render_dialog(session, None)
        queen = "You took the Q♠" if result.queen == 0 else f"Q♠ went to {markup.seat_name(session.view, result.queen)}"
        assert queen in html
        assert ("J♦ (−10, already in Taken)" in html) == (variant == "omnibus")
        assert (result.omnibus is None) == (variant == "classic")

    def test_the_last_trick_panel_shows_the_trick_and_who_took_it(self):
        engine = Engine(speed="instant")
        answer = engine.play_until(engine.start(SEATS, 3), lambda a: a.view.step == "collect")
        session = session_for(answer)
        session.panel = "last"
        html = view.render_dialog(session, None)
        winner = session.view.last_trick.winner
        assert html.count("<figure>") == 4 and html.count(" winner") == 1 and "Taken by" in html
        assert markup.seat_name(session.view, winner) in html.split("</figure>")[-1]

    def test_the_score_sheet_says_what_the_figures_on_a_seat_mean(self):
        html = sheet_view.render_sheet(session_for(new_game()))
        for words in ("Total", "Points taken this hand", "Cards in hand", "Dealer", "Has chosen cards to pass"):
            assert words in html.split('class="seat-legend"')[1]

    def test_the_score_sheet_shows_only_the_hands_whose_summary_was_read(self):
        session = session_for(new_game())
        result = {"taken": [3, 13, 10, 0], "added": [3, 13, 10, 0], "shooter": None, "choice": None, "queen": 1}
        result["omnibus"], result["totals"] = None, result["added"]
        session.results = [protocol.Result(result)]
        assert "No hand scored yet" in sheet_view.render_sheet(session)
        session.view.hands_read = 1
        sheet = sheet_view.render_sheet(session)
        assert "No hand scored yet" not in sheet and "<small> +13</small>" in sheet

    def test_game_over_names_the_winner(self):
        session = session_for(new_game())
        session.view.step, session.view.phase, session.view.winners = "over", "over", [2]
        session.view.scores = [100, 60, 40, 70]
        html = view.render_dialog(session, None)
        assert "Jan wins!" in html and 'data-action="again"' in html

    def test_the_game_over_dialog_closes_to_the_final_table_with_play_again_at_hand(self):
        session = session_for(new_game())
        session.view.step, session.view.phase, session.view.winners = "over", "over", [2]
        assert 'data-action="close"' in view.render_dialog(session, None)
        session.result_closed = True
        assert view.render_dialog(session, None) == ""
        hand = hand_view.render_hand(session)
        assert 'data-action="again"' in hand and 'data-action="result"' in hand

    def test_a_finished_trick_has_a_collect_button_for_the_keyboard(self):
        session = session_for(new_game())
        session.view.step = "collect"
        # the first of the buttons under the hand
        assert (
            '<div class="tools"><button type="button" class="primary" data-action="collect">'
            in hand_view.render_hand(session)
        )

    def test_a_friends_page_shows_no_collect_button_the_hosts_timer_collects(self):
        session = session_for(new_game())
        session.view.step = "collect"
        session.intents = protocol.FRIEND_INTENTS
        assert 'data-action="collect"' not in hand_view.render_hand(session)

    def test_the_host_may_let_the_computer_play_for_a_friend_and_the_friend_may_play_again(self):
        friends = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None, "friend": True}, *SEATS[1:3]]
        session = session_for(new_game(seats=friends))
        session.view.friends.update(here=[1], benched=[])
        assert 'data-action="stand-in" data-seat="1" data-on="1">Let the computer play for Bo' in (
            friends_view.render_invitations(session)
        )
        session.view.friends.update(here=[])
        session.invites[1] = {"link": "http://x/#join=1.a.b", "qr": "<svg></svg>"}
        assert 'data-action="scan"' not in friends_view.render_invitations(session)  # no camera here
        session.camera = True
        assert "Scan Bo's reply with the camera" in friends_view.render_invitations(session)
        session.view.friends.update(here=[1], benched=[1])
        html = friends_view.render_invitations(session)
        assert "the computer plays for Bo until they play again" in html and "Give Bo the seat back" in html
        assert 'data-action="back"' not in hand_view.render_hand(session)  # (the host's page has no seat to take)
        assert 'title="The computer plays for them">PC' in table_view.render_table(session)  # at Bo's seat
        session.view.seat, session.intents = 1, protocol.FRIEND_INTENTS  # Bo's own page
        assert 'data-action="back">I\'m back' in hand_view.render_hand(session)
        assert "The host let the computer play for you" in table_view.render_table(session)

    def test_a_friends_page_offers_to_leave_the_hosts_table_instead_of_a_new_game(self):
        session = session_for(new_game())
        session.intents = protocol.FRIEND_INTENTS
        session.view.step, session.view.phase, session.view.winners = "over", "over", [2]
        html = view.render_dialog(session, None)
        assert 'data-action="leave">Leave the table' in html and 'data-action="again"' not in html
        assert 'data-panel="new"' not in html
        session.result_closed = True
        assert 'data-action="leave"' in hand_view.render_hand(
            session
        ) and 'data-action="again"' not in hand_view.render_hand(session)
        session.panel = "new"
        assert "Leave this friends' game?" in view.render_dialog(session, catalog())

    def test_while_people_pass_only_the_plate_of_who_chooses_at_this_screen_is_lit(self):
        seats = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}] + [{"name": "", "bot": "hard"}] * 2
        engine = Engine()
        engine.start(seats, 3)
        session = session_for(engine.send(protocol.TAKE_DEVICE))
        assert session.view.step == protocol.STEP_PASS and len(session.view.to_act) == 4  # everyone chooses
        html = table_view.render_table(session)
        assert html.count('class="seat me turn') == 1 and html.count(" turn") == 1

    def test_hint_figures_show_one_decimal(self):
        session = session_for(new_game())
        session.view.step, session.view.legal = "play", session.view.hand[:2]
        first, second = session.view.hand[:2]
        points = {first: 9.699999999999999, second: 2.0}
        session.hint = protocol.Hint({"points": points, "best": second, "close": [], "why": ["", []], "playouts": 9})
        session.figures = True
        html = hand_view.render_hand(session)
        assert 'data-hint="9.7"' in html and 'data-hint="2.0"' in html and "9.69" not in html
        assert "about 9.7 points expected this hand" in html

    def test_share_panel_shows_both_links_escaped(self):
        session = session_for(new_game())
        session.panel = "share"
        session.share = {"game": 'https://x.test/"><script>', "deal": "https://x.test/?deal=1", "native": False}
        html = view.render_dialog(session, None)
        assert "<script>" not in html and "&quot;&gt;&lt;script&gt;" in html
        assert 'id="share-deal"' in html and "Share…" not in html
        session.share["native"] = True
        assert html.count('data-action="copy"') == 2 and view.render_dialog(session, None).count("Share…") == 2

    def test_a_shared_deal_is_described_and_offered_without_ending_the_game(self):
        session = session_for(new_game())
        session.panel = "link"
        session.link = protocol.Link(
            {"rules": {"players": 3, "variant": "omnibus"}, "seed": 9, "levels": ["hard", "basic"]}
        )
        html = view.render_dialog(session, {"options": [{"name": "target", "default": 100}]})
        assert "deal 9 · 3 players · Omnibus Hearts · to 100 points · against Hard, Easy" in html
        assert 'data-action="play-link"' in html and "Keep my game" in html

    def test_seat_positions_put_the_viewer_at_the_bottom_and_play_clockwise(self):
        assert table_view.seat_point(0, 4, 40, 40) == (50.0, 90.0)
        assert table_view.seat_point(1, 4, 40, 40) == (10.0, 50.0)  # the next seat to play is on the left
        assert table_view.seat_point(2, 4, 40, 40) == (50.0, 10.0)

    def test_signed(self):
        assert [sheet_view.signed(v) for v in (3, 0, -26)] == ["+3", "0", "−26"]


class TestNewGameAndSettings:
    def test_the_omnibus_card_is_offered_only_for_omnibus_hearts(self):
        session, options = Session(), catalog()
        html = form_view.render_new_game(session, options)
        assert '<div class="option-row" data-variant="omnibus" hidden><label for="opt-omnibus_card">' in html
        session.settings["form"] = {"rules": {"variant": "omnibus"}}
        assert '<div class="option-row" data-variant="omnibus"><label' in form_view.render_new_game(session, options)

    def test_the_moons_choices_say_what_the_moon_is_worth_in_the_variant_from_the_engine(self):
        session, options = Session(), catalog()
        assert '<option value="others_plus" selected>everyone else takes 26</option>' in form_view.render_new_game(
            session, options
        )
        session.settings["form"] = {"rules": {"variant": "cancellation", "players": 5}}
        html = form_view.render_new_game(session, options)
        assert "everyone else takes 52" in html and "the shooter takes 52 off" in html and "takes 26" not in html
        options["moon_points"]["cancellation"] = 60  # the engine says another worth: the words follow
        assert "everyone else takes 60" in form_view.render_new_game(session, options)
        assert form_view.moon_labels({"variant": "classic"}, catalog())["self_minus"] == "the shooter takes 26 off"

    @pytest.mark.parametrize(
        ("players", "places"),
        [
            (3, ["On your left", "On your right"]),
            (4, ["On your left", "Across from you", "On your right"]),
            (5, ["On your left", "2 seats to your left", "2 seats to your right", "On your right"]),
        ],
    )
    def test_each_seat_is_named_by_where_it_sits(self, players, places):
        session = Session()
        session.settings["form"] = {"rules": {"players": players}}
        html = form_view.render_new_game(session, catalog())
        for seat, place in enumerate(places, start=1):
            assert f'<label for="opt-level-{seat}">{place}</label>' in html
            assert f'aria-label="Name ({place})"' in html
        assert "Seat 2" not in html
        assert form_view.seat_place(9, players)[0] == "On your right"  # a hidden seat: as if it were the last

    def test_the_stun_server_says_what_it_is_for(self):
        html = form_view.render_settings(Session())
        assert "Connection helper for friends on other networks (STUN server)" in html
        assert 'aria-describedby="stun-note"' in html and 'id="stun-note">Only for games with friends' in html


class TestScoreSheet:
    def test_the_sheet_is_drawn_again_when_a_hands_review_comes_after_its_row(self):
        session = session_for(new_game())
        drawn = sheet_view.drawn_from(session)
        assert sheet_view.drawn_from(session) == drawn  # nothing new: the sheet stays as it is
        session.take_reviews([[0, [1.5, None, None, None]]], False)  # (the game's last hand, say, already read)
        assert sheet_view.drawn_from(session) != drawn


class TestFriendsPages:
    def test_an_unnamed_host_is_the_host_on_a_friends_page_and_you_on_their_own(self):
        seats = [{"name": "", "bot": None}, {"name": "Bo", "bot": None, "friend": True}, *SEATS[2:]]
        session = session_for(new_game(seats=seats))
        assert sheet_view.sheet_names(session)[0] == "You" and ">You<" in table_view.render_table(session)
        session.view.seat = 1  # the same table on Bo's page
        assert sheet_view.sheet_names(session)[:2] == ("Host", "Bo")
        assert ">You<" not in table_view.render_table(session) and ">Host<" in table_view.render_table(session)


def seat_markup(html: str, seat: int) -> str:
    """The markup of one seat's plate (up to the next seat's, or the trick)."""
    return re.split(r'<div class="(?:seat|trick)', html.split(f'data-seat="{seat}"')[1])[0]


def trick_cards(html: str) -> dict:
    """Each card on the table: its place on the ring (percent of the trick's box), z-index and badge."""
    cards = {}
    for tag in re.findall(r'<div[^>]*class="card [^"]*played[^>]*>', html):
        left, top = re.search(r"--tx:([\d.]+)%;--ty:([\d.]+)%", tag).groups()
        z = re.search(r"z-index:(\d+)", tag).group(1)
        badge = re.search(r'data-badge="([^"]*)"', tag)
        card = re.search(r'data-card="(\w+)"', tag).group(1)
        cards.setdefault(card, []).append((float(left), float(top), int(z), badge.group(1) if badge else "", tag))
    return cards


class TestTable:
    def test_each_opponents_cards_lie_face_down_by_their_plate_with_their_count(self):
        session = session_for(new_game())
        html = table_view.render_table(session)
        for seat in range(1, 4):
            plate = seat_markup(html, seat)
            count = session.view.hand_sizes[seat]
            assert plate.count('class="card back"') == count and f'<span class="count">{count}</span>' in plate
        assert 'class="card back"' not in seat_markup(html, 0) and 'class="count"' not in seat_markup(html, 0)

    def test_a_computer_players_level_is_on_its_plate(self):
        seats = [{"name": "Ann", "bot": None}, {"name": "", "bot": "hard"}, {"name": "", "bot": "basic"}]
        html = table_view.render_table(session_for(new_game(seats=[*seats, {"name": "", "bot": "expert"}])))
        levels = [re.findall(r'<span class="level">([^<]*)</span>', seat_markup(html, seat)) for seat in range(4)]
        assert levels == [[], ["Hard"], ["Easy"], ["Expert"]]

    @pytest.mark.parametrize("players", range(3, 11))
    def test_each_card_of_the_trick_lies_between_the_middle_and_its_player(self, players):
        rules = {"variant": "cancellation"} if players > 7 else {}
        seats = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "basic"}] * (players - 1)
        session = session_for(Engine().start(seats, 5, players=players, **rules))
        ranks = "23456789TJ"[:players]
        session.view.trick = [[seat, rank + "C"] for seat, rank in enumerate(ranks)]
        cards = trick_cards(table_view.render_table(session))

        def angle(x: float, y: float) -> float:
            return math.atan2(y - 50, x - 50)

        def apart(a: float, b: float) -> float:
            return abs((a - b + math.pi) % (2 * math.pi) - math.pi)

        plates = [
            table_view.seat_point((seat - session.view.seat) % players, players, 42, 40) for seat in range(players)
        ]
        for seat, rank in enumerate(ranks):
            [(left, top, _, badge, tag)] = cards[rank + "C"]
            # On the ring, out from the middle toward its own player, of all the players.
            toward = min(range(players), key=lambda other: apart(angle(left, top), angle(*plates[other])))
            assert toward == seat and math.hypot(left - 50, top - 50) > 25
            assert (badge == "led") == (seat == 0)
            # In front of its own plate (round seven to ten): from the plate's middle, back toward the felt's.
            sx, sy, kx, ky = map(
                float, re.search(r"--sx:([\d.]+)%;--sy:([\d.]+)%;--kx:([-\d.]+);--ky:([-\d.]+)", tag).groups()
            )
            assert (sx, sy) == plates[seat]
            assert all(abs(k) < 0.01 or (k > 0) == (at > 50) for k, at in ((kx, sx), (ky, sy)))
        # A card lower on the table lies over a higher one: the index (top left) and a badge above a card show.
        placed = sorted((card for [card] in cards.values()), key=lambda card: card[1])
        assert all(low[2] >= high[2] for high, low in itertools.pairwise(placed))

    def test_a_pair_that_cancels_out_is_marked_on_the_table(self):
        seats = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "basic"}] * 7
        session = session_for(Engine().start(seats, 5, players=8, variant="cancellation"))
        session.view.trick = [[0, "5C"], [1, "5C"], [2, "9C"], [3, "9H"], [4, "9H"]]
        cards = trick_cards(table_view.render_table(session))
        assert [c[3] for c in cards["5C"]] == ["led · cancels", "cancels"]
        assert all(" cancelled" in c[4] for c in cards["5C"])
        assert not any(" cancelled" in c[4] or c[3] for c in cards["9C"] + cards["9H"])  # 9♥: not the suit led

    def test_a_crowded_score_sheet_has_narrow_columns(self):
        seats = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "basic"}] * 4
        assert 'class="sheet-table crowded"' in sheet_view.render_sheet(
            session_for(Engine().start(seats, 5, players=5))
        )
        assert 'class="sheet-table"' in sheet_view.render_sheet(session_for(new_game()))

    def test_the_info_line_breaks_only_between_its_parts(self):
        info = table_view.render_table(session_for(new_game())).split('<p class="info">')[1].split("</p>")[0]
        parts = r"<span>Hand 1</span> · <span>.*</span> · <span>.*</span> · <span>Game ends at 100</span>"
        assert re.fullmatch(parts, info)


def test_only_a_real_pointer_lifts_a_card_it_is_over():
    """A touch screen keeps :hover on what was tapped: every :hover rule is inside ``@media (hover: hover)``."""
    css = (Path(__file__).parent.parent / "assets" / "style.css").read_text()
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    guard, depth, unguarded = None, 0, []
    for token in re.finditer(r"[^{}]*[{}]", css):
        text = token.group(0)
        if text.endswith("{"):
            depth += 1
            if text.strip().startswith("@media") and "(hover: hover)" in text:
                guard = depth
            elif ":hover" in text and guard is None:
                unguarded.append(text.strip())
        else:
            if guard == depth:
                guard = None
            depth -= 1
    assert unguarded == []


class TestSession:
    def test_a_saved_view_is_drawn_but_not_playable_until_the_engine_answers(self):
        session = session_for(new_game(), ready=False)
        assert session.step == "loading"
        assert "aria-disabled" in hand_view.render_hand(session)
        assert "Starting the game engine" in table_view.render_table(session)

    def test_cards_picked_for_the_pass_before_the_engine_answers_stay_picked(self):
        answer = new_game()
        session = session_for(answer, ready=False)
        session.ahead = True
        for index in range(2):
            session.toggle(index)
        session.show(answer.view, answer.results_count, answer.new_results, ready=True, fresh=True)  # the LOAD
        assert session.picked == answer.view.hand[:2]
        other = new_game(seed=2)
        session.show(other.view, other.results_count, other.new_results, ready=True, fresh=True)  # another deal
        assert session.selected == []

    def test_results_follow_the_answers(self):
        session = Session()
        first = protocol.Result({"taken": [1], "added": [1], "shooter": None, "choice": None, "queen": None})
        second = protocol.Result({"taken": [2], "added": [2], "shooter": None, "choice": None, "queen": None})
        answer = new_game()
        session.show(answer.view, 1, [first], fresh=True)
        session.show(answer.view, 2, [second])
        assert session.results == [first, second]
        session.show(answer.view, 2, [])
        assert session.results == [first, second]
        session.show(answer.view, 1, [])  # an undo took a hand back
        assert session.results == [first]

    def test_settings_keep_only_known_keys(self):
        session = Session({"speed": "slow", "evil": 1, "think_ms": "600"})
        assert session.settings["speed"] == "slow" and "evil" not in session.settings
        engine = {"think_ms": 600, "speed": "slow", "collect": "click", "autoplay": "off", "away": "computer"}
        assert session.engine_settings() == engine
        assert Session([1, 2]).settings["speed"] == "normal"  # stored settings that are not an object


class FullStore(MemoryStore):
    def setItem(self, key, value):
        raise RuntimeError("QuotaExceededError")


class QuotaStore(MemoryStore):
    """A browser's store that holds about five million characters in all."""

    def setItem(self, key, value):
        others = sum(len(text) for other, text in self.items.items() if other != key)
        if others + len(value) > 5_000_000:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


class TestStorage:
    def test_a_huge_junk_save_is_set_aside_without_filling_the_store(self):
        store = QuotaStore()
        store.items[storage_keys.SAVE_GAME] = "x" * 3_000_000  # junk, as much as the store held (another version's)
        store.items[storage_keys.SAVE_CURRENT] = "y" * 2_500_000
        storage = Storage(store)
        set_aside(storage, game_keys(storage), "notice.broken_save")
        assert store.getItem(storage_keys.SAVE_GAME) is None and not storage.problem
        assert json.loads(store.getItem(BROKEN_KEY))[storage_keys.SAVE_GAME].startswith("xxx")

    def test_full_storage_falls_back_to_memory_and_says_so(self):
        storage = Storage(FullStore())
        assert storage.set(SETTINGS_KEY, "x") is False
        assert storage.get(SETTINGS_KEY) == "x"
        assert "full" in storage.problem

    def test_missing_store_works_in_memory(self):
        storage = Storage()
        assert storage.set("a", "1") and storage.get("a") == "1"
        storage.remove("a")
        assert storage.get("a") is None


class TestPartyMode:
    def test_cards_stay_hidden_until_the_next_person_takes_the_device(self):
        seats = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}] + [{"name": "", "bot": "basic"}] * 2
        engine = Engine()
        answer = engine.start(seats, 2)
        session = session_for(answer)
        assert session.party and session.step == "handoff"
        assert 'class="card' not in hand_view.render_hand(session)
        assert "Pass the device to Ann" in view.render_dialog(session, None)
        answer = engine.send(protocol.TAKE_DEVICE)
        session.show(answer.view, answer.results_count, answer.new_results)
        assert session.step == "pass" and 'class="card' in hand_view.render_hand(session)
        answer = engine.send(protocol.PASS, seat=0, cards=answer.view.hand[:3])
        session.show(answer.view, answer.results_count, answer.new_results)
        assert session.step == "handoff" and "Bo" in view.render_dialog(session, None)
        assert 'data-action="undo"' not in hand_view.render_hand(session)

    def test_the_summary_names_whoever_took_the_queen_and_offers_each_person_their_review(self):
        seats = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}] + [{"name": "", "bot": "basic"}] * 2
        engine = Engine(speed="instant")
        session = Session()

        def summary(answer: protocol.Answer) -> bool:
            session.show(answer.view, answer.results_count, answer.new_results)
            return answer.view.step == protocol.STEP_SUMMARY

        engine.play_until(engine.start(seats, 2), summary)
        result = session.results[0]
        session.view.seat = result.queen  # the summary on the device of whoever took Q♠: named all the same
        session.reviews = {0: [0.0] * 4}
        html = view.render_dialog(session, None)
        assert "You took" not in html and f"went to {session.view.seats[result.queen].name}" in html
        assert 'data-seat="0">Review for Ann<' in html and 'data-seat="1">Review for Bo<' in html
        assert "Points lost" not in html  # whose would they be, on a shared device

    PEOPLE = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}] + [{"name": "", "bot": "basic"}] * 2

    def test_the_summary_names_who_shot_the_moon_and_who_leads(self):
        session = session_for(new_game(seats=self.PEOPLE))
        result = {"taken": [0, 26, 0, 0], "added": [26, 0, 26, 26], "shooter": 1, "choice": "add_to_others"}
        session.results = [protocol.Result(dict(result, queen=1, omnibus=None, totals=result["added"]))]
        session.view.step, session.view.summary_hand, session.view.seat = "summary", 0, 1  # on the shooter's turn
        html = view.render_dialog(session, None)
        assert "You shot" not in html and "Bo shot the moon: everyone else takes 26" in html
        assert "You lead" not in html and "Bo leads the game with 0 points" in html

    def test_the_game_over_names_the_winner_on_a_shared_device(self):
        session = session_for(new_game(seats=self.PEOPLE))
        session.view.step, session.view.phase, session.view.winners = "over", "over", [1]
        session.view.seat, session.view.scores = 1, [100, 40, 60, 70]
        html = view.render_dialog(session, None)
        assert "You win" not in html and "Bo wins!" in html and 'class="me"' not in html

    def test_the_summary_offers_each_persons_review_as_soon_as_theirs_is_computed(self):
        session = session_for(new_game(seats=self.PEOPLE))
        result = {"taken": [0, 13, 13, 0], "added": [0, 13, 13, 0], "shooter": None, "choice": None}
        session.results = [protocol.Result(dict(result, queen=1, omnibus=None, totals=result["added"]))]
        session.view.step, session.view.summary_hand = "summary", 0
        session.take_reviews([[0, [1.5, None, None, None]]], reset=False)  # Ann's computed, Bo's not yet
        html = view.render_dialog(session, None)
        assert 'data-seat="0">Review for Ann<' in html and "Review for Bo" not in html
        assert '<button type="button" disabled>Reviewing the hand…</button>' in html
        session.take_reviews([[0, [1.5, 0.0, None, None]]], reset=False)
        html = view.render_dialog(session, None)
        assert 'data-seat="1">Review for Bo<' in html and "Reviewing" not in html

    def test_the_review_names_whose_pass_it_was(self):
        engine = Engine(speed="instant")
        jobs: list = []

        def summary(answer: protocol.Answer) -> bool:
            jobs.extend(answer.jobs)
            return answer.view.step == protocol.STEP_SUMMARY

        answer = engine.play_until(engine.start(self.PEOPLE, 2), summary)
        for job in jobs:
            engine.send(protocol.REVIEWED, review=run_job(dict(json.loads(job), playouts=2)))
        session = session_for(answer)
        session.review, session.review_seat = engine.send(protocol.REVIEW, hand=0, seat=1).review, 1
        html = review_view.render_review(session)
        assert "You passed" not in html and "Bo passed" in html


class TestFirstDeal:
    """A new game's first hand as the page deals it before the engine is up: the engine's view exactly."""

    @pytest.mark.parametrize(
        "rules",
        [{}, {"players": 3}, {"players": 5, "target": 50}, {"players": 8, "variant": "cancellation"}],
    )
    @pytest.mark.parametrize("levels", [["medium"], ["hard", "basic", "expert"]])
    def test_the_page_deals_what_the_engine_deals(self, rules, levels):
        others = rules.get("players", 4) - 1
        seats = [{"name": " Ann  B ", "bot": None}] + [{"name": "", "bot": b} for b in (levels * others)[:others]]
        for seed in (1, 99, 2**31 - 5, "0123456789abcdef" * 2):
            options = {"rules": rules, "seats": seats, "seed": seed, "name": "fedcba9876543210"}
            assert first_deal.can_deal_ahead(options, catalog())
            engine = Engine()
            page = json.loads(json.dumps(first_deal.first_view(options, catalog())))
            answer = engine.send(protocol.START, options=options)
            assert page == dict(answer.raw_view, turn=0)

    def test_only_a_pass_with_one_person_is_dealt_ahead(self):
        two = [{"name": "", "bot": None}] * 2 + [{"name": "", "bot": "basic"}] * 2
        one = [{"name": "", "bot": None}] + [{"name": "", "bot": "basic"}] * 3
        name = "fedcba9876543210"
        assert not first_deal.can_deal_ahead({"rules": {}, "seats": two, "seed": 1, "name": name}, catalog())
        assert not first_deal.can_deal_ahead(
            {"rules": {"passing": False}, "seats": one, "seed": 1, "name": name}, catalog()
        )
        assert not first_deal.can_deal_ahead({"rules": {}, "seats": one, "name": name}, catalog())
        assert not first_deal.can_deal_ahead({"rules": {}, "seats": one, "seed": 1}, catalog())
        assert not first_deal.can_deal_ahead({"rules": {}, "seats": [1], "seed": 1, "name": name}, catalog())
