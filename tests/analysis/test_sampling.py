"""Random deals: reproducible, scalar == batch, valid, uniform (chi-square against exact laws)."""

from __future__ import annotations

import json
from collections import Counter
from math import comb

import numpy as np
import pytest
from click.testing import CliRunner

from mjasp.analysis.sampling import (
    GAMMA,
    mix64,
    sample_counts,
    sample_hands,
    sample_id_array,
    sample_ids,
    wall_ids,
)
from mjasp.cli import main
from mjasp.core.errors import HandError, RulesError
from mjasp.core.hand import Hand
from mjasp.core.notation import id_lines, mpsz_lines
from mjasp.core.tiles import RED_FIVE_IDS
from tests.stat_helpers import chi_square


def test_splitmix64_reference_vector() -> None:
    """The published SplitMix64 outputs for seed 1234567 (Vigna's splitmix64.c)."""
    state = 1234567
    outputs = [mix64(state + k * GAMMA) for k in range(1, 6)]
    assert outputs == [6457827717110365317, 3203168211198807973, 9817491932198370423,
                       4593380528125082431, 16408922859458223821]


@pytest.mark.parametrize("players", [4, 3])
def test_seeded_reproducible_and_batch_equals_scalar(players: int) -> None:
    for seed, m in [(0, 14), (1, 13), (2**64 - 1, 5), (12345, 108 if players == 3 else 136)]:
        scalar = sample_ids(50, m, seed, rules=f"{players}p")
        assert scalar == sample_ids(50, m, seed, rules=f"{players}p")
        assert sample_id_array(50, m, seed, rules=f"{players}p", chunk=7).tolist() == [
            list(d) for d in scalar]
        # deal i does not depend on how many deals are asked for, nor on the start
        assert sample_ids(10, m, seed, rules=f"{players}p", start=40) == scalar[40:]
    assert sample_ids(20, 14, 1, rules=f"{players}p") != sample_ids(20, 14, 2, rules=f"{players}p")


@pytest.mark.parametrize("players", [4, 3])
def test_deals_are_valid(players: int) -> None:
    wall = set(wall_ids(rules=f"{players}p"))
    ids = sample_id_array(20_000, 14, seed=9, rules=f"{players}p")
    assert all(len(set(row)) == 14 and set(row) <= wall for row in ids.tolist())
    counts = sample_counts(20_000, 14, seed=9, rules=f"{players}p")
    assert (counts.sum(axis=1) == 14).all() and counts.max() <= 4
    if players == 3:
        assert counts[:, 1:8].sum() == 0
    hands = sample_hands(200, 14, seed=9, rules=f"{players}p")
    for hand, row in zip(hands, ids.tolist(), strict=False):
        assert hand == Hand.from_ids(row)
        assert sum(hand.red) == sum(i in RED_FIVE_IDS for i in row)  # red fives survive


@pytest.mark.parametrize("players", [4, 3])
def test_every_tile_and_position_is_uniform(players: int) -> None:
    """Each draw position is uniform over the wall's ids: chi-square, 200,000 deals."""
    wall = wall_ids(rules=f"{players}p")
    ids = sample_id_array(200_000, 6, seed=77, rules=f"{players}p")
    uniform = dict.fromkeys(range(len(wall)), 1)
    position = {tile: i for i, tile in enumerate(wall)}
    for j in range(6):
        observed = Counter(position[t] for t in ids[:, j].tolist())
        _, dof, p = chi_square(observed, uniform)
        assert dof == len(wall) - 1 and p > 1e-4


def test_pairs_follow_the_hypergeometric_law() -> None:
    """Deals of 2 tiles: a pair has probability 34·C(4,2)/C(136,2) — and ordered draws are
    exchangeable: P(first = a, second = b) is the same for every a != b."""
    ids = sample_id_array(300_000, 2, seed=5)
    same = (ids[:, 0] // 4 == ids[:, 1] // 4)
    exact = {1: 34 * comb(4, 2), 0: comb(136, 2) - 34 * comb(4, 2)}
    assert chi_square(Counter(same.astype(int).tolist()), exact)[2] > 1e-4
    # the second draw, given the first's suit block, is still uniform over the rest
    low = ids[ids[:, 0] < 68, 1]
    observed = Counter((low >= 68).astype(int).tolist())
    assert chi_square(observed, {0: 67, 1: 68})[2] > 1e-4


def test_the_whole_wall_is_a_permutation() -> None:
    deal = sample_ids(1, 136, seed=3)[0]
    assert sorted(deal) == list(range(136))
    assert sorted(sample_ids(1, 108, seed=3, rules="sanma")[0]) == list(wall_ids(rules="sanma"))


def test_bad_input() -> None:
    with pytest.raises(HandError):
        sample_ids(1, 137)
    with pytest.raises(HandError):
        sample_ids(1, 109, rules="sanma")
    with pytest.raises(HandError):
        sample_ids(-1, 3)
    with pytest.raises(RulesError):
        sample_ids(1, 3, rules="2p")


def test_cli_generate() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["generate", "--tiles", "14", "-n", "3", "--seed", "8"])
    assert result.exit_code == 0
    assert result.output.split() == [str(h) for h in sample_hands(3, 14, seed=8)]
    result = runner.invoke(main, ["generate", "-m", "5", "-n", "2", "--seed", "8",
                                  "--players", "3", "--format", "ids"])
    assert [tuple(map(int, line.split())) for line in result.output.splitlines()] \
        == sample_ids(2, 5, 8, rules="sanma")
    result = runner.invoke(main, ["generate", "-m", "4", "--format", "json"])
    assert '"ids": [' in result.output
    bad = runner.invoke(main, ["generate", "-m", "120", "--players", "3"])
    assert bad.exit_code == 2 and "108" in bad.output
    assert runner.invoke(main, ["generate", "-m", "4", "--format", "xml"]).exit_code == 2


def test_batch_is_fast_enough_for_millions() -> None:
    """One million deals in one call (no timing asserted; just that it works in memory)."""
    counts = sample_counts(1_000_000, 14, seed=1)
    assert counts.shape == (1_000_000, 34) and counts.dtype == np.uint8
    assert int(counts.sum()) == 14_000_000


def _old_generate(n: int, m: int, seed: int, players: int, fmt: str) -> str:
    """What ``mjasp generate`` printed when it formatted hand by hand: the scalar sampler,
    ``str(Hand.from_ids(...))`` per deal, ``" ".join`` per id row, json.dumps per list."""
    deals = sample_ids(n, m, seed, rules=f"{players}p")
    if fmt == "json":
        return json.dumps([{"hand": str(Hand.from_ids(ids)), "ids": list(ids)} for ids in deals],
                          indent=2, ensure_ascii=False) + "\n"
    return "".join((" ".join(map(str, ids)) if fmt == "ids" else str(Hand.from_ids(ids)))
                   + "\n" for ids in deals)


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("fmt", ["mpsz", "ids", "json"])
def test_cli_generate_equals_hand_by_hand_formatting(players: int, fmt: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # small chunks, so that deals cross chunk boundaries as millions do
    monkeypatch.setattr("mjasp.cli.count.GENERATE_CHUNK", 7)
    wall = 108 if players == 3 else 136
    for m, seed in [(14, 5), (13, 2**64 - 1), (1, 3), (0, 4), (5, 6)] + [(wall, 7)] * (
            fmt == "ids"):
        n = 300 if m <= 14 else 20
        args = ["generate", "-m", str(m), "-n", str(n), "--seed", str(seed),
                "--players", str(players), "--format", fmt]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        assert result.output == _old_generate(n, m, seed, players, fmt), (m, seed)
    # red fives are written 0, first of their fives, as Hand.from_ids writes them
    if players == 4 and fmt == "mpsz":
        text = CliRunner().invoke(main, ["generate", "-m", "14", "-n", "2000"]).output
        assert "0" in text
        assert all("50" not in line for line in text.splitlines())


def test_mpsz_lines_hand_worked() -> None:
    # ids // 4 are kinds: 16 = red 5m, 17 = 5m, 35 = 9m (kind 8), 36 = 1p, 132..135 = 7z
    # manzu 0 5 9 (the red five first of its fives), pinzu 1, honors 7 7
    assert mpsz_lines(np.array([[35, 17, 16, 36, 135, 132]])) == b"059m1p77z\n"
    assert mpsz_lines(np.array([[52, 88, 53]])) == b"05p0s\n"  # one red per suit
    assert id_lines(np.array([[0, 9, 10, 135]])) == b"0 9 10 135\n"
    assert mpsz_lines(np.zeros((2, 0), dtype=np.uint8)) == b"\n\n"
