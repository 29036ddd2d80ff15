"""``mjasp decompose`` (every engine) against a reference written here: every multiset of
blocks (pair, triplets, sequences) that the concealed tiles split into, with the declared
melds fixed, plus seven pairs and thirteen orphans read off the counts."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.cli.app import main
from mjasp.core.hand import Hand
from mjasp.solvers.registry import DECOMPOSERS

SUITS = "mpsz"
ORPHANS = (0, 8, 9, 17, 18, 26, *range(27, 34))


def name(k: int, n: int) -> str:
    return str(k % 9 + 1) * n + SUITS[k // 9]


def standard(counts: list[int], melds: int) -> set[tuple[str, ...]]:
    """Every multiset of ``melds`` melds and one pair making ``counts`` (sorted texts)."""
    found: set[tuple[str, ...]] = set()

    def split(c: list[int], blocks: list[str], pair: bool) -> None:
        first = next((k for k in range(34) if c[k]), None)
        if first is None:
            if pair and len(blocks) == melds + 1:
                found.add(tuple(sorted(blocks)))
            return
        k = first
        if not pair and c[k] >= 2:
            c[k] -= 2
            split(c, [*blocks, name(k, 2)], True)
            c[k] += 2
        if c[k] >= 3:
            c[k] -= 3
            split(c, [*blocks, name(k, 3)], pair)
            c[k] += 3
        if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
            for t in (k, k + 1, k + 2):
                c[t] -= 1
            split(c, [*blocks, f"{k % 9 + 1}{k % 9 + 2}{k % 9 + 3}{SUITS[k // 9]}"], pair)
            for t in (k, k + 1, k + 2):
                c[t] += 1

    split(list(counts), [], False)
    return found


def reference(hand: Hand, quads_as_pairs: bool = False) -> set[tuple[str, tuple[str, ...]]]:
    """(form, sorted block texts) of every reading, melds as the hand writes them."""
    counts = list(hand.counts)
    melds = [str(m) for m in hand.melds]
    out = {("standard", tuple(sorted([*r, *melds])))
           for r in standard(counts, 4 - len(hand.melds))}
    if not hand.melds:
        pairs = [name(k, 2) for k in range(34) for _ in range(counts[k] // 2)
                 if counts[k] in ((2, 4) if quads_as_pairs else (2,))]
        if sum(counts) == 14 and len(pairs) == 7 and all(c in (0, 2, 4) for c in counts):
            out.add(("chiitoitsu", tuple(sorted(pairs))))
        if sum(counts) == 14 and all(counts[k] >= 1 for k in ORPHANS) and \
                sum(counts[k] for k in ORPHANS) == 14:
            double = next(k for k in ORPHANS if counts[k] == 2)
            out.add(("kokushi", tuple(sorted([name(k, 1) for k in ORPHANS if k != double]
                                             + [name(double, 2)]))))
    return out


def readings(text: str, *args: str) -> set[tuple[str, tuple[str, ...]]]:
    result = CliRunner().invoke(main, ["decompose", text, "--json", *args])
    assert result.exit_code == 0, result.output
    return {(r["form"], tuple(sorted(r["text"].split())))
            for r in json.loads(result.output)["readings"]}


HANDS = [
    "11122233344455m", "2233445566778m8m", "123m456p789s11z [777s]",
    "055m123p456s11z [406s]", "11z [406s] [0555p] [111m] [999m]",
    "1112345678999m5m", "111222333m45677p", "22334455m [0555p] (0555s)",
    "19m19p19s1234567z7z", "1122m3344p5566s77z", "11223344556677m", "111122m3344p5566s",
    "11112222333344m", "55m [406m] [555p] [0555s] (7777z)",
    *(str(h) for h in mjasp.random_winning_hands(150, seed=39, melds=True, red=True)),
]


@pytest.mark.parametrize("text", HANDS)
def test_every_reading_against_the_reference(text: str) -> None:
    hand = Hand.parse(text)
    assert readings(text) == reference(hand)


@pytest.mark.parametrize("solver", sorted(DECOMPOSERS))
def test_every_engine_gives_the_reference(solver: str) -> None:
    for text in HANDS[:20]:
        assert readings(text, "--solver", solver) == reference(Hand.parse(text)), text


def test_four_of_a_kind_as_two_pairs_only_where_the_rules_allow_it() -> None:
    text = "111122m3344p5566s"
    assert readings(text) == reference(Hand.parse(text)) == set()
    assert readings(text, "--rules", "chiitoitsu-quad") == reference(Hand.parse(text), True)
    assert readings(text, "--rules", "chiitoitsu-quad") == {
        ("chiitoitsu", ("11m", "11m", "22m", "33p", "44p", "55s", "66s"))}
