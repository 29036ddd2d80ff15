"""The speed gates of the direct engine's records decide nothing: where a gate fails, the
record's rule does not hold (so not asking it changes no score)."""

from __future__ import annotations

from mjasp.core.win import Win
from mjasp.rules import RULES
from mjasp.scoring.samples import random_wins
from mjasp.solvers import scoring_direct as direct


def test_every_gate_is_declared() -> None:
    assert {gate for row in direct.YAKU for gate in row.needs} <= set(direct.GATES)
    assert set(direct.FLAG_FIELDS) <= set(direct.GATES)


def test_flag_gates_rule_nothing_out() -> None:
    # every hand-level record gated on a flag of the Win is false on every win without
    # that flag: the same hands with each flag set alone where the Win accepts it
    flagged = [row for row in direct.YAKU if row.needs & set(direct.FLAG_FIELDS)]
    assert len(flagged) >= 10  # riichi, double riichi, ippatsu, ... renhou twice
    settings: list[dict[str, object]] = [
        {}, {"riichi": 1}, {"riichi": 2}, {"riichi": 1, "ippatsu": True},
        {"tsumo": True, "haitei": True}, {"houtei": True}, {"chankan": True},
        {"tsumo": True, "rinshan": True}, {"tsumo": True, "tenhou": True},
        {"tsumo": True, "chiihou": True, "seat_wind": "S"}, {"renhou": True, "seat_wind": "S"}]
    checked = 0
    for hand, win in random_wins(60, seed=5, rules=RULES["tenhou"]):
        for setting in settings:
            situation = Win(win.tile, **setting)  # type: ignore[arg-type]
            h = direct._hand_facts(hand, situation)
            for row in flagged:
                (gate,) = row.needs & set(direct.FLAG_FIELDS)
                if not getattr(situation, gate):
                    assert not row.rule(h, direct._NO_READING, direct._NO_PLACEMENT), (
                        row.yaku, setting)
                    checked += 1
    assert checked > 1000
