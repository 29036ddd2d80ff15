"""The shanten engines behind one protocol: least replacement number of a problem over forms.

A :class:`ShantenProblem` is what ``mjasp.shanten`` hands every engine once the hand is
checked: the concealed counts, the melds to build, per-kind caps, the forms open to the
hand and the rules. An engine answers ``(problem, forms) -> r``, the least replacement
number over ``forms`` (shanten = r − 1); the registry (:mod:`mjasp.solvers.registry`)
finds them by name.

>>> from mjasp.rules import find_rules
>>> p = ShantenProblem((1,) * 9 + (0,) * 18 + (4,) + (0,) * 6, 4, None, (Form.STANDARD,),
...                    find_rules())
>>> table_engine(p, (Form.STANDARD,)), brute_engine(p, (Form.STANDARD,))
(2, 2)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NamedTuple

from mjasp.core.blocks import Form
from mjasp.rules import Rules
from mjasp.solvers import brute, kernel, table


class ShantenProblem(NamedTuple):
    """What every engine needs: counts, melds to build, per-kind caps, forms allowed."""

    counts: tuple[int, ...]
    melds: int
    cap: tuple[int, ...] | None  # None: the wall's copies (Rules.copies)
    forms: tuple[Form, ...]
    rules: Rules

    def full_cap(self) -> tuple[int, ...]:
        """The per-kind caps, the wall's copies when nothing is declared."""
        return self.rules.copies if self.cap is None else self.cap


ShantenEngine = Callable[[ShantenProblem, tuple[Form, ...]], int]
"""(problem, forms) -> the least replacement number over ``forms``."""


@functools.cache
def _form_flags(forms: tuple[Form, ...]) -> tuple[bool, bool, bool]:
    """``forms`` as the (standard, seven_pairs, orphans) options of the table engine."""
    return Form.STANDARD in forms, Form.CHIITOITSU in forms, Form.KOKUSHI in forms


def table_engine(problem: ShantenProblem, forms: tuple[Form, ...]) -> int:
    """Per-suit tables: every form in one lookup (the default, fast path)."""
    if problem.cap is not None:  # declared melds: only the standard form is open
        return table.capped_standard(problem.counts, problem.melds, problem.cap)
    rules = problem.rules
    standard, seven_pairs, orphans = _form_flags(forms)
    # the compiled kernel when it was built (kernel.COMPILED), else table.replacement
    return kernel.replacement(problem.counts, problem.melds, standard, seven_pairs, orphans,
                              table.three_player_wall(rules.copies), rules.chiitoitsu_quad)


def cpsat_engine(problem: ShantenProblem, forms: tuple[Form, ...]) -> int:
    """A CP-SAT model per form (OR-Tools)."""
    # imported here: ortools costs a third of a second that table users never need
    from mjasp.solvers import cpsat

    return min(cpsat.replacement(problem.counts, problem.melds, problem.full_cap(), form.value,
                                 problem.rules.chiitoitsu_quad) for form in forms)


def brute_engine(problem: ShantenProblem, forms: tuple[Form, ...]) -> int:
    """Every winning shape enumerated (the reference)."""
    counts, rules = problem.counts, problem.rules

    def one(form: Form) -> int:
        if form is Form.STANDARD:
            return brute.standard(counts, problem.melds, problem.full_cap())
        if form is Form.CHIITOITSU:
            return brute.chiitoitsu(counts, rules.chiitoitsu_quad, rules.tile_kinds)
        return brute.kokushi(counts)

    return min(one(form) for form in forms)


__all__ = ["ShantenEngine", "ShantenProblem", "brute_engine", "cpsat_engine", "table_engine"]
