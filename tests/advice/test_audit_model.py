"""mjasp's discard-advice model checked rule by rule against values worked by hand.

Each expected value here comes from the model's statement in ``docs/advise.md`` worked
out on a small case (closed formulas over the wall's counts, brute force over every ura
indicator) and ``mjasp.score`` for the points of one win in its exact situation; never
from the advice code. Searches are kept small (``extra=0`` or one and two draws) so the
policy can be followed by hand.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.advice import advise
from mjasp.cli import main
from mjasp.core.tiles import tile_kind, tile_name
from tests.advice.helpers import recursive_advice


def _score(hand: str, tile: str, rules: str = "tenhou", **situation: Any) -> int:
    """The points of one self-drawn win in its exact situation."""
    return mjasp.score(hand, mjasp.Win(tile=tile, tsumo=True, **situation), rules=rules).points


def _table(a: mjasp.advice.api.Advice) -> list[tuple[Any, ...]]:
    return [(c.discard, c.decision, c.tenpai_prob, c.win_prob, c.expected_points)
            for c in a.candidates]


# -- riichi "always" declares at every closed tenpai -----------------------------------------

def test_always_declares_riichi_at_a_tenpai_without_a_winning_tile_left() -> None:
    # 123456789m24s1z6z (dealer), the other three 1z in sight: 136 - 13 - 3 = 120 unseen.
    # extra=0: only shanten-lowering discards. With 2 draws left, draw 1:
    #   3s (4): tenpai on 6z (3 left) or on 1z (none left). Under "always" either is a
    #     riichi: the 1z wait loses the stick (-1000), the 6z one with one draw left wins
    #     3/120 x 18000 (riichi ippatsu tsumo haitei ittsu: dealer haneman) and loses
    #     1000 x 117/120 otherwise: -525. Throwing 3s back is worth 0: it is taken.
    #   6z (3): tenpai on 3s (4 left): 4/120 x 18000 - 1000 x 116/120 < 0: thrown back.
    # With one draw left no riichi is possible after it (none with 0 draws), so the hand
    # reaches tenpai on 3s or 6z: 7/120; and so at two draws left too: 7/120, win 0.
    assert _score("123456789m234s66z", "6z", riichi=1, ippatsu=True, haitei=True) == 18000
    (c,) = advise("123456789m24s1z6z", draws=2, extra=0, riichi="always",
                  visible="111z").candidates
    assert c.tenpai_prob == pytest.approx((7 / 120, 7 / 120), abs=1e-15)
    assert c.win_prob == (0.0, 0.0) and c.expected_points == (0.0, 0.0)


def test_always_equals_the_recursion_where_a_wait_can_run_out() -> None:
    # the same hand with hand changes and 4 draws: the solved graph played the tenpai on
    # 1z dama (and could change its wait later), so its points differed from the stated
    # policy's (the recursion of ``Model.value``/``options_of``)
    options: dict[str, Any] = {"draws": 4, "riichi": "always", "visible": "111z"}
    assert _table(advise("123456789m24s1z6z", **options)) == \
        _table(recursive_advice("123456789m24s1z6z", **options))


# -- ura dora by exact counting ---------------------------------------------------------------

def _ura_brute(hand14: str, tile: str, indicators: tuple[str, ...], rules: str,
               **situation: Any) -> float:
    """The mean points of a riichi self-draw over every way the ura indicators (one per
    dora indicator, drawn without replacement from the unseen tiles less the winning
    hand) can lie: each multiset of kinds weighted by its ways, each ura han total scored
    by ``mjasp.score`` with indicators giving it."""
    held = mjasp.Hand.parse(hand14).total_counts()  # melds too
    wall = [4 - held[k] for k in range(34)]
    for i in indicators:
        wall[tile_kind(i)] -= 1
    if mjasp.RULES[rules].players == 3:
        for k in range(1, 8):
            wall[k] = 0
    total = sum(wall)
    kinds = [k for k in range(34) if wall[k]]
    # the kind an indicator points at, counted by hand: next in its suit or honour group
    def points_at(k: int) -> int:
        if k >= 27:
            return 27 + (k - 27 + 1) % 4 if k < 31 else 31 + (k - 31 + 1) % 3
        if mjasp.RULES[rules].players == 3 and k in (0, 8):
            return 8 - k
        return 9 * (k // 9) + (k % 9 + 1) % 9
    by_han: dict[int, int] = {}
    example: dict[int, tuple[int, ...]] = {}
    for combo in itertools.combinations_with_replacement(kinds, len(indicators)):
        ways = 1
        for k in set(combo):
            m = combo.count(k)
            ways *= math.comb(wall[k], m)
        if not ways:
            continue
        han = sum(held[points_at(k)] for k in combo)
        by_han[han] = by_han.get(han, 0) + ways
        example.setdefault(han, combo)
    assert sum(by_han.values()) == math.comb(total, len(indicators))
    return sum(ways * _score(hand14, tile, rules, riichi=1, dora_indicators=indicators,
                             ura_indicators=tuple(tile_name(k) for k in example[han]),
                             **situation)
               for han, ways in by_han.items()) / math.comb(total, len(indicators))


@pytest.mark.parametrize("indicators", [("7z",), ("9m", "7z"), ("9m", "3p", "7z"),
                                        ("3m", "9m", "3p", "7z"),
                                        pytest.param(("3m", "9m", "3p", "6z", "7z"),
                                                     marks=pytest.mark.slow)])
def test_ura_dora_of_one_to_five_indicators_equal_the_brute_force(
        indicators: tuple[str, ...]) -> None:
    # 123456789m1234p, one draw left, riichi always (wrc: no red fives): each of 1p and 4p
    # (3 left of N = 123 - indicators) wins with riichi, ippatsu, tsumo and haitei, its ura
    # indicators drawn from the N - 1 tiles left; the stick is lost otherwise
    n = 123 - len(indicators)
    (c,) = advise("123456789m1234p", draws=1, riichi="always", rules="wrc",
                  dora_indicators=indicators).candidates
    worked = sum(3 / n * _ura_brute(h14, tile, indicators, "wrc", ippatsu=True, haitei=True)
                 for tile, h14 in (("1p", "123456789m11234p"), ("4p", "123456789m12344p")))
    worked -= 1000 * (1 - 6 / n)
    assert c.expected_points[0] == pytest.approx(worked, abs=1e-9)


def test_three_indicators_the_solved_graph_equals_the_recursion() -> None:
    # the ura outcomes of every winning hand at once (the graph) and one by one
    options: dict[str, Any] = {"draws": 4, "dora_indicators": ("1p", "5s", "2z"),
                               "riichi": "always"}
    fast = advise("2266m556678p11s44z", **options)
    assert _table(fast) == _table(recursive_advice("2266m556678p11s44z", **options))
    assert any(c.expected_points[0] > 0 for c in fast.candidates)


# -- a winning 14-tile hand ----------------------------------------------------------------

def test_a_complete_hand_is_scored_on_its_best_winning_tile() -> None:
    # 22m345678p234567s, the dealer (East) draws: which tile completed it is not given.
    # On 3p (a two-sided wait): tsumo, pinfu, tanyao, 3 han 20 fu: 1300 all = 3900; on
    # 2m (a pair wait): tsumo, tanyao, 2 han, 20 + 2 + 2 = 24 -> 30 fu: 1000 all = 3000.
    # The answer was the 2m one (the first kind held twice), not named; now the best, named.
    assert _score("22m345678p234567s", "3p") == 3900
    assert _score("22m345678p234567s", "2m") == 3000
    a = advise("22m345678p234567s")
    assert a.shanten == -1 and a.win_points == 3900 and a.note.endswith("on 3p)")
    # the command line names the tile too (the score depends on it)
    out = CliRunner().invoke(main, ["advise", "22m345678p234567s"]).output
    assert "scores 3900" in out and "on 3p)" in out
    # an open hand without a yaku on any tile: no score
    a = advise("123m456p789s11z [234m]")
    assert a.win_points is None and "no yaku" in a.note


# -- one, two and three draws: closed forms ------------------------------------------------

def test_one_draw_red_five_is_its_own_draw_with_dora_and_a_non_dealer() -> None:
    # 123456789m46s55z (South): a 5s kanchan; dora indicator 4s (dora 5s). Unseen 5s: 4,
    # one red (tenhou); 136 - 13 - 1 = 122 unseen. One draw left, dama: the plain 5s wins
    # 3/122 of the time, the red one 1/122, each with haitei and its own aka dora.
    plain = _score("123456789m456s55z", "5s", seat_wind="S", dora_indicators=("4s",),
                   haitei=True)
    red = _score("123456789m406s55z", "0s", seat_wind="S", dora_indicators=("4s",),
                 haitei=True)
    assert red > plain
    (c,) = advise("123456789m46s55z", draws=1, riichi="never", seat_wind="S",
                  dora_indicators="4s").candidates
    assert c.ukeire == (("5s", 4),)
    assert c.win_prob[0] == pytest.approx(4 / 122, abs=1e-15)
    assert c.expected_points[0] == pytest.approx((3 * plain + red) / 122, abs=1e-9)


def test_two_draws_dama_the_wall_unchanged_by_a_throw_back() -> None:
    # extra=0 keeps the tenpai hand as it is; a draw that does not win goes back and the
    # wall stays (the model's stated simplification), so both draws win with the same
    # p = 6/122 (1p, 4p; one dora indicator 1z): the first without haitei, the second with.
    hand = "123456789m1234p"
    wins = (("1p", "123456789m11234p"), ("4p", "123456789m12344p"))
    early = sum(3 * _score(h, t, dora_indicators=("1z",)) for t, h in wins) / 122
    last = sum(3 * _score(h, t, dora_indicators=("1z",), haitei=True) for t, h in wins) / 122
    p = 6 / 122
    (c,) = advise(hand, draws=2, riichi="never", extra=0, dora_indicators="1z").candidates
    assert c.win_prob == pytest.approx((1 - (1 - p) ** 2, p), abs=1e-15)
    assert c.expected_points == pytest.approx((early + (1 - p) * last, last), abs=1e-9)
    assert c.tenpai_prob == (1.0, 1.0)


def test_three_draws_riichi_ippatsu_on_the_first_only() -> None:
    # riichi at the start: draw 1 ippatsu, draw 2 neither, draw 3 (the last) haitei; each
    # win's ura indicator over the wall (brute force); the stick lost if none wins
    hand = "123456789m1234p"
    wins = (("1p", "123456789m11234p"), ("4p", "123456789m12344p"))
    p = 6 / 122

    def mean(**situation: Any) -> float:
        return sum(3 / 122 * _ura_brute(h, t, ("7z",), "tenhou", **situation)
                   for t, h in wins)

    first, middle, last = mean(ippatsu=True), mean(), mean(haitei=True)
    assert first > middle and last > middle
    (c,) = advise(hand, draws=3, riichi="always", dora_indicators="7z").candidates
    worked = first + (1 - p) * middle + (1 - p) ** 2 * last - 1000 * (1 - p) ** 3
    assert c.decision == "riichi"
    assert c.expected_points[0] == pytest.approx(worked, abs=1e-9)
    # with one draw left that draw is both the ippatsu and the haitei draw
    both = mean(ippatsu=True, haitei=True)
    assert c.expected_points[2] == pytest.approx(both - 1000 * (1 - p), abs=1e-9)


# -- riichi or dama ------------------------------------------------------------------------

def _locked(p: float, points: list[float], stick: bool) -> float:
    """A locked hand over len(points) draws: draw j wins with p for points[j - 1]; with
    riichi the stick is lost when no draw wins."""
    ev, reach = 0.0, 1.0
    for pts in points:
        ev += reach * p * pts
        reach *= 1 - p
    return ev - (1000 * reach if stick else 0.0)


@pytest.mark.parametrize("draws", [1, 8, 12])
def test_choose_takes_the_better_of_riichi_and_dama_worked_by_hand(draws: int) -> None:
    # 234567m234p22s66s (South, no dora indicator: no ura): tanyao already, a 2s/6s
    # shanpon, 4 of 123 unseen; extra=0 locks the hand. Dama wins tsumo tanyao (haitei on
    # the last draw); riichi adds riichi (ippatsu on the first) and risks the stick. With
    # up to eight draws dama is worth more (the stick is likely lost), with twelve riichi.
    hand = "234567m234p22s66s"
    p = 4 / 123

    def pts(**situation: Any) -> float:
        return sum(_score(h, t, seat_wind="S", **situation) for t, h in (
            ("2s", "234567m234p222s66s"), ("6s", "234567m234p22s666s"))) / 2

    dama = _locked(p, [pts()] * (draws - 1) + [pts(haitei=True)], stick=False)
    riichi_pts = [pts(riichi=1, ippatsu=j == 1, haitei=j == draws)
                  for j in range(1, draws + 1)]
    riichi = _locked(p, riichi_pts, stick=True)
    assert (dama > riichi) == (draws <= 8)
    got = {how: advise(hand, draws=draws, extra=0, riichi=how, seat_wind="S").candidates[0]
           for how in ("never", "always", "choose")}
    assert got["never"].expected_points[0] == pytest.approx(dama, abs=1e-9)
    assert got["always"].expected_points[0] == pytest.approx(riichi, abs=1e-9)
    assert got["choose"].expected_points[0] == pytest.approx(max(dama, riichi), abs=1e-9)
    assert got["choose"].decision == ("dama" if dama > riichi else "riichi")


# -- three players -------------------------------------------------------------------------

def test_three_players_dora_and_tsumo_loss_worked_by_hand() -> None:
    # tenhou-3p, 999m123456p1234s (South), dora indicator 1m: in three-player the dora
    # after 1m is 9m, so three dora. Win on 1s or 4s (a pair wait): menzen tsumo + 3 dora
    # = 4 han; 20 + tsumo 2 + pair wait 2 + closed 999m 8 = 32 -> 40 fu: mangan, 2000 from
    # the other non-dealer and 4000 from the dealer and no north seat: 6000 (tsumo loss;
    # four players pay 8000). Haitei adds a han: still mangan. The wall: 108 tiles less
    # the hand and the indicator: 94; 3 copies of each wait.
    for tile, h14 in (("1s", "999m123456p11234s"), ("4s", "999m123456p12344s")):
        assert _score(h14, tile, "tenhou-3p", seat_wind="S", dora_indicators=("1m",)) == 6000
        assert _score(h14, tile, "tenhou-3p", seat_wind="S", dora_indicators=("1m",),
                      haitei=True) == 6000
    for draws in (1, 2):
        (c,) = advise("999m123456p1234s", draws=draws, riichi="never", extra=0,
                      rules="tenhou-3p", seat_wind="S", dora_indicators="1m").candidates
        assert c.ukeire == (("1s", 3), ("4s", 3))
        p = 6 / 94
        assert c.win_prob[0] == pytest.approx(1 - (1 - p) ** draws, abs=1e-15)
        assert c.expected_points[0] == pytest.approx(6000 * (1 - (1 - p) ** draws),
                                                     abs=1e-9)


def test_three_players_one_red_5p_among_four_and_visible_tiles_leave_the_wall() -> None:
    # tenhou-3p makes one of the four 5p red. 999m46p123456s11z (South): a 5p kanchan,
    # 4 unseen (1 red). Two 1s in sight: 108 - 13 - 2 = 93 unseen. One draw, dama.
    plain = _score("999m456p123456s11z", "5p", "tenhou-3p", seat_wind="S", haitei=True)
    red = _score("999m406p123456s11z", "0p", "tenhou-3p", seat_wind="S", haitei=True)
    # haitei + tsumo 2 han, 20 + 2 + kanchan 2 + 999m 8 + round-wind pair 2 = 34 -> 40 fu:
    # 700 + 1300 = 2000; the red five one han more: 1300 + 2600 = 3900
    assert (plain, red) == (2000, 3900)
    (c,) = advise("999m46p123456s11z", draws=1, riichi="never", rules="tenhou-3p",
                  seat_wind="S", visible="11s").candidates
    assert c.ukeire == (("5p", 4),)
    assert c.win_prob[0] == pytest.approx(4 / 93, abs=1e-15)
    assert c.expected_points[0] == pytest.approx((3 * plain + red) / 93, abs=1e-9)


def test_three_players_a_north_kept_in_the_hand_is_no_dora() -> None:
    # nukidora is not modelled: 123456789p123s4z waits on 4z, a plain tile. Win: ittsu 2 +
    # tsumo + haitei = 4 han, 20 + 2 + pair wait 2 = 24 -> 30 fu: 2000 + 3900 = 5900
    # (were the two Norths counted as nukidora: 6 han, haneman)
    assert _score("123456789p123s44z", "4z", "tenhou-3p", seat_wind="S", haitei=True) == 5900
    (c,) = advise("123456789p123s4z", draws=1, riichi="never", rules="tenhou-3p",
                  seat_wind="S").candidates
    assert c.expected_points[0] == pytest.approx(3 * 5900 / 95, abs=1e-9)


# -- furiten, open hands, kans ---------------------------------------------------------------

def test_a_wait_in_sight_still_wins_by_self_draw() -> None:
    # furiten does not stop a self-draw: 1p in sight (say discarded) only leaves the wall
    (c,) = advise("123456789m1234p", draws=1, riichi="never", visible="1p").candidates
    assert c.win_prob[0] == pytest.approx(5 / 122, abs=1e-15)


def test_an_open_hand_with_a_yaku_wins_on_every_draw() -> None:
    # 234m456p345s8s + chi 234p (open tanyao under tenhou): the 8s pair wait, 3 of
    # 136 - 13 = 123 unseen, wins on both draws, haitei on the second; no riichi (open)
    hand, h14 = "234m456p345s8s [234p]", "234m456p345s88s [234p]"
    early = _score(h14, "8s", seat_wind="S")
    last = _score(h14, "8s", seat_wind="S", haitei=True)
    assert 0 < early < last
    p = 3 / 123
    (c,) = advise(hand, draws=2, extra=0, seat_wind="S").candidates
    assert c.decision == "dama" and c.ukeire == (("8s", 3),)
    assert c.win_prob[0] == pytest.approx(1 - (1 - p) ** 2, abs=1e-15)
    assert c.expected_points[0] == pytest.approx(p * early + (1 - p) * p * last, abs=1e-9)


def test_a_closed_kan_leaves_the_wall_keeps_riichi_and_counts_for_ura() -> None:
    # 123m456p789s1z + closed kan of 2z, dora indicators 1z (dora 2z: four) and 9m: the
    # wall 136 - 10 - 4 - 2 = 120, the 1z pair wait 3 of them. One draw, riichi always:
    # the ura indicator pair brute-forced (one pointing at 2z gives four ura). The model
    # declares no kan itself (no rinshan).
    hand, h14 = "123m456p789s1z (2222z)", "123m456p789s11z (2222z)"
    (c,) = advise(hand, draws=1, riichi="always", dora_indicators=("1z", "9m")).candidates
    assert c.ukeire == (("1z", 2),)
    worked = 2 / 120 * _ura_brute(h14, "1z", ("1z", "9m"), "tenhou", ippatsu=True,
                                  haitei=True) - 1000 * (1 - 2 / 120)
    assert c.expected_points[0] == pytest.approx(worked, abs=1e-9)


# -- the whole stated model, restated independently on tiny cases --------------------------

Counts = tuple[int, ...]
Triple = tuple[float, float, float]


def _restated(hand: str, draws: int, policy: str, seat: str) -> dict[str, Triple]:
    """docs/advise.md's model written out again from its text, without red fives (wrc) or
    dora: the wall ``unseen[k] - max(0, H[k] - start[k])``, a win taken whenever drawn
    (haitei on the last draw), else a discard kept when it lowers the shanten or keeps
    ``shanten + changes + 1 <= s0 + 1`` (the drawn tile thrown back always allowed),
    riichi a locked hand (ippatsu on its first draw, the stick lost without a win) and the
    best option by (points, win, tenpai)."""
    from mjasp.analysis.shanten import shanten as shanten_of

    start: Counts = tuple(mjasp.Hand.parse(hand).counts)
    unseen = tuple(4 - c for c in start)
    shanten_memo: dict[Counts, int] = {}
    points_memo: dict[tuple[Any, ...], int] = {}
    dama_memo: dict[tuple[Counts, int, int], Triple] = {}

    def sh(h: Counts) -> int:
        if h not in shanten_memo:
            shanten_memo[h] = shanten_of(list(h))
        return shanten_memo[h]

    def plus(h: Counts, k: int, n: int = 1) -> Counts:
        return tuple(c + n * (i == k) for i, c in enumerate(h))

    def wall(h: Counts) -> list[int]:
        return [u - max(0, c - s) for u, s, c in zip(unseen, start, h, strict=True)]

    def points(h14: Counts, tile: int, riichi: bool, ippatsu: bool, haitei: bool) -> int:
        key = (h14, tile, riichi, ippatsu, haitei)
        if key not in points_memo:
            text = "".join(tile_name(k) * c for k, c in enumerate(h14))
            points_memo[key] = _score(text, tile_name(tile), "wrc", seat_wind=seat,
                                      riichi=int(riichi), ippatsu=ippatsu, haitei=haitei)
        return points_memo[key]

    def riichi(h: Counts, d: int) -> Triple:
        w = wall(h)
        waits = [k for k in range(34) if w[k] and sh(plus(h, k)) == -1]
        p = sum(w[k] for k in waits) / sum(w)
        ev, reach = 0.0, 1.0
        for j in range(1, d + 1):
            ev += reach * sum(w[k] * points(plus(h, k), k, True, j == 1, j == d)
                              for k in waits) / sum(w)
            reach *= 1 - p
        return (1.0, 1 - reach, ev - 1000 * reach)

    def options(h: Counts, used: int, d: int) -> list[Triple]:
        out = [riichi(h, d)] if policy != "never" and d >= 1 and sh(h) == 0 else []
        return out if policy == "always" and out else [*out, dama(h, used, d)]

    def dama(h: Counts, used: int, d: int) -> Triple:
        key = (h, used, d)
        if key in dama_memo:
            return dama_memo[key]
        if d == 0:
            return (float(sh(h) == 0), 0.0, 0.0)
        w = wall(h)
        tp = wp = ev = 0.0
        for x in range(34):
            if not w[x]:
                continue
            h14 = plus(h, x)
            if sh(h14) == -1:
                tp, wp = tp + w[x], wp + w[x]
                ev += w[x] * points(h14, x, False, False, d == 1)
                continue
            values = []
            for y in range(34):
                h2 = plus(h14, y, -1)
                if not h14[y]:
                    continue
                if h2 == h:
                    values += options(h, used, d - 1)
                elif sh(h2) < sh(h) or sh(h2) + used + 1 <= sh(start) + 1:
                    values += options(h2, used + 1, d - 1)
            best = max(values, key=lambda v: (v[2], v[1], v[0]))
            tp, wp, ev = tp + w[x] * best[0], wp + w[x] * best[1], ev + w[x] * best[2]
        total = sum(w)
        found = dama_memo[key] = (1.0 if sh(h) == 0 else tp / total, wp / total, ev / total)
        return found

    return {tile_name(y): max(options(plus(start, y, -1), 0, draws),
                              key=lambda v: (v[2], v[1], v[0]))
            for y in range(34) if start[y]}


@pytest.mark.parametrize(("hand", "draws", "policy"), [
    ("123456789m1234p9s", 2, "choose"),     # tenpai: wait changes, riichi or dama
    pytest.param("234567m2345p5577s", 3, "choose",  # one-shanten and tenpai discards
                 marks=pytest.mark.slow),
    ("123456789m1234p9s", 3, "always"),
])
def test_advise_equals_the_model_restated_from_its_text(hand: str, draws: int,
                                                         policy: str) -> None:
    worked = _restated(hand, draws, policy, "S")
    got = advise(hand, draws=draws, rules="wrc", riichi=policy, seat_wind="S")
    assert {c.discard for c in got.candidates} == set(worked)
    for c in got.candidates:
        assert c.discard is not None
        assert (c.tenpai_prob[0], c.win_prob[0], c.expected_points[0]) == pytest.approx(
            worked[c.discard], abs=1e-9)


# -- properties of every answer ----------------------------------------------------------------

def _seeded_hands(seed: int, count: int) -> list[str]:
    """Random 14-tile hands of at most one shanten (a seeded shuffle of the 136 tiles)."""
    import random
    rng = random.Random(seed)
    tiles = [k for k in range(34) for _ in range(4)]
    out: list[str] = []
    while len(out) < count:
        rng.shuffle(tiles)
        text = "".join(tile_name(k) for k in sorted(tiles[:14]))
        if 0 <= mjasp.shanten(text) <= 1:
            out.append(text)
    return out


@pytest.mark.parametrize("hand", _seeded_hands(2026, 20))
def test_probabilities_tenpai_above_win_and_choose_above_both_policies(hand: str) -> None:
    # choose maximises over a superset of each fixed policy's options at every tenpai,
    # so per discard and turn its points are at least theirs; every probability is one;
    # a win is a tenpai hand, so the tenpai chance is at least the win chance
    options: dict[str, Any] = {"draws": 4, "dora_indicators": "5z"}
    by = {how: {c.discard: c for c in advise(hand, riichi=how, **options).candidates}
          for how in ("always", "never", "choose")}
    for discard, c in by["choose"].items():
        for t in range(4):
            assert c.expected_points[t] >= max(by["always"][discard].expected_points[t],
                                                by["never"][discard].expected_points[t]) - 1e-9
        for how in by:
            x = by[how][discard]
            for tp, wp in zip(x.tenpai_prob, x.win_prob, strict=True):
                assert 0.0 <= wp <= tp <= 1.0 + 1e-12


@pytest.mark.parametrize(("hand", "options"), [
    *[(h, {"draws": 4, "dora_indicators": "5z"}) for h in _seeded_hands(7, 3)],
    ("123456789m24s1z6z1z", {"draws": 4, "riichi": "always", "visible": "11z"}),
    ("999m46p123456s11z5z", {"draws": 3, "rules": "tenhou-3p", "dora_indicators": "1m"}),
])
def test_explanation_parts_sum_to_the_advised_value(hand: str, options: dict[str, Any]) -> None:
    from mjasp.advice.explain import explain_discard
    for c in advise(hand, **options).candidates[:2]:
        e = explain_discard(hand, c.discard or "-", options)
        assert e["expected_points"] == pytest.approx(c.expected_points[0], abs=1e-9)
        assert e["win_prob"] == pytest.approx(c.win_prob[0], abs=1e-12)
        for parts in (e["by_riichi"].values(), e["by_wait"].values(), e["by_turn"],
                      [r["share"] for r in e["by_hand"]]):
            assert sum(parts) == pytest.approx(c.expected_points[0], abs=1e-9)
        assert sum(p for _, p in e["distribution"]) == pytest.approx(1.0, abs=1e-9)


# -- a red five as the dora indicator ----------------------------------------------------------

@pytest.mark.parametrize("indicators", ["0p", ("0p",)])
def test_a_red_five_under_the_dora_indicator_is_not_in_the_wall(
        indicators: str | tuple[str, ...]) -> None:
    # 123456789m46p55z (South), the dora indicator is tenhou's one red 5p (dora 6p): the
    # three 5p left in the wall are plain. Win: tsumo, haitei, ittsu, dora = 5 han, mangan
    # 8000; never the red five's haneman (the answer was (2 x 8000 + 12000) / 122, the
    # indicator read as a plain 5p and the red one left in the wall).
    assert _score("123456789m456p55z", "5p", seat_wind="S", dora_indicators=("0p",),
                  haitei=True) == 8000
    a = advise("123456789m46p55z", draws=1, riichi="never", seat_wind="S",
               dora_indicators=indicators)
    (c,) = a.candidates
    assert c.ukeire == (("5p", 3),) and a.settings["dora_indicators"] == ["0p"]
    assert c.expected_points[0] == pytest.approx(3 * 8000 / 122, abs=1e-9)
    # a plain 5p indicator leaves the red one in the wall
    (c,) = advise("123456789m46p55z", draws=1, riichi="never", seat_wind="S",
                  dora_indicators="5p").candidates
    assert c.expected_points[0] == pytest.approx((2 * 8000 + 12000) / 122, abs=1e-9)


def test_a_second_red_five_among_hand_and_indicators_is_refused() -> None:
    with pytest.raises(mjasp.MjaspError, match=r"^two red fives \(0p\) among the hand, "
                                               r"melds, dora indicators and visible tiles; "
                                               r"the tenhou rules have 1$"):
        advise("123456789m406p5z", draws=1, dora_indicators="0p")


@pytest.mark.parametrize(("hand", "options", "message"), [
    ("123456789p1234s", {"seat_wind": "N"}, "no North seat or round; the seat is N"),
    ("123456789p1234s", {"round_wind": "N"}, "no North seat or round; the round is N"),
    ("456p789s55z99s [123p]", {}, "three players cannot call chi"),
])
def test_three_player_situations_mjasp_score_refuses_are_refused(
        hand: str, options: dict[str, Any], message: str) -> None:
    # each was answered with wins worth 0 points (12.65 % at 0.0 for the North seat,
    # "never wins" for the chi): every win of such a hand is refused by mjasp.score
    with pytest.raises(mjasp.MjaspError, match=message):
        mjasp.score("123456789p11234s", mjasp.Win(tile="1s", tsumo=True, **options),
                    rules="tenhou-3p") if options else \
            mjasp.score("456p789s55z999s [123p]", mjasp.Win(tile="9s", tsumo=True),
                        rules="tenhou-3p")
    with pytest.raises(mjasp.MjaspError, match=message):
        advise(hand, draws=2, rules="tenhou-3p", **options)


def test_three_players_ura_from_the_108_tile_wall() -> None:
    # tenhou-3p, 999m123456p1234s (South), dora indicators 1m and 8p: one draw, riichi
    # always. The wall 108 - 13 - 2 = 93, 3 each of 1s and 4s; each ura pair drawn from
    # the 92 left (1m under an ura indicator points at 9m: three ura)
    n = 93
    (c,) = advise("999m123456p1234s", draws=1, riichi="always", rules="tenhou-3p",
                  seat_wind="S", dora_indicators=("1m", "8p")).candidates
    worked = sum(3 / n * _ura_brute(h14, tile, ("1m", "8p"), "tenhou-3p", seat_wind="S",
                                    ippatsu=True, haitei=True)
                 for tile, h14 in (("1s", "999m123456p11234s"), ("4s", "999m123456p12344s")))
    assert c.expected_points[0] == pytest.approx(worked - 1000 * (1 - 6 / n), abs=1e-9)
