"""A Monte Carlo simulator of mjasp's model, to check the exact values.

It plays the model with random draws: its own wall bookkeeping, its own win test
(``mjasp.shanten`` is -1 and ``mjasp.score`` finds a yaku), a random ura indicator drawn
from the wall, ``mjasp.score`` for the points — only the decisions (which discard, riichi
or dama) come from the exact search, as "the same policy". A win the model counts that
``mjasp.score`` refuses is a disagreement of the two methods: a :class:`SimulationError`,
never 0 points.

>>> r = simulate("123456789m1234p", draws=1, riichi="never", n=200, seed=1)
>>> 0.0 <= r.win_rate <= 1.0
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from mjasp.advice.api import setup_model
from mjasp.advice.model import RIICHI_STICK, Model, Node
from mjasp.advice.tiles37 import (
    Counts37,
    add37,
    distinct_tiles,
    draws,
    name37,
    sub37,
    to_hand,
)
from mjasp.analysis.shanten import shanten as shanten_of
from mjasp.core.errors import MjaspError
from mjasp.core.win import Win
from mjasp.scoring.api import score as score_hand


class SimulationError(MjaspError):
    """``mjasp.score`` refused a win the model plays: the simulator and the exact values
    would disagree (the hand, the winning tile and ``mjasp.score``'s reason)."""


@dataclass(frozen=True)
class Simulation:
    """Means over ``n`` plays and the standard error of the mean points."""

    n: int
    points: float
    points_se: float
    win_rate: float
    tenpai_rate: float

    @property
    def win_se(self) -> float:
        return math.sqrt(max(self.win_rate * (1 - self.win_rate), 1e-12) / self.n)


def simulate(hand: str, *, discard: str | None = None, n: int = 1000, seed: int = 0,
             **options: Any) -> Simulation:
    """Play the hand ``n`` times in mjasp's model (after ``discard`` for 14 tiles)."""
    model, start, _h = setup_model(hand, options)
    blank = model.indicator_pending
    h13 = sub37(start, _tile37(discard)) if discard is not None else start
    rng = random.Random(seed)
    total = total2 = 0.0
    wins = tenpais = 0
    for _ in range(n):
        pts, won, tenpai = _play(model, h13, rng, blank)
        total += pts
        total2 += pts * pts
        wins += won
        tenpais += tenpai
    mean = total / n
    var = max(total2 / n - mean * mean, 0.0)
    return Simulation(n, mean, math.sqrt(var / n), wins / n, tenpais / n)


def _tile37(name: str) -> int:
    from mjasp.advice.tiles37 import tile37
    return tile37(name)


def _wall(model: Model, hand: Counts37) -> Counts37:
    # restated here on purpose: unseen tiles less the drawn tiles the hand still holds,
    # plain and red fives apart (a red five kept for a plain one of the hand is one held)
    assert model.unseen is not None
    over = [max(0, h - s) for s, h in zip(model.start, hand, strict=True)]
    for r, five in enumerate((4, 13, 22)):
        plain = hand[five] - hand[34 + r] - (model.start[five] - model.start[34 + r])
        over[five] = max(0, plain) + over[34 + r]
    return bytes(u - o for u, o in zip(model.unseen, over, strict=True))


def _draw(rng: random.Random, wall: Counts37) -> int:
    options = draws(wall)
    pick = rng.randrange(sum(n for _, n in options))
    for tile, n in options:
        if pick < n:
            return tile
        pick -= n
    raise AssertionError("empty wall")


def _is_win(model: Model, h14: Counts37) -> bool:
    return bool(shanten_of(h14[:34]) == -1) if not model.melds else \
        model.shanten(h14) == -1


def _points(model: Model, rng: random.Random, h14: Counts37, tile: int, riichi: bool,
            ippatsu: bool, haitei: bool, blank: bool = False) -> float:
    ura: tuple[str, ...] = ()
    dora = model.dora_indicators
    # the open kan's indicator still to turn (``blank``) and after riichi one ura under
    # each indicator: tiles of the wall as the winning hand sees it, drawn together
    pending = int(blank)
    unseen = (len(dora) + pending if riichi else 0) + pending
    if unseen:
        # tiles of the wall, a red five named red (``mjasp.score`` counts the plain fives
        # among the indicators against the set's), each kind's copies together as before
        tiles = [t for t, n in draws(_wall(model, h14)) for _ in range(n)]
        drawn = tuple(name37(t) for t in rng.sample(tiles, unseen))
        dora, ura = dora + drawn[:pending], drawn[pending:]
    win = Win(tile=name37(tile), tsumo=True, seat_wind=model.seat_wind,
              round_wind=model.round_wind, dora_indicators=dora,
              ura_indicators=ura, riichi=1 if riichi else 0, ippatsu=ippatsu, haitei=haitei)
    hand = to_hand(h14, model.melds)
    try:
        s = score_hand(hand, win, rules=model.rules)
    except MjaspError as e:
        raise SimulationError(f"the model wins {hand} on a self-drawn {win.tile}, "
                              f"mjasp.score refuses it: {e}") from e
    # no yaku (an open hand): no win, 0 points, and the hand plays on (``_play``)
    return float(s.points) if s.han > 0 or s.yakuman else 0.0


def _choose(model: Model, options: list[Node], d: int) -> tuple[Node, str]:
    node, how, _ = model.choice(options, d)
    return node, how


def _play(model: Model, h13: Counts37, rng: random.Random, blank: bool = False
          ) -> tuple[float, int, int]:
    d = model.draws
    node, mode = _choose(model, [(h13, 0)], d)
    tenpai = int(model.shanten(node[0]) == 0)
    riichi_draw = 0  # draws made since riichi
    while d > 0:
        hand, used = node
        tile = _draw(rng, _wall(model, hand))
        h14 = add37(hand, tile)
        if _is_win(model, h14):
            if mode == "riichi":
                pts = _points(model, rng, h14, tile, True, riichi_draw == 0, d == 1, blank)
            else:
                pts = _points(model, rng, h14, tile, False, False, d == 1, blank)
            # no points: an open hand without a yaku, which cannot win; it plays on
            if pts:
                return pts, 1, 1
        d -= 1
        if mode == "riichi":
            riichi_draw += 1
            continue
        # the same search space as the exact model: lower the shanten, or stay in budget
        before = model.shanten(hand)
        options: list[Node] = []
        for y in distinct_tiles(h14):
            h2 = sub37(h14, y)
            if h2 == hand:
                options.append(node)
            elif model.shanten(h2) < before or model.shanten(h2) <= model.limit - used - 1:
                options.append((h2, used + 1))
        node, mode = _choose(model, options, d)
        if model.shanten(node[0]) == 0:
            tenpai = 1
    return (-RIICHI_STICK if mode == "riichi" else 0.0), 0, tenpai


__all__ = ["Simulation", "SimulationError", "simulate"]
