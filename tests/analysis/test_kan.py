"""The kan check (strict: readings kept; loose: waits kept), by brute force.

The brute force builds the hands before and after the kan itself, asks the
reference decomposer (``backtrack-dedupe``) for every reading of every completed hand, and maps
each reading after the kan to one before it by reading the quad as a triplet.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.analysis.kan import kan_check
from mjasp.analysis.winning_hands import random_winning_hands
from mjasp.cli import main
from mjasp.core.blocks import Block, BlockKind, Decomposition
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand, Meld, MeldKind
from mjasp.core.tiles import tile_kind, tile_name

Reading = tuple[int, str]


def winning(hand: Hand, as_triplet: Meld | None = None) -> set[Reading]:
    """{(winning tile, standard reading)} of a 13-tile hand; ``as_triplet`` read as a pon."""
    held = hand.total_counts()
    out = set()
    for tile in range(34):
        if held[tile] >= 4:
            continue
        counts = list(hand.counts)
        counts[tile] += 1
        for d in mjasp.decompose(Hand(tuple(counts), (0, 0, 0), hand.melds),
                                 solver="backtrack-dedupe", rules="standard"):
            if d.form != "standard":
                continue
            if as_triplet is not None:
                rest = tuple(m for m in d.melds if m != as_triplet)
                d = Decomposition.of((*d.blocks, Block(BlockKind.TRIPLET, as_triplet.tile)),
                                     d.form, rest)
            out.add((tile, str(d)))
    return out


def brute(text: str, tile: str) -> tuple[bool, bool, set[Reading]]:
    """(strict, loose, lost readings) from first principles."""
    kind = tile_kind(tile)
    drawn = Hand.parse(text)
    counts = list(drawn.counts)
    counts[kind] -= 1
    before = Hand(tuple(counts), (0, 0, 0), drawn.melds)
    counts[kind] -= 3
    quad = Meld(MeldKind.ANKAN, kind)
    after = Hand.from_counts(counts, (*drawn.melds, quad))
    readings_before = winning(before)
    readings_after = winning(after, as_triplet=quad)
    assert readings_after <= readings_before  # the seed's claim: after maps into before
    waits_before = {t for t, _ in readings_before}
    waits_after = {t for t, _ in readings_after}
    return (len(readings_before) == len(readings_after), waits_before == waits_after,
            readings_before - readings_after)


def found(text: str, tile: str) -> tuple[bool, bool, set[Reading]]:
    check = kan_check(text, tile)
    return check.strict, check.loose, {(j, str(d)) for j, d in check.lost}


@pytest.mark.parametrize("text, tile, strict, loose", [
    ("11112345678999m", "1m", False, False),  # 1m, 3m, 6m, 9m waits are gone
    ("1111222333m4567p", "1m", False, True),  # 4p-7p stay; 123m x3 readings are lost
    ("1111m456789p2345s", "1m", True, True),  # 1m is only ever a triplet
])
def test_seed_examples(text: str, tile: str, strict: bool, loose: bool) -> None:
    expected = brute(text, tile)
    assert found(text, tile) == expected
    assert expected[:2] == (strict, loose)  # the verdicts worked out by hand agree


@pytest.mark.parametrize("text, tile", [
    ("1111m456p2345s(9999p)", "1m"),  # an earlier closed kan stays a fixed meld
    ("5555m456p2345s(1111z)", "5m"),
])
def test_hands_with_a_kan_already(text: str, tile: str) -> None:
    assert found(text, tile) == brute(text, tile)
    assert kan_check(text, tile).tenpai


@pytest.mark.parametrize("text, before, tile", [
    ("1111m2468p13579s1z", "111m2468p13579s1z", "1m"),
    ("5555m467p2345s(1111z)", "555m467p2345s(1111z)", "5m"),  # a closed kan already
])
def test_a_hand_that_is_not_tenpai_is_no_riichi_hand(text: str, before: str, tile: str) -> None:
    # a hand in riichi is tenpai (riichi is declared on a tenpai hand), so a hand that
    # waits on nothing before the draw has no kan after riichi to check; both rules used to
    # hold vacuously and the verdict was "allowed"
    assert not winning(Hand.parse(before))  # the brute force: no winning tile at all
    for request in (text, before):  # after the draw, or the 13 tiles before it
        with pytest.raises(HandError, match=r"waits on no tile before the draw of "
                                            rf"{tile}: a hand in riichi is tenpai$"):
            kan_check(request, tile)
        result = CliRunner().invoke(main, ["kan", request, tile])
        assert result.exit_code == 2 and len(result.output.splitlines()) == 1
        assert result.output.startswith("mjasp: error: ") and "riichi is tenpai" in result.output


def test_the_lost_readings_are_the_three_sequences() -> None:
    check = kan_check("111222333m4567p", "1m")  # 13 tiles + the drawn tile
    assert check.lost and all(str(d).count("123m") == 3 for _, d in check.lost)
    assert "2 of 4 winning readings lost" in check.reason()
    assert "waits unchanged: 4p 7p" in check.reason()


def test_reason_names_the_removed_waits() -> None:
    reason = kan_check("1112345678999m", "1m").reason()
    assert "removed 1m 3m 6m 9m" in reason


def sampled_kan_hands(n: int, seed: int, pool: int = 6,
                      **deal: Any) -> list[tuple[str, str]]:
    """Tenpai hands with a concealed triplet, plus its fourth tile drawn: from ``pool * n``
    winning hands dealt by ``random_winning_hands`` (standard form; ``deal``: more of its
    arguments), those with an open meld left out."""
    rng = random.Random(seed)
    out = []
    for complete in random_winning_hands(pool * n, seed=seed, forms=["standard"], **deal):
        if not complete.is_closed:
            continue
        triplets = [t for t, c in enumerate(complete.counts) if c == 3]
        if not triplets:
            continue
        kind = rng.choice(triplets)
        others = [t for t, c in enumerate(complete.counts) if c and t != kind]
        counts = list(complete.counts)
        counts[rng.choice(others)] -= 1
        counts[kind] += 1
        out.append((str(Hand.from_counts(counts, complete.melds)), tile_name(kind)))
    return out[:n]


def test_sampled_hands_equal_brute_force() -> None:
    cases = sampled_kan_hands(150, seed=41)
    verdicts = set()
    for text, tile in cases:
        expected = brute(text, tile)
        assert found(text, tile) == expected, (text, tile)
        verdicts.add(expected[:2])
    assert len(cases) == 150 and len(verdicts) >= 3  # the sample shows several verdicts


def test_thirteen_tiles_and_the_drawn_tile_is_the_same_request() -> None:
    a = kan_check("111222333m4567p", "1m")
    b = kan_check("1111222333m4567p", "1m")
    assert (a.hand, a.before, a.after, a.waits_after) == (b.hand, b.before, b.after, b.waits_after)


@pytest.mark.parametrize("text, tile, message", [
    ("1112345678999m", "2m", "needs three 2m"),
    ("11122345678999m", "1m", "needs all four"),
    ("123m456p789s11z", "1m", "13"),
    ("1111m456p2345s [555z]", "1m", "closed hand"),
])
def test_bad_requests(text: str, tile: str, message: str) -> None:
    with pytest.raises(HandError, match=message):
        kan_check(text, tile)


def test_cli_kan() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["kan", "111222333m4567p", "1m"])
    assert result.exit_code == 0
    assert "strict (readings): no" in result.output and "loose (waits):     yes" in result.output
    data = json.loads(runner.invoke(main, ["kan", "11112345678999m", "1m", "--json"]).output)
    assert (data["strict"], data["loose"]) == (False, False)
    assert data["loose_reason"] == "waits change: removed 1m 3m 6m 9m"
    for args in (["111m", "1m"], ["111222333m4567p", "1x"], ["111222333m4567p", "3p"]):
        result = runner.invoke(main, ["kan", *args])
        assert result.exit_code == 2 and result.output.startswith("mjasp: error:"), args
