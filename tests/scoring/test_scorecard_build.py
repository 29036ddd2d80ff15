"""The fast builders of Score and Payments (slots set directly) match the dataclasses'
own constructors field for field, and cover every field."""

from __future__ import annotations

import dataclasses

from mjasp.core.blocks import Block, Decomposition, WaitShape
from mjasp.core.yaku import Yaku
from mjasp.rules import points, scorecard
from mjasp.rules.points import Payments
from mjasp.rules.scorecard import Score, ScoredReading, YakuItem


def test_builders_cover_every_field() -> None:
    # a field added to the dataclass but not to the builder would stay unset
    assert len(scorecard._SET_SCORE) == len(dataclasses.fields(Score))
    assert len(points._SET_PAYMENTS) == len(dataclasses.fields(Payments))


def test_payments_builder_equals_constructor() -> None:
    built = points.split_payments(0, 1100, 600, 1000, 3300)
    made = Payments(ron=0, dealer=1100, others=600, sticks=1000, total=3300)
    assert built == made and hash(built) == hash(made) and repr(built) == repr(made)


def test_score_builder_equals_constructor() -> None:
    reading = ScoredReading(Decomposition.of([]), Block.parse("123m"), WaitShape.RYANMEN)
    values = (2, 30, 2000, 0, None, (YakuItem(Yaku.PINFU, 1), YakuItem(Yaku.TANYAO, 1)),
              (("base", 20), ("menzen ron", 10)), Payments(2000, 0, 0, 0, 2000), reading,
              None)
    built = scorecard.build_score(*values)
    made = Score(*values)
    assert built == made and repr(built) == repr(made)
    # every field holds what was given, in dataclass order
    assert tuple(getattr(built, f.name) for f in dataclasses.fields(Score)) == values
    # still frozen
    try:
        built.han = 3  # type: ignore[misc]
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("a built Score must stay frozen")
