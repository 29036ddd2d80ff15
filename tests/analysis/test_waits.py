"""Waits of a 3n+1 hand: each winning tile, reading and shape, against brute force.

The brute force adds every tile with a copy left and asks the reference decomposer
(``backtrack-dedupe``) for the readings; the shape is classified from what is left of the
completed block once the winning tile is taken out (the partial block, taatsu), which is
a different rule from the one ``mjasp.core.blocks.wait_shape`` uses (the tile's position).
"""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.analysis.forms import standard_readings
from mjasp.analysis.waits import waits
from mjasp.analysis.winning_hands import random_winning_hands
from mjasp.cli import main
from mjasp.core.blocks import BlockKind, Form
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.core.tiles import TERMINALS_AND_HONORS, tile_kind
from mjasp.rules import find_rules


def partial_shape(rest: list[int], form: Form, hand: Hand) -> str:
    """The wait shape named by the tiles a block had before the winning tile came."""
    if form is Form.KOKUSHI:
        return "kokushi-13" if all(hand.counts[t] for t in TERMINALS_AND_HONORS) else "kokushi"
    if len(rest) == 1:
        return "tanki"
    low, high = sorted(rest)
    if low == high:
        return "shanpon"
    if high - low == 2:
        return "kanchan"
    return "penchan" if low % 9 in (0, 7) else "ryanmen"  # 12 and 89 are edges


def brute_waits(hand: Hand, rules: str = "standard") -> dict[int, set[tuple[str, str]]]:
    """{winning tile: {(reading, shape)}} by adding each tile and decomposing."""
    found: dict[int, set[tuple[str, str]]] = {}
    held = hand.total_counts()
    for tile in find_rules(rules).tile_kinds:
        if held[tile] >= 4:
            continue
        counts = list(hand.counts)
        counts[tile] += 1
        complete = Hand(tuple(counts), (0, 0, 0), hand.melds)
        pairs = set()
        for reading in mjasp.decompose(complete, solver="backtrack-dedupe", rules=rules):
            for block in set(reading.blocks):
                rest = list(block.tiles())
                if tile in rest:
                    rest.remove(tile)
                    pairs.add((str(reading), partial_shape(rest, reading.form, hand)))
        if pairs:
            found[tile] = pairs
    return found


def as_found(hand: Hand | str, rules: str = "standard") -> dict[int, set[tuple[str, str]]]:
    return {w.tile: {(str(r.reading), r.shape.value) for r in w.readings}
            for w in waits(hand, rules=rules)}


def test_nine_gates_waits_on_every_manzu(kernel_path: str) -> None:
    hand = Hand.parse("1112345678999m")
    assert as_found(hand) == brute_waits(hand)
    assert sorted(as_found(hand)) == list(range(9))


def test_a_tile_held_four_times_is_no_wait(kernel_path: str) -> None:
    hand = Hand.parse("123456789m1111z")
    # only a fifth 1z would make 111z + 11z; the decomposers use at most four copies
    fifth = list(hand.counts)
    fifth[tile_kind("1z")] += 1
    assert standard_readings(fifth) == []
    assert waits(hand) == [] and brute_waits(hand) == {}


def test_copies_in_a_closed_kan_count_toward_the_four(kernel_path: str) -> None:
    hand = Hand.parse("23m555p777s99s(1111m)")
    assert list(as_found(hand)) == [tile_kind("4m")]
    assert as_found(hand) == brute_waits(hand)


@pytest.mark.parametrize("text, shapes", [
    ("2344m", {"1m": {"ryanmen"}, "4m": {"ryanmen", "tanki"}}),
    ("1244m", {"3m": {"penchan"}}),
    ("1344m", {"2m": {"kanchan"}}),
    ("1133m", {"1m": {"shanpon"}, "3m": {"shanpon"}}),
    ("19m19p19s1234566z", {"7z": {"kokushi"}}),
    ("1m [111p] [222p] [333p] [444p]", {"1m": {"tanki"}}),
])
def test_shapes(kernel_path: str, text: str, shapes: dict[str, set[str]]) -> None:
    found = {w.tile: set(w.shapes) for w in waits(text)}
    assert found == {tile_kind(k): v for k, v in shapes.items()}
    # the reference decomposer takes 14 tiles: pad short hands with three called pons
    padded = Hand.parse(text + " [111z] [222z] [333z]" * (len(text) == 5))
    assert as_found(padded) == brute_waits(padded)


def test_seven_pairs_wait_is_a_pair_wait() -> None:
    (wait,) = waits("1122m3344p5566s7z")
    assert [(r.reading.form, r.block.kind) for r in wait.readings] == \
        [(Form.CHIITOITSU, BlockKind.PAIR)]


@pytest.mark.parametrize("rules", ["standard", "chiitoitsu-quad", "sanma"])
def test_waits_equal_brute_force_on_sampled_tenpai_hands(kernel_path: str, rules: str) -> None:
    rng = random.Random(17)
    for complete in random_winning_hands(400, seed=23, rules=rules, melds=True):
        tiles = [t for t, n in enumerate(complete.counts) for _ in range(n)]
        counts = list(complete.counts)
        counts[rng.choice(tiles)] -= 1
        hand = Hand(tuple(counts), (0, 0, 0), complete.melds)
        assert as_found(hand, rules) == brute_waits(hand, rules), str(hand)


def test_random_13_tile_hands_equal_brute_force(kernel_path: str) -> None:
    rng = random.Random(29)
    for _ in range(300):
        hand = Hand.from_ids(rng.sample(range(136), 13))
        assert as_found(hand) == brute_waits(hand), str(hand)


@pytest.mark.parametrize("text", ["123m", "123m456p789s11222z", "11m [111p] [222p] [333p]"])
def test_not_a_waiting_hand_is_an_error(kernel_path: str, text: str) -> None:
    with pytest.raises(HandError, match="3n\\+1"):
        waits(text)


def test_cli_waits() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["waits", "1112345678999m", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert [w["tile"] for w in data["waits"]] == [f"{k}m" for k in range(1, 10)]
    result = runner.invoke(main, ["waits", "123456789m1111z"])
    assert result.exit_code == 0 and "no wait" in result.output
    result = runner.invoke(main, ["waits", "123m"])
    assert result.exit_code == 2 and result.output.count("\n") == 1 and "3n+1" in result.output


def test_waits_agree_with_xiangting_necessary_tiles(kernel_path: str) -> None:
    # a peer (xiangting, Rust): for a tenpai hand its necessary tiles are the waits
    xiangting = pytest.importorskip("xiangting")
    rng = random.Random(19)
    hands = []
    for complete in random_winning_hands(1500, seed=31):
        counts = list(complete.counts)
        counts[rng.choice([t for t, n in enumerate(counts) if n])] -= 1
        hands.append(counts)
    hands += [list(Hand.parse(text).counts) for text in ("123456789m1111z", "1112345678999m")]
    for counts in hands:
        rn, necessary = xiangting.calculate_necessary_tiles(counts, xiangting.PlayerCount.FOUR)
        mine = {w.tile for w in waits(Hand.from_counts(counts))}
        assert mine == ({t for t in range(34) if necessary >> t & 1} if rn == 1 else set())
