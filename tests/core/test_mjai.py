"""MJAI tile names in and out: round trips against mpsz, hand-written cases, errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjasp.core.errors import HandError
from mjasp.core.hand import Hand, Meld
from mjasp.core.mjai import mjai_name

# Written out by hand from the MJAI protocol's tile list, independently of mjasp.core.mjai.
HONORS = {"1z": "E", "2z": "S", "3z": "W", "4z": "N", "5z": "P", "6z": "F", "7z": "C"}


def mpsz_tile_to_mjai(digit: str, suit: str) -> str:
    if suit == "z":
        return HONORS[digit + suit]
    return f"5{suit}r" if digit == "0" else digit + suit


def mpsz_tiles(text: str) -> list[tuple[str, str]]:
    """(digit, suit) of every tile of concealed mpsz text such as '055m7z'."""
    tiles, digits = [], ""
    for char in text:
        if char.isdigit():
            digits += char
        else:
            tiles += [(d, char) for d in digits]
            digits = ""
    return tiles


@st.composite
def concealed_hands(draw: st.DrawFn) -> Hand:
    """Any concealed hand of 0..14 tiles, with up to two red fives of a suit."""
    kinds = draw(st.lists(st.integers(0, 33), max_size=14))
    counts = [min(kinds.count(k), 4) for k in range(34)]
    red = tuple(draw(st.integers(0, min(2, counts[five]))) for five in (4, 13, 22))
    return Hand(tuple(counts), (red[0], red[1], red[2]))


@settings(max_examples=300, deadline=None)
@given(concealed_hands())
def test_round_trip_against_mpsz(hand: Hand) -> None:
    names = hand.to_mjai()
    # the same tiles, named from the mpsz text by the table above
    expected = [mpsz_tile_to_mjai(d, s) for d, s in mpsz_tiles(str(hand))]
    assert sorted(names) == sorted(expected)
    assert Hand.from_mjai(names) == hand
    assert Hand.from_mjai(" ".join(reversed(names))) == hand  # order does not matter
    assert Hand.from_mjai(",".join(names)) == hand


@settings(max_examples=200, deadline=None)
@given(concealed_hands())
def test_mjai_text_parses_like_the_mpsz_it_came_from(hand: Hand) -> None:
    tiles = mpsz_tiles(str(hand))
    assert Hand.from_mjai([mpsz_tile_to_mjai(d, s) for d, s in tiles]) == Hand.parse(str(hand))


@pytest.mark.parametrize(("names", "mpsz"), [
    ("1m 9m 1p 9p 1s 9s E S W N P F C", "19m19p19s1234567z"),
    ("5mr 5m 5pr 5sr", "05m0p0s"),
    (["C", "C", "P"], "577z"),
    ("", ""),
    ("  5p ,, 5p  ", "55p"),
])
def test_hand_written_cases(names: str | list[str], mpsz: str) -> None:
    assert Hand.from_mjai(names) == Hand.parse(mpsz)


def test_output_order_and_red_five_first() -> None:
    assert Hand.parse("7z 505m 1z").to_mjai() == ["5mr", "5m", "5m", "E", "C"]
    assert Hand.parse("9s1p [789s]").to_mjai() == ["1p", "9s"]
    assert mjai_name(13, red=True) == "5pr" and mjai_name(31) == "P"


def test_melds_are_meld_values_and_stay_out_of_the_names() -> None:
    hand = Hand.from_mjai("1m 1m", [Meld.parse("[406p]"), Meld.parse("(1111z)")])
    assert hand == Hand.parse("11m [406p] (1111z)")
    assert hand.to_mjai() == ["1m", "1m"]


@pytest.mark.parametrize(("names", "position", "words"), [
    ("1m 2x", 3, "unknown MJAI tile '2x' (tile 1;"),
    (["1m", "0m"], 3, "5mr, not 0m"),
    ("1m 1z", 3, "writes 1z as E"),
    ("e", 0, "upper case: E"),
    ("5m ?", 3, "hidden tile"),
    ("5p 5p 5p 5p 5pr", 12, "a fifth 5p"),
    ("5sr 1m 5sr 5sr", 11, "a third 5sr"),  # two are an "aka 4" set's, three no set's
    ("1m 5zr", 3, "unknown MJAI tile '5zr'"),
])
def test_bad_names_say_where(names: str | list[str], position: int, words: str) -> None:
    with pytest.raises(HandError) as caught:
        Hand.from_mjai(names)
    assert caught.value.position == position
    assert words in str(caught.value)


def test_other_bad_input() -> None:
    with pytest.raises(HandError, match="tile 1 is a int"):
        Hand.from_mjai(["1m", 5])  # type: ignore[list-item]
    with pytest.raises(HandError, match="6 copies of 1z"):
        Hand.from_mjai("E E", [Meld.parse("(1111z)")])  # 2 in hand + 4 in the kan
    with pytest.raises(HandError, match="15 tiles"):
        Hand.from_mjai([f"{d}{suit}" for suit in "mp" for d in range(1, 10)][:15])
    with pytest.raises(HandError, match="no red copy"):
        mjai_name(5, red=True)
