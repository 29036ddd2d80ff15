"""``mjasp.score`` runs the engine ``solver=`` names, on one path for every rule set, and
the direct engine's yaku records are what both engines' tables are derived from.

- ``solver="direct"`` (the default) answers through ``scoring_direct.candidates``, and
  ``solver="asp"`` through clingo, each observed by the direct engine's call counter;
- every preset and a local-yaku rule set take the same path: the engine's tables are set
  up once per rules content (by name, by object, or rebuilt field by field);
- every upgrade of the records decides something: with the entry removed, a hand worked
  out by hand lists both yaku (so no entry is dead);
- the local yaku are one record and one variant file each; the example added last
  (sanpuukou) scores by hand-worked values in both engines.
"""

from __future__ import annotations

import dataclasses

import pytest

import mjasp
from mjasp import Hand, Win
from mjasp.core.yaku import CustomYaku, Yaku
from mjasp.rules import LOCAL_YAKU, RULES, Rules
from mjasp.solvers import scoring_direct
from mjasp.solvers.scoring_variants import VARIANTS

PRESETS = ("tenhou", "tenhou-3p", "mahjongsoul", "mahjongsoul-3p", "wrc")
#: a hand every rule set scores (no 2m-8m, no chi: three players too)
HAND, WIN = "111999m111p99s [777z]", Win("9s", seat_wind="S")
SANPUUKOU = CustomYaku("sanpuukou", "Three wind triplets", "三風刻")


def rule_sets() -> dict[str, Rules]:
    local = RULES["tenhou"].replace(name="local", local_yaku=frozenset(LOCAL_YAKU))
    return {**{name: RULES[name] for name in PRESETS}, "local yaku": local}


@pytest.mark.parametrize("name", list(rule_sets()))
def test_every_rule_set_takes_the_one_path(name: str) -> None:
    rules = rule_sets()[name]
    mjasp.score(HAND, WIN, rules=rules)  # the tables of these rules are set up here
    before = dict(scoring_direct.COUNTERS)
    copy = Rules(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})
    given = [rules, copy] + ([name] if name in PRESETS else [])
    scores = [mjasp.score(HAND, WIN, rules=r) for r in given]
    # the direct engine answered each call, and set nothing up again: equal rules share
    # their tables, whether named, passed, or rebuilt
    assert scoring_direct.COUNTERS["calls"] == before["calls"] + len(given)
    assert scoring_direct.COUNTERS["tables"] == before["tables"]
    # 111m 999m 111p [777z] 99s, ron on 9s (tanki: it completes the pair): toitoi 2 +
    # sanankou 2 (the three concealed triplets stay closed) + honroutou 2 (1m 9m 1p 9s 7z)
    # + chun 1 = 7 han: haneman, 12000 for a non-dealer's ron under every rule set
    assert {s.points for s in scores} == {12000}


def test_solver_runs_the_engine_it_names() -> None:
    pytest.importorskip("clingo")
    before = scoring_direct.COUNTERS["calls"]
    direct = mjasp.score(HAND, WIN, solver="direct")
    assert scoring_direct.COUNTERS["calls"] == before + 1
    asp = mjasp.score(HAND, WIN, solver="asp")
    assert scoring_direct.COUNTERS["calls"] == before + 1  # the ASP engine answered
    assert asp == direct
    with pytest.raises(mjasp.RulesError, match="unknown scoring solver"):
        mjasp.score(HAND, WIN, solver="fast")


#: For each upgrade: a hand where both yaku hold, worked out by hand.
UPGRADES = {
    # 234m 234m 55m 678p 678p, ron on 8p: two pairs of identical sequences
    Yaku.RYANPEIKOU: ("223344m55m667788p", Win("8p")),
    # 123m 789m 123p 789s 99p: every block holds a terminal, no honor
    Yaku.JUNCHAN: ("123789m12399p789s", Win("1m")),
    # 11 22 33 44 55 66 77m: one suit, no honor (chiitoitsu or ryanpeikou)
    Yaku.CHINITSU: ("11223344556677m", Win("7m")),
    # 111m 222p 333s 444z, tanki on 5z
    Yaku.SUUANKOU_TANKI: ("111m222p333s44455z", Win("5z", tsumo=True)),
    # 1112345678999m waiting on nine tiles, won on 9m
    Yaku.JUNSEI_CHUUREN: ("11123456789999m", Win("9m")),
    # the thirteen-sided wait: the pair is the winning tile
    Yaku.KOKUSHI_13: ("119m19p19s1234567z", Win("1m")),
}


def test_every_upgrade_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    assert set(UPGRADES) == set(scoring_direct.REPLACES)
    for upgrade, (text, win) in UPGRADES.items():
        replaced = scoring_direct.REPLACES[upgrade]
        kept = {i.yaku for i in mjasp.score(text, win).yaku}
        assert upgrade in kept and replaced not in kept, upgrade
        without = {k: v for k, v in scoring_direct.REPLACES.items() if k is not upgrade}
        with monkeypatch.context() as m:
            m.setattr(scoring_direct, "REPLACES", without)
            both = {i.yaku for s in scoring_direct.candidates(
                Hand.parse(text), win, RULES["tenhou"]) for i in s.yaku}
        assert {upgrade, replaced} <= both, upgrade


def test_exclusive_yaku_have_no_upgrade_entry() -> None:
    # riichi is 1 or 2, never both; four wind sets leave no wind for a pair
    for yaku in (Yaku.DOUBLE_RIICHI, Yaku.DAISUUSHII):
        assert yaku not in scoring_direct.REPLACES


def test_local_yaku_are_one_record_and_one_file_each() -> None:
    assert set(LOCAL_YAKU) == set(scoring_direct.LOCAL_YAKU_RULES)
    for name in LOCAL_YAKU:
        assert f"option(local_yaku,{name})." in (VARIANTS / f"{name}.lp").read_text()


@pytest.mark.parametrize("solver", ["direct", "asp"])
def test_sanpuukou(solver: str) -> None:
    if solver == "asp":
        pytest.importorskip("clingo")
    rules = RULES["tenhou"].replace(name="sanpuukou", local_yaku=frozenset({"sanpuukou"}))
    hand = "456m77p111222333z"
    win = Win("7p", seat_wind="S")
    # 111z 222z 333z 456m 77p, ron on 7p (tanki), South seat, East round: round east 1 +
    # seat south 1 + sanankou 2 (the ron completes the pair, every triplet stays closed)
    # + sanpuukou 2 = 6 han: haneman, 12000 for a non-dealer
    s = mjasp.score(hand, win, rules=rules, solver=solver)
    assert (s.han, s.points) == (6, 12000)
    assert SANPUUKOU in {i.yaku for i in s.yaku}
    # without it, 4 han; fu 20 + menzen ron 10 + tanki 2 + three closed honor triplets
    # 3 * 8 = 56 -> 60: 4 han 60 fu is mangan, 8000
    plain = mjasp.score(hand, win, solver=solver)
    assert (plain.han, plain.fu, plain.points) == (4, 60, 8000)
    # three wind triplets and a wind pair: shousuushii, a yakuman that removes it
    big = mjasp.score("456m111222333z44z", Win("6m", seat_wind="S"), rules=rules,
                      solver=solver)
    assert [i.yaku for i in big.yaku] == [Yaku.SHOUSUUSHII] and big.points == 32000
