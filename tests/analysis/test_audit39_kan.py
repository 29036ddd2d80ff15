"""``mjasp kan``: the verdict of each preset on hands where the two rules differ, worked by
hand from the rule texts.

riichi.wiki, "Kan" (https://riichi.wiki/Kan), Kan during riichi: under most professional
rule sets (the WRC's) "a player is not allowed to call kan if it would change any possible
interpretation of the hand. If, for any winning tile, any of the three identical tiles can
be interpreted as part of a sequence or part of the pair, the kan is not allowed"; on
tenhou.net and Mahjong Soul "so long as a kan does not change the hand's possible winning
tiles, the kan is allowed", and a kan of four tiles held before the draw is refused.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjasp.cli.app import main

PRESETS_WAITS = ("tenhou", "mahjongsoul")  # the loose rule
PRESETS_READINGS = ("wrc",)  # the strict rule


def kan(hand: str, tile: str, *args: str) -> dict[str, object]:
    result = CliRunner().invoke(main, ["kan", hand, tile, "--json", *args])
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.output)
    return answer


# (hand before the draw, tile, waits before, waits after, readings before, after)
CASES = [
    # 111222333m4567p: waits 4p (44p + 567p) and 7p (456p + 77p), each with the man part
    # as 111 222 333 or 123 123 123: 4 readings; after a kan of 1m, 222 333 are triplets
    # only: 2 readings; the 1m of 123m is a sequence's: WRC no, waits the same: Tenhou yes
    ("111222333m4567p", "1m", ["4p", "7p"], ["4p", "7p"], 4, 2),
    # 222333444p23m11z: waits 1m 4m; 222 333 444 or 234 234 234: 4 readings, then 2
    ("222333444p23m11z", "2p", ["1m", "4m"], ["1m", "4m"], 4, 2),
    # 111m456789p2345s: waits 2s 5s (2345s + 2s: 22s 345s; + 5s: 234s 55s), the 1m
    # triplet in every reading: both rules allow it
    ("111m456789p2345s", "1m", ["2s", "5s"], ["2s", "5s"], 2, 2),
    # mahjong.us.com "Tiles of the Unexpected #1": 345m 666p 777p 88p 44z waits on 8p and
    # 4z (shanpon) and on 5p 8p (678p 678p 67p); a kan of 6p loses the 5p: both refuse
    ("345m666777p88p44z", "6p", ["5p", "8p", "4z"], ["8p", "4z"], 4, 2),
]


@pytest.mark.parametrize(("hand", "tile", "before", "after", "n_before", "n_after"), CASES)
def test_each_preset_gives_its_rule(hand: str, tile: str, before: list[str],
                                    after: list[str], n_before: int, n_after: int) -> None:
    loose = before == after
    strict = loose and n_before == n_after
    for preset in (*PRESETS_WAITS, *PRESETS_READINGS):
        for solver in ("direct", "asp"):
            answer = kan(hand, tile, "--rules", preset, "--solver", solver)
            assert answer["waits_before"] == before and answer["waits_after"] == after
            assert (answer["readings_before"], answer["readings_after"]) == (n_before,
                                                                             n_after)
            assert (answer["loose"], answer["strict"]) == (loose, strict)
            assert answer["allowed"] == (strict if preset in PRESETS_READINGS else loose)
    # the option turns one preset's verdict into the other's
    assert kan(hand, tile, "--option", "riichi_kan=readings")["allowed"] == strict
    assert kan(hand, tile, "--rules", "wrc", "--option", "riichi_kan=waits")["allowed"] == loose


def test_the_fourteen_tile_form_is_the_same_question() -> None:
    for hand, tile, *_ in CASES:
        thirteen = kan(hand, tile)
        fourteen = kan(hand + tile, tile)
        assert thirteen == fourteen


def test_red_fives_follow_the_tiles() -> None:
    # a kan of 5m holding the red one: the same verdict as plain fives (red fives change
    # no reading), the hand keeps its red five
    plain = kan("555m23456p789s11z", "5m")
    red = kan("055m23456p789s11z", "5m")
    assert red["hand"] == "0555m23456p789s11z"
    assert {k: v for k, v in red.items() if k != "hand"} == \
        {k: v for k, v in plain.items() if k != "hand"}
    assert red["allowed"] is True and red["waits_before"] == ["1p", "4p", "7p"]


def test_a_drawn_red_five_stays_in_the_hand() -> None:
    # TILE 0m: the drawn fourth five is the red one. Before the fix the CLI read it as a
    # plain 5m: the hand lost its red five (5555m), and a 14-tile hand with no red five
    # "drawing" 0m, or two red 5m under Tenhou's one, passed unremarked
    for solver in ("direct", "asp"):
        answer = kan("555m23456p789s11z", "0m", "--solver", solver)
        assert answer["hand"] == "0555m23456p789s11z" and answer["allowed"] is True
    assert kan("0555m23456p789s11z", "0m")["hand"] == "0555m23456p789s11z"
    for args, words in ((["5555m23456p789s11z", "0m"], "red five"),
                        (["055m23456p789s11z", "0m"], "two red fives"),
                        (["555m23456p789s11z", "0m", "--rules", "wrc"], "none")):
        result = CliRunner().invoke(main, ["kan", *args])
        assert result.exit_code == 2 and words in result.output, result.output
