"""Every decomposition engine against every other, at scale (``mjasp verify`` runs it).

Suits: every number-suit vector of at most 14 tiles (405,350) and every honor vector
(43,130). The ASP readings come from ONE solve that enumerates each whole suit space
(``asp.enumerate_space``); each of the four reference algorithms must give the same
readings for every vector, and nothing where ASP has none. A seeded sample of vectors
also goes through the per-vector ASP call (the path the fast path fills its cache with).

Hands: N seeded random winning hands (all three forms; half of them drawn with declared
melds) and one near miss per hand (one concealed tile changed, mostly not winning). The
fast path, the whole-hand ASP program and the four references (assembled suit by suit)
must all agree on every hand.

>>> check_hands(5, seed=1, rules=Rules())["disagreements"]
[]
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from mjasp.analysis.counting import suit_hands
from mjasp.analysis.decomposition import decompose
from mjasp.analysis.winning_hands import random_winning_hands
from mjasp.core.blocks import Decomposition
from mjasp.core.hand import Hand
from mjasp.rules import Rules
from mjasp.solvers.base import SuitDecomposer, SuitReading
from mjasp.solvers.registry import suit_decomposer

#: The four reference single-suit algorithms, by registry name.
REFERENCES = ("backtrack-dedupe", "backtrack-1", "backtrack-2", "pair-position")
#: Exit code when two engines disagree.
EXIT_DISAGREE = 1

HandEngine = Callable[[Hand, Rules], list[Decomposition]]
#: (length, label) -> a context manager with ``update(n)``, as ``click.progressbar``;
#: length 0 announces a phase of unknown length (the CLI shows a ticking clock).
Progress = Callable[[int, str], Any]


def suit_vectors(is_honors: bool) -> Iterator[tuple[int, ...]]:
    """Every count vector of one suit with at most 14 tiles (405,350; honors 43,130)."""
    kinds = 7 if is_honors else 9
    return itertools.chain.from_iterable(suit_hands(m, kinds) for m in range(15))


def hand_engine(name: str) -> HandEngine:
    """The registered engine ``name`` as ``(hand, rules) -> readings``: ``mjasp.decompose``
    itself, so that verify checks the path users call (whole-hand engines for "fast" and
    "asp", suit by suit plus the special forms for the references)."""

    def run(hand: Hand, rules: Rules) -> list[Decomposition]:
        return decompose(hand, solver=name, rules=rules)

    return run


def hand_engines() -> dict[str, HandEngine]:
    """Every engine that reads whole hands, by name: fast path, ASP program, references."""
    return {name: hand_engine(name) for name in ("fast", "asp", *REFERENCES)}


def near_miss(hand: Hand, rules: Rules, rng: random.Random) -> Hand:
    """``hand`` with one concealed tile swapped for another kind the wall still has."""
    counts = list(hand.counts)
    total = hand.total_counts()
    held = [k for k, n in enumerate(counts) if n]
    free = [k for k in rules.tile_kinds if total[k] < 4]
    out = rng.choice(held)
    into = rng.choice([k for k in free if k != out])
    counts[out] -= 1
    counts[into] += 1
    return Hand.from_counts(counts, hand.melds)


def winning_and_near_misses(n: int, seed: int, rules: Rules) -> list[Hand]:
    """``n`` winning hands (half with declared melds) followed by one near miss of each."""
    winning = (random_winning_hands(n - n // 2, seed=seed, rules=rules)
               + random_winning_hands(n // 2, seed=seed + 1, rules=rules, melds=True))
    rng = random.Random(seed)
    return winning + [near_miss(h, rules, rng) for h in winning]


class _NoBar:
    """A progress bar that shows nothing (the library default)."""

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int) -> None:
        """Ignore progress."""


def no_progress(length: int, label: str) -> Any:
    """The default ``progress``: no output (the CLI passes a click progress bar)."""
    return _NoBar()


def check_suits(sample: int, seed: int, progress: Progress = no_progress) -> dict[str, Any]:
    """ASP's enumeration of each suit space against the references and the per-vector call."""
    from mjasp.solvers import asp

    references = {name: suit_decomposer(name) for name in REFERENCES}
    report: dict[str, Any] = {"vectors": 0, "asp_readings": 0, "per_vector_calls": 0,
                              "disagreements": []}
    for is_honors in (False, True):
        with progress(0, "enumerating a suit space with clingo"):
            space = asp.enumerate_space(is_honors)
        report["asp_readings"] += sum(len(r) for r in space.values())
        vectors = list(suit_vectors(is_honors))
        report["vectors"] += len(vectors)
        label = "honor vectors " if is_honors else "number vectors"
        with progress(len(vectors), label) as bar:
            for start in range(0, len(vectors), 5000):
                for counts in vectors[start:start + 5000]:
                    expected = space.get(counts, [])
                    _compare_suit(report, counts, is_honors, expected, references)
                bar.update(len(vectors[start:start + 5000]))
        for counts in random.Random(seed).sample(vectors, min(sample, len(vectors))):
            found = asp.suit_readings(counts, is_honors)
            report["per_vector_calls"] += 1
            if found != space.get(counts, []):
                report["disagreements"].append(
                    {"suit": list(counts), "honors": is_honors, "engines": ["asp per vector"]})
    return report


def _compare_suit(report: dict[str, Any], counts: tuple[int, ...], is_honors: bool,
                  expected: list[SuitReading], references: dict[str, SuitDecomposer]) -> None:
    """Each reference against ``expected``, the readings ASP enumerated for ``counts``."""
    wrong = [name for name, ref in references.items() if list(ref(counts, is_honors)) != expected]
    # the same readings twice would be two answer sets for one multiset
    if len(set(expected)) != len(expected):
        wrong.append("asp")
    if wrong:
        report["disagreements"].append({"suit": list(counts), "honors": is_honors,
                                        "engines": wrong})


def check_hands(n: int, seed: int, rules: Rules,
                progress: Progress = no_progress) -> dict[str, Any]:
    """Every whole-hand engine on ``n`` winning hands and their near misses."""
    engines = hand_engines()
    with progress(0, f"dealing {n:,} winning hands and their near misses"):
        hands = winning_and_near_misses(n, seed, rules)
    forms: Counter[str] = Counter()
    report: dict[str, Any] = {"hands": len(hands), "winning": 0, "engines": sorted(engines),
                              "disagreements": []}
    with progress(len(hands), "hands         ") as bar:
        for hand in hands:
            answers = {name: engine(hand, rules) for name, engine in engines.items()}
            common, _ = Counter(tuple(a) for a in answers.values()).most_common(1)[0]
            wrong = sorted(name for name, a in answers.items() if tuple(a) != common)
            if wrong:
                report["disagreements"].append({"hand": str(hand), "engines": wrong})
            report["winning"] += bool(common)
            forms.update(d.form.value for d in common)
            bar.update(1)
    report["readings_by_form"] = dict(sorted(forms.items()))
    return report


__all__ = ["EXIT_DISAGREE", "REFERENCES", "HandEngine", "Progress", "check_hands",
           "check_suits", "hand_engine", "hand_engines", "near_miss", "no_progress",
           "suit_vectors", "winning_and_near_misses"]
