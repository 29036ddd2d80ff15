"""Every engine by name, in one table per question (no import strings).

Two questions have several engines: *decompose* (every reading of a complete hand) and
*shanten*. An engine module is imported on first use by a small loader function, so that
``import mjasp`` does not load clingo or OR-Tools; a reader follows the loader to the code.

- decompose, per suit: a :data:`~mjasp.solvers.base.SuitDecomposer`
  ``(suit counts, is_honors) -> readings``; ``mjasp.decompose`` assembles whole hands
  from it (``solvers.base.assemble``) and adds the special forms;
- decompose, whole hand: a :data:`HandDecomposer` ``(Hand, Rules) -> readings`` in
  canonical order; ``mjasp.decompose`` prefers it when the engine has one;
- shanten: the names in :data:`SHANTEN_ENGINES`, answered by ``mjasp.shanten``;
- scoring: a :data:`ScoringEngine` ``(Hand, Win, Rules, readings) -> candidate Scores`` of
  a checked win (``mjasp.scoring.api.check_win`` found the readings; an engine that finds its
  own, like the ASP one, may ignore them).

>>> sorted(DECOMPOSERS)[:3]
['asp', 'backtrack-1', 'backtrack-2']
>>> suit_decomposer("pair-position")((2, 0, 0, 0, 0, 0, 0, 0, 0), False)
((Block.parse('11m'),),)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from mjasp.core.blocks import Decomposition
from mjasp.core.errors import RulesError
from mjasp.core.hand import Hand
from mjasp.rules import Rules
from mjasp.solvers.base import SuitDecomposer

if TYPE_CHECKING:
    from mjasp.core.win import Win
    from mjasp.rules.scorecard import Score
    from mjasp.solvers.shanten_engines import ShantenEngine

HandDecomposer = Callable[[Hand, Rules], list[Decomposition]]
"""(hand, rules) -> every reading in canonical order."""


@dataclass(frozen=True, slots=True)
class DecompositionEngine:
    """A decomposition engine: what it is, its suit decomposer, and its whole-hand reader."""

    name: str
    summary: str
    suit: Callable[[], SuitDecomposer]
    hand: Callable[[], HandDecomposer] | None = None


# Loaders: each imports its module when first called (clingo and OR-Tools are slow to load).

def _backtrack(name: str) -> Callable[[], SuitDecomposer]:
    def load() -> SuitDecomposer:
        from mjasp.solvers import backtrack

        found: SuitDecomposer = getattr(backtrack, name)
        return found

    return load


def _asp_suit() -> SuitDecomposer:
    from mjasp.solvers import asp

    return asp.suit_readings


def _asp_hand() -> HandDecomposer:
    from mjasp.solvers import asp

    return asp.decompose_hand


def _fast_suit() -> SuitDecomposer:
    from mjasp.solvers import lookup

    return lookup.suit_readings


def _fast_hand() -> HandDecomposer:
    from mjasp.solvers import lookup

    return lookup.decompose_hand


def _inverse_suit() -> SuitDecomposer:
    from mjasp.solvers import form_dp

    return form_dp.inverse_suit_readings


#: Decomposition engines by name.
DECOMPOSERS: Final[dict[str, DecompositionEngine]] = {e.name: e for e in (
    DecompositionEngine("backtrack-dedupe", "reference 1: backtracking, duplicates removed",
                        _backtrack("dedupe_backtracking")),
    DecompositionEngine("backtrack-1", "reference 2: pair first, sequences before triplets",
                        _backtrack("backtracking_sequences_first")),
    DecompositionEngine("backtrack-2", "reference 3: one of ten patterns per tile",
                        _backtrack("backtracking_patterns")),
    DecompositionEngine("pair-position", "reference 4: pair positions, triplet runs expanded",
                        _backtrack("pair_position")),
    DecompositionEngine("asp", "clingo: encodings/decompose.lp", _asp_suit, _asp_hand),
    DecompositionEngine("fast", "memoised suit readings (the default)", _fast_suit, _fast_hand),
    DecompositionEngine("inverse", "the winning forms whose tile vector is the hand",
                        _inverse_suit),
)}
#: The engine ``mjasp.decompose`` uses when none is named.
DEFAULT_DECOMPOSER: Final = "fast"

def _shanten_engines() -> dict[str, ShantenEngine]:
    from mjasp.solvers import shanten_engines as s

    return {"table": s.table_engine, "cpsat": s.cpsat_engine, "brute": s.brute_engine}


#: Shanten engines by name (``mjasp.shanten(..., solver=)``): per-suit tables (the
#: default), a CP-SAT model, every shape enumerated (the table's order is the docs' order).
SHANTEN_ENGINES: Final = {"table": "per-suit tables (the default)",
                          "cpsat": "a CP-SAT model per form (OR-Tools)",
                          "brute": "every winning shape enumerated (the reference)"}


def shanten_engine(name: str) -> ShantenEngine:
    """The shanten engine ``name`` (see ``SHANTEN_ENGINES``)."""
    found = _loaded.get((name, "shanten"))
    if found is None:
        if not isinstance(name, str) or name not in SHANTEN_ENGINES:
            raise RulesError(f"unknown solver {name!r}; known: {', '.join(SHANTEN_ENGINES)}")
        for key, engine in _shanten_engines().items():
            _loaded[key, "shanten"] = engine
        found = _loaded[name, "shanten"]
    return found  # type: ignore[return-value]


#: Scoring engines by name (``mjasp.score(..., solver=)``): ``(Hand, Win, Rules) ->
#: list[Score]``, every candidate of a checked win.
SCORING_ENGINES: Final = {"direct": "one Python table of yaku (the default)",
                          "asp": "clingo: encodings/scoring/score.lp, #maximize"}


#: A scoring engine: every candidate of a checked win (any order; ``mjasp.score`` ranks).
ScoringEngine = Callable[[Hand, "Win", Rules, Sequence[Decomposition]], "list[Score]"]


def scoring_engine(name: str) -> ScoringEngine:
    """The scoring engine ``name``'s ``candidates`` (see ``SCORING_ENGINES``); the ASP one
    loads clingo, so engines load on first use."""
    found = _loaded.get((name, "scoring"))
    if found is None:
        if not isinstance(name, str) or name not in SCORING_ENGINES:
            raise RulesError(f"unknown scoring solver {name!r}; known: "
                             f"{', '.join(SCORING_ENGINES)}")
        if name == "direct":
            from mjasp.solvers import scoring_direct as module
        else:
            from mjasp.solvers import scoring_asp as module  # type: ignore[no-redef]
        found = _loaded[name, "scoring"] = module.candidates
    return found  # type: ignore[return-value]


def _engine(name: str) -> DecompositionEngine:
    if not isinstance(name, str) or name not in DECOMPOSERS:
        raise RulesError(f"unknown solver {name!r}; known: {', '.join(sorted(DECOMPOSERS))}")
    return DECOMPOSERS[name]


_loaded: dict[tuple[str, str], object] = {}


def suit_decomposer(name: str) -> SuitDecomposer:
    """The suit decomposer of engine ``name``."""
    key = (name, "suit")
    if key not in _loaded:  # cached: a lookup per hot call must cost next to nothing
        _loaded[key] = _engine(name).suit()
    found: SuitDecomposer = _loaded[key]  # type: ignore[assignment]
    return found


def hand_decomposer(name: str) -> HandDecomposer | None:
    """The whole-hand reader of engine ``name``, or None when it reads suit by suit."""
    key = (name, "hand")
    if key not in _loaded:
        load = _engine(name).hand
        _loaded[key] = load() if load is not None else None
    found: HandDecomposer | None = _loaded[key]  # type: ignore[assignment]
    return found


__all__ = ["DECOMPOSERS", "DEFAULT_DECOMPOSER", "SHANTEN_ENGINES", "DecompositionEngine",
           "HandDecomposer", "hand_decomposer", "shanten_engine", "suit_decomposer"]
