import pytest

from pyapp.engine.cards import (
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    CardError,
    card_name,
    card_symbol,
    card_text,
    parse_card,
    parse_cards,
    suit_mask,
)


class TestCardText:
    def test_every_face_round_trips_through_text_and_symbol(self):
        for face in range(52):
            assert parse_card(card_text(face)) == face
            assert parse_card(card_symbol(face)) == face

    def test_ten_written_as_10_or_t(self):
        assert parse_card("10H") == parse_card("TH") == parse_card("th")
        assert card_symbol(parse_card("TH")) == "10♥"

    def test_forms_of_the_queen_of_spades(self):
        assert parse_card("QS") == QUEEN_OF_SPADES
        assert card_symbol(QUEEN_OF_SPADES) == "Q♠"
        assert card_name(QUEEN_OF_SPADES) == "Queen of spades"
        assert parse_card("2C") == TWO_OF_CLUBS

    @pytest.mark.parametrize("bad", ["", "Q", "1S", "QX", "11H", "QSS", "♠"])
    def test_bad_text_is_refused_naming_it(self, bad):
        with pytest.raises(CardError, match="Not a card"):
            parse_card(bad)

    def test_message_names_the_bad_card(self):
        with pytest.raises(CardError, match="'ZZ'"):
            parse_cards("QS, ZZ")

    def test_second_pack_ids_show_the_same_card(self):
        assert card_text(QUEEN_OF_SPADES + 52) == "QS"
        assert suit_mask(2).bit_count() == 26
