"""Every pair of rule variants (one ``Rules`` value each that Tenhou does not play, so one
variant file each for the ASP engine), and each variant with each preset where the two do
not contradict: the direct engine and the ASP engine (the variant files the
rules imply) give the same best candidates (han, fu, yaku, points) on seeded wins drawn
to trigger the two variants: the themes of ``mjasp.scoring.samples`` where each matters
(daisharin's shape, three consecutive triplets, wind and yakuman hands, many han), then
perturbed (made a renhou, a wind pair made the seat and round wind, riichi and dora
indicators added). A case also counts the wins whose value its variants change (the
direct engine under the rules with and without them), so that the agreement is not that
of hands the variants leave alone.

``WINS`` wins a case here; ``MJASP_AUDIT42_WINS`` sets it. The whole sweep, in two
processes, from the repository's root (docs/rules.md gives its counts at 200 a case):

    MJASP_AUDIT42_WINS=200 python -m tests.scoring.test_audit42_combinations 0 2
    MJASP_AUDIT42_WINS=200 python -m tests.scoring.test_audit42_combinations 1 2
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import random
from collections.abc import Callable

import pytest

from mjasp.core.errors import MjaspError
from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.rules import DOUBLE_YAKUMAN, LOCAL_YAKU, RULES, Rules, find_rules
from mjasp.scoring.api import check_win
from mjasp.scoring.samples import EXTRA_THEMES, THEMES, random_wins
from mjasp.solvers import scoring_asp, scoring_direct
from tests.scoring.test_score_variants_agree import (  # the perturbations, stated once
    HAN_THEMES,
    YAKUMAN_THEMES,
    _many_dora,
    _no_reds,
    _top,
    _wind_pair,
)

WINS = int(os.environ.get("MJASP_AUDIT42_WINS", "25"))
TENHOU = find_rules("tenhou")
Transform = Callable[[random.Random, Hand, Win], tuple[Hand, Win]]

def _second_red_pin(rng: random.Random, hand: Hand, win: Win) -> tuple[Hand, Win]:
    # the samples deal Tenhou's one red 5p: a hand holding two 5p gets both red (aka 4)
    man, pin, sou = hand.red
    if hand.counts[13] < 2 or pin != 1:
        return hand, win
    return Hand(hand.counts, (man, 2, sou), hand.melds), win


def _make_renhou(rng: random.Random, hand: Hand, win: Win) -> tuple[Hand, Win]:
    # a closed hand's win made a non-dealer's ron before the first draw: no riichi, no
    # situation of a later turn, one indicator (renhou comes before any kan)
    if hand.melds:
        return hand, win
    seat = rng.choice("SW") if win.seat_wind in "EN" else win.seat_wind
    return hand, dataclasses.replace(
        win, tsumo=False, riichi=0, ippatsu=False, rinshan=False, haitei=False,
        houtei=False, chankan=False, tenhou=False, chiihou=False, ura_indicators=(),
        dora_indicators=win.dora_indicators[:1], seat_wind=seat, north_dora=0,
        robbed_north=False, liable=None, renhou=True)


#: variant -> (its change of Tenhou's rules, the themes where it matters (None: all),
#: the perturbations that trigger it, each with its probability)
VARIANTS: dict[str, tuple[dict[str, object], list[str] | None,
                          list[tuple[Transform, float]]]] = {
    "open_tanyao=off": ({"open_tanyao": False}, ["simples", "mixed"], []),
    "kiriage": ({"kiriage": True}, None, []),
    "kazoe=sanbaiman": ({"kazoe": "sanbaiman"}, HAN_THEMES, [(_many_dora, 0.7)]),
    "kazoe=multiple": ({"kazoe": "multiple"}, HAN_THEMES, [(_many_dora, 0.7)]),
    "double_wind_fu=2": ({"double_wind_fu": 2}, None, [(_wind_pair, 0.7)]),
    "yakuman_stacking=off": ({"yakuman_stacking": False}, YAKUMAN_THEMES, []),
    "yakuman_cap=1": ({"yakuman_cap": 1}, YAKUMAN_THEMES, []),
    "yakuman_cap=2": ({"yakuman_cap": 2}, YAKUMAN_THEMES, []),
    **{f"renhou={r}": ({"renhou": r}, None, [(_make_renhou, 0.8)])
       for r in ("mangan", "mangan_alone", "yakuman")},
    "red_fives=1,2,1": ({"red_fives": (1, 2, 1)}, None, [(_second_red_pin, 0.9)]),
    **{f"double_yakuman={y}": ({"double_yakuman": frozenset({y})}, YAKUMAN_THEMES, [])
       for y in DOUBLE_YAKUMAN},
    **{f"local_yaku={y}": ({"local_yaku": frozenset({y})},
                           {"sanrenkou": ["sanrenkou"], "sanpuukou": ["winds", "honors"]}
                           .get(y, ["daisharin"]), [])
       for y in LOCAL_YAKU},
}
PRESETS = ("mahjongsoul", "wrc", "chiitoitsu-quad", "standard-form", "tenhou-3p",
           "mahjongsoul-3p")


def _combine(base: Rules, change: dict[str, object]) -> Rules | None:
    """``base`` with ``change`` (sets joined), None where the two set one option apart."""
    values = {}
    for name, value in change.items():
        own = getattr(base, name)
        if isinstance(value, frozenset):
            values[name] = own | value
        elif own != getattr(TENHOU, name) and own != value:
            return None
        else:
            values[name] = value
    return base.replace(**values)


Case = tuple[Rules, list[str] | None, list[tuple[Transform, float]], Rules]


def _cases() -> dict[str, Case]:
    """name -> (rules, themes, perturbations, the rules without the variant(s))."""
    cases = {}
    for a, b in itertools.combinations(VARIANTS, 2):
        rules = _combine(TENHOU.replace(**VARIANTS[a][0]),
                         VARIANTS[b][0])
        if rules is None:
            continue  # renhou=mangan + renhou=yakuman ...: one option, two values
        themes = [*(VARIANTS[a][1] or []), *(VARIANTS[b][1] or [])] or None
        cases[f"{a}+{b}"] = (rules, themes, VARIANTS[a][2] + VARIANTS[b][2], TENHOU)
    for preset, name in itertools.product(PRESETS, VARIANTS):
        rules = _combine(RULES[preset], VARIANTS[name][0])
        if rules is not None:
            cases[f"{preset}+{name}"] = (rules, VARIANTS[name][1], VARIANTS[name][2],
                                         RULES[preset])
    return cases


CASES = _cases()


def _wins(name: str) -> list[tuple[Hand, Win]]:
    rules, themes, transforms, _ = CASES[name]
    seed = sum(map(ord, name)) * 7919
    rng = random.Random(seed)
    known = {*THEMES, *EXTRA_THEMES}
    kept: list[tuple[Hand, Win]] = []
    batch = 0
    while len(kept) < WINS:
        drawn = random_wins(WINS, seed=seed + batch,
                            themes=[t for t in themes if t in known] if themes else None,
                            rules=rules if rules.players == 3 else None)
        for hand, win in drawn:
            try:
                for transform, chance in transforms:
                    if rng.random() < chance:
                        hand, win = transform(rng, hand, win)
                if rules.red_fives == (0, 0, 0):
                    hand, win = _no_reds(rng, hand, win)
                check_win(hand, win, rules)
            except MjaspError:
                continue  # a situation the perturbation made impossible: drawn again
            kept.append((hand, win))
        batch += 1
    return kept[:WINS]


def compare(name: str) -> tuple[list[object], int]:
    """The wins where the engines' best values differ, and how many the variants changed
    (the direct engine under the rules without them)."""
    rules, base = CASES[name][0], CASES[name][3]
    program = scoring_asp.ScoringProgram(rules)
    wrong: list[object] = []
    changed = 0
    for hand, win in _wins(name):
        ranked = program.ranked(hand, win)
        asp = [s for _, s in ranked]
        direct = scoring_direct.candidates(hand, win, rules)
        # the encoding's first cost is the four-player points (three players: points_3p/1
        # beside them, test_score_3p.py)
        if (rules.players == 4 and any(-cost[0] != s.points for cost, s in ranked)) \
                or _top(asp) != _top(direct):
            wrong.append((str(hand), win, sorted(map(str, _top(asp))),
                          sorted(map(str, _top(direct)))))
        try:
            check_win(hand, win, base)
            changed += _top(scoring_direct.candidates(hand, win, base)) != _top(direct)
        except MjaspError:
            changed += 1  # a hand only these rules complete (seven pairs with a quad ...)
    return wrong, changed


def test_every_pair_is_a_case() -> None:
    # 21 variants: 210 pairs less the 3 of renhou's values and the 1 of kazoe's two, less
    # the two caps together (one option): 205; and the presets' compatible variants
    pairs = [c for c in CASES if c.split("+")[0] in VARIANTS]
    assert len(VARIANTS) == 21 and len(pairs) == 210 - 3 - 1 - 1


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_engines_agree_on_a_pair(name: str) -> None:
    wrong, _ = compare(name)
    assert not wrong, wrong[:3]


if __name__ == "__main__":  # the sweep (see the docstring): PART PARTS [NAME_PART]
    import sys

    part, parts = int(sys.argv[1]), int(sys.argv[2])
    total = differ = changed_total = 0
    only = sys.argv[3] if len(sys.argv) > 3 else ""  # the cases whose name holds it
    chosen = [name for name in sorted(CASES) if only in name]
    for index, name in enumerate(chosen):
        if index % parts != part:
            continue
        wrong, changed = compare(name)
        total += WINS
        differ += len(wrong)
        changed_total += changed
        print(f"{name}: {len(wrong)} differ, {changed} changed of {WINS}", flush=True)
        for item in wrong[:3]:
            print("   ", item, flush=True)
    print(f"TOTAL {total} wins, {differ} differ, {changed_total} changed", flush=True)
