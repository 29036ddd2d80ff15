"""mjasp.advise: exact discard values checked against hand-worked values, brute force over
ura indicators, a Monte Carlo simulation and the shanten engines (mahjong-cpp's output:
test_cpp_model.py)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.advice import AdviseError, advise
from mjasp.advice.explain import explain_discard
from mjasp.advice.simulate import simulate
from mjasp.cli import main
from mjasp.core.tiles import tile_name


def _score(hand: str, tile: str, **situation: object) -> int:
    return mjasp.score(hand, mjasp.Win(tile=tile, tsumo=True, **situation)).points  # type: ignore[arg-type]


# -- hand-worked values -------------------------------------------------------------------

def test_one_draw_dama_is_the_waits_over_the_wall() -> None:
    # 123456789m1234p waits on 1p and 4p, 3 unseen each; 136 - 13 = 123 tiles unseen.
    # One draw left, dama: win 6/123, points the haitei tsumo of each wait.
    a = advise("123456789m1234p", draws=1, riichi="never")
    (c,) = a.candidates
    assert c.discard is None and c.shanten == 0
    assert c.win_prob[0] == pytest.approx(6 / 123, abs=1e-12)
    worked = (3 * _score("123456789m11234p", "1p", haitei=True)
              + 3 * _score("123456789m12344p", "4p", haitei=True)) / 123
    assert c.expected_points[0] == pytest.approx(worked, abs=1e-9)
    assert c.tenpai_prob == (1.0,)


def test_visible_tiles_are_not_limited_to_a_hands_fourteen() -> None:
    # 19 tiles seen (four each of 1s-4s, three 5s), none a wait: 136 - 13 - 19 = 104 left,
    # 6 of them winning; one more seen 1p leaves 5 of 103. (Visible tiles were once read
    # as a hand: "a hand holds at most 14".)
    seen = "1111s2222s3333s4444s555s"
    (c,) = advise("123456789m1234p", draws=1, riichi="never", visible=seen).candidates
    assert c.win_prob[0] == pytest.approx(6 / 104, abs=1e-12)
    (c,) = advise("123456789m1234p", draws=1, riichi="never",
                  visible=seen + " 1p").candidates
    assert c.win_prob[0] == pytest.approx(5 / 103, abs=1e-12)


@pytest.mark.parametrize(("hand", "outs", "unseen", "indicators"), [
    # waits whose every draw but the winners is thrown back: the build once failed on
    # such graphs (a layer without a draw that changes the hand) with a numpy cast error
    ("2344m456p789s111z", 6, 123, ""),      # 1m (4) and 4m (2)
    ("123m456p789s1122z", 4, 123, ""),      # 1z and 2z, two each
    ("11m19p19s1234567z", 4, 122, "1z"),    # kokushi on 9m
])
def test_locked_riichi_wins_by_the_closed_form(hand: str, outs: int, unseen: int,
                                                indicators: str) -> None:
    # riichi locks the hand and every miss goes back, so each of the d draws wins with
    # p = outs / unseen: win chance 1 - (1 - p)^d, tenpai certain at every turn
    d = 6
    a = advise(hand, draws=d, riichi="always", dora_indicators=indicators)
    (c,) = a.candidates
    p = outs / unseen
    assert c.win_prob == pytest.approx([1 - (1 - p) ** (d - t) for t in range(d)],
                                       abs=1e-12)
    assert c.tenpai_prob == (1.0,) * d


def _ura_mean(hand14: str, tile: str, wall: dict[str, int], **situation: object) -> float:
    # brute force: every ura indicator kind with its copies in the wall
    total = sum(wall.values())
    return sum(n * _score(hand14, tile, riichi=1, ura_indicators=(k,), **situation)
               for k, n in wall.items() if n) / total


def test_riichi_ippatsu_haitei_and_ura_by_hand() -> None:
    # The same hand, riichi always, dora indicator 9z (so 4 + 1 = 122 unseen), two draws.
    # Draw 1 wins with ippatsu, draw 2 (the last) with haitei; the wall does not change
    # between them (the first draw was thrown back); a hand that never wins loses 1000.
    hand = "123456789m1234p"
    a = advise(hand, draws=2, riichi="always", dora_indicators="7z")
    (c,) = a.candidates
    assert c.decision == "riichi"
    unseen = {tile_name(k): 4 for k in range(34)}
    for t in ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p",
              "7z"]:
        unseen[t] -= 1
    p = 6 / 122

    def mean(ippatsu: bool, haitei: bool) -> float:
        acc = 0.0
        for tile, h14 in (("1p", "123456789m11234p"), ("4p", "123456789m12344p")):
            wall = dict(unseen)
            wall[tile] -= 1  # the winning tile is in the hand, not under the indicator
            acc += 3 / 122 * _ura_mean(h14, tile, wall, ippatsu=ippatsu, haitei=haitei,
                                       dora_indicators=("7z",))
        return acc

    first, last = mean(True, False), mean(False, True)
    worked = first + (1 - p) * last - 1000 * (1 - p) ** 2
    assert c.expected_points[0] == pytest.approx(worked, abs=1e-9)
    # each situational yaku adds: without ippatsu/haitei/ura the value is lower
    plain = 2 * 3 / 122 * _score("123456789m11234p", "1p", riichi=1, dora_indicators=("7z",))
    assert first > plain
    assert c.win_prob[0] == pytest.approx(1 - (1 - p) ** 2, abs=1e-12)


# -- model invariants ------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("hand", ["12345m34p123789s2z", "222567m345p33667s"])
def test_values_are_probabilities_and_fall_with_fewer_draws(hand: str) -> None:
    a = advise(hand, draws=4)
    for c in a.candidates:
        for seq in (c.tenpai_prob, c.win_prob):
            assert all(0.0 <= x <= 1.0 + 1e-12 for x in seq)
        assert all(x >= y - 1e-12 for x, y in zip(c.win_prob, c.win_prob[1:], strict=False))


@pytest.mark.parametrize("hand", ["12345m34p123789s2z", "222567m345p33667s",
                                  "13m12457899p1367s"])
def test_shanten_and_effective_tiles_equal_the_engines(hand: str) -> None:
    a = advise(hand, max_shanten=-1)  # effective tiles only
    table = {tile_name(d.tile): d for d in mjasp.discards(hand)}
    assert a.shanten == mjasp.shanten(hand)
    for c in a.candidates:
        assert c.discard is not None
        d = table[c.discard]
        assert c.shanten == d.shanten
        # the engine lists the tiles that lower the shanten, with unseen copies
        assert {t: n for t, n in c.ukeire} == {tile_name(w.tile): w.remaining
                                                for w in d.waits if w.remaining}


def test_an_open_hand_without_a_yaku_wins_only_by_haitei() -> None:
    # 123m456p789s1z + chi 234m: the 1z tanki has no yaku on a self-draw (no menzen tsumo
    # open, a pair of East is fu only), so it cannot win but by haitei on the last draw.
    hand = "123m456p789s1z [234m]"
    done = "123m456p789s11z [234m]"
    assert mjasp.score(done, mjasp.Win(tile="1z", tsumo=True)).han == 0
    haitei = mjasp.score(done, mjasp.Win(tile="1z", tsumo=True, haitei=True)).points
    assert haitei > 0
    # extra=0 at tenpai: no discard lowers the shanten, so every draw is thrown back and
    # the hand is the same on both draws: 3 copies of 1z among 123 unseen, a win on the
    # second (last) draw only
    (c,) = advise(hand, draws=2, extra=0).candidates
    assert c.win_prob == pytest.approx((3 / 123, 3 / 123), abs=1e-12)
    assert c.expected_points == pytest.approx((3 * haitei / 123,) * 2, abs=1e-9)
    # with hand changes, every win counted has a yaku: none at 0 points
    e = explain_discard(hand, "-", {"draws": 6})
    assert e["win_prob"] > 3 / 123
    # no win at 0 points: the chance of 0 is the chance of not winning
    assert dict(e["distribution"]).get(0, 0.0) == pytest.approx(1 - e["win_prob"], abs=1e-12)
    assert e["expected_points"] >= haitei * e["win_prob"]
    for parts in (e["by_wait"].values(), e["by_turn"], [r["share"] for r in e["by_hand"]]):
        assert sum(parts) == pytest.approx(e["expected_points"], abs=1e-9)
    r = simulate(hand, n=1500, seed=11, draws=6)
    assert abs(r.win_rate - e["win_prob"]) <= 3 * r.win_se
    assert abs(r.points - e["expected_points"]) <= 3 * r.points_se


def test_monte_carlo_agrees_within_three_standard_errors() -> None:
    cases: list[tuple[str, str | None, dict[str, object]]] = [
        ("123456789m1234p", None, {"draws": 3}),
        ("222567m345p33667s", "7s", {"draws": 3, "dora_indicators": "1z"})]
    for hand, discard, kw in cases:
        a = advise(hand, **kw)  # type: ignore[arg-type]
        c = next(x for x in a.candidates if x.discard == discard)
        r = simulate(hand, discard=discard, n=1500, seed=7, **kw)
        assert abs(r.points - c.expected_points[0]) <= 3 * r.points_se
        assert abs(r.win_rate - c.win_prob[0]) <= 3 * r.win_se


def test_explanation_parts_sum_to_the_value() -> None:
    e = explain_discard("222567m345p33667s", "7s", {"draws": 4, "dora_indicators": "1z"})
    total = e["expected_points"]
    for parts in (e["by_riichi"].values(), e["by_wait"].values(), e["by_turn"],
                  [r["share"] for r in e["by_hand"]]):
        assert sum(parts) == pytest.approx(total, abs=1e-9)
    assert sum(p for _, p in e["distribution"]) == pytest.approx(1.0, abs=1e-9)
    assert 0.0 <= e["p_mangan_or_more"] <= 1.0
    assert e["lines"] and all(0 < line["prob"] <= 1 for line in e["lines"])


@pytest.mark.parametrize("rules", sorted(mjasp.RULES))
def test_every_preset_gives_results(rules: str) -> None:
    hand = "1199m1234p55789s" if mjasp.RULES[rules].players == 3 else "123456789m1234p"
    a = advise(hand, draws=2, rules=rules)
    assert a.candidates and 0 <= a.candidates[0].win_prob[0] <= 1


def test_a_complete_hand_is_answered_with_its_score() -> None:
    a = advise("123456789m11234p")
    assert a.shanten == -1 and a.win_points is not None and a.win_points > 0


def test_beyond_the_exact_range_gives_effective_tiles_and_a_note() -> None:
    a = advise("1358m2469p1357s5z")  # 4-shanten
    assert not a.exact and "effective tiles only" in a.note
    assert all(c.ukeire and not c.win_prob for c in a.candidates)


@pytest.mark.parametrize("kwargs, message", [
    ({"hand": "123456789m1234p5p5z"}, "15 tiles"),
    ({"hand": "123456789m1234p", "rules": "nope"}, "unknown rules"),
    ({"hand": "123456789m1234p", "visible": "1m1m1m1m"}, "more than four copies of 1m"),
    ({"hand": "123456789m1234p", "draws": 99}, "draws must be"),
    ({"hand": "123456789m1234p", "model": "x"}, "unknown model"),
])
def test_bad_input_is_one_clear_error(kwargs: dict[str, object], message: str) -> None:
    hand = kwargs.pop("hand")
    with pytest.raises(mjasp.MjaspError, match=message):
        advise(hand, **kwargs)  # type: ignore[arg-type]


# -- command line ---------------------------------------------------------------------------

def test_cli_table_and_errors() -> None:
    runner = CliRunner()
    ok = runner.invoke(main, ["advise", "123456789m1234p", "--draws", "2",
                              "--time-limit", "0", "--memory-limit", "0"])
    assert ok.exit_code == 0, ok.output
    assert "tenpai%" in ok.output and "1p(3) 4p(3)" in ok.output
    for args in (["advise", "123456789m1234p5p5z"], ["advise", "123456789m1234p", "--draws",
                                                    "99"],
                 ["advise", "123456789m1234p", "--visible", "1111m"]):
        bad = runner.invoke(main, [*args, "--time-limit", "0", "--memory-limit", "0"])
        assert bad.exit_code == 2
        assert bad.output.count("\n") == 1 and bad.output.startswith("mjasp: error:")
    js = runner.invoke(main, ["advise", "123456789m1234p", "--draws", "99", "--json",
                              "--time-limit", "0", "--memory-limit", "0"])
    assert js.exit_code == 2 and json.loads(js.output)["error"]["message"]


# -- mahjong-cpp compatibility: tests/advice/test_cpp_model.py ------------------------------


def test_advise_errors_are_mjasp_errors() -> None:
    assert issubclass(AdviseError, mjasp.MjaspError)


def test_an_open_hand_counts_its_meld_tiles_as_seen() -> None:
    # 234m456p789s1z + pon of 7z: a 1z tanki, 3 copies unseen; 136 - 10 - 3 = 123 unseen.
    # One draw: win 3/123, scored as the haitei tsumo (yakuhai + haitei, no menzen tsumo).
    a = advise("234m456p789s1z [777z]", draws=1)
    (c,) = a.candidates
    assert c.ukeire == (("1z", 3),)
    assert c.win_prob[0] == pytest.approx(3 / 123, abs=1e-12)
    pts = mjasp.score("234m456p789s11z [777z]",
                      mjasp.Win(tile="1z", tsumo=True, haitei=True)).points
    assert c.expected_points[0] == pytest.approx(3 * pts / 123, abs=1e-9)
