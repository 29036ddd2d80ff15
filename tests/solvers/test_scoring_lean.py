"""The lean path of ``shapes_by_tile`` sums each candidate's han from its rows and its fu
from ``_fu``'s total; a candidate holding an upgrade is summed from its items by
``han_fu`` instead, which ``COUNTERS["listed"]`` shows. Values worked by hand from
https://riichi.wiki/Fu and the yaku list (https://riichi.wiki/List_of_yaku)."""

from __future__ import annotations

from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.rules import find_rules
from mjasp.solvers import scoring_direct


def _listed_by(hand: str, win: Win, kind: int) -> tuple[object, int]:
    before = scoring_direct.COUNTERS["listed"]
    shapes = scoring_direct.shapes_by_tile(Hand.parse(hand), win, find_rules(), (kind,))
    return shapes, scoring_direct.COUNTERS["listed"] - before


def test_plain_candidate_is_summed_from_its_rows() -> None:
    # tsumo on 2m in 34m (two-sided): menzen tsumo, pinfu, tanyao = 3 han; pinfu tsumo 20 fu
    shapes, listed = _listed_by("234567m234567p88s", Win("2m", tsumo=True, seat_wind="S"), 1)
    assert shapes == [[(3, 20, True)]]
    assert listed == 0


def test_upgrade_is_summed_from_its_items() -> None:
    # ron on 2m: chinitsu (6, replaces honitsu) + ittsu (2) = 8 han; 20 base + 10 menzen ron
    # + 2 (kanchan in 123m, or tanki on 22m) + 8 (closed terminal triplet 111m) = 40 fu,
    # for each of the two placements
    shapes, listed = _listed_by("11112223456789m", Win("2m", seat_wind="S"), 1)
    assert shapes == [[(8, 40, True), (8, 40, True)]]
    assert listed == 2
