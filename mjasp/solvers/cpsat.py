"""Shanten as a CP-SAT minimisation (OR-Tools): the declarative engine.

One model per winning form says what a winning shape ``w`` is; the objective is the
distance ``Σ max(0, w_k − h_k)`` from the hand ``h`` (the replacement number):

* standard — per kind ``w_k = Σ sequences covering k + 3·triplet_k + 2·pair_k``, the melds
  ``Σ sequences + Σ triplets = n`` and one pair (a variant of the model with the number of
  pairs free serves the per-suit values u_n / v_n);
* seven pairs — ``w_k = 2·pairs_k`` with seven pairs, ``pairs_k ≤ 1`` (or ``≤ 2`` when a
  quad counts as two pairs);
* thirteen orphans — one of each terminal and honor plus one more of them.

``0 ≤ w_k ≤ cap_k ≤ 4`` is the four-copy limit (``cap_k`` = 4 minus copies in declared
melds, 0 for kinds not in the wall), ``deficit_k ≥ w_k − h_k`` and ``deficit_k ≥ 0``.

Models are built once and reused: a hand only changes bounds in the proto, edited in
place (the held count is the right-hand side of ``deficit_k − w_k ≥ −h_k``, the cap
that of ``w_k ≤ cap_k``, the meld count a variable fixed to one value). Measured
on a busy 2-core machine: building the standard model costs about 1.2 ms, the solve
10-15 ms (LP cuts and a little search), so reuse saves roughly a tenth. The shared models
make these functions unsafe to call from several threads at once.

>>> replacement([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25, 4, [4] * 34, "standard") - 1
0
>>> suit_values((1, 1, 0, 0, 0, 0, 0, 0, 0), honors=False)[:3]
(0, 1, 4)
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Sequence

from ortools.sat.python import cp_model

from mjasp.core.tiles import TERMINALS_AND_HONORS

#: The suits of a whole hand: (number of kinds, sequences allowed).
HAND_SUITS = ((9, True), (9, True), (9, True), (7, False))


class _Model:
    """A model whose per-hand data are the bounds of two constraints per kind."""

    def __init__(self) -> None:
        self.model = cp_model.CpModel()
        # (constraint index, its bound when h_k = 0 / cap_k = 4): a constant term of w_k
        # is folded into the bound, so a hand shifts the stored bound rather than set it
        self.deficit_rows: list[tuple[int, int]] = []  # deficit_k − w_k ≥ −h_k
        self.cap_rows: list[tuple[int, int]] = []  # w_k ≤ cap_k
        self.deficits: list[cp_model.IntVar] = []
        self.targets: list[cp_model.LinearExpr] = []  # w_k, read back by shapes()
        self.solver = cp_model.CpSolver()
        # the models are kept for the process (``standard_model``...) and edited in place
        # per solve: one solve at a time (threads would solve another's bounds, or crash
        # the solver on an inconsistent model)
        self.lock = threading.RLock()
        params = self.solver.parameters
        params.num_workers = 1  # one core
        # measured on random hands: symmetry detection and probing cost more than they
        # save on models this small (about a third of the time); the LP cuts pay, keep them
        params.symmetry_level = 0
        params.cp_model_probing_level = 0

    def _kind(self, shape: cp_model.LinearExpr) -> None:
        """Add a kind whose target count is the expression ``shape`` (w_k)."""
        deficit = self.model.new_int_var(0, 4, f"d{len(self.deficits)}")
        # the hand's count and the cap are constraint bounds, set per solve
        rows = self.model.proto.constraints
        index = self.model.add(deficit - shape >= 0).index
        self.deficit_rows.append((index, rows[index].linear.domain[0]))
        index = self.model.add(shape <= 4).index
        self.cap_rows.append((index, rows[index].linear.domain[1]))
        self.deficits.append(deficit)
        self.targets.append(shape)

    def _fix(self, var: cp_model.IntVar, low: int, high: int | None = None) -> None:
        domain = self.model.proto.variables[var.index].domain  # edited in place
        domain[0] = low
        domain[1] = low if high is None else high

    def _set_hand(self, counts: Sequence[int], cap: Sequence[int]) -> None:
        """Write the held counts and the caps into the constraint bounds."""
        rows = self.model.proto.constraints
        for (row, bound), held in zip(self.deficit_rows, counts, strict=True):
            rows[row].linear.domain[0] = bound - int(held)
        for (row, bound), limit in zip(self.cap_rows, cap, strict=True):
            rows[row].linear.domain[1] = bound - 4 + min(4, int(limit))

    def solve(self, counts: Sequence[int], cap: Sequence[int]) -> int | None:
        """The minimum distance for these counts and caps; None when no shape fits."""
        with self.lock:
            self._set_hand(counts, cap)
            status = self.solver.solve(self.model)
        if status == cp_model.INFEASIBLE:
            return None
        if status != cp_model.OPTIMAL:
            raise RuntimeError(f"CP-SAT stopped with status {self.solver.status_name(status)}")
        return round(self.solver.objective_value)


class StandardModel(_Model):
    """``n`` melds and ``p`` pairs over the given suits (``n`` and ``p`` set per solve)."""

    def __init__(self, suits: Sequence[tuple[int, bool]]) -> None:
        super().__init__()
        melds: list[cp_model.IntVar] = []
        pairs: list[cp_model.IntVar] = []
        for size, sequences in suits:
            starts = [self.model.new_int_var(0, 4, "seq") for _ in range(size - 2)
                      ] if sequences else []
            for i in range(size):
                triplet = self.model.new_bool_var("triplet")
                pair = self.model.new_bool_var("pair")
                covering = [starts[j] for j in range(max(0, i - 2), min(i + 1, len(starts)))]
                self._kind(sum(covering) + 3 * triplet + 2 * pair)
                melds.append(triplet)
                pairs.append(pair)
            melds += starts
        self.melds = self.model.new_int_var(0, 4, "melds")
        self.pairs = self.model.new_int_var(0, 1, "pairs")
        self.model.add(sum(melds) == self.melds)
        self.model.add(sum(pairs) == self.pairs)
        self.model.minimize(sum(self.deficits))

    def distance(self, counts: Sequence[int], cap: Sequence[int], melds: int,
                 pairs: int = 1) -> int | None:
        """Fewest draws to ``melds`` melds and ``pairs`` (0 or 1) pairs."""
        with self.lock:
            self._fix(self.melds, melds)
            self._fix(self.pairs, pairs)
            return self.solve(counts, cap)

    def shapes(self, melds: int, pairs: int) -> set[tuple[int, ...]]:
        """Every target vector ``w`` with ``melds`` melds and ``pairs`` pairs, by solution
        enumeration. Drops the objective for good: call it on a model of its own."""
        self.model.proto.clear_objective()  # CpModel.clear_objective() is untyped for mypy
        self._fix(self.melds, melds)
        self._fix(self.pairs, pairs)
        # held counts of 4 and zero deficits turn each deficit row into w_k ≤ 4 (the cap
        # again), so a solution is one set of blocks, not that times every value of the
        # free deficits
        self._set_hand([4] * len(self.targets), [4] * len(self.targets))
        for deficit in self.deficits:
            self._fix(deficit, 0)
        collector = _ShapeCollector(self.targets)
        self.solver.parameters.enumerate_all_solutions = True
        status = self.solver.solve(self.model, collector)
        if status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
            raise RuntimeError(f"CP-SAT stopped with status {self.solver.status_name(status)}")
        return collector.shapes


class SevenPairsModel(_Model):
    """Seven pairs of distinct kinds, or with a quad as two pairs."""

    def __init__(self, quads_as_two_pairs: bool) -> None:
        super().__init__()
        pairs = []
        for _ in range(34):
            count = self.model.new_int_var(0, 2 if quads_as_two_pairs else 1, "pairs")
            self._kind(2 * count)
            pairs.append(count)
        self.model.add(sum(pairs) == 7)
        self.model.minimize(sum(self.deficits))


class ThirteenOrphansModel(_Model):
    """One of each terminal and honor, and one of them twice."""

    def __init__(self) -> None:
        super().__init__()
        doubled = []
        for kind in range(34):
            if kind in TERMINALS_AND_HONORS:
                twice = self.model.new_bool_var("twice")
                self._kind(1 + twice)
                doubled.append(twice)
            else:
                self._kind(0 * self.model.new_bool_var("unused"))
        self.model.add(sum(doubled) == 1)
        self.model.minimize(sum(self.deficits))


@functools.cache
def standard_model() -> StandardModel:
    """The whole-hand standard model, built once."""
    return StandardModel(HAND_SUITS)


def _one_suit(honors: bool) -> list[tuple[int, bool]]:
    """The suit layout of the per-suit model: 7 honors, or 9 numbers with sequences."""
    return [(7, False)] if honors else [(9, True)]


@functools.cache
def suit_model(honors: bool) -> StandardModel:
    """A one-suit standard model (pairs 0 or 1), built once."""
    return StandardModel(_one_suit(honors))


class _ShapeCollector(cp_model.CpSolverSolutionCallback):
    """Records the target vector ``w`` of every solution (several block sets give one ``w``)."""

    def __init__(self, targets: Sequence[cp_model.LinearExpr]) -> None:
        super().__init__()
        self.targets = targets
        self.shapes: set[tuple[int, ...]] = set()

    def on_solution_callback(self) -> None:
        self.shapes.add(tuple(int(self.value(w)) for w in self.targets))


def suit_shapes(honors: bool, melds: int, pair: bool) -> set[tuple[int, ...]]:
    """Every shape ``w`` of the per-suit model with ``melds`` melds (and a pair), by enumeration.

    The constraints are those of :func:`suit_model` (a fresh copy: the cached one is
    edited by every solve) with the objective dropped and every solution listed, so the
    set is exactly what :func:`suit_values` minimises ``Σ max(0, w − h)`` over.

    >>> shapes = suit_shapes(False, 1, False)   # 9 triplets and 7 sequences
    >>> len(shapes), (1, 1, 1, 0, 0, 0, 0, 0, 0) in shapes
    (16, True)
    >>> sorted(suit_shapes(True, 4, True))[0]
    (0, 0, 2, 3, 3, 3, 3)
    """
    return StandardModel(_one_suit(honors)).shapes(melds, int(pair))


@functools.cache
def seven_pairs_model(quads_as_two_pairs: bool) -> SevenPairsModel:
    """The seven-pairs model, built once per variant."""
    return SevenPairsModel(quads_as_two_pairs)


@functools.cache
def thirteen_orphans_model() -> ThirteenOrphansModel:
    """The thirteen-orphans model, built once."""
    return ThirteenOrphansModel()


#: Value for "no shape fits" (e.g. caps forbid every shape).
UNREACHABLE = 99


def replacement(counts: Sequence[int], melds: int, cap: Sequence[int], form: str,
                quads_as_two_pairs: bool = False, reuse: bool = True) -> int:
    """Replacement number of one form: ``"standard"``, ``"chiitoitsu"`` or ``"kokushi"``.

    ``reuse=False`` builds a fresh model (to measure what reuse saves).
    """
    found: int | None
    if form == "standard":
        model = standard_model() if reuse else StandardModel(HAND_SUITS)
        found = model.distance(counts, cap, melds)
    elif form == "chiitoitsu":
        seven = seven_pairs_model(quads_as_two_pairs) if reuse else SevenPairsModel(
            quads_as_two_pairs)
        found = seven.solve(counts, cap)
    elif form == "kokushi":
        orphans = thirteen_orphans_model() if reuse else ThirteenOrphansModel()
        found = orphans.solve(counts, cap)
    else:
        raise ValueError(f"unknown form {form!r}")
    return UNREACHABLE if found is None else found


def suit_values(counts: Sequence[int], honors: bool,
                cap: Sequence[int] | None = None) -> tuple[int, ...]:
    """``(u_0..u_4, v_0..v_4)`` of one suit, one CP-SAT solve each."""
    model = suit_model(honors)
    limit = [4] * len(counts) if cap is None else list(cap)
    row = []
    for pairs in (0, 1):
        for melds in range(5):
            found = model.distance(counts, limit, melds, pairs)
            row.append(UNREACHABLE if found is None else found)
    return tuple(row)
