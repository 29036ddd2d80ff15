"""The fast (direct) engine and the ASP engine with its variant files agree under every
four-player preset and every single-option change from tenhou, on 10,000 seeded wins each
(three-player presets: tests/scoring/test_score_3p.py).

Each case draws from the themes of ``mjasp.scoring.samples`` where its option matters
(yakuman-heavy hands for the double yakuman, stacking and the cap; many han for kazoe;
wind pairs with the seat wind as round wind for the double-wind fu; renhou flagged on
every win that can be one...) and checks that the option did change the value of many of
them (the direct engine under tenhou against itself under the case's rules), so that the
agreement is not that of hands the option leaves alone.

The ASP engine costs about 3 ms a win, so the wins of a case are split between two worker
processes where the machine has two cores (CI's budget is wall time).
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import random
from collections.abc import Callable

import pytest

from mjasp.core.errors import MjaspError
from mjasp.core.hand import Hand, Meld
from mjasp.core.tiles import FIVES, tile_kind
from mjasp.core.win import Win
from mjasp.rules import LOCAL_YAKU, RULES, Rules, find_rules
from mjasp.scoring.api import Score, check_win, rank_key
from mjasp.scoring.samples import EXTRA_THEMES, THEMES, indicator_of, random_wins
from mjasp.solvers import scoring_asp, scoring_direct

#: wins per case in the benchmark-sized run (``pytest --full``); every run draws the first
#: ``WINS_EVERY_RUN`` of them (the ASP engine scores each: the suite's largest cost)
WINS = 10_000
WINS_EVERY_RUN = 500
TENHOU = find_rules("tenhou")
YAKUMAN_THEMES = ["kokushi", "chuuren", "triplets", "winds", "dragons", "honors", "greens",
                  "kans"]
HAN_THEMES = ["flush", "sequences", "chiitoitsu", "chuuren"]

Transform = Callable[[random.Random, Hand, Win], tuple[Hand, Win]]


def _no_reds(rng: random.Random, hand: Hand, win: Win) -> tuple[Hand, Win]:
    # rules without red fives (wrc): the same win with plain fives
    def plain(tile: str) -> str:
        return "5" + tile[1] if tile[0] == "0" else tile

    return (Hand(hand.counts, (0, 0, 0), tuple(Meld(m.kind, m.tile) for m in hand.melds)),
            dataclasses.replace(win, tile=plain(win.tile),
                                dora_indicators=tuple(map(plain, win.dora_indicators)),
                                ura_indicators=tuple(map(plain, win.ura_indicators))))


def _wind_pair(rng: random.Random, hand: Hand, win: Win) -> tuple[Hand, Win]:
    # a pair becomes a pair of a wind the hand lacks, the winner's seat and the round wind
    # at once (a hand no longer complete is refused by check_win and redrawn)
    pairs = [k for k in range(34) if hand.counts[k] == 2]
    winds = [k for k in range(27, 31) if not hand.total_counts()[k]]
    if not pairs or not winds or win.tenhou or win.chiihou:
        return hand, win
    old, new = rng.choice(pairs), rng.choice(winds)
    counts = list(hand.counts)
    counts[old], counts[new] = 0, 2
    man, pin, sou = (0 if FIVES[s] == old else r for s, r in enumerate(hand.red))
    tile = _name(new) if tile_kind(win.tile) == old else win.tile
    wind = "ESWN"[new - 27]
    return (Hand(tuple(counts), (man, pin, sou), hand.melds),
            dataclasses.replace(win, tile=tile, seat_wind=wind, round_wind=wind))


def _many_dora(rng: random.Random, hand: Hand, win: Win) -> tuple[Hand, Win]:
    # riichi and five dora and five ura indicators pointing at what the hand holds most
    # (13+ han, and 26+ now and then); a fifth copy is refused by check_win (redrawn)
    if not hand.is_closed or win.tenhou or win.chiihou:
        return hand, win
    held = hand.total_counts()
    kinds = [k for k in range(34) if held[k] >= 2]
    shown = [indicator_of(rng.choice(kinds)) for _ in range(10)]
    names = tuple(map(_name, shown))
    # (four kans turned those indicators: no double riichi with ippatsu then)
    return hand, dataclasses.replace(win, riichi=win.riichi or 1, dora_indicators=names[:5],
                                     ura_indicators=names[5:],
                                     ippatsu=win.ippatsu and win.riichi != 2)


def _renhou(rng: random.Random, hand: Hand, win: Win) -> tuple[Hand, Win]:
    # a closed non-dealer's ron with no riichi, houtei or chankan can be before the first draw
    if (win.tsumo or win.dealer or win.riichi or win.houtei or win.chankan or hand.melds
            or rng.random() < 0.3):
        return hand, win
    return hand, dataclasses.replace(win, renhou=True)


def _quad_pairs(rng: random.Random, hand: Hand, win: Win) -> tuple[Hand, Win]:
    # seven pairs with two pairs of one kind (four of a kind), as chiitoitsu-quad reads them
    pairs = [k for k in range(34) if hand.counts[k] == 2]
    if len(pairs) != 7 or hand.melds:
        return hand, win
    keep, drop = rng.sample(pairs, 2)
    counts = list(hand.counts)
    counts[keep], counts[drop] = 4, 0
    man, pin, sou = (0 if FIVES[s] == drop else r for s, r in enumerate(hand.red))
    tile = _name(keep) if tile_kind(win.tile) == drop else win.tile
    return Hand(tuple(counts), (man, pin, sou), ()), dataclasses.replace(win, tile=tile)


def _name(kind: int) -> str:
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


# name -> (rules, themes (None: all), transform, least wins of 10,000 whose value the
# rules change; standard-form changes no value of a hand complete under both rules: a
# seven-pairs hand with a standard reading has ryanpeikou, worth more). The single-option
# change double_yakuman (all four) is the mahjongsoul preset: the same Rules but the name.
CASES: dict[str, tuple[Rules, list[str] | None, Transform | None, int]] = {
    "mahjongsoul": (RULES["mahjongsoul"], YAKUMAN_THEMES, None, 500),
    "wrc": (RULES["wrc"], None, _no_reds, 200),
    "chiitoitsu-quad": (RULES["chiitoitsu-quad"], ["chiitoitsu", "sequences"], _quad_pairs,
                        500),
    "standard-form": (RULES["standard-form"], ["chiitoitsu", "sequences"], None, 0),
    "open_tanyao=off": (TENHOU.replace(open_tanyao=False), ["simples", "mixed"], None, 500),
    "kiriage": (TENHOU.replace(kiriage=True), None, None, 200),
    "kazoe=sanbaiman": (TENHOU.replace(kazoe="sanbaiman"), HAN_THEMES, _many_dora, 500),
    "kazoe=multiple": (TENHOU.replace(kazoe="multiple"), HAN_THEMES, _many_dora, 50),
    "double_wind_fu=2": (TENHOU.replace(double_wind_fu=2), None, _wind_pair, 200),
    "yakuman_stacking=off": (TENHOU.replace(yakuman_stacking=False), YAKUMAN_THEMES, None,
                             200),
    "yakuman_cap=1": (TENHOU.replace(yakuman_cap=1), YAKUMAN_THEMES, None, 200),
    "renhou=mangan": (TENHOU.replace(renhou="mangan"), None, _renhou, 200),
    "renhou=mangan_alone": (TENHOU.replace(renhou="mangan_alone"), None, _renhou, 200),
    "renhou=yakuman": (TENHOU.replace(renhou="yakuman"), None, _renhou, 200),
    "local_yaku=all": (TENHOU.replace(local_yaku=frozenset(LOCAL_YAKU)),
                       [*THEMES, *EXTRA_THEMES], None, 200),
}
#: Each case's wins are drawn in two halves of their own seeds (one per worker process).
PARTS = 2


def _wins(name: str, part: int, wins: int) -> list[tuple[Hand, Win]]:
    """One half of the case's ``wins``: drawn, transformed, and kept when the rules allow."""
    rules, themes, transform, _ = CASES[name]
    seed = 100 * sum(map(ord, name)) + part
    rng = random.Random(seed)
    want = wins // PARTS
    kept: list[tuple[Hand, Win]] = []
    batch = 0
    while len(kept) < want:
        for hand, win in random_wins(want, seed=seed * 1000 + batch, themes=themes):
            if transform is not None:
                hand, win = transform(rng, hand, win)
            try:
                check_win(hand, win, rules)
            except MjaspError:
                continue  # e.g. seven pairs under standard-form, a fifth copy of a dora
            kept.append((hand, win))
        batch += 1
    return kept[:want]


def _top(scores: list[Score]) -> set[object]:
    """The values of the candidates ranked first (ties between readings included)."""
    best = max(map(rank_key, scores))
    return {s.value for s in scores if rank_key(s) == best}


def _compare(name: str, part: int, wins: int) -> tuple[list[object], int, int]:
    """The wins where the engines' best values differ, how many the rules changed, and how
    many wins were compared."""
    rules = CASES[name][0]
    program = scoring_asp.ScoringProgram(rules)
    wrong: list[object] = []
    changed = 0
    drawn = _wins(name, part, wins)
    for hand, win in drawn:
        ranked = program.ranked(hand, win)
        asp = [s for _, s in ranked]
        direct = scoring_direct.candidates(hand, win, rules)
        # the encoding's own points (its first cost) are the points make_score totals, its
        # order is rank_key's, and its best candidates are the direct engine's
        keys = [rank_key(s) for s in asp]
        if any(-cost[0] != s.points for cost, s in ranked) or \
                keys != sorted(keys, reverse=True) or _top(asp) != _top(direct):
            wrong.append((str(hand), win, sorted(map(str, _top(asp))),
                          sorted(map(str, _top(direct)))))
        plain = scoring_direct.candidates(hand, win, TENHOU) if _complete(hand, win) else []
        changed += not plain or _top(plain) != _top(direct)
    return wrong, changed, len(drawn)


def _complete(hand: Hand, win: Win) -> bool:
    try:
        check_win(hand, win, TENHOU)
    except MjaspError:
        return False
    return True


def _compare_part(args: tuple[str, int, int]) -> tuple[list[object], int, int]:
    return _compare(*args)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_engines_agree_under_the_rules(name: str, full_run: bool) -> None:
    wins = WINS if full_run else WINS_EVERY_RUN
    parts = [(name, part, wins) for part in range(PARTS)]
    if (os.cpu_count() or 1) > 1:
        with multiprocessing.get_context("fork").Pool(PARTS) as pool:
            results = pool.map(_compare_part, parts)
    else:
        results = [_compare(*part) for part in parts]
    wrong = [w for found, _, _ in results for w in found]
    changed = sum(n for _, n, _ in results)
    assert sum(n for _, _, n in results) == wins
    assert wrong == []
    least = CASES[name][3] * wins // WINS
    assert changed >= least, f"only {changed} of {wins} wins changed value"
