"""Hands at the four-copies limit, through every engine of each question: the shanten
engines (tables compiled and pure, CP-SAT, brute force), the waits (compiled and pure),
the decomposers (the references, the fast path, ASP) and the kan check (Python and ASP).

A tile all four of whose copies are in sight (held, or in a meld) is no wait and no help
(https://riichi.wiki/Tenpai: a hand waiting only on tiles it holds all four of is not
tenpai, "karaten"); a fifth copy, counting melds (a kan is four), is no hand at all: every
engine refuses it the same way. The expected values are worked out by hand below.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import mjasp
from mjasp.analysis.kan import kan_check_asp
from mjasp.core.errors import HandError
from mjasp.solvers import kernel

pytest.importorskip("clingo")

#: hand -> (least shanten, winning tiles as kinds), worked out by hand
AT_THE_LIMIT = {
    # 23m waits on 1m or 4m; the four 1m are in the kan: only 4m (kind 3) is left
    "23m456789p11z [1111m]": (0, [3]),
    # 111m 234p 567s 789s and a lone 1m: its tanki wait is the fifth 1m, so one away
    "1111m234p567s789s": (1, []),
    # the same with four east winds held
    "123m456p789s1111z": (1, []),
    # 1p tanki beside four closed kans (kans counted as three): the wait is 1p
    "1p (1111m) (2222m) (3333m) (4444m)": (0, [9]),
    # three players: 1m 9m 1p 9p 1s 9s and the honors, thirteen orphans waiting on all 13
    # (2m-8m are no tiles of theirs, so no wait among them)
    "19m19p19s1234567z": (0, [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]),
}

#: a fifth copy, counting the melds: no engine answers
FIFTH_COPY = ("1111m234567p11z (1111m)", "111m2345678p11z [1111m]",
              "11m234567p11z [111m] [111m]", "1m234567p11z [111m] (1111m)",
              "0555m123p1z [055m]")


def _rules(hand: str) -> str:
    return "tenhou-3p" if hand == "19m19p19s1234567z" else "tenhou"


@pytest.mark.parametrize("hand", list(AT_THE_LIMIT))
def test_every_engine_sees_the_copies_in_sight(hand: str) -> None:
    expected_shanten, expected_waits = AT_THE_LIMIT[hand]
    rules = _rules(hand)
    found = {solver: mjasp.shanten(hand, rules=rules, solver=solver)
             for solver in ("table", "brute", "cpsat")}
    waits = [w.tile for w in mjasp.waits(hand, rules=rules)]
    kernel.use_compiled(False)
    try:
        found["pure tables"] = mjasp.shanten(hand, rules=rules)
        pure_waits = [w.tile for w in mjasp.waits(hand, rules=rules)]
    finally:
        kernel.use_compiled(True)
    assert found == dict.fromkeys(found, expected_shanten)
    assert waits == pure_waits == expected_waits


@pytest.mark.parametrize("hand", list(AT_THE_LIMIT))
def test_every_decomposer_reads_each_winning_tile_alike(hand: str) -> None:
    rules = _rules(hand)
    for kind in AT_THE_LIMIT[hand][1]:
        complete = f"{mjasp.tile_name(kind)} {hand}"
        readings = {solver: sorted(map(str, mjasp.decompose(complete, solver=solver,
                                                             rules=rules)))
                    for solver in ("backtrack-dedupe", "backtrack-1", "backtrack-2",
                                   "pair-position", "fast", "inverse", "asp")}
        assert readings["fast"], complete
        assert all(r == readings["fast"] for r in readings.values()), complete


@pytest.mark.parametrize("hand", FIFTH_COPY)
def test_a_fifth_copy_is_refused_by_every_engine(hand: str) -> None:
    calls: list[Callable[[], object]] = [
             lambda: mjasp.shanten(hand, solver="table"),
             lambda: mjasp.shanten(hand, solver="brute"),
             lambda: mjasp.shanten(hand, solver="cpsat"),
             lambda: mjasp.waits(hand), lambda: mjasp.effective_tiles(hand),
             lambda: mjasp.decompose(hand, solver="asp"),
             lambda: mjasp.decompose(hand, solver="backtrack-1"),
             lambda: mjasp.kan_check(hand, "1m"), lambda: kan_check_asp(hand, "1m")]
    for call in calls:
        with pytest.raises(HandError, match="copies of"):
            call()
    with pytest.raises(mjasp.WinError, match="copies of"):
        mjasp.score(hand, mjasp.Win("1z"))
    with pytest.raises(mjasp.WinError, match="copies of"):
        mjasp.score(hand, mjasp.Win("1z"), solver="asp")
