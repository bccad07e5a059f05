"""The deal: which cards each seat is dealt, a pure function of the match seed and the hand's number.

The engine deals every hand here, and the page's main thread (MicroPython)
runs this same module to show a new game's first hand before the engine
has started, so both always see the same cards.  It is therefore plain
Python that MicroPython runs too: no imports, integers only.

The shuffle is the one the engine has always used: Fisher–Yates driven by
``random.Random(f"hearts:{seed}:{hand}").random()``.  CPython's generator
is written out here (a Mersenne Twister seeded from SHA-512 of the text,
as ``random.seed`` does for a string), because MicroPython's ``random``
is another generator; a test checks it against CPython's ``random``, so
saved games and deal links keep their cards.

>>> hands, rest = deal(list(range(52)), 4, 2026, 0)
>>> sorted(hands[0])[:3], rest
([6, 10, 14], [])
"""

# Faces taken out so that everyone holds the same number of cards (never a point card): for 3 players
# the 2♦; 5: 2♦ 2♣; 6: 2♦ 3♦ 3♣ 4♣; 7: 2♦ 3♦ 3♣.  Faces are suit * 13 + rank, suits C D S H.
REMOVED_FACES = {3: (13,), 4: (), 5: (13, 0), 6: (13, 14, 1, 2), 7: (13, 14, 1)}
FACES = 52
# A card's text is its rank's letter then its suit's (``QS``); the suits in the faces' order.
RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "CDSH"
SUIT_SYMBOLS = "♣♦♠♥"  # (in the letters' order)


def face_text(card: int) -> str:
    """The text of a card (a face, or a card id of a double pack): ``QS``."""
    face = card % FACES
    return RANK_LETTERS[face % 13] + SUIT_LETTERS[face // 13]


def card_face(text: str) -> tuple:
    """How a card is printed: ``"TH"`` → (``"10"``, ``"♥"``)."""
    rank = "10" if text[0] == "T" else text[0]
    return rank, SUIT_SYMBOLS[SUIT_LETTERS.index(text[1])]


_MASK32 = 0xFFFFFFFF
_MASK64 = 0xFFFFFFFFFFFFFFFF
_SHA512_K = (
    0x428A2F98D728AE22, 0x7137449123EF65CD, 0xB5C0FBCFEC4D3B2F, 0xE9B5DBA58189DBBC, 0x3956C25BF348B538,
    0x59F111F1B605D019, 0x923F82A4AF194F9B, 0xAB1C5ED5DA6D8118, 0xD807AA98A3030242, 0x12835B0145706FBE,
    0x243185BE4EE4B28C, 0x550C7DC3D5FFB4E2, 0x72BE5D74F27B896F, 0x80DEB1FE3B1696B1, 0x9BDC06A725C71235,
    0xC19BF174CF692694, 0xE49B69C19EF14AD2, 0xEFBE4786384F25E3, 0x0FC19DC68B8CD5B5, 0x240CA1CC77AC9C65,
    0x2DE92C6F592B0275, 0x4A7484AA6EA6E483, 0x5CB0A9DCBD41FBD4, 0x76F988DA831153B5, 0x983E5152EE66DFAB,
    0xA831C66D2DB43210, 0xB00327C898FB213F, 0xBF597FC7BEEF0EE4, 0xC6E00BF33DA88FC2, 0xD5A79147930AA725,
    0x06CA6351E003826F, 0x142929670A0E6E70, 0x27B70A8546D22FFC, 0x2E1B21385C26C926, 0x4D2C6DFC5AC42AED,
    0x53380D139D95B3DF, 0x650A73548BAF63DE, 0x766A0ABB3C77B2A8, 0x81C2C92E47EDAEE6, 0x92722C851482353B,
    0xA2BFE8A14CF10364, 0xA81A664BBC423001, 0xC24B8B70D0F89791, 0xC76C51A30654BE30, 0xD192E819D6EF5218,
    0xD69906245565A910, 0xF40E35855771202A, 0x106AA07032BBD1B8, 0x19A4C116B8D2D0C8, 0x1E376C085141AB53,
    0x2748774CDF8EEB99, 0x34B0BCB5E19B48A8, 0x391C0CB3C5C95A63, 0x4ED8AA4AE3418ACB, 0x5B9CCA4F7763E373,
    0x682E6FF3D6B2B8A3, 0x748F82EE5DEFB2FC, 0x78A5636F43172F60, 0x84C87814A1F0AB72, 0x8CC702081A6439EC,
    0x90BEFFFA23631E28, 0xA4506CEBDE82BDE9, 0xBEF9A3F7B2C67915, 0xC67178F2E372532B, 0xCA273ECEEA26619C,
    0xD186B8C721C0C207, 0xEADA7DD6CDE0EB1E, 0xF57D4F7FEE6ED178, 0x06F067AA72176FBA, 0x0A637DC5A2C898A6,
    0x113F9804BEF90DAE, 0x1B710B35131C471B, 0x28DB77F523047D84, 0x32CAAB7B40C72493, 0x3C9EBE0A15C9BEBC,
    0x431D67C49C100D4C, 0x4CC5D4BECB3E42B6, 0x597F299CFC657E2A, 0x5FCB6FAB3AD6FAEC, 0x6C44198C4A475817,
)  # fmt: skip
_SHA512_H = (
    0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1,
    0x510E527FADE682D1, 0x9B05688C2B3E6C1F, 0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179,
)  # fmt: skip


def _rotate(value: int, bits: int) -> int:
    return ((value >> bits) | (value << (64 - bits))) & _MASK64


def sha512(data: bytes) -> bytes:
    """The SHA-512 digest of ``data`` (what ``hashlib.sha512(data).digest()`` gives)."""
    length = len(data)
    padded = bytes(data) + b"\x80" + b"\x00" * ((111 - length) % 128) + (length * 8).to_bytes(16, "big")
    state = list(_SHA512_H)
    for start in range(0, len(padded), 128):
        w = [int.from_bytes(padded[start + 8 * i : start + 8 * i + 8], "big") for i in range(16)]
        for i in range(16, 80):
            s0 = _rotate(w[i - 15], 1) ^ _rotate(w[i - 15], 8) ^ (w[i - 15] >> 7)
            s1 = _rotate(w[i - 2], 19) ^ _rotate(w[i - 2], 61) ^ (w[i - 2] >> 6)
            w.append((w[i - 16] + s0 + w[i - 7] + s1) & _MASK64)
        a, b, c, d, e, f, g, h = state
        for i in range(80):
            t1 = h + (_rotate(e, 14) ^ _rotate(e, 18) ^ _rotate(e, 41)) + ((e & f) ^ (~e & g)) + _SHA512_K[i] + w[i]
            t2 = (_rotate(a, 28) ^ _rotate(a, 34) ^ _rotate(a, 39)) + ((a & b) ^ (a & c) ^ (b & c))
            h, g, f, e, d, c, b, a = g, f, e, (d + t1) & _MASK64, c, b, a, (t1 + t2) & _MASK64
        state = [(x + y) & _MASK64 for x, y in zip(state, (a, b, c, d, e, f, g, h))]
    return b"".join(x.to_bytes(8, "big") for x in state)


class TextSeededRandom:
    """CPython's ``random.Random(text)``, for the two things the deal needs: the seed and ``random()``.

    A Mersenne Twister (MT19937) seeded with ``init_by_array`` from the
    32-bit words of ``int.from_bytes(text + sha512(text))``, as CPython does.
    """

    def __init__(self, text: str):
        data = text.encode()
        number = int.from_bytes(data + sha512(data), "big")
        key = []
        while number:
            key.append(number & _MASK32)
            number >>= 32
        self._init_by_array(key or [0])

    def _init_by_array(self, key: list) -> None:
        mt = [0] * 624
        mt[0] = 19650218
        for i in range(1, 624):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK32
        i, j = 1, 0
        for _ in range(max(624, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK32
            i, j = i + 1, j + 1
            if i >= 624:
                mt[0], i = mt[623], 1
            if j >= len(key):
                j = 0
        for _ in range(623):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK32
            i += 1
            if i >= 624:
                mt[0], i = mt[623], 1
        mt[0] = 0x80000000
        self._mt, self._index = mt, 624

    def _next32(self) -> int:
        mt = self._mt
        if self._index >= 624:
            for k in range(624):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
                mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self._index = 0
        y = mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def below(self, bound: int) -> int:
        """``int(random() * bound)`` in integers: the 53-bit fraction ``random()`` makes, times ``bound``."""
        fraction = ((self._next32() >> 5) << 26) | (self._next32() >> 6)
        return (fraction * bound) >> 53


def hand_shuffle(items: list, seed: int, hand_index: int) -> list:
    """``items`` shuffled for hand ``hand_index`` of the match with ``seed`` (Fisher–Yates)."""
    result = list(items)
    rng = TextSeededRandom("hearts:" + str(seed) + ":" + str(hand_index))
    for i in range(len(result) - 1, 0, -1):
        j = rng.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def deck_ids(players: int, packs: int) -> list:
    """Every card id in play before the deal (``copy * 52 + face``), lowest first."""
    removed = () if packs > 1 else REMOVED_FACES[players]
    return [copy * FACES + face for copy in range(packs) for face in range(FACES) if face not in removed]


def deal(deck: list, players: int, seed: int, hand_index: int) -> tuple:
    """Each seat's dealt card ids and the leftover (face down), for hand ``hand_index``."""
    cards = hand_shuffle(deck, seed, hand_index)
    size = len(deck) // players
    return [cards[seat * size : (seat + 1) * size] for seat in range(players)], cards[players * size :]
