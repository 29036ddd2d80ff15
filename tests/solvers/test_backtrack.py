"""The four reference decomposers, checked against independent enumerations.

Expected readings never come from the seed: they are generated here by listing every
multiset of at most four melds and at most one pair directly and collecting the tile
vectors they make (the inverse of what a decomposer does).
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence

import pytest

import mjasp
from mjasp.analysis.decomposition import DECOMPOSERS
from mjasp.core.blocks import Block, BlockKind, Decomposition, Form
from mjasp.core.hand import Hand
from mjasp.solvers import backtrack
from mjasp.solvers.base import SuitReading

Reading = tuple[Block, ...]
ALGORITHMS: dict[str, Callable[[tuple[int, ...], bool], Sequence[SuitReading]]] = {
    "dedupe": backtrack.dedupe_backtracking,
    "sequences-first": backtrack.backtracking_sequences_first,
    "patterns": backtrack.backtracking_patterns,
    # the uncached function: the exhaustive sweep would only flush the cache
    "pair-position": backtrack.pair_position.__wrapped__,
}
SEQ, TRI, PAIR = BlockKind.SEQUENCE, BlockKind.TRIPLET, BlockKind.PAIR


def reading_key(reading: Reading) -> list[tuple[int, int]]:
    return [b.sort_key() for b in reading]


def suit_vectors(size: int, max_tiles: int = 14) -> list[tuple[int, ...]]:
    """Every vector of ``size`` counts 0-4 with at most ``max_tiles`` tiles."""
    return [v for v in itertools.product(range(5), repeat=size) if sum(v) <= max_tiles]


def meld_multisets(size: int, honors: bool) -> dict[tuple[int, ...], list[Reading]]:
    """Vector -> every reading, by listing all multisets of <=4 melds and <=1 pair."""
    melds = [Block(TRI, t) for t in range(size)]
    if not honors:
        melds += [Block(SEQ, t) for t in range(size - 2)]
    pairs: list[Block | None] = [None, *(Block(PAIR, t) for t in range(size))]
    found: dict[tuple[int, ...], list[Reading]] = defaultdict(list)
    for k in range(5):
        for chosen in itertools.combinations_with_replacement(melds, k):
            for pair in pairs:
                blocks = [*chosen, pair] if pair is not None else list(chosen)
                counts = [0] * size
                for block in blocks:
                    for tile in block.tiles():
                        counts[tile] += 1
                if max(counts, default=0) <= 4:
                    found[tuple(counts)].append(tuple(sorted(blocks, key=Block.sort_key)))
    return {v: sorted(rs, key=reading_key) for v, rs in found.items()}


@pytest.fixture(scope="module")
def number_suit() -> dict[tuple[int, ...], list[Reading]]:
    return meld_multisets(9, honors=False)


@pytest.fixture(scope="module")
def honor_suit() -> dict[tuple[int, ...], list[Reading]]:
    return meld_multisets(7, honors=True)


def test_vector_space_sizes() -> None:
    # the sizes the brief quotes, from a closed formula: [x^k] (1+x+...+x^4)^n summed
    def up_to_14(n: int) -> int:
        poly = [1]
        for _ in range(n):
            poly = [sum(poly[j - c] for c in range(5) if 0 <= j - c < len(poly))
                    for j in range(len(poly) + 4)]
        return sum(poly[:15])

    assert len(suit_vectors(9)) == up_to_14(9) == 405_350
    assert len(suit_vectors(7)) == up_to_14(7) == 43_130


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_every_number_suit_vector(name: str,
                                  number_suit: dict[tuple[int, ...], list[Reading]]) -> None:
    """The seed's theorem, by exhaustion: each algorithm equals the meld-multiset listing
    on all 405,350 vectors (so all four agree), readings listed once each."""
    algorithm = ALGORITHMS[name]
    decomposable: Counter[int] = Counter()
    for vector in suit_vectors(9):
        got = sorted(algorithm(vector, False), key=reading_key)
        assert got == number_suit.get(vector, []), vector
        decomposable[sum(vector)] += bool(got)
    expected = Counter(sum(v) for v in number_suit)
    assert decomposable == expected
    assert sum(decomposable.values()) == len(number_suit)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_every_honor_vector(name: str,
                            honor_suit: dict[tuple[int, ...], list[Reading]]) -> None:
    algorithm = ALGORITHMS[name]
    for vector in suit_vectors(7):
        got = sorted(algorithm(vector, True), key=reading_key)
        assert got == honor_suit.get(vector, []), vector
        assert all(b.kind is not SEQ for r in got for b in r)


def test_decomposable_counts_by_tile_count(
        number_suit: dict[tuple[int, ...], list[Reading]]) -> None:
    # a vector is decomposable iff some reading exists; no tiles left over means the
    # count is 0 or 2 (mod 3), and the empty vector has the empty reading
    by_count = Counter(sum(v) for v in number_suit)
    assert by_count[0] == 1 and by_count[2] == 9 and by_count[3] == 9 + 7
    assert all(by_count[n] == 0 for n in (1, 4, 7, 10, 13))
    assert set(by_count) <= set(range(15))


def brute_force_standard(hand: Hand) -> list[Decomposition]:
    """Every standard reading of a hand by trying every multiset of melds + one pair."""
    counts = hand.counts
    melds = [Block(TRI, t) for t in range(34) if counts[t] >= 3]
    melds += [Block(SEQ, t) for t in range(27)
              if t % 9 < 7 and min(counts[t:t + 3]) >= 1]
    pairs = [Block(PAIR, t) for t in range(34) if counts[t] >= 2]
    found = []
    for chosen in itertools.combinations_with_replacement(melds, (sum(counts) - 2) // 3):
        for pair in pairs:
            reading = Decomposition.of([*chosen, pair], Form.STANDARD, hand.melds)
            if reading.counts() == counts:
                found.append(reading)
    return sorted(found, key=Decomposition.sort_key)


def brute_force_seven_pairs(hand: Hand) -> bool:
    return not hand.melds and sorted(c for c in hand.counts if c) == [2] * 7


@pytest.mark.parametrize(("text", "standard", "seven_pairs"), [
    ("11122233344455m", 4, False),
    ("111222333m45677p", 2, False),
    ("2233445566778m8m", 3, True),
    ("11223344556677m", 3, True),
    ("123m456p789s11z [777s]", 1, False),
    ("11m (1111z) (2222z) (3333z) (4444z)", 1, False),
    ("123m456p789s11234z", 0, False),
    ("22334455m33p44s66z", 0, True),  # four suits of 2 (mod 3): four pairs, not standard
])
@pytest.mark.parametrize("solver", sorted(DECOMPOSERS))
def test_known_readings(text: str, standard: int, seven_pairs: bool, solver: str) -> None:
    # the counts are the issue's; the readings themselves must equal the brute force
    hand = Hand.parse(text)
    readings = mjasp.decompose(hand, solver=solver)
    got = [d for d in readings if d.form is Form.STANDARD]
    assert got == brute_force_standard(hand)
    assert len(got) == standard
    assert any(d.form is Form.CHIITOITSU for d in readings) == seven_pairs
    assert brute_force_seven_pairs(hand) == seven_pairs


def test_called_melds_are_fixed_blocks() -> None:
    hand = Hand.parse("111222333m55p [789s]")
    readings = mjasp.decompose(hand)
    assert readings == brute_force_standard(hand) and len(readings) == 2
    for reading in readings:
        assert reading.melds == hand.melds
        assert str(reading).endswith("[789s]")
        assert reading.counts() == hand.counts  # blocks cover the concealed tiles only


def test_seven_pairs_and_kokushi_need_a_closed_hand() -> None:
    # the same concealed shape is seven pairs when closed; a closed kan is a meld too
    closed = Hand.parse("1133557799m1122z")
    assert [d.form for d in mjasp.decompose(closed)] == [Form.CHIITOITSU]
    kokushi = Hand.parse("19m19p19s12345677z")
    assert [d.form for d in mjasp.decompose(kokushi)] == [Form.KOKUSHI]
    with_kan = Hand.parse("11335m5577p11z (9999m)")
    assert mjasp.decompose(with_kan) == []


def test_chiitoitsu_quad_rule() -> None:
    hand = Hand.parse("1111m22m33p44p55s66s")
    assert mjasp.decompose(hand) == []  # four of a kind is not two pairs by default
    readings = mjasp.decompose(hand, rules="chiitoitsu-quad")
    assert [d.form for d in readings] == [Form.CHIITOITSU]
    assert readings[0].blocks.count(Block(PAIR, 0)) == 2
    assert readings[0].counts() == hand.counts


def test_all_solvers_agree_on_random_hands() -> None:
    hands = mjasp.random_winning_hands(400, seed=11, melds=True, red=True)
    for hand in hands:
        reference = mjasp.decompose(hand, solver="backtrack-dedupe")
        assert reference, hand
        for solver in DECOMPOSERS:
            assert mjasp.decompose(hand, solver=solver) == reference, (hand, solver)
        for reading in reference:
            assert reading.melds == hand.melds
            assert reading.counts() == hand.counts
            if reading.form is Form.STANDARD:
                kinds = Counter(b.kind for b in reading.blocks)
                assert kinds[PAIR] == 1 and kinds[SEQ] + kinds[TRI] + len(hand.melds) == 4


def test_sampler_is_reproducible_and_respects_rules() -> None:
    first = mjasp.random_winning_hands(200, seed=5, melds=True)
    assert first == mjasp.random_winning_hands(200, seed=5, melds=True)
    assert first != mjasp.random_winning_hands(200, seed=6, melds=True)
    assert any(h.melds for h in first) and any(not h.melds for h in first)
    forms = {d.form for h in first for d in mjasp.decompose(h)}
    assert forms == set(Form)
    sanma = mjasp.random_winning_hands(200, seed=5, rules="sanma", melds=True)
    assert all(not any(h.total_counts()[1:8]) for h in sanma)
    assert all(mjasp.is_winning(h, rules="sanma") for h in sanma)
    only_pairs = mjasp.random_winning_hands(50, seed=5, forms=["chiitoitsu"])
    assert all(brute_force_seven_pairs(h) for h in only_pairs)
    with pytest.raises(mjasp.RulesError):
        mjasp.random_winning_hands(1, forms=["kokushi"],
                                   rules=mjasp.Rules(forms=frozenset({Form.STANDARD})))


@pytest.mark.parametrize("forms", [set(Form), {Form.CHIITOITSU}])
def test_unknown_solver_is_an_error_whatever_the_forms(forms: set[Form]) -> None:
    # seven pairs alone needs no suit engine, but a misspelt name must not pass silently
    rules = mjasp.Rules(name="some", forms=frozenset(forms))
    with pytest.raises(mjasp.RulesError, match="unknown solver 'nonsense'"):
        mjasp.decompose("11223344556677m", solver="nonsense", rules=rules)


def test_pair_position_is_memoised() -> None:
    backtrack.pair_position.cache_clear()
    suit = (3, 1, 1, 1, 0, 0, 0, 0, 0)
    assert backtrack.pair_position(suit, False) is backtrack.pair_position(suit, False)
    assert backtrack.pair_position.cache_info().hits == 1


def test_readings_match_mahjong_hand_divider() -> None:
    # an independent implementation: the peer library `mahjong` (closed hands; its
    # divider lists standard readings and seven pairs, not thirteen orphans)
    divider = pytest.importorskip("mahjong.hand_calculating.divider").HandDivider
    hands = mjasp.random_winning_hands(1500, seed=3, forms=["standard", "chiitoitsu"])
    hands += [Hand.parse(t) for t in ("11122233344455m", "22334455667788m",
                                      "22334455m33p44s66z", "11112222333344m")]
    for hand in hands:
        ours = sorted(sorted(list(b.tiles()) for b in d.blocks) for d in mjasp.decompose(hand))
        theirs = sorted(sorted(r) for r in divider.divide_hand(list(hand.counts)))
        assert ours == theirs, hand
