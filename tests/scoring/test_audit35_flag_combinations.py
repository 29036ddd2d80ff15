"""The direct and the ASP scoring engines agree on every candidate of wins whose situation
flags are drawn again at random, under every preset of ``mjasp rules`` and a rule set with
every local yaku.

``mjasp.scoring.samples`` draws each situation to fit its hand, so its flags come in the
combinations a hand makes likely. Here the flags of each seeded win are drawn again
independently (ron or tsumo, no riichi, riichi or double riichi, ippatsu, rinshan, chankan,
haitei, houtei, tenhou, chiihou, renhou, both winds, a liable seat, norths set aside or
robbed, many dora, honba and sticks), so that combinations the samples rarely make occur;
``Win`` and ``check_win`` refuse those that cannot happen (the hand is drawn again), and
the engines must agree on every candidate of the rest: the reading, the value (points,
han, fu, yakuman, limit, yaku), the payments and the fu parts.
"""

from __future__ import annotations

import collections
import dataclasses
import random
from typing import Any

import pytest

from mjasp.core.errors import MjaspError
from mjasp.core.hand import Hand, Meld, MeldKind
from mjasp.core.win import Win
from mjasp.rules import LOCAL_YAKU, RULES, Rules
from mjasp.scoring.api import Score, check_win
from mjasp.scoring.samples import EXTRA_THEMES, THEMES, random_wins

clingo = pytest.importorskip("clingo")
from mjasp.solvers import scoring_asp, scoring_direct  # noqa: E402  (needs clingo)

#: Wins compared per rule set (each drawn until ``check_win`` accepts one).
WINS = 120
FLAGS = ("ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou")


def rule_sets() -> dict[str, Rules]:
    local = RULES["tenhou"].replace(name="local", local_yaku=frozenset(LOCAL_YAKU))
    names = ("tenhou", "tenhou-3p", "mahjongsoul", "mahjongsoul-3p", "wrc",
             "chiitoitsu-quad", "standard-form")
    return {**{name: RULES[name] for name in names}, "local yaku": local}


def _plain(tile: str) -> str:
    return "5" + tile[1] if tile[0] == "0" else tile


def _no_reds(hand: Hand, win: Win) -> tuple[Hand, Win]:
    # rules without red fives (wrc): the same win with plain fives
    return (Hand(hand.counts, (0, 0, 0), tuple(Meld(m.kind, m.tile) for m in hand.melds)),
            dataclasses.replace(win, tile=_plain(win.tile),
                                dora_indicators=tuple(map(_plain, win.dora_indicators)),
                                ura_indicators=tuple(map(_plain, win.ura_indicators))))


def redrawn(rng: random.Random, hand: Hand, win: Win, three: bool) -> Win | None:
    """``win`` with its flags drawn again independently (rinshan more often where the
    hand holds a kan), or None where ``Win`` refuses the combination."""
    fields: dict[str, Any] = {f.name: getattr(win, f.name) for f in dataclasses.fields(win)}
    seats = "ESW" if three else "ESWN"
    fields.update(tsumo=rng.random() < 0.5, riichi=rng.choice((0, 0, 1, 2)),
                  seat_wind=rng.choice(seats), round_wind=rng.choice(seats),
                  honba=rng.choice((0, 0, 1, 5)), riichi_sticks=rng.choice((0, 0, 1, 3)))
    fields.update({flag: rng.random() < 0.12 for flag in FLAGS})
    if any(m.kind >= MeldKind.KAN for m in hand.melds) and rng.random() < 0.3:
        fields["rinshan"] = True
    # (robbing a kan is a ron, the replacement tile a draw: both met more often)
    if fields["chankan"]:
        fields["tsumo"] = False
    elif fields["rinshan"]:
        fields["tsumo"] = True
    if rng.random() < 0.3:
        fields["round_wind"] = fields["seat_wind"]  # a double wind
    if rng.random() < 0.15:
        fields["liable"] = rng.choice(seats)
    if three:
        fields["north_dora"] = rng.randint(0, 4) if rng.random() < 0.3 else 0
        fields["robbed_north"] = rng.random() < 0.1
    if rng.random() < 0.1:
        count = rng.randint(1, 5)
        fields["dora_indicators"] = tuple(rng.choice(("1m", "9m", "1p", "9p", "4s", "8s",
                                                      "1z", "3z", "4z", "7z"))
                                          for _ in range(count))
        fields["ura_indicators"] = tuple(rng.choice(("1m", "9p", "3s", "4z", "6z"))
                                         for _ in range(count))
    if not fields["riichi"]:
        fields["ura_indicators"] = ()
    try:
        return Win(**fields)
    except MjaspError:
        return None


def wins(name: str, rules: Rules) -> list[tuple[Hand, Win]]:
    """``WINS`` wins of the rules with their flags drawn again, each accepted by
    ``check_win``."""
    seed = sum(map(ord, name))
    rng = random.Random(seed)
    themes = [*THEMES, *EXTRA_THEMES] if rules.local_yaku else None
    kept: list[tuple[Hand, Win]] = []
    batch = 0
    while len(kept) < WINS:
        for hand, win in random_wins(WINS, seed=seed * 100 + batch, themes=themes,
                                     rules=rules):
            if rules.red_fives == (0, 0, 0):
                hand, win = _no_reds(hand, win)
            new = redrawn(rng, hand, win, rules.players == 3)
            if new is None:
                continue
            try:
                check_win(hand, new, rules)
            except MjaspError:
                continue
            kept.append((hand, new))
        batch += 1
    return kept[:WINS]


def _candidates(scores: list[Score]) -> collections.Counter[str]:
    return collections.Counter(
        str((str(s.reading), s.value, s.payments, sorted(s.fu_details))) for s in scores)


@pytest.mark.parametrize("name", list(rule_sets()))
def test_engines_agree_on_redrawn_flags(name: str) -> None:
    rules = rule_sets()[name]
    program = scoring_asp.ScoringProgram(rules)
    drawn = wins(name, rules)
    wrong = [(str(hand), win) for hand, win in drawn
             if _candidates(scoring_direct.candidates(hand, win, rules))
             != _candidates(program.candidates(hand, win))]
    assert wrong == []
    # the draw reaches the flags: every one the rules allow occurs among the wins kept
    seen = {flag for _, win in drawn for flag in FLAGS if getattr(win, flag)}
    seen |= {"double riichi"} if any(w.riichi == 2 for _, w in drawn) else set()
    seen |= {"liable"} if any(w.liable for _, w in drawn) else set()
    expected = {"ippatsu", "rinshan", "chankan", "haitei", "houtei", "double riichi"}
    assert expected <= seen, expected - seen
