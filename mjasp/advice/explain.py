"""Why a discard is worth what it is: its expected points split by winning hand (yaku
and points), by wait, by turn and by riichi/dama, the score distribution, and the likeliest
lines of play — all read off the same policy the value was computed with, so the parts add
up to the expected value (mjasp's model only).

>>> e = explain_discard("123456789m1234p5z", "5z", {"draws": 2})
>>> abs(sum(e["by_turn"]) - e["expected_points"]) < 1e-9
True
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from typing import Any

from mjasp.advice.api import AdviseError, setup_model
from mjasp.advice.model import RIICHI_STICK, Model, Node
from mjasp.advice.tiles37 import Counts37, add37, distinct_tiles, name37, sub37, tile37
from mjasp.rules.points import LIMITS, settle


def explain_discard(hand: str, discard: str | None, options: dict[str, Any],
                    lines: int = 5) -> dict[str, Any]:
    """The explanation of one discard (``discard`` is ``None``/``"-"`` for 13 tiles)."""
    model, start, h = setup_model(hand, options)
    if options.get("model", "mjasp") != "mjasp":
        raise AdviseError("--explain needs mjasp's model (mahjong-cpp maximises each "
                          "quantity on its own, so no one policy explains them)")
    fourteen = sum(start[:34]) % 3 == 2
    if fourteen:
        try:
            tile = tile37(discard or "")  # None names no tile: a bad discard
        except (ValueError, Exception):
            raise AdviseError(f"bad discard {discard!r}") from None
        # a plain five only where a plain copy is held (a red five alone is 0m, not 5m)
        if tile not in distinct_tiles(start):
            raise AdviseError(f"{discard} is not in the hand")
        h13 = sub37(start, tile)
    elif discard not in (None, "-"):  # it discards after its 14th tile, not before
        raise AdviseError(f"a 13-tile hand has no discard: explain it with '-', "
                          f"not {discard!r}")
    else:
        h13 = start
    d = model.draws
    acc = _Accumulator(model, d)
    how, value = model.candidate(h13, d)
    acc.walk_start((h13, 0), d, 1.0)
    # a mangan self-draw's points for this seat under these rules (three players with
    # tsumo loss: 2000 + 4000, not 8000); a win scores at least that iff it is a mangan
    mangan, _ = settle(LIMITS["mangan"], dealer=model.seat_wind == "E", tsumo=True,
                       rules=model.rules)
    dist = sorted(acc.points.items())
    p_big = sum(p for pts, p in acc.points.items() if pts >= mangan)
    rows: list[dict[str, Any]] = [{"points": pts, "yaku": yaku, "prob": p, "share": s}
                                  for (pts, yaku), (p, s) in acc.by_hand.items()]
    by_hand = sorted(rows, key=lambda r: -float(r["share"]))
    return {
        "hand": str(h), "discard": discard if fourteen else None, "decision": how,
        "draws": d, "expected_points": value[2], "win_prob": value[1],
        "tenpai_prob": value[0],
        "by_riichi": dict(acc.by_riichi), "by_wait": dict(sorted(acc.by_wait.items())),
        "by_turn": acc.by_turn, "by_hand": by_hand,
        "distribution": [(pts, p) for pts, p in dist],
        "p_mangan_or_more": p_big,
        "sum_of_parts": sum(acc.by_turn),
        "lines": _likeliest_lines(model, (h13, 0), d, lines),
    }


class _Accumulator:
    """Forward pass: the probability of reaching each (node, draws left) under the policy,
    and every win (or riichi stick lost) it leads to, credited to its parts."""

    def __init__(self, model: Model, draws: int) -> None:
        self.m = model
        self.draws = draws
        self.by_riichi: dict[str, float] = defaultdict(float)
        self.by_wait: dict[str, float] = defaultdict(float)
        self.by_turn = [0.0] * draws
        self.by_hand: dict[tuple[int, str], tuple[float, float]] = {}
        self.points: dict[int, float] = defaultdict(float)

    def credit(self, p: float, outcomes: list[tuple[float, int, str]], wait: str,
               turn: int, mode: str) -> None:
        for q, pts, yaku in outcomes:
            mass = p * q
            share = mass * pts
            self.by_riichi[mode] += share
            self.by_wait[wait] += share
            self.by_turn[turn] += share
            old = self.by_hand.get((pts, yaku), (0.0, 0.0))
            self.by_hand[(pts, yaku)] = (old[0] + mass, old[1] + share)
            self.points[pts] += mass

    def walk_start(self, node: Node, d: int, p: float) -> None:
        # layer by layer: mass on (node, mode) with d draws left
        layer: dict[tuple[Node, str], float] = {}
        how, _v = self._choose([node], d)
        layer[how] = p
        for left in range(d, 0, -1):
            turn = self.draws - left
            nxt: dict[tuple[Node, str], float] = defaultdict(float)
            for (nd, mode), mass in layer.items():
                if mode == "riichi":
                    self._riichi(nd[0], left, mass, turn)
                    continue
                e = self.m.edges(nd)
                for tile, n, h14 in e.wins_on(left == 1):
                    q = mass * n / e.total
                    self.credit(q, self.m.outcomes(h14, tile, False, False, left == 1),
                                name37(tile), turn, "dama")
                for _tile, n, options in e.choices_on(left == 1):
                    key, _ = self._choose(options, left - 1)
                    nxt[key] += mass * n / e.total
                if e.stay:
                    key, _ = self._choose([nd], left - 1)
                    nxt[key] += mass * e.stay / e.total
            layer = nxt
        # no draws left: a riichi hand that never won lost its stick, a dama hand scores 0
        # (its mass as reached, not 1 less the rest: no rounding residue at 0 points)
        for (_nd, mode), mass in layer.items():
            if mode == "riichi":
                self._stick(mass)
            elif mass:
                self.points[0] += mass

    def _stick(self, mass: float) -> None:
        self.by_riichi["riichi"] -= mass * RIICHI_STICK
        self.by_wait["-"] -= mass * RIICHI_STICK
        self.by_turn[-1] -= mass * RIICHI_STICK
        key = (-RIICHI_STICK, "riichi stick lost")
        old = self.by_hand.get(key, (0.0, 0.0))
        self.by_hand[key] = (old[0] + mass, old[1] - mass * RIICHI_STICK)
        self.points[-RIICHI_STICK] += mass

    def _riichi(self, hand: Counts37, left: int, mass: float, turn0: int) -> None:
        e = self.m.edges((hand, self.m.limit))
        p_win = sum(n for _, n, _ in e.wins) / e.total if e.total else 0.0
        reach = mass
        for j in range(1, left + 1):
            for tile, n, h14 in e.wins:
                self.credit(reach * n / e.total,
                            self.m.outcomes(h14, tile, True, j == 1, j == left),
                            name37(tile), turn0 + j - 1, "riichi")
            reach *= 1.0 - p_win
        if reach:
            self._stick(reach)

    def _choose(self, options: list[Node], d: int) -> tuple[tuple[Node, str], Any]:
        nd, how, v = self.m.choice(options, d)
        return (nd, how), v


def _likeliest_lines(model: Model, node: Node, d: int, k: int) -> list[dict[str, Any]]:
    """The ``k`` likeliest ways the hand wins, best-first over partial lines (draws thrown
    straight back are one step, "other")."""
    acc = _Accumulator(model, d)
    heap: list[tuple[float, int, Node, int, str, list[str]]] = []
    counter = 0
    (first, mode), _ = acc._choose([node], d)
    heapq.heappush(heap, (-1.0, counter, first, d, mode, []))
    found: list[dict[str, Any]] = []
    expansions = 0
    while heap and len(found) < k and expansions < 20000:
        negp, _c, nd, left, mode, steps = heapq.heappop(heap)
        p = -negp
        expansions += 1
        if steps and steps[-1].startswith("win"):
            found.append({"prob": p, "line": " → ".join(steps)})
            continue
        if left == 0:
            continue
        if mode == "riichi":
            e = model.edges((nd[0], model.limit))
            pw = sum(n for _, n, _ in e.wins) / e.total if e.total else 0.0
            for j in range(1, left + 1):
                q = p * (1 - pw) ** (j - 1) * pw
                if q > 0:
                    counter += 1
                    heapq.heappush(heap, (-q, counter, nd, 0, mode,
                                          [*steps, f"win after riichi on draw {j}"]))
            continue
        e = model.edges(nd)
        for tile, n, _h14 in e.wins_on(left == 1):
            counter += 1
            heapq.heappush(heap, (-p * n / e.total, counter, nd, 0, mode,
                                  [*steps, f"win {name37(tile)}"]))
        for tile, n, options in e.choices_on(left == 1):
            (nd2, mode2), _ = acc._choose(options, left - 1)
            gone = _diff(nd[0], add37(nd[0], tile), nd2[0])
            counter += 1
            label = f"draw {name37(tile)}, cut {gone}" + (" riichi" if mode2 == "riichi" else "")
            heapq.heappush(heap, (-p * n / e.total, counter, nd2, left - 1, mode2,
                                  [*steps, label]))
        if e.stay:
            (nd2, mode2), _ = acc._choose([nd], left - 1)
            counter += 1
            label = "draw other, cut it" + (" riichi" if mode2 == "riichi" else "")
            heapq.heappush(heap, (-p * e.stay / e.total, counter, nd2, left - 1, mode2,
                                  [*steps, label]))
    return found


def _diff(_before: Counts37, h14: Counts37, after: Counts37) -> str:
    for t in range(37):
        if h14[t] != after[t] and t < 34:
            return name37(t) if not (t in (4, 13, 22) and h14[34 + (4, 13, 22).index(t)]
                                     != after[34 + (4, 13, 22).index(t)]) else \
                name37(34 + (4, 13, 22).index(t))
    return "?"
