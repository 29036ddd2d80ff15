"""``str(Hand)``: canonical mpsz, checked on random hands (red fives, honors, melds)
against a writer spelled out tile by tile here (each suit's tiles in order, one digit
each, the first red fives of the suit written 0, the suit letter after; the melds after a
space each) and read back by ``Hand.parse``."""

from __future__ import annotations

import random

from mjasp.core.hand import Hand, Meld, MeldKind


def _written(counts: list[int], red: list[int], melds: list[Meld]) -> str:
    text = ""
    for suit, letter in enumerate("mpsz"):
        tiles = []
        for kind in range(9 * suit, 9 * suit + (7 if letter == "z" else 9)):
            tiles += [str(kind % 9 + 1)] * counts[kind]
        if suit < 3:
            for at in range(len(tiles)):
                if tiles[at] == "5" and red[suit] > tiles[:at].count("0"):
                    tiles[at] = "0"
        if tiles:
            text += "".join(tiles) + letter
    return " ".join(([text] if text else []) + [str(m) for m in melds])


def test_str_is_the_tile_by_tile_writing() -> None:
    rng = random.Random(25)
    for _ in range(400):
        n_melds = rng.choice((0, 0, 1, 2))
        melds: list[Meld] = []
        taken = [0] * 34
        for _m in range(n_melds):
            kind = rng.randrange(34)
            if taken[kind]:
                continue
            melds.append(Meld(MeldKind.PON, kind))
            taken[kind] = 3
        counts = [0] * 34
        for t in rng.sample([t for t in range(136) if t // 4 < 34], 14 - 3 * len(melds)):
            if counts[t // 4] + taken[t // 4] < 4:
                counts[t // 4] += 1
        red = [rng.randint(0, min(1, counts[five])) for five in (4, 13, 22)]
        hand = Hand(tuple(counts), (red[0], red[1], red[2]), tuple(melds))
        expected = _written(counts, red, sorted(melds, key=lambda m: m.tile))
        assert str(hand) == expected
        assert Hand.parse(str(hand)) == hand


def test_str_of_small_hands() -> None:
    assert str(Hand.from_counts([0] * 34)) == ""
    assert str(Hand.parse("0555m")) == "0555m"
    assert str(Hand.parse("1234567z")) == "1234567z"
    assert str(Hand.parse("00m [111z]")) == "00m [111z]"
    assert str(Hand.parse("(1111z)")) == "(1111z)"
