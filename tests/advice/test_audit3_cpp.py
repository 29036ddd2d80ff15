"""The mahjong-cpp compatibility mode on situations its reference file leaves out.

``mahjong_cpp_reference.jsonl`` holds closed 14-tile hands with one dora indicator, no
visible tiles and 17 draws. Here: 13-tile hands, two dora indicators, visible tiles, red
fives (drawn, under the dora indicator, in a chi), open hands and a closed kan, a
non-dealer seat, one and two draws, riichi with ura dora, and the inputs it refuses.
Each expected value is worked by hand from its model as its code computes it
(``docs/advise.md``, *mahjong-cpp compatibility*): with ``extra=0`` a tenpai draw state
draws its waits only and a winning hand has no discard to make, so the values are closed
forms over the wall,

    win(t) = win(t+1) + W (1 - win(t+1)) / (sum - t),
    exp(t) = exp(t+1) + sum_w c_w (points_w - exp(t+1)) / (sum - t),

from ``t = 18`` (all 0) down, ``c_w`` the copies of wait ``w`` in the wall and ``W`` their
total; ``sum`` its default, the wall's tile count (its ``Config.sum`` 0 and its web
server's ``calculate_result`` both sum the wall). Points are worked from han and fu by
Tenhou's table (checked with ``mjasp.score``).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import comb, prod
from typing import Any

import pytest

import mjasp
from mjasp.advice import AdviseError, advise

SUITS = "mps"


def _dora(kind: str) -> str:
    """The dora an indicator points at (suits 9 to 1, winds E S W N E, dragons
    haku hatsu chun haku)."""
    n, s = int(kind[0]), kind[1]
    if s in SUITS:
        return f"{n % 9 + 1}{s}"
    return f"{n % 4 + 1}z" if n <= 4 else f"{(n - 5 + 1) % 3 + 5}z"


KINDS = [f"{n}{s}" for s in SUITS for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def _counts(tiles: str) -> dict[str, int]:
    """Copies of each kind in mpsz text (a red five as its five)."""
    out = dict.fromkeys(KINDS, 0)
    digits = ""
    for ch in tiles:
        if ch.isdigit():
            digits += ch
        elif ch in "mpsz":
            for d in digits:
                out[f"{5 if d == '0' else int(d)}{ch}"] += 1
            digits = ""
    return out


def _dealer_tsumo(han: int, fu: int) -> int:
    """A dealer's self-draw, Tenhou's table: each pays 2 x base rounded up to 100."""
    base = {5: 2000, 6: 3000, 7: 3000, 8: 4000, 9: 4000, 10: 4000, 11: 6000,
            12: 6000}.get(han, 8000 if han >= 13 else min(2000, fu * 2 ** (han + 2)))
    return 3 * (-(-2 * base // 100) * 100)


def _closed_form(waits: list[tuple[int, float]], wall_sum: int, draws: int
                 ) -> tuple[list[float], list[float]]:
    """win(t), exp(t) for t = 18 - draws .. 18 (the formulas above)."""
    win, exp = [0.0], [0.0]
    total = sum(c for c, _ in waits)
    for t in range(17, 17 - draws, -1):
        w1, e1 = win[0], exp[0]
        win.insert(0, w1 + total * (1 - w1) / (wall_sum - t))
        exp.insert(0, e1 + sum(c * (p - e1) for c, p in waits) / (wall_sum - t))
    return win, exp


def _cpp(hand: str, **options: Any) -> Any:
    return advise(hand, model="mahjong-cpp", extra=0, **options)


def _only(a: Any, discard: str | None) -> Any:
    (c,) = [c for c in a.candidates if c.discard == discard]
    return c


def _close(mine: tuple[float, ...], theirs: list[float]) -> None:
    assert len(mine) == len(theirs)
    for x, y in zip(mine, theirs, strict=True):
        assert x == pytest.approx(y, rel=1e-12, abs=1e-12)


# 123456789m1234p: tenpai on 1p and 4p (3 copies each), either a tanki; a dama self-draw
# is menzen tsumo + ittsu, 3 han, 20 + 2 (tsumo) + 2 (tanki) = 24 -> 30 fu: a dealer's
# 2000 all = 6000
DAMA = 6000


def test_points_worked_by_hand_are_tenhous() -> None:
    assert _dealer_tsumo(3, 30) == DAMA
    for hand, tile in (("123456789m11234p", "1p"), ("123456789m12344p", "4p")):
        assert mjasp.score(hand, mjasp.Win(tile=tile, tsumo=True)).points == DAMA
    assert mjasp.score("123456789m456p11s", mjasp.Win(
        tile="5p", tsumo=True, seat_wind="S")).points == 4000
    assert mjasp.score("123456789m406p11s", mjasp.Win(
        tile="0p", tsumo=True, seat_wind="S")).points == 7900
    assert mjasp.score("123456789m456p11s", mjasp.Win(
        tile="5p", tsumo=True, seat_wind="S", dora_indicators=("0p",))).points == 7900


@pytest.mark.parametrize(("options", "wall_sum"), [
    ({"dora_indicators": ["1z"]}, 136 - 13 - 1),            # a 13-tile hand: 122
    ({"dora_indicators": ["1z", "2z"]}, 136 - 13 - 2),      # two indicators: 121
    ({"dora_indicators": ["1z"], "visible": "99s7z"}, 136 - 13 - 1 - 3),
    ({}, 136 - 13),                                         # no indicator: 123
])
def test_a_13_tile_tenpai_hand_two_draws_with_its_default_sum(options: dict[str, Any],
                                                             wall_sum: int) -> None:
    # (failed before: the mode divided by 121 - t whatever the wall)
    a = _cpp("123456789m1234p", draws=2, **options)
    assert a.settings["wall_sum"] == wall_sum
    c = _only(a, None)
    win, exp = _closed_form([(3, DAMA), (3, DAMA)], wall_sum, 2)
    assert c.tenpai_prob == (1.0, 1.0, 1.0)
    _close(c.win_prob, win)
    _close(c.expected_points, exp)
    assert a.nodes == 3  # the draw state and its two winning discard states


def test_a_sum_given_is_used_as_given() -> None:
    c = _only(_cpp("123456789m1234p", draws=2, wall_sum=121, dora_indicators=["1z"]), None)
    win, exp = _closed_form([(3, DAMA), (3, DAMA)], 121, 2)
    _close(c.win_prob, win)
    _close(c.expected_points, exp)


def test_a_red_five_is_its_own_draw_with_one_han_more() -> None:
    # 123456789m46p11s, seat South: kanchan on 5p, four in the wall, one of them red.
    # Plain: tsumo + ittsu 3 han, 20 + 2 + 2 (kanchan) -> 30 fu: 1000/2000 = 4000; red:
    # 4 han 30 fu: 2000/3900 = 7900. One draw: t = 17, sum 122.
    a = _cpp("123456789m46p11s", draws=1, seat_wind="S", dora_indicators=["1z"])
    c = _only(a, None)
    assert c.ukeire == (("5p", 4),)
    win, exp = _closed_form([(3, 4000), (1, 7900)], 122, 1)
    _close(c.win_prob, win)
    _close(c.expected_points, exp)


def test_a_red_five_under_the_indicator_leaves_the_wall_and_points_at_6p() -> None:
    # indicator red 5p: the three plain 5p are left (none red) and 6p is dora: each win
    # is 4 han 30 fu, 7900
    c = _only(_cpp("123456789m46p11s", draws=1, seat_wind="S", dora_indicators=["0p"]),
              None)
    assert c.ukeire == (("5p", 3),)
    win, exp = _closed_form([(3, 7900)], 122, 1)
    _close(c.win_prob, win)
    _close(c.expected_points, exp)


def _ura_expectation(hand14: str, indicators: list[str], han: int, fu: int = 30) -> float:
    """A riichi win's points averaged over its ura indicators, drawn without replacement
    from the wall of the winning hand (every tile not in it nor under an indicator; a
    red five as its five; the melds' tiles held, not in the wall), each ura han added to
    ``han`` at ``fu`` (brute force over the multisets of indicator kinds)."""
    held = _counts(hand14)
    wall = {k: 4 - held[k] - indicators.count(k) for k in KINDS}
    n = len(indicators)
    total = 0.0
    for pick in combinations_with_replacement(KINDS, n):
        ways = prod(comb(wall[k], pick.count(k)) for k in set(pick))
        if ways:
            total += ways * _dealer_tsumo(han + sum(held[_dora(k)] for k in pick), fu)
    return total / comb(sum(wall.values()), n)


@pytest.mark.parametrize("indicators", [["1z"], ["1z", "2z"]])
def test_riichi_after_the_discard_with_ura_dora_one_draw(indicators: list[str]) -> None:
    # 123456789m1234p5z, discard 5z: tenpai, so riichi. A win is riichi + tsumo + ittsu,
    # 4 han 30 fu (a dealer's 3900 all), and every ura han adds one han at 30 fu. The
    # discarded 5z is back in the wall: sum = 136 - 14 - len(indicators).
    wall_sum = 136 - 14 - len(indicators)
    assert _dealer_tsumo(4, 30) == mjasp.score("123456789m11234p", mjasp.Win(
        tile="1p", tsumo=True, riichi=1, dora_indicators=tuple(indicators))).points == 11700
    a = _cpp("123456789m1234p5z", draws=1, dora_indicators=indicators)
    c = _only(a, "5z")
    assert c.decision == "riichi"
    waits = [(3, _ura_expectation("123456789m11234p", indicators, 4)),
             (3, _ura_expectation("123456789m12344p", indicators, 4))]
    win, exp = _closed_form(waits, wall_sum, 1)
    assert c.tenpai_prob == (1.0, 1.0)
    _close(c.win_prob, win)
    _close(c.expected_points, exp)


def test_an_open_hand_a_red_five_in_its_chi_no_riichi_two_draws() -> None:
    # 234m456p345s8s + chi 4-red5-6p, seat South: open (its is_closed: closed kans only),
    # so no riichi and no ura; open tanyao + aka, 2 han, 20 + 2 + 2 (tanki) -> 30 fu:
    # 500/1000 = 2000 (no haitei in its model). The 8s tanki: 3 of a wall of
    # 136 - 13 - 1 = 122 (the chi's tiles out of it).
    assert mjasp.score("234m456p345s88s [406p]", mjasp.Win(
        tile="8s", tsumo=True, seat_wind="S", dora_indicators=("1z",))).points == 2000
    a = _cpp("234m456p345s8s [406p]", draws=2, seat_wind="S", dora_indicators=["1z"])
    assert a.settings["wall_sum"] == 122
    c = _only(a, None)
    assert c.ukeire == (("8s", 3),)
    win, exp = _closed_form([(3, 2000)], 122, 2)
    _close(c.win_prob, win)
    _close(c.expected_points, exp)


def test_an_open_tenpai_discard_is_dama() -> None:
    # 14 tiles with a chi: discarding 1z keeps the tanyao tenpai; open, so no riichi
    a = _cpp("234m456p345s8s1z [406p]", draws=1, seat_wind="S", dora_indicators=["1z"])
    c = _only(a, "1z")
    assert c.decision == "dama"
    win, exp = _closed_form([(3, 2000)], 136 - 14 - 1, 1)
    _close(c.win_prob, win)
    _close(c.expected_points, exp)


def test_an_open_hand_without_a_yaku_wins_nothing() -> None:
    # a self-draw of an open hand without a yaku scores 0, which its code does not count
    # as a win (and extra=0 leaves the complete hand nothing to discard)
    c = _only(_cpp("234m456p789s1z [123s]", draws=2), None)
    assert c.tenpai_prob == (1.0, 1.0, 1.0)
    assert c.win_prob == c.expected_points == (0.0, 0.0, 0.0)


def test_a_closed_kan_its_four_tiles_out_of_the_wall_and_its_dora() -> None:
    # 123m456p789s1z + closed kan of 2z (13 tiles), indicators 1z and 9m: the wall
    # 136 - 10 - 4 - 2 = 120, the 1z tanki 2 of it. The hand given is not in riichi: a
    # dama self-draw, menzen tsumo + four dora (2z) + one (1m) = 6 han: a dealer's
    # haneman, 18000.
    assert _dealer_tsumo(6, 60) == mjasp.score("123m456p789s11z (2222z)", mjasp.Win(
        tile="1z", tsumo=True, dora_indicators=("1z", "9m"))).points == 18000
    a = _cpp("123m456p789s1z (2222z)", draws=1, dora_indicators=["1z", "9m"])
    assert a.settings["wall_sum"] == 120
    c = _only(a, None)
    win, exp = _closed_form([(2, 18000)], 120, 1)
    _close(c.win_prob, win)
    _close(c.expected_points, exp)


def test_a_closed_kan_keeps_riichi_and_its_tiles_count_for_ura() -> None:
    # 123m456p789s1z5z + closed kan of 2z, discard 5z: tenpai and closed, so riichi. A win
    # is riichi + tsumo + four dora, 6 han (60 fu: closed kan of a non-value honor 32, the
    # tanki 2, tsumo 2); an ura indicator 1z (two left) adds four han (the kan's 2z), as
    # its calc_uradora_score counts the melds' tiles with the hand's. (The kan's own
    # indicator too, 9p: it shows 1p, none held; its ura indicator is counted as well.)
    hand14 = "123m456p789s11z (2222z)"
    assert mjasp.score(hand14, mjasp.Win(tile="1z", tsumo=True, riichi=1,
                                         dora_indicators=("1z", "9p"))).points == 18000
    a = _cpp("123m456p789s1z5z (2222z)", draws=1, dora_indicators=["1z", "9p"])
    c = _only(a, "5z")
    assert c.decision == "riichi"
    wall_sum = 136 - 11 - 4 - 2
    win, exp = _closed_form([(2, _ura_expectation(hand14, ["1z", "9p"], 6, fu=60))],
                            wall_sum, 1)
    _close(c.win_prob, win)
    _close(c.expected_points, exp)


def test_no_draw_left_a_tenpai_hand_is_tenpai_and_wins_nothing() -> None:
    a = _cpp("123456789m1234p5z", draws=0, dora_indicators=["1z"])
    c = _only(a, "5z")
    assert (c.tenpai_prob, c.win_prob, c.expected_points) == ((1.0,), (0.0,), (0.0,))


def test_a_complete_hand_is_not_searched() -> None:
    # its web server refuses a complete hand ("the hand is already a winning form"); the
    # mode answers with the hand's best self-draw and no candidates, as the own model
    a = advise("123456789m11234p", model="mahjong-cpp")
    assert a.shanten == -1 and a.candidates == ()
    assert a.win_points == mjasp.score("123456789m11234p", mjasp.Win(
        tile="1m", tsumo=True)).points


def test_beyond_three_shanten_effective_tiles_only() -> None:
    # its web server computes the values only up to three-shanten (calc_stats); beyond,
    # every tile of the hand with its shanten and effective tiles, and no graph
    hand = "147m258p369s13567z"
    a = advise(hand, model="mahjong-cpp")
    assert a.shanten >= 4 and not a.exact and a.nodes == 0
    assert sorted(str(c.discard) for c in a.candidates) == sorted(
        k for k, n in _counts(hand).items() if n)
    assert all(c.tenpai_prob == () for c in a.candidates)


@pytest.mark.parametrize(("hand", "options", "message"), [
    ("123456789p1234s5z", {"rules": "tenhou-3p"}, "four-player only"),
    ("123456789m1234p", {"wall_sum": 17}, "wall_sum must be an integer of at least 18"),
    ("123456789m1234p", {"wall_sum": 0}, "wall_sum must be"),
    ("123456789m1234p", {"wall_sum": 121.0}, "wall_sum must be"),
    ("123456789m1234p", {"draws": 19}, "at most 18 draws"),
])
def test_what_the_mode_refuses_is_one_clear_error(hand: str, options: dict[str, Any],
                                                  message: str) -> None:
    # (a sum of 17 or less made its divisor sum - t zero or negative: nan, or
    # "probabilities" of 43105, before it was refused; a float one a TypeError)
    with pytest.raises(AdviseError, match=message):
        advise(hand, model="mahjong-cpp", **options)


def test_a_sum_of_18_is_its_code_s_answer() -> None:
    # the least sum its divisor allows (sum - 17 = 1 at the last draw): one draw of the
    # six waits over 1 tile, a "probability" of 6, as its code computes it
    c = _only(_cpp("123456789m1234p", draws=1, wall_sum=18), None)
    assert c.win_prob == (6.0, 0.0)


@pytest.mark.parametrize("hand", ["123m456p789s1z5z (2222z)", "12m456p789s1z5z (2222z)",
                                  "123m406p789s1z (0555s)"])
def test_a_closed_kan_the_compiled_graph_equals_the_numpy_one(hand: str) -> None:
    # a closed kan keeps riichi, so its graph is built by the compiled builder where built;
    # the numpy one (taken for open hands) must find the same states, edges and numbers
    from mjasp.advice import graph
    from mjasp.advice.cpp_model import compute
    if graph._dp is None:
        pytest.skip("mjasp was installed without its compiled graph builder")
    fast = compute(hand, dora_indicators=("1z",))
    saved = graph._dp
    graph._dp = None
    try:
        slow = compute(hand, dora_indicators=("1z",))
    finally:
        graph._dp = saved
    assert fast.searched == slow.searched > 1
    for a, b in zip(fast.stats, slow.stats, strict=True):
        assert a.tile == b.tile and a.necessary == b.necessary
        for x, y in ((a.tenpai_prob, b.tenpai_prob), (a.win_prob, b.win_prob),
                     (a.exp_score, b.exp_score)):
            assert x == pytest.approx(y, rel=1e-12, abs=1e-9)
