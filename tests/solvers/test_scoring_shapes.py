"""``shapes_by_tile`` is ``candidates_by_tile`` without a ``Score`` each: on thousands of
seeded wins under every preset and a local-yaku rule set, in the situation sampled (ron,
riichi, renhou...), each tile's (han, fu, has a reading) are those of the ``Score`` path's
candidates in their order, and a tile has none (None) exactly where a candidate of the
``Score`` path is a yakuman or has no yaku (or renhou scores alone)."""

from __future__ import annotations

import pytest

from mjasp.core.blocks import Decomposition
from mjasp.core.errors import MjaspError
from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.rules import LOCAL_YAKU, RULES, Rules, find_rules
from mjasp.scoring.api import checked_readings
from mjasp.scoring.samples import random_wins
from mjasp.solvers import scoring_direct

RULE_SETS = {**RULES, "tenhou + local yaku":
             find_rules("tenhou").replace(local_yaku=frozenset(LOCAL_YAKU))}


def _wins(rules: Rules, n: int, seed: int
          ) -> list[tuple[Hand, Win, tuple[Decomposition, ...]]]:
    """Sampled wins ``rules`` take, with their readings."""
    found = []
    for hand, win in random_wins(n, seed=seed, rules=rules):
        try:
            readings = checked_readings(hand, win, rules)
        except MjaspError:
            continue
        found.append((hand, win, readings))
    return found


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_shapes_are_the_scores_han_and_fu(name: str) -> None:
    rules = RULE_SETS[name]
    shaped = engine = 0
    for hand, win, readings in _wins(rules, 500, 29):
        # every concealed kind asked (a kind that does not complete the hand has none)
        kinds = [k for k, n in enumerate(hand.counts) if n]
        scores = scoring_direct.candidates_by_tile(hand, win, rules, kinds, readings)
        shapes = scoring_direct.shapes_by_tile(hand, win, rules, kinds, readings)
        assert len(shapes) == len(kinds)
        for kind, found, shape in zip(kinds, scores, shapes, strict=True):
            where = (name, str(hand), kind, win)
            if shape is None:
                engine += 1
                assert any(s.yakuman or s.reason for s in found) or (
                    win.renhou and rules.renhou == "mangan_alone"), where
                continue
            shaped += 1
            assert not any(s.yakuman or s.reason for s in found), where
            assert shape == [(s.han, s.fu, s.reading is not None) for s in found], where
    assert shaped > 500 and engine > 10, (shaped, engine)
