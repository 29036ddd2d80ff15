"""Ways of playing exactly as good: the policy's choice among them is the same in every
path and agrees with a brute force in exact arithmetic (``docs/advise.md``, *Ties*).

The brute force is ``test_audit4_bruteforce``'s walk of every draw sequence with its
numbers as fractions (``exact=True``): two options tie there only when they are equal,
and its choice among equals is the first in tile order, riichi before dama. Before the
advice compared its values with a tolerance, 1-ulp differences from the order of a sum
chose among equal options, and where they differed in the tenpai chance (equal points and
win chance) the tenpai chance reported was that of the one the rounding favoured.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import mjasp
from mjasp.advice import advise
from mjasp.advice.graph import TIE_ABS, TIE_REL, choose
from mjasp.core.tiles import tile_name
from tests.advice.test_audit4_bruteforce import _random_case, check, seen_but
from tests.conftest import sample

#: (seed of ``_random_case``, discard in place of its own): cases whose tenpai chance the
#: rounding once chose wrongly (by up to 0.021), the quick ones first
BEFORE = [(46, "5p"), (132, "7m"), (767, "3m"), (776, None), (921, "7p"), (971, "1s"),
          (971, "9s"), (1063, "4s"), (1431, "2p")]
#: the slower ones (5-20 s each on a slow machine), the quicker first: every run takes the
#: first four, pytest --full the rest
BEFORE_SLOW = sample([pytest.param(s, d) for s, d in [
    (132, "1p"), (997, "6p"), (1394, "5s"), (2000, "3p"), (781, "6s"), (545, "2z"),
    (1201, "2m"), (572, "6m"), (572, "9s")]], every_run=4)


def _exact(seed: int, *discard: str | None) -> None:
    """``_random_case(seed)`` (with ``discard`` in place of its own, where given) against
    the brute force in fractions: every turn's values, the decision, the explanation."""
    hand, own, draws, kw = _random_case(seed)
    check(hand, discard[0] if discard else own, draws, lines=6, ties=True, exact=True, **kw)


def test_the_audited_case() -> None:
    # 57m1235667p37z [555s], discard 5m, mahjongsoul, riichi never, extra 2: tenpai
    # 0.5314 (69939485 / 131607268 exactly); a float brute force chose by rounding (0.5117)
    hand, discard, draws, kw = _random_case(106)
    assert (hand, discard, draws, kw["rules"], kw["riichi"], kw["extra"]) == (
        "57m1235667p37z [555s]", "5m", 3, "mahjongsoul", "never", 2)
    b, _ = check(hand, discard, draws, ties=True, exact=True, **kw)
    _, turns = b.per_turn()
    assert float(turns[0][0]) == pytest.approx(0.5314257036321125, abs=1e-12)


@pytest.mark.parametrize(("seed", "discard"), BEFORE)
def test_cases_rounding_decided(seed: int, discard: str | None) -> None:
    _exact(seed, discard)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "discard"), BEFORE_SLOW)
def test_cases_rounding_decided_slow(seed: int, discard: str | None) -> None:
    _exact(seed, discard)


@pytest.mark.slow
# seeds 0-79: test_audit4_bruteforce.py; 106 (the slowest): test_the_audited_case above
@pytest.mark.parametrize("seed", sample([s for s in range(80, 200) if s != 106], every_run=20))
def test_random_small_cases_exact(seed: int) -> None:
    _exact(seed)


# -- ties made on purpose: a hand its own mirror image (n <-> 10 - n in every suit) -------

def mirror(k: int) -> int:
    return k if k >= 27 else 9 * (k // 9) + 8 - k % 9


def _mirror_case(seed: int) -> tuple[str, int, dict[str, Any]]:
    """A 14-tile tenpai or one-shanten hand holding 1m and 9m that is its own mirror image,
    a wall of mirror-closed kinds (those of the hand, their neighbours, two others), no
    dora indicator (an ura indicator's next kind is not mirrored), 2 or 3 draws: 1m and 9m
    are mirror discards, their futures the same up to the mirror."""
    rng = random.Random(seed)
    rules = rng.choice(["tenhou", "mahjongsoul"])
    while True:
        counts = [0] * 34
        counts[0] = counts[8] = 1
        while sum(counts) < 14:
            k = rng.randrange(34)
            m = mirror(k)
            need = 1 if m == k else 2
            if sum(counts) + need <= 14 and counts[k] < 4 and counts[m] < 4 and (
                    m != k or counts[k] < 4):
                counts[k] += 1
                counts[m] += 1 if m != k else 0
        text = "".join(tile_name(k) for k in range(34) for _ in range(counts[k]))
        hand = str(mjasp.Hand.parse(text))
        if 0 <= mjasp.shanten(mjasp.Hand.parse(hand)) <= 1:
            break
    near = {j for k in range(34) if counts[k] for j in (k - 1, k, k + 1)
            if 0 <= j < 34 and (j >= 27) == (k >= 27) and (j // 9 == k // 9 or k >= 27)}
    near |= set(rng.sample(range(34), 2))
    keep = sorted(near | {mirror(k) for k in near})
    kw = {"rules": rules, "riichi": rng.choice(["choose", "never", "always"]),
          "extra": rng.choice([1, 2]),
          "visible": seen_but(hand, (), "".join(tile_name(k) for k in keep), rules)}
    return hand, rng.choice([2, 3]), kw


#: seeds of ``_mirror_case`` with small graphs (30 to 230 hands), every riichi policy,
#: both rules, 2 and 3 draws
MIRRORS = [120, 83, 160, 181, 204, 260, 43, 89, 148, 190, 185, 128, 42, 59, 80, 87, 33, 91]


@pytest.mark.parametrize("seed", MIRRORS)
def test_mirror_discards_get_identical_rows(seed: int) -> None:
    hand, draws, kw = _mirror_case(seed)
    a = advise(hand, draws=draws, visible=kw["visible"], rules=kw["rules"],
               riichi=kw["riichi"], extra=kw["extra"])
    rows = {c.discard: c for c in a.candidates}
    one, nine = rows["1m"], rows["9m"]
    assert one.decision == nine.decision
    assert one.shanten == nine.shanten
    for x, y in ((one.tenpai_prob, nine.tenpai_prob), (one.win_prob, nine.win_prob),
                 (one.expected_points, nine.expected_points)):
        assert x == pytest.approx(y, rel=1e-12, abs=1e-12)
    # and both as the brute force in fractions has them
    check(hand, "1m", draws, lines=6, ties=True, exact=True, **kw)


def test_the_tolerance_is_above_rounding_and_below_a_real_difference() -> None:
    # equal within 1e-12 of the larger: a few units in the last place at any size
    for x in (1e-3, 0.5, 41.876448296504066, 184.78309232480535, 25000.0):
        y = x + 8 * (x * 2.0 ** -52)
        assert choose([(x, 0.0, 0.25), (y, 0.0, 0.5)]) == 1  # the tenpai chance decides
        assert choose([(y, 0.0, 0.5), (x, 0.0, 0.25)]) == 0
        assert choose([(x, 0.0, 0.5), (y, 0.0, 0.5)]) == 0   # all equal: the first
    # a riichi hand's points cancelling to 0 less rounding tie with 0 points: the win
    # chance decides (as in mirror case 260: riichi at -1.2e-14 points against dama at 0)
    assert choose([(-1.1760707350512003e-14, 3 / 551, 1.0), (0.0, 0.0, 1.0)]) == 0
    # a difference of 1 in 10^9 of the points decides, and of 1e-8 in a chance
    assert choose([(100.0, 0.0, 0.9), (100.0 + 1e-7, 0.0, 0.1)]) == 1
    assert choose([(0.0, 0.0, 0.9), (0.0, 1e-8, 0.1)]) == 1
    assert TIE_REL == 1e-12 and TIE_ABS == 1e-9
