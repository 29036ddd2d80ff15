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


def test_a_field_the_fills_cannot_set_is_refused_saying_why() -> None:
    # what the fills set each field through: a slot (member descriptor) or, except for
    # Win's, an extension type's field (getset descriptor), either one writable; the
    # message said "a field is not a slot" for a getset it accepts, and a read-only field
    # passed (to fail at every build)
    from tests.solvers.test_kernel import fresh_module

    module = fresh_module()  # its own state: the shared module's builders stay as they are
    slot = vars(ScoredReading)["wait"]
    writable_getset = vars(BaseException)["args"]  # a getset with a setter
    assert type(writable_getset).__name__ == "getset_descriptor"
    assert module.builder_init(BaseException, (writable_getset,)) == 0
    assert module.builder_init(ScoredReading, (slot, slot, slot)) == 1
    refused = [
        ((slot, property(lambda self: 0)), "builder_init: field 1 is a property, neither a "
         "slot (a member descriptor) nor an extension type's field (a getset descriptor)"),
        ((slot, "wait"), "builder_init: field 1 is a str, neither a slot"),
        ((vars(int)["real"],), "builder_init: field 0, <attribute 'real' of 'int' objects>, "
         "is read-only"),
        ((vars(type(lambda: 0))["__closure__"],),
         "builder_init: field 0, <member '__closure__' of 'function' objects>, is read-only"),
    ]
    for fields, message in refused:
        with pytest.raises(TypeError) as error:
            module.builder_init(ScoredReading, fields)
        assert str(error.value).startswith(message)
    # the facts' inits say the same; Win's takes slots only
    with pytest.raises(TypeError, match=r"^facts_init: field 0 is a property, neither"):
        module.facts_init(ScoredReading, (property(),) * 7, (0,) * 3, (0,) * 3, 0, frozenset())
    with pytest.raises(TypeError, match=r"^win_init: field 0 is a getset_descriptor, not a "
                                        r"slot \(a member descriptor\)$"):
        module.win_init(ScoredReading, (writable_getset,) * 20, frozenset(), frozenset())
