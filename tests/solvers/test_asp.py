"""The ASP engine and the fast path against the four reference algorithms.

Every expected value comes from another method computed here: the reference
decomposers (the four classic algorithms), the block tiles themselves, a polynomial count
of the suit space. Nothing is copied from the engines' output.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import clingo.ast
import numpy as np
import pytest

import mjasp
from mjasp.analysis.verify import REFERENCES, hand_engine, near_miss, suit_vectors
from mjasp.analysis.winning_hands import random_winning_hands
from mjasp.core.blocks import BLOCK_SIZE, Block, BlockKind, Decomposition, Form, Meld, MeldKind
from mjasp.core.hand import Hand
from mjasp.rules import find_rules
from mjasp.solvers import asp, lookup
from mjasp.solvers.base import SuitReading
from mjasp.solvers.registry import suit_decomposer

Space = dict[tuple[int, ...], list[SuitReading]]
ENCODINGS = Path(asp.encoding("decompose.lp")).parent


@pytest.fixture(scope="module")
def number_space() -> Space:
    return asp.enumerate_space(False)


@pytest.fixture(scope="module")
def honor_space() -> Space:
    return asp.enumerate_space(True)


def uncached(name: str) -> Callable[[tuple[int, ...], bool], Sequence[SuitReading]]:
    # pair_position memoises; a sweep of every vector would only fill its cache
    found = suit_decomposer(name)
    return getattr(found, "__wrapped__", found)


def space_size(kinds: int) -> int:
    """Vectors of ``kinds`` counts 0-4 with at most 14 tiles: coefficients of (1+x+..+x^4)^k."""
    poly = np.array([1], dtype=np.int64)
    for _ in range(kinds):
        poly = np.convolve(poly, np.ones(5, dtype=np.int64))
    return int(poly[:15].sum())


# -- single suits: one ASP solve enumerates the space, every vector compared ----------------


@pytest.mark.parametrize("honors", [pytest.param(False, marks=pytest.mark.slow), True])
@pytest.mark.parametrize("name", REFERENCES)
def test_asp_equals_each_reference_on_every_vector(name: str, honors: bool,
                                                   number_space: Space,
                                                   honor_space: Space) -> None:
    space = honor_space if honors else number_space
    reference = uncached(name)
    vectors = list(suit_vectors(honors))
    assert len(vectors) == space_size(7 if honors else 9)
    wrong = [v for v in vectors if list(reference(v, honors)) != space.get(v, [])]
    assert wrong == []


@pytest.mark.parametrize("honors", [False, True])
def test_every_answer_is_a_reading_of_its_vector_and_none_repeats(
        honors: bool, number_space: Space, honor_space: Space) -> None:
    space = honor_space if honors else number_space
    for counts, readings in space.items():
        assert len(set(readings)) == len(readings), counts
        for reading in readings:
            tiles = [0] * len(counts)
            for block in reading:
                for tile in block.tiles():
                    tiles[tile] += 1
            assert tuple(tiles) == counts
            pairs = [b for b in reading if b.kind is BlockKind.PAIR]
            assert len(pairs) == (sum(counts) % 3 == 2)
            assert not honors or all(b.kind is not BlockKind.SEQUENCE for b in reading)


@pytest.mark.parametrize("honors", [False, True])
def test_per_vector_asp_call_matches_the_enumeration(honors: bool, number_space: Space,
                                                     honor_space: Space) -> None:
    space = honor_space if honors else number_space
    vectors = list(suit_vectors(honors))
    rng = random.Random(3)
    # a seeded subset, half of it vectors that do have readings
    sample = rng.sample(vectors, 600) + rng.sample(sorted(space), 400)
    for counts in sample:
        assert asp.suit_readings(counts, honors) == space.get(counts, []), counts


def test_preloaded_fast_cache_matches_per_vector_asp() -> None:
    rng = random.Random(5)
    sample = [(v, False) for v in rng.sample(list(suit_vectors(False)), 300)]
    sample += [(v, True) for v in rng.sample(list(suit_vectors(True)), 300)]
    solved = {key: list(asp.suit_readings(*key)) for key in sample}
    lookup.clear()
    try:
        lookup.preload()
        assert {key: list(lookup.suit_readings(*key)) for key in sample} == solved
    finally:
        lookup.clear()


# -- whole hands ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def winning_hands() -> list[Hand]:
    """100,000 seeded random winning hands, all three forms, 40% drawn with melds."""
    return (random_winning_hands(60_000, seed=11)
            + random_winning_hands(40_000, seed=12, melds=True))


@pytest.mark.slow
def test_fast_path_equals_references_on_100k_winning_hands(winning_hands: list[Hand],
                                                           full_run: bool) -> None:
    # all 100,000 in the benchmark-sized run (pytest --full); every run takes a quarter,
    # each of the two draws' first quarter (a minute on a slow machine otherwise)
    if not full_run:
        winning_hands = winning_hands[:15_000] + winning_hands[60_000:70_000]
    share = len(winning_hands) / 100_000
    rules = find_rules(None)
    found = [lookup.decompose_hand(h, rules) for h in winning_hands]
    forms = Counter(d.form for readings in found for d in readings)
    assert all(found) and forms[Form.CHIITOITSU] > 5000 * share
    assert forms[Form.KOKUSHI] > 2000 * share
    assert sum(bool(h.melds) for h in winning_hands) > 10_000 * share
    for name in REFERENCES:
        reference = hand_engine(name)
        wrong = [str(h) for h, f in zip(winning_hands, found, strict=True)
                 if reference(h, rules) != f]
        assert wrong == [], name


@pytest.mark.slow
@pytest.mark.parametrize("rules_name", ["standard", "sanma", "chiitoitsu-quad"])
def test_fast_path_equals_references_on_near_misses(rules_name: str) -> None:
    rules = find_rules(rules_name)
    rng = random.Random(7)
    winning = random_winning_hands(4000, seed=13, rules=rules, melds=True)
    winning += random_winning_hands(4000, seed=14, rules=rules)
    hands = winning + [near_miss(h, rules, rng) for h in winning]
    references = [hand_engine(name) for name in REFERENCES]
    for hand in hands:
        expected = references[0](hand, rules)
        assert all(ref(hand, rules) == expected for ref in references[1:]), hand
        assert lookup.decompose_hand(hand, rules) == expected, hand


@pytest.mark.parametrize("rules_name", ["standard", "sanma", "chiitoitsu-quad"])
def test_whole_hand_asp_program_equals_reference(rules_name: str) -> None:
    rules = find_rules(rules_name)
    rng = random.Random(8)
    winning = random_winning_hands(700, seed=15, rules=rules)
    winning += random_winning_hands(300, seed=16, rules=rules, melds=True)
    hands = winning + [near_miss(h, rules, rng) for h in winning]
    reference = hand_engine("backtrack-1")
    wrong = [str(h) for h in hands if asp.decompose_hand(h, rules) != reference(h, rules)]
    assert wrong == []
    assert sum(bool(reference(h, rules)) for h in hands) > 1000


def test_fresh_control_per_hand_gives_the_same_readings() -> None:
    hands = random_winning_hands(60, seed=17) + random_winning_hands(20, seed=18, melds=True)
    for hand in hands:
        assert asp.decompose_cold(hand) == asp.decompose_hand(hand)


def test_asp_and_fast_through_decompose() -> None:
    hand = Hand.parse("11122233344455m")
    expected = mjasp.decompose(hand, solver="backtrack-dedupe")
    assert len(expected) == 4
    assert mjasp.decompose(hand, solver="asp") == expected
    assert mjasp.decompose(hand, solver="fast") == expected
    assert mjasp.decompose(hand) == expected


def test_one_answer_set_per_reading_even_with_equal_sequences() -> None:
    # three equal sequences: a per-copy choice would give 3! answers for one reading
    program = asp.HandProgram()
    answers = program.solve(Hand.parse("111222333m11z789s").counts)
    assert sorted(map(str, answers)) == sorted(
        map(str, hand_engine("backtrack-dedupe")(Hand.parse("111222333m11z789s"),
                                                      find_rules(None))))
    assert len(answers) == len(set(answers)) == 2


def test_fast_path_keeps_canonical_order_without_sorting() -> None:
    for hand in random_winning_hands(3000, seed=19):
        found = lookup.counts_readings(hand.counts)
        assert found == sorted(found, key=Decomposition.sort_key)


def test_counts_readings_accepts_any_sequence() -> None:
    counts = Hand.parse("123m456p789s11122z").counts
    assert lookup.counts_readings(list(counts)) == lookup.counts_readings(counts)
    assert [str(b) for b in lookup.counts_readings(counts)[0].blocks] == [
        "123m", "456p", "789s", "111z", "22z"]
    blocks = lookup.counts_readings(counts)[0].blocks
    assert all(BLOCK_SIZE[b.kind] == len(b.tiles()) for b in blocks)
    assert Block(BlockKind.PAIR, 28) in lookup.counts_readings(counts)[0].blocks


# -- the encodings themselves --------------------------------------------------------------

ENTRIES = ["decompose.lp", "engine.lp", "suit_space.lp", "honor_space.lp", "forms.lp",
           "riichi_kan.lp", "riichi_kan_verdict.lp"]
#: The parts the entry files include (in parts/): each documents the predicates it defines.
PARTS = sorted(p.name for p in (ENCODINGS / "parts").glob("*.lp"))


def test_layout_entries_on_top_parts_below() -> None:
    assert sorted(p.name for p in ENCODINGS.glob("*.lp")) == sorted(ENTRIES)
    assert len(PARTS) >= 10  # tiles, hand facts, winning, the forms, show, scopes ...


def header(path: Path) -> str:
    lines = path.read_text().splitlines()
    return "\n".join(line for line in lines[:next(
        (i for i, line in enumerate(lines) if not line.startswith("%")), len(lines))])


def head_predicates(path: Path) -> set[str]:
    """Names of the predicates a file's rules and #external statements define."""
    found: set[str] = set()

    def visit(node: clingo.ast.AST) -> None:
        if node.ast_type == clingo.ast.ASTType.Rule:
            head = node.head
            atoms = [e.literal.atom for e in head.elements] if (
                head.ast_type == clingo.ast.ASTType.Aggregate) else [head.atom]
            found.update(a.symbol.name for a in atoms
                         if a.ast_type == clingo.ast.ASTType.SymbolicAtom)
        elif node.ast_type == clingo.ast.ASTType.External:
            found.add(node.atom.symbol.name)

    clingo.ast.parse_files([str(path)], visit)
    return found


@pytest.mark.parametrize("name", ENTRIES)
def test_entry_files_only_include(name: str) -> None:
    for line in (ENCODINGS / name).read_text().splitlines():
        assert not line.strip() or line.startswith("%") or line.startswith("#include ")


@pytest.mark.parametrize("path", PARTS)
def test_every_predicate_is_documented_where_it_is_defined(path: str) -> None:
    text = header(ENCODINGS / "parts" / path)
    elsewhere = "\n".join(header(p) for p in ENCODINGS.glob("**/*.lp"))
    for name in head_predicates(ENCODINGS / "parts" / path):
        here = re.search(rf"^%\s+{name}\b", text, re.MULTILINE)
        # a part that only fills an input (absent/1, the externals) points to its owner
        there = "defines no new predicate" in text and re.search(
            rf"^%\s+{name}\b", elsewhere, re.MULTILINE)
        assert here or there, f"{path}: {name} is not documented at the top"


def plain_clingo_readings(hand: Hand) -> int:
    """Answer sets of ``clingo decompose.lp`` on the hand's hold/2 and called/2 facts."""
    return plain_clingo_count(hand.counts, [(m.kind, m.tile) for m in hand.melds])


def plain_clingo_count(counts: Sequence[int], melds: Sequence[tuple[MeldKind, int]]) -> int:
    """Answer sets of ``clingo decompose.lp`` on hold/2 facts and the melds as called/2
    facts, or called/3 for a meld given more than once (clingo merges equal facts)."""
    facts = [f"hold({k},{n})." for k, n in enumerate(counts) if n]
    for (kind, tile), times in Counter(melds).items():
        name = kind.name.lower()
        facts.append(f"called({name},{tile})." if times == 1 else
                     f"called({name},{tile},{times}).")
    ctl = asp.ground([asp.encoding("decompose.lp")], " ".join(facts))
    models = 0
    with ctl.solve(yield_=True) as handle:
        for _ in handle:
            models += 1
    return models


@pytest.mark.parametrize("text", ["123m44m", "111m", "111222333m4567p", "11m"])
def test_plain_encoding_refuses_what_the_api_refuses(text: str) -> None:
    # plain clingo once called 123m44m and 111m winning: the 14-tile rule was Python's only
    hand = Hand.parse(text)
    with pytest.raises(mjasp.HandError):
        mjasp.decompose(hand)
    assert plain_clingo_readings(hand) == 0


@pytest.mark.parametrize("text", ["111222333m45677p", "11122233344455m", "234567m [123s] 11z 234p",
                                  "11m (1111z) (2222z) (3333z) (4444z)", "19m19p19s1234567z7z",
                                  "123m456p789s11234z"])
def test_plain_encoding_reads_what_the_api_reads(text: str) -> None:
    hand = Hand.parse(text)
    assert plain_clingo_readings(hand) == len(mjasp.decompose(hand, solver="backtrack-dedupe"))


def api_readings(counts: Sequence[int], melds: Sequence[tuple[MeldKind, int]]) -> int:
    """How many readings mjasp gives the hand; 0 where it refuses it (a HandError)."""
    try:
        hand = Hand(tuple(counts), melds=tuple(Meld(kind, tile) for kind, tile in melds))
        return len(mjasp.decompose(hand, solver="backtrack-dedupe"))
    except mjasp.HandError:
        return 0


def nudged_hands(n: int, seed: int) -> list[tuple[list[int], list[tuple[MeldKind, int]]]]:
    """``n`` seeded hands with declared melds, most of them one step off a winning hand:
    a concealed tile more or less, a meld more, less or repeated, a tile or a chi moved;
    some keep 14 tiles (winning or not), others have 11 to 17, or a fifth copy of a kind."""
    rng = random.Random(seed)
    out = []
    for hand in random_winning_hands(n, seed=seed, forms="standard", melds=True):
        counts = list(hand.counts)
        melds = [(m.kind, m.tile) for m in hand.melds]
        for _ in range(rng.choice([0, 1, 1, 2])):
            step = rng.randrange(5)
            held = [k for k, c in enumerate(counts) if c]
            if step == 0:                       # a concealed tile more
                counts[rng.randrange(34)] += 1
            elif step == 1 and held:            # a concealed tile less
                counts[rng.choice(held)] -= 1
            elif step == 2 and melds:           # a meld less, or repeated (chis can be)
                meld = melds.pop(rng.randrange(len(melds)))
                melds += [meld, meld] if rng.random() < 0.5 else []
            elif step == 3:                     # a meld more
                kind = rng.choice(list(MeldKind))
                tile = rng.choice([k for k in range(27) if k % 9 <= 6]) if (
                    kind is MeldKind.CHI) else rng.randrange(34)
                melds.append((kind, tile))
            elif held:                          # a tile moved: 14 tiles, rarely winning
                counts[rng.choice(held)] -= 1
                counts[rng.randrange(34)] += 1
        out.append((counts, melds))
    return out


# the fast loop on 200 seeded hands, CI on 400
@pytest.mark.parametrize("hands", [pytest.param(400, marks=pytest.mark.slow), 200])
def test_plain_encoding_reads_exactly_what_the_api_reads_with_melds(hands: int) -> None:
    # complete.lp once checked only an upper bound of the tiles with declared melds;
    # the API's answer (readings, or a HandError for a hand it refuses) is the reference
    sample = nudged_hands(hands, seed=11)
    # the sample covers what it must: winning hands, and 13 or fewer, 14, 15 or more tiles
    # (counted here, kans as three): at least a tenth of it each, a quarter winning
    sizes = Counter(min(max(sum(c) + 3 * len(m), 13), 15) for c, m in sample)
    assert min(sizes[13], sizes[14], sizes[15]) >= hands // 10
    found = [(api_readings(c, m), plain_clingo_count(c, m)) for c, m in sample]
    assert sum(1 for api, _ in found if api) >= hands // 4
    assert Counter(len(m) - len(set(m)) for _, m in sample)[1] >= 5
    assert [api for api, _ in found] == [plain for _, plain in found]


def test_plain_encoding_counts_repeated_chis() -> None:
    # two chis 123m: clingo merges two called(chi,0) facts, called(chi,0,2) says both;
    # 11m 456p 789p + 123m 123m is 14 tiles, one reading (worked out by hand)
    counts = [0] * 34
    counts[0] = 2                 # 11m
    counts[12:18] = [1] * 6       # 456789p
    chis = [(MeldKind.CHI, 0), (MeldKind.CHI, 0)]
    assert plain_clingo_count(counts, chis) == api_readings(counts, chis) == 1
    assert plain_clingo_count(counts, chis[:1]) == api_readings(counts, chis[:1]) == 0


def test_plain_encoding_refuses_more_than_fourteen_tiles() -> None:
    # 111222333m45677p (two readings) plus a 15th tile, 7z: no Hand holds it, the facts can
    hand = "hold(0,3). hold(1,3). hold(2,3). hold(12,1). hold(13,1). hold(14,1). hold(15,2). "
    ctl = asp.ground([asp.encoding("decompose.lp")], hand + "hold(33,1).")
    assert ctl.solve().unsatisfiable
    ctl = asp.ground([asp.encoding("decompose.lp")], hand)
    with ctl.solve(yield_=True) as handle:
        assert sum(1 for _ in handle) == 2
