"""The compiled fill of a value type's slots (``kernel.builder``, ``build`` of
``mjasp/solvers/_kernel.c``) builds what the type's own constructor and the Python
builders of ``mjasp.rules.scorecard`` build: equal, same type, same hash, still frozen."""

from __future__ import annotations

import dataclasses

import pytest

from mjasp.core.blocks import Block, Decomposition, WaitShape
from mjasp.core.yaku import Yaku
from mjasp.rules import scorecard
from mjasp.rules.points import Payments
from mjasp.rules.scorecard import Score, ScoredReading, YakuItem
from mjasp.solvers import kernel

pytestmark = pytest.mark.skipif(not kernel.AVAILABLE, reason="the compiled kernel is not built")

READING = ScoredReading(Decomposition.parse("123m 456p 789s 111z 22z"), Block.parse("789s"),
                        WaitShape.PENCHAN)
SCORES = [
    (2, 30, 2000, 0, None, (YakuItem(Yaku.PINFU, 1), YakuItem(Yaku.TANYAO, 1)),
     (("base", 20), ("menzen ron", 10)), Payments(2000, 0, 0, 0, 2000), READING, None),
    (0, 0, 0, 0, None, (), (), Payments(0, 0, 0, 0, 0), None, scorecard.NO_YAKU),
    (13, 0, 48000, 1, "yakuman", (YakuItem(Yaku.DAISANGEN, 13),), (),
     Payments(0, 16000, 16000, 0, 48000), READING, None),
]


def test_compiled_builders_build_what_the_constructors_build() -> None:
    build_score, build_reading = kernel.builder(Score), kernel.builder(ScoredReading)
    for values in SCORES:
        built, made = build_score(*values), Score(*values)
        python = scorecard.python_build_score(*values)
        assert type(built) is Score and built == made == python and hash(built) == hash(made)
        assert repr(built) == repr(made)
        assert tuple(getattr(built, f.name) for f in dataclasses.fields(Score)) == values
        with pytest.raises(dataclasses.FrozenInstanceError):
            built.han = 3  # type: ignore[misc]
    parts = (READING.decomposition, READING.win_block, READING.wait)
    assert build_reading(*parts) == READING == scorecard.python_scored_reading(*parts)
    assert type(build_reading(*parts)) is ScoredReading
    # the same type again gets the same builder; a wrong count of values is refused
    assert kernel.builder(Score)(*SCORES[0]) == Score(*SCORES[0])
    with pytest.raises(TypeError):
        build_score(*SCORES[0][:-1])


def test_scorecard_uses_the_compiled_builders_while_the_kernel_answers(kernel_path: str) -> None:
    compiled = kernel_path == "compiled"
    assert (scorecard.build_score is scorecard.python_build_score) is not compiled
    assert (scorecard.scored_reading is scorecard.python_scored_reading) is not compiled


def test_compiled_placement_is_the_direct_engines_placement() -> None:
    from mjasp.solvers.scoring_direct import Placement, _load_facts

    values = (Block.parse("789s"), WaitShape.PENCHAN, 2, False)
    built = _load_facts()[2](*values)
    assert type(built) is Placement and built == Placement(*values)
    assert (built.block, built.wait, built.concealed_sets, built.pinfu) == values
