"""The shape gates of the direct engine's records (three or four sets, three sequences, a
dragon set, an outside pair, a hand of simples only, of no simple, of no honor) decide
nothing: on sampled wins of every preset, each reading's blocks counted here by hand, no
record holds where a gate it needs fails (so not asking it changes no score)."""

from __future__ import annotations

import pytest

from mjasp.core.blocks import BlockKind, Form
from mjasp.core.hand import MeldKind
from mjasp.core.win import WinError
from mjasp.rules import RULES
from mjasp.scoring.api import checked_readings
from mjasp.scoring.samples import random_wins
from mjasp.solvers import scoring_direct as direct

SHAPE_GATES = {"three_sets", "four_sets", "three_sequences", "dragon_set", "outside_pair",
               "all_simples", "no_simple", "no_honor"}
# 1 and 9 of each suit, and the honors (https://riichi.wiki/Yaochuuhai)
EDGES = {0, 8, 9, 17, 18, 26, *range(27, 34)}


def _gates(decomposition, kinds: set[int]) -> dict[str, bool]:  # type: ignore[no-untyped-def]
    """Each shape gate of a reading, from its blocks and melds as written."""
    sequences = sum(b.kind is BlockKind.SEQUENCE for b in decomposition.blocks) + sum(
        m.kind is MeldKind.CHI for m in decomposition.melds)
    set_tiles = [b.tile for b in decomposition.blocks if b.kind is BlockKind.TRIPLET] + [
        m.tile for m in decomposition.melds if m.kind is not MeldKind.CHI]
    pairs = [b.tile for b in decomposition.blocks if b.kind is BlockKind.PAIR]
    standard = decomposition.form is Form.STANDARD
    return {"three_sets": len(set_tiles) >= 3, "four_sets": len(set_tiles) == 4,
            "three_sequences": sequences >= 3, "no_honor": not kinds & set(range(27, 34)),
            "dragon_set": any(t in (31, 32, 33) for t in set_tiles),
            "outside_pair": standard and pairs[0] in EDGES,
            "all_simples": not kinds & EDGES, "no_simple": kinds <= EDGES}


@pytest.mark.parametrize("name", sorted(RULES))
def test_shape_gates_rule_nothing_out(name: str) -> None:
    rules = RULES[name]
    gated = [row for row in direct.yaku_table(rules) if row.needs & SHAPE_GATES]
    assert len(gated) >= 15
    checked = failed_gates = 0
    for hand, win in random_wins(80, seed=11, rules=rules):
        try:  # (the samples of some presets hold what their checks refuse)
            readings = checked_readings(hand, win, rules)
        except WinError:
            continue
        h = direct._hand_facts(hand, win)
        kinds = set(h.kinds)
        for decomposition in readings:
            r = direct._reading_facts(decomposition)
            gates = _gates(decomposition, kinds)
            for p in direct._placements(h, r):
                for row in gated:
                    if r.form not in row.forms and row.level not in ("hand", "tile"):
                        continue
                    failing = {g for g in row.needs & SHAPE_GATES if not gates[g]}
                    if failing:
                        failed_gates += 1
                        assert not row.rule(h, r, p), (str(hand), win, row.yaku, failing)
                    checked += 1
    assert checked > 1000 and failed_gates > 500


def test_every_shape_gate_is_used() -> None:
    assert {gate for row in direct.YAKU for gate in row.needs} >= SHAPE_GATES
    assert set(direct.GATES) >= SHAPE_GATES
