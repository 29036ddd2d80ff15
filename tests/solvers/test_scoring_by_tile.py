"""``candidates_by_tile`` scores every winning tile of one hand at once: for each tile it
gives what the one-tile call gives with that tile's ``Win``, under every preset and a
local-yaku rule set, and its best candidate per tile is the ASP engine's."""

from __future__ import annotations

import dataclasses

import pytest

from mjasp.core.errors import MjaspError
from mjasp.core.hand import Hand
from mjasp.core.tiles import FIVES, tile_name
from mjasp.core.win import Win
from mjasp.rules import LOCAL_YAKU, RULES, Rules, find_rules
from mjasp.scoring.api import checked_readings, rank_key
from mjasp.scoring.samples import random_wins
from mjasp.solvers import scoring_asp, scoring_direct

LOCAL = find_rules("tenhou").replace(local_yaku=frozenset(LOCAL_YAKU))
RULE_SETS = {**{name: RULES[name] for name in ("tenhou", "tenhou-3p", "mahjongsoul",
                                                "mahjongsoul-3p", "wrc")},
             "tenhou + local yaku": LOCAL}


def _accepted(rules: Rules, n: int, seed: int) -> list[tuple[Hand, Win]]:
    """Sampled wins that ``rules`` take (the samples hold red fives, which wrc has not)."""
    found = []
    for hand, win in random_wins(n, seed=seed, rules=rules):
        try:
            checked_readings(hand, win, rules)
        except MjaspError:
            continue
        found.append((hand, win))
    return found


def _wins_by_tile(hand: Hand, win: Win, rules: Rules) -> dict[int, Win]:
    """The situation of ``win`` won on each concealed kind of the hand that mjasp.score
    takes as the winning tile (a five by its plain name, else its red one)."""
    found = {}
    for kind, n in enumerate(hand.counts):
        if not n:
            continue
        names = [tile_name(kind)] + (["0" + tile_name(kind)[1]] if kind in FIVES else [])
        for name in names:
            other = dataclasses.replace(win, tile=name)
            try:
                checked_readings(hand, other, rules)
            except MjaspError:
                continue
            found[kind] = other
            break
    return found


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_each_tile_scores_as_the_one_tile_call(name: str) -> None:
    rules = RULE_SETS[name]
    several = 0
    for hand, win in _accepted(rules, 120, 11):
        wins = _wins_by_tile(hand, win, rules)
        assert win.kind in wins  # the sampled tile itself is a winning tile
        kinds = list(wins)
        several += len(kinds) > 1
        readings = checked_readings(hand, win, rules)
        # the situation given with another tile than any asked: its own tile is not read
        by_tile = scoring_direct.candidates_by_tile(hand, wins[kinds[-1]], rules, kinds,
                                                    readings)
        assert len(by_tile) == len(kinds)
        for kind, found in zip(kinds, by_tile, strict=True):
            alone = scoring_direct.candidates(hand, wins[kind], rules, readings)
            assert found == alone, (name, str(hand), tile_name(kind))
    assert several > 40  # most hands have more than one winning tile to share the work


@pytest.mark.parametrize("name", ["tenhou", "tenhou-3p", "wrc"])
def test_the_best_per_tile_is_the_asp_engines(name: str) -> None:
    rules = RULE_SETS[name]
    for hand, win in _accepted(rules, 12, 5):
        wins = _wins_by_tile(hand, win, rules)
        kinds = list(wins)
        by_tile = scoring_direct.candidates_by_tile(hand, win, rules, kinds)
        for kind, found in zip(kinds, by_tile, strict=True):
            ours = max(found, key=rank_key)
            theirs = scoring_asp.candidates(hand, wins[kind], rules)[0]
            assert (ours.points, ours.han, ours.fu, ours.yakuman) == (
                theirs.points, theirs.han, theirs.fu, theirs.yakuman), (str(hand), kind)
            assert sorted(i.yaku.value for i in ours.yaku) == sorted(
                i.yaku.value for i in theirs.yaku)
