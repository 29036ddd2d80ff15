"""The advice's values, explanation, lines of play and score distribution against an
independent brute force of the documented model (``docs/advise.md``, *mjasp's model,
exactly*) on tiny cases: every draw sequence walked with its exact probability, the
policy applied by its own recursion, each riichi draw walked one by one (no closed form),
every ura indicator (one or two, without replacement) enumerated and every win scored by
``mjasp.score`` (the rules' statement).

The brute force keeps its own wall: plain and red copies apart, a kept drawn tile out of
the wall, a tile of the given hand once discarded never back, a drawn tile let go back in
(the model's one stated simplification).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

import pytest

import mjasp
from mjasp.advice import advise
from mjasp.advice.explain import explain_discard
from mjasp.core.tiles import tile_name
from tests.conftest import sample

FIVES = (4, 13, 22)
#: tiles in the order the advice lists them (its ``distinct_tiles``): a red five right
#: after its plain kind, so that ways of playing exactly as good are chosen alike
ORDER = tuple(t for k in range(34) for t in ((k, 34 + FIVES.index(k)) if k in FIVES else (k,)))
TOL = 1e-9
Counts = tuple[int, ...]
"""37 counts: kinds 0..33 *plain* copies only, then the red 5m 5p 5s (not the advice's
layout, where a kind's column counts its red copies too)."""
Value = tuple[float, float, float]


def name(t: int) -> str:
    return f"0{'mps'[t - 34]}" if t >= 34 else tile_name(t)


def kind(t: int) -> int:
    return FIVES[t - 34] if t >= 34 else t


def to_text(counts: Counts) -> str:
    """mpsz of 37 counts (red as 0)."""
    out = []
    for s, suit in enumerate("mpsz"):
        digits = ""
        for n in range(9 if suit != "z" else 7):
            k = 9 * s + n
            digits += str(n + 1) * counts[k]
            if suit != "z" and n == 4:
                digits += "0" * counts[34 + s]
        if digits:
            out.append(digits + suit)
    return "".join(out)


def parse(text: str) -> Counts:
    """Tiles (no brackets) as plain/red counts."""
    found = [0] * 37
    digits = ""
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits += ch
            continue
        s = "mpsz".index(ch)
        for d in digits:
            if d == "0":
                found[34 + s] += 1
            else:
                found[9 * s + int(d) - 1] += 1
        digits = ""
    return tuple(found)


def plus(a: Counts, t: int) -> Counts:
    return (*a[:t], a[t] + 1, *a[t + 1:])


def minus(a: Counts, t: int) -> Counts:
    assert a[t] > 0
    return (*a[:t], a[t] - 1, *a[t + 1:])


class Brute:
    """The documented model, walked draw by draw."""

    def __init__(self, hand: str, discard: str | None, draws: int, *, dora: tuple[str, ...] = (),
                 visible: str = "", rules: str = "tenhou", riichi: str = "choose",
                 seat: str = "E", rnd: str = "E", extra: int = 1, exact: bool = False) -> None:
        h = mjasp.Hand.parse(hand)
        #: the numbers the walk computes with: floats, or (``exact``) fractions
        self.num: Callable[[int], Any] = Fraction if exact else float
        self.rules = mjasp.RULES[rules]
        self.melds = "".join(str(m) for m in h.melds)
        self.closed = all(not m.is_open for m in h.melds)
        concealed = hand.split("[")[0]
        self.given = parse(concealed)
        self.draws, self.dora, self.policy = draws, dora, riichi
        self.seat, self.rnd = seat, rnd
        copies = [4] * 34 + [0, 0, 0]
        if self.rules.players == 3:
            for k in range(1, 8):
                copies[k] = 0
        for s in range(3):
            reds = self.rules.red_fives[s] if copies[FIVES[s]] else 0
            copies[FIVES[s]] -= reds
            copies[34 + s] = reds
        seen = [a + b for a, b in zip(parse(visible), parse("".join(dora)), strict=True)]
        for m in h.melds:
            for k in m.tiles():
                seen[int(k)] += 1
        self.unseen = tuple(c - s - g for c, s, g in zip(copies, seen, self.given, strict=True))
        assert min(self.unseen) >= 0, self.unseen
        self.start = minus(self.given, parse(discard).index(1)) if discard else self.given
        self.s0 = self.shanten(self.given)
        self.limit = self.s0 + extra
        self.tied = False
        self.rounding = False

    # -- the rules' statements, asked ------------------------------------------------
    @cache  # noqa: B019 - one small model per test
    def shanten(self, counts: Counts) -> int:
        return int(mjasp.shanten(mjasp.Hand.parse(to_text(counts) + self.melds),
                                 rules=self.rules))

    @cache  # noqa: B019
    def score(self, h14: Counts, tile: int, riichi: bool, ippatsu: bool, haitei: bool,
              ura: tuple[str, ...] = ()) -> tuple[int, str, str | None]:
        win = mjasp.Win(tile=name(tile), tsumo=True, seat_wind=self.seat,
                        round_wind=self.rnd, dora_indicators=self.dora, ura_indicators=ura,
                        riichi=int(riichi), ippatsu=ippatsu, haitei=haitei)
        s = mjasp.score(to_text(h14) + self.melds, win, rules=self.rules)
        if s.han <= 0 and not s.yakuman:
            return 0, "no yaku", None
        yaku = " ".join(f"{i.yaku.name.lower()}{'' if i.han == 1 else i.han}"
                        for i in s.yaku if i.han)
        return int(s.points), yaku, s.limit

    # -- the wall ----------------------------------------------------------------------
    def wall(self, hand: Counts) -> Counts:
        return tuple(u - max(0, h - g) for u, h, g in zip(self.unseen, hand, self.given,
                                                           strict=True))

    def outcomes(self, h14: Counts, tile: int, riichi: bool, ippatsu: bool, haitei: bool
                 ) -> list[tuple[float, int, str, str | None]]:
        """(probability, points, yaku, limit) of a win, every ura indicator drawn one by
        one without replacement from the winning hand's wall."""
        if not riichi or not self.dora:
            return [(self.num(1), *self.score(h14, tile, riichi, ippatsu, haitei))]
        wall = self.wall(h14)
        total = sum(wall)
        out: dict[tuple[int, str, str | None], Any] = defaultdict(lambda: self.num(0))
        for seq in product(range(37), repeat=len(self.dora)):
            left = list(wall)
            q = self.num(1)
            rest = total
            for k in seq:
                q *= self.num(left[k]) / rest
                left[k] -= 1
                rest -= 1
            if q > 0:
                out[self.score(h14, tile, True, ippatsu, haitei,
                               tuple(sorted(name(k) for k in seq)))] += q
        return [(q, *key) for key, q in out.items()]

    def draws_of(self, hand: Counts) -> Iterator[tuple[int, int, int]]:
        wall = self.wall(hand)
        total = sum(wall)
        for t in ORDER:
            if wall[t]:
                yield t, wall[t], total

    def wins(self, h14: Counts, tile: int, haitei: bool) -> bool:
        return self.shanten(h14) == -1 and self.score(h14, tile, False, False, haitei)[0] > 0

    # -- the policy ---------------------------------------------------------------------
    def options(self, hand: Counts, used: int, h14: Counts) -> list[tuple[Counts, int]]:
        """The 13-tile hands a draw may lead to, in the advice's tile order."""
        out = []
        s_before = self.shanten(hand)
        for t in ORDER:
            if not h14[t]:
                continue
            h2 = minus(h14, t)
            if h2 == hand:
                out.append((hand, used))
            elif (self.shanten(h2) < s_before
                  or self.shanten(h2) + used + 1 <= self.limit):
                out.append((h2, used + 1))
        return out

    def modes(self, hand: Counts, used: int, d: int) -> list[tuple[str, Value]]:
        out = []
        if self.policy != "never" and self.closed and d >= 1 and self.shanten(hand) == 0:
            out.append(("riichi", self.riichi(hand, d, True)))
            if self.policy == "always":
                return out
        out.append(("dama", self.dama(hand, used, d)))
        return out

    def choose(self, options: list[tuple[Counts, int]], d: int
               ) -> tuple[tuple[Counts, int], str, Value]:
        best: Any = None
        values = []
        for hand, used in options:
            for how, v in self.modes(hand, used, d):
                values.append(v)
                if best is None or (v[2], v[1], v[0]) > (best[2][2], best[2][1], best[2][0]):
                    best = ((hand, used), how, v)
        # points and win chance equal up to rounding, the tenpai chance not: which one a
        # sum rounded otherwise picks is chance (the tenpai probability then differs)
        self.rounding |= any(v[1:] != best[2][1:] and v[0] != best[2][0]
                             and v[1:] == pytest.approx(best[2][1:], rel=1e-12, abs=1e-12)
                             for v in values)
        return best  # type: ignore[no-any-return]

    def chosen(self, options: list[tuple[Counts, int]], d: int
               ) -> tuple[tuple[Counts, int], str, Value]:
        """``choose`` on the way of play walked; where two ways of playing are equally good
        up to rounding, the explanation's parts may follow either: noted in ``tied``."""
        best = self.choose(options, d)
        self.tied |= any(v != best[2] and v == pytest.approx(best[2], rel=1e-12, abs=1e-12)
                         for hand, used in options for _, v in self.modes(hand, used, d))
        return best

    @cache  # noqa: B019
    def dama(self, hand: Counts, used: int, d: int) -> tuple[float, float, float]:
        tenpai = self.shanten(hand) == 0
        if d == 0:
            return (self.num(tenpai), self.num(0), self.num(0))
        tp = wp = ev = self.num(0)
        for t, n, total in self.draws_of(hand):
            q = self.num(n) / total
            h14 = plus(hand, t)
            if self.wins(h14, t, d == 1):
                tp += q
                wp += q
                ev += q * self.score(h14, t, False, False, d == 1)[0]
                continue
            _, _, v = self.choose(self.options(hand, used, h14), d - 1)
            tp += q * v[0]
            wp += q * v[1]
            ev += q * v[2]
        return (self.num(1) if tenpai else tp, wp, ev)

    @cache  # noqa: B019
    def riichi(self, hand: Counts, d: int, first: bool) -> tuple[float, float, float]:
        """A locked hand, each of its ``d`` draws walked (the stick lost at the end)."""
        if d == 0:
            return (self.num(1), self.num(0), self.num(-1000))
        wp = ev = self.num(0)
        for t, n, total in self.draws_of(hand):
            q = self.num(n) / total
            h14 = plus(hand, t)
            if self.shanten(h14) == -1:
                wp += q
                ev += q * sum(p * pts for p, pts, _, _ in
                              self.outcomes(h14, t, True, first, d == 1))
            else:
                v = self.riichi(hand, d - 1, False)
                wp += q * v[1]
                ev += q * v[2]
        return (self.num(1), wp, ev)

    # -- what the advice reports ---------------------------------------------------------
    def per_turn(self) -> tuple[str, list[tuple[float, float, float]]]:
        out = []
        how0 = ""
        for d in range(self.draws, 0, -1):
            _, how, v = self.choose([(self.start, 0)], d)
            how0 = how0 or how
            out.append(v)
        return how0, out

    def explain(self) -> dict[str, Any]:
        """Every path walked forward: the parts of the expected value and the lines."""
        parts: dict[str, Any] = {"riichi": defaultdict(float), "wait": defaultdict(float),
                                 "turn": [0.0] * self.draws, "hand": defaultdict(float),
                                 "hand_p": defaultdict(float), "dist": defaultdict(float),
                                 "limits": defaultdict(float), "lines": defaultdict(float)}

        def credit(p: float, outs: list[Any], wait: str, turn: int, mode: str,
                   line: tuple[str, ...]) -> None:
            for q, pts, yaku, limit in outs:
                parts["riichi"][mode] += p * q * pts
                parts["wait"][wait] += p * q * pts
                parts["turn"][turn] += p * q * pts
                parts["hand"][(pts, yaku)] += p * q * pts
                parts["hand_p"][(pts, yaku)] += p * q
                parts["dist"][pts] += p * q
                parts["limits"][limit] += p * q
            parts["lines"][line] += p

        def walk(node: tuple[Counts, int], mode: str, left: int, p: float,
                 line: tuple[str, ...], since: int) -> None:
            hand, used = node
            turn = self.draws - left
            if left == 0:
                if mode == "riichi":
                    credit(p, [(1.0, -1000, "riichi stick lost", None)], "-",
                           self.draws - 1, "riichi", ())
                else:
                    parts["dist"][0] += p
                    parts["limits"][None] += p
                return
            for t, n, total in self.draws_of(hand):
                q = p * n / total
                h14 = plus(hand, t)
                if mode == "riichi":
                    if self.shanten(h14) == -1:
                        credit(q, self.outcomes(h14, t, True, since == 0, left == 1),
                               name(t), turn, "riichi",
                               (*line, f"win after riichi on draw {since + 1}"))
                    else:
                        walk(node, mode, left - 1, q, line, since + 1)
                    continue
                if self.wins(h14, t, left == 1):
                    credit(q, self.outcomes(h14, t, False, False, left == 1), name(t),
                           turn, "dama", (*line, f"win {name(t)}"))
                    continue
                opts = self.options(hand, used, h14)
                nxt, how, _ = self.chosen(opts, left - 1)
                if len(opts) == 1 and self.shanten(h14) != -1:
                    step = "draw other, cut it"
                else:
                    gone = next(x for x in ORDER
                                if h14[x] and minus(h14, x) == nxt[0])
                    step = f"draw {name(t)}, cut {name(gone)}"
                step += " riichi" if how == "riichi" else ""
                walk(nxt, how, left - 1, q, (*line, step), 0)

        start, how, _ = self.chosen([(self.start, 0)], self.draws)
        walk(start, how, self.draws, 1.0, (), 0)
        return parts


def check(hand: str, discard: str | None, draws: int, lines: int = 5, ties: bool = False,
          exact: bool = False, **kw: Any) -> tuple[Brute, dict[str, Any]]:
    """Compare everything the advice and the explanation say with the brute force (where
    two ways of playing tie, ``ties``: the values only, and the win chance and points only
    where the tie is up to rounding and the tenpai chances differ; ``exact``: the brute
    force in fractions, where no tie is up to rounding)."""
    b = Brute(hand, discard, draws, exact=exact, **kw)
    options = {"draws": draws, "dora_indicators": kw.get("dora", ()),
               "visible": kw.get("visible", ""), "rules": kw.get("rules", "tenhou"),
               "riichi": kw.get("riichi", "choose"), "seat_wind": kw.get("seat", "E"),
               "round_wind": kw.get("rnd", "E"), "extra": kw.get("extra", 1)}
    how, turns = b.per_turn()
    a = advise(hand, **options)
    c = next(c for c in a.candidates if c.discard == discard)
    got = list(zip(c.tenpai_prob, c.win_prob, c.expected_points, strict=True))
    assert len(got) == len(turns)
    skip = 1 if b.rounding and ties else 0
    for mine, theirs in zip(turns, got, strict=True):
        assert theirs[skip:] == pytest.approx(mine[skip:], rel=TOL, abs=TOL), (turns, got)
    if b.shanten(b.start) == 0:
        assert c.decision == how
    e = explain_discard(hand, discard or "-", options, lines=lines)
    parts = b.explain()
    if b.tied:
        assert ties, "two ways of playing tie: choose a case without"
        return b, e
    assert e["expected_points"] == pytest.approx(turns[0][2], rel=TOL, abs=TOL)
    total = sum(parts["turn"])
    assert total == pytest.approx(turns[0][2], rel=TOL, abs=TOL)
    # a part within TOL of 0 is no part (a float sum of wins and sticks lost that is 0)
    assert {k: v for k, v in e["by_riichi"].items() if abs(v) > TOL} == pytest.approx(
        {k: v for k, v in parts["riichi"].items() if abs(v) > TOL}, rel=TOL, abs=TOL)
    assert {k: v for k, v in e["by_wait"].items() if abs(v) > TOL} == pytest.approx(
        {k: v for k, v in parts["wait"].items() if abs(v) > TOL}, rel=TOL, abs=TOL)
    assert e["by_turn"] == pytest.approx(parts["turn"], rel=TOL, abs=TOL)
    rows = {(r["points"], r["yaku"]): (r["prob"], r["share"]) for r in e["by_hand"]}
    want = {k: (parts["hand_p"][k], parts["hand"][k]) for k in parts["hand_p"]}
    assert rows.keys() == want.keys()
    for k, (p, s) in want.items():
        assert rows[k] == pytest.approx((p, s), rel=TOL, abs=TOL), k
    dist = dict(e["distribution"])
    want_dist = {k: v for k, v in parts["dist"].items() if v}
    assert dist == pytest.approx(want_dist, rel=TOL, abs=TOL)
    for x in sorted({*dist, *want_dist}):
        assert sum(p for pts, p in dist.items() if pts >= x) == pytest.approx(
            sum(p for pts, p in want_dist.items() if pts >= x), rel=TOL, abs=TOL)
    big = sum(p for lim, p in parts["limits"].items() if lim is not None)
    assert e["p_mangan_or_more"] == pytest.approx(big, rel=TOL, abs=TOL)
    # the lines: the k likeliest winning lines, each with its brute-force probability
    ranked = sorted(parts["lines"].items(), key=lambda kv: -kv[1])
    ranked = [(k, v) for k, v in ranked if k]
    assert len(e["lines"]) == min(lines, len(ranked))
    for got_line, (_line, p) in zip(e["lines"], ranked, strict=False):
        assert got_line["prob"] == pytest.approx(p, rel=TOL, abs=TOL)
        key = tuple(got_line["line"].split(" → "))
        assert parts["lines"][key] == pytest.approx(got_line["prob"], rel=TOL, abs=TOL), key
    return b, e


def seen_but(hand: str, dora: tuple[str, ...], keep: str, rules: str = "tenhou") -> str:
    """Visible tiles making the wall hold only the kinds of ``keep`` (a small wall)."""
    r = mjasp.RULES[rules]
    h = mjasp.Hand.parse(hand)
    held = [0] * 37
    for k, n in enumerate(h.counts):
        held[k] += n
    for s, n in enumerate(h.red):
        held[34 + s] += n
    for m in h.melds:
        for k in m.tiles():
            held[int(k)] += 1
    for t, n in enumerate(parse("".join(dora))):
        held[kind(t)] += n
        if t >= 34:
            held[t] += n
    kept = {kind(t) for t, n in enumerate(parse(keep)) if n}
    out = []
    for k in range(34):
        if k in kept or (r.players == 3 and 1 <= k <= 7):
            continue
        reds = r.red_fives[FIVES.index(k)] if k in FIVES else 0
        red_left = reds - (held[34 + FIVES.index(k)] if k in FIVES else 0)
        out.append(name(34 + FIVES.index(k)) * red_left if red_left else "")
        out.append(tile_name(k) * (4 - held[k] - red_left))
    return " ".join(x for x in out if x)


@pytest.mark.parametrize("riichi", ["choose", "never", "always"])
def test_tenpai_two_draws_every_part(riichi: str) -> None:
    # waits 1s 4s 7s, tegawari toward 2s/5s/8s shapes; ura with one indicator
    hand, dora = "234m678p1234s5678s", ("1z",)
    check(hand, "8s", 2, dora=dora, visible=seen_but(hand, dora, "123456789s4m1p"),
          riichi=riichi)


@pytest.mark.parametrize("riichi", ["choose", "never", "always"])
def test_tenpai_three_draws_every_part(riichi: str) -> None:
    hand, dora = "234m678p1234s5678s", ("1z",)
    check(hand, "8s", 3, dora=dora, visible=seen_but(hand, dora, "1245789s"), riichi=riichi)


def test_one_shanten_three_draws_every_part() -> None:
    hand, dora = "234m678p1234s568s1z", ("2z",)
    check(hand, "1z", 3, dora=dora, visible=seen_but(hand, dora, "14789s"))


def test_two_ura_indicators_without_replacement() -> None:
    hand, dora = "234m678p1234s5678s", ("1z", "1s")
    check(hand, "8s", 2, dora=dora, visible=seen_but(hand, dora, "12345789s1z"))


def test_three_players_non_dealer_with_tsumo_loss() -> None:
    # tenhou-3p: no 2m-8m, North an ordinary tile in the wall, a non-dealer's tsumo paid
    # by two players (a mangan is 2000 + 4000): honitsu + South, 1p/2z shanpon
    hand, dora = "11p234p567p888p22z5z", ("3z",)
    check(hand, "5z", 3, dora=dora, rules="tenhou-3p", seat="S",
          visible=seen_but(hand, dora, "1p2p4z2z", rules="tenhou-3p"))


def test_open_hand_with_a_yaku() -> None:
    hand, dora = "234m678p1234s [666z]", ("1m",)
    check(hand, None, 3, dora=dora, visible=seen_but(hand, dora, "12345s7z"))


def test_open_hand_without_a_yaku_wins_by_haitei_only() -> None:
    hand, dora = "234m678p1234s [789s]", ("1m",)
    check(hand, None, 3, dora=dora, visible=seen_but(hand, dora, "1234s7z"))


def test_a_drawn_red_five_kept_for_a_plain_one_of_the_hand() -> None:
    # 5p of the hand given cut for a drawn 0p (one han more): that 5p never comes back
    # into the wall, the 0p drawn leaves it (41 tiles, not 42, for the last draw)
    hand, dora = "234m456p1234s5678s", ("1z",)
    check(hand, "8s", 2, dora=dora, visible=seen_but(hand, dora, "1347s5p"), riichi="never")


def test_a_red_fives_variant_reads_its_own_ura_outcomes() -> None:
    # riichi wins that differ only in which fives are red (the hand's 0m kept, or a 5m
    # drawn for it) share their candidates, not their walls: each win's ura indicators
    # come from its own
    hand, dora = "2205m2233406p7s55z", ("5z",)
    check(hand, "5z", 3, dora=dora, seat="W",
          visible=seen_but(hand, dora, "5m2p3p4p6p3s5z"))


@pytest.mark.parametrize(("given", "hand", "five", "left"), [
    ("234m456p1234s5678s", "234m406p1234s567s", 13, 2),  # 0p drawn for the 5p given
    ("234m406p1234s5678s", "234m456p1234s567s", 13, 2),  # 5p drawn for the 0p given
    ("234m456p1234s5678s", "234m456p1234s067s", 22, 2),  # 8s cut, 0s drawn for the 5s
    ("234m456p1234s5678s", "234m456p123s0567s", 22, 2),  # 0s drawn beside the 5s
])
def test_the_wall_holds_plain_and_red_fives_apart(given: str, hand: str, five: int,
                                                   left: int) -> None:
    """The wall of every builder and of the Monte Carlo is the brute force's: a five kind
    drawn and kept is out of the wall, whichever of its copies was let go."""
    from mjasp.advice.api import setup_model
    from mjasp.advice.simulate import _wall
    from mjasp.advice.tiles37 import parse37
    b = Brute(given, None, 1)
    h = parse(hand)
    mine = b.wall(h)
    assert mine[five] + mine[34 + FIVES.index(five)] == left
    model, _, _ = setup_model(given, {"draws": 1})
    want = bytes(mine[k] + (mine[34 + FIVES.index(k)] if k in FIVES else 0)
                 for k in range(34)) + bytes(mine[34:])
    assert model.wall(parse37(hand)) == want
    assert _wall(model, parse37(hand)) == want


def counts_of(hand: str) -> Counts:
    return parse(hand.split("[")[0])


def _random_case(seed: int) -> tuple[str, str | None, int, dict[str, Any]]:
    """A random tenpai or one-shanten hand (a pon or chi among them one time in three;
    13 tiles one time in three), a small wall of the kinds that lower its shanten, a few
    of its kinds and two others, 1-3
    draws, random rules (four players, three), seat, policy, ``extra`` and indicators."""
    import random
    rng = random.Random(seed)
    rules = rng.choice(["tenhou", "tenhou", "tenhou-3p", "mahjongsoul"])
    r = mjasp.RULES[rules]
    kinds = [k for k in range(34) if not (r.players == 3 and 1 <= k <= 7)]
    size = 14 if rng.random() < 2 / 3 else 13
    while True:
        melded = rng.random() < 1 / 3
        meld: list[int] = []
        text = ""
        if melded:
            k = rng.choice([k for k in kinds if k < 27 and k % 9 < 7]) if r.players == 4 \
                and rng.random() < 0.5 else -1
            meld = [k, k + 1, k + 2] if k >= 0 else [rng.choice(kinds)] * 3
            text = f" [{''.join(tile_name(t)[0] for t in meld)}{tile_name(meld[0])[1]}]"
        pool = [k for k in kinds for _ in range(4 - meld.count(k))]
        counts = [0] * 37
        for t in rng.sample(pool, size - 3 * melded):
            counts[t] += 1
        for s, five in enumerate(FIVES):
            if counts[five] and r.red_fives[s] and rng.random() < 0.3:
                counts[five] -= 1
                counts[34 + s] = 1
            # the rules' red fives are among the four copies: all four held (a pon of
            # plain fives and the fourth in hand) hold the red one
            if counts[five] + meld.count(five) > 4 - r.red_fives[s] and not counts[34 + s]:
                counts[five] -= 1
                counts[34 + s] = 1
        hand = to_text(tuple(counts)) + text
        if 0 <= mjasp.shanten(mjasp.Hand.parse(hand), rules=r) <= 1:
            break
    held = [t for t in ORDER if counts[t]]
    discard = name(rng.choice(held)) if size == 14 else None
    seen = [counts[k] + (counts[34 + FIVES.index(k)] if k in FIVES else 0) + meld.count(k)
            for k in range(34)]
    k = rng.choice([k for k in kinds if seen[k] < 4])
    # a five whose plain copies are all seen is indicated by a red copy, the one left
    red = k in FIVES and seen[k] - counts[34 + FIVES.index(k)] >= 4 - r.red_fives[FIVES.index(k)]
    dora = (name(34 + FIVES.index(k)) if red else tile_name(k),)
    # the kinds that lower the hand's shanten, a few of the hand's, two others
    start = minus(counts_of(hand), parse(discard).index(1)) if discard else counts_of(hand)
    s13 = mjasp.shanten(mjasp.Hand.parse(to_text(start) + text), rules=r)
    keep = {k for k in kinds if seen[k] < 4 and start[k] < 4 and mjasp.shanten(
        mjasp.Hand.parse(to_text(plus(start, k)) + text), rules=r) < s13}
    keep |= {kind(t) for t in rng.sample(held, min(len(held), rng.randint(1, 3)))}
    keep |= set(rng.sample(kinds, 2))
    kw = {"dora": dora, "rules": rules, "seat": rng.choice("ESW"),
          "riichi": rng.choice(["choose", "never", "always"]), "extra": rng.choice([0, 1, 2]),
          "visible": seen_but(hand, dora, "".join(tile_name(k) for k in keep), rules)}
    return hand, discard, rng.choice([1, 2, 3]), kw


#: seeds whose cases held all four copies of a five as plain tiles where the rules make
#: one of them red (the hand and a pon, or the hand and the dora indicator)
RED_FIVE_SEEDS = [300, 1419, 1482, 1744]


@pytest.mark.parametrize("seed", [*range(20), *RED_FIVE_SEEDS])
def test_random_cases_hold_the_tiles_there_are(seed: int) -> None:
    # counted here from the texts: each kind's copies in the hand, its meld, the dora
    # indicator and the visible tiles are at most four, the red ones at most the rules'
    # red fives and the plain ones the rest (the visible tiles fill every kind not kept
    # in the wall, so a case that overdeals shows here)
    hand, _, _, kw = _random_case(seed)
    r = mjasp.RULES[kw["rules"]]
    concealed, _, meld = hand.partition("[")
    seen = [a + b for a, b in zip(parse(concealed + meld.rstrip("]") + "".join(kw["dora"])),
                                  parse(kw["visible"]), strict=True)]
    for k in range(34):
        reds = r.red_fives[FIVES.index(k)] if k in FIVES else 0
        red = seen[34 + FIVES.index(k)] if k in FIVES else 0
        assert red <= reds and seen[k] <= 4 - reds, (seed, hand, kw["dora"], tile_name(k))


@pytest.mark.slow
@pytest.mark.parametrize("seed", sample([*RED_FIVE_SEEDS, *range(80)], every_run=44))
def test_random_small_cases(seed: int) -> None:
    # in fractions: two ways of playing tie only when equal, no tolerance needed
    # (test_ties.py runs the next seeds alike)
    hand, discard, draws, kw = _random_case(seed)
    check(hand, discard, draws, lines=6, ties=True, exact=True, **kw)


def test_no_zero_points_outcome_after_riichi_at_once() -> None:
    # riichi declared on the discard: every line ends in a win or the stick lost, so the
    # distribution has no 0-point outcome (once listed at 2.2e-16, 1 less the rest)
    hand, dora = "234m678p1234s5678s", ("1z",)
    _, e = check(hand, "8s", 3, dora=dora, visible=seen_but(hand, dora, "1245789s"))
    assert e["decision"] == "riichi"
    assert 0 not in dict(e["distribution"])
    assert sum(p for _, p in e["distribution"]) == pytest.approx(1.0, abs=1e-12)
