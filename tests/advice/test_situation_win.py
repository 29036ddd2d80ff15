"""Both advice models hand ``check_hand`` and ``candidates_by_tile`` one Win per situation
whatever the winning tile (``Model.SITUATION_TILE``, ``cpp_model._Scorer.TILE``): neither
reads the Win's own tile. Held here on hands of every form and situation, against a Win
naming each tile of the set in turn; and the models build no Win per winning tile."""

from __future__ import annotations

import pytest

from mjasp.advice import advise, cpp_model, model
from mjasp.advice.tiles37 import parse37
from mjasp.core.errors import MjaspError
from mjasp.core.hand import Hand
from mjasp.core.tiles import NUM_KINDS, tile_name
from mjasp.core.win import Win
from mjasp.rules import RULES
from mjasp.scoring.api import check_hand, hand_readings
from mjasp.solvers.scoring_direct import candidates_by_tile

#: complete hands: standard (pinfu shapes, triplets, a yakuman), seven pairs, thirteen
#: orphans, red fives, a quad's tiles read as two blocks, one refused by check_hand (a fifth
#: 9m with the indicators) and one by hand_readings (not complete)
HANDS = ["123456789m1234p4p", "111222333m44455p", "22334455667788s", "19m19p19s12345677z",
         "234067m234p23406s", "111999m111p99s777z", "1111m234p567s99p", "9999m234p567s11p",
         "1234m234p567s99p11z"]
SITUATIONS: list[dict[str, object]] = [
    dict(), dict(riichi=1), dict(riichi=1, ippatsu=True), dict(haitei=True),
    dict(riichi=2, ippatsu=True, dora_indicators=("9m",))]  # (no kan turned one more)


def _answer(hand: Hand, situation: dict[str, object], tile: int, rules_name: str
            ) -> object:
    rules = cpp_model.CPP_RULES if rules_name == "mahjong-cpp" else RULES[rules_name]
    win = Win(tile=tile_name(tile), tsumo=True, seat_wind="S",
              **{"dora_indicators": ("9m", "1m"), **situation})  # type: ignore[arg-type]
    try:
        check_hand(hand, win, rules)
        readings = hand_readings(hand, rules)
    except MjaspError as e:
        return type(e).__name__  # (refused; a 13-tile hand's message names the tile)
    kinds = [k for k in range(NUM_KINDS) if hand.counts[k]]
    return [[s.value for s in found] for found in
            candidates_by_tile(hand, win, rules, kinds, readings)]


@pytest.mark.parametrize("rules_name", ["tenhou", "mahjongsoul", "mahjong-cpp"])
@pytest.mark.parametrize("text", HANDS)
def test_the_win_tile_is_not_read(text: str, rules_name: str) -> None:
    hand = Hand.parse(text)
    for situation in SITUATIONS:
        first = _answer(hand, situation, 0, rules_name)
        for tile in range(1, NUM_KINDS):
            assert _answer(hand, situation, tile, rules_name) == first, (situation, tile)


def test_the_refused_hands_are_refused() -> None:
    # (the comparison above covers the checks' answers too)
    for text in ("9999m234p567s11p", "1234m234p567s99p11z"):
        assert isinstance(_answer(Hand.parse(text), {}, 0, "tenhou"), str)


def test_one_win_per_situation() -> None:
    """A search whose wins all take the ``points`` path (no yakuman, every candidate with
    a yaku) builds the plain Win of the situation tile only, none per winning tile."""
    m = model.Model(parse37("234567m234p2345s"), draws=3)
    m.solve([m.start], 3)
    assert m.paths["engine"] == m.paths["shape"] == 0 and m.paths["points"] > 0
    built = [t for t, win in enumerate(m._plain_wins) if win is not None]
    assert built == [model.Model.SITUATION_TILE]


def test_one_cpp_win_per_riichi_flag() -> None:
    cpp_model._WINS.clear()
    advise("123456789m1234p5z", dora_indicators=("3z",), model="mahjong-cpp")
    keys = {key for table in cpp_model._WINS.values() for key in table}
    assert keys and {tile for tile, _ in keys} == {cpp_model._Scorer.TILE}
