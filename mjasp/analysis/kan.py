"""The kan check: does a concealed kan after riichi keep the hand?

>>> check = kan_check("111222333m4567p1m", "1m")
>>> check.strict, check.loose
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from mjasp.analysis.waits import usable_tiles, winning_tiles
from mjasp.core.blocks import (
    Block,
    BlockKind,
    Decomposition,
    Form,
    Meld,
    MeldKind,
    sorted_readings,
)
from mjasp.core.errors import EncodingError, HandError
from mjasp.core.hand import Hand
from mjasp.core.tiles import FIVES, Tile, add_count, tile_name
from mjasp.rules import RIICHI_KAN, Rules, find_rules
from mjasp.rules.validity import HandLike, as_hand, as_tile, check_tiles_in_set
from mjasp.solvers import kernel, lookup
from mjasp.solvers.form_dp import MAX_MELDS

#: Winning forms are standard readings: the fast path with the other forms switched off.
_STANDARD_FORM = find_rules("standard-form")

#: The engines of the kan check (``mjasp kan --solver``): the Python check
#: (:func:`kan_check`) and clingo on the encodings (:func:`kan_check_asp`).
SOLVERS: Final = ("direct", "asp")

WinningReading = tuple[Tile, Decomposition]
"""(winning tile j, a reading of the hand plus j)."""


@dataclass(frozen=True, slots=True)
class KanCheck:
    """The verdict on a concealed kan of ``tile`` after drawing its 4th copy.

    ``before``: every standard winning reading of the hand before the draw (h - e_i),
    over every winning tile j with a copy left; ``after``: those of the hand after the
    kan (h - 4 e_i plus the quad), the quad counted as the triplet of ``tile`` so the
    two sets compare. ``strict``: the sets are equal in size (the second always lies
    in the first) and the waits unchanged; ``loose``: the waits are unchanged.
    ``rule``: the rules' ``riichi_kan`` (``"waits"`` or ``"readings"``), which
    ``allowed`` answers.
    """

    hand: Hand
    tile: Tile
    before: tuple[WinningReading, ...]
    after: tuple[WinningReading, ...]
    waits_before: tuple[Tile, ...]
    waits_after: tuple[Tile, ...]
    rule: str = "waits"

    @property
    def allowed(self) -> bool:
        """The verdict of the rules asked: ``strict`` where they play ``riichi_kan=
        "readings"`` (the WRC), ``loose`` where they play ``"waits"`` (Tenhou, Mahjong Soul).

        >>> kan_check("222333444p23m11z", "2p", rules="wrc").allowed
        False
        >>> kan_check("222333444p23m11z", "2p", rules="tenhou").allowed
        True
        """
        return self.strict if self.rule == "readings" else self.loose

    @property
    def strict(self) -> bool:
        """The kan keeps every winning reading (riichi's strict rule), and so the waits: a
        wait of seven pairs (a quad as two pairs) has no standard reading to lose."""
        return len(self.before) == len(self.after) and self.loose

    @property
    def loose(self) -> bool:
        """The kan keeps the waits (the common rule)."""
        return self.waits_before == self.waits_after

    @property
    def lost(self) -> tuple[WinningReading, ...]:
        """Winning readings before the kan that no reading after it gives."""
        kept = set(self.after)
        return tuple(r for r in self.before if r not in kept)

    @property
    def tenpai(self) -> bool:
        """The hand before the draw waits on at least one tile."""
        return bool(self.waits_before)

    def strict_reason(self) -> str:
        """Why the strict rule says what it says: the readings kept or lost.

        >>> kan_check("111m456789p2345s1m", "1m").strict_reason()
        'all 2 winning readings kept'
        """
        n = len(self.before)
        if self.strict:
            return "the one winning reading kept" if n == 1 else f"all {n} winning readings kept"
        if n == len(self.after):  # every reading kept, a wait of another form lost
            return self.loose_reason()
        lost = ", ".join(f"{tile_name(j)}: {d}" for j, d in self.lost)
        return f"{len(self.lost)} of {n} winning reading{'s' * (n != 1)} lost ({lost})"

    def loose_reason(self) -> str:
        """Why the loose rule says what it says: the waits kept, removed or added.

        >>> kan_check("1112345678999m1m", "1m").loose_reason()
        'waits change: removed 1m 3m 6m 9m'
        """
        if self.loose:
            return "waits unchanged: " + (" ".join(map(tile_name, self.waits_before)) or "none")
        changes = {"removed": [t for t in self.waits_before if t not in self.waits_after],
                   "added": [t for t in self.waits_after if t not in self.waits_before]}
        return "waits change: " + "; ".join(
            f"{key} {' '.join(map(tile_name, tiles))}" for key, tiles in changes.items() if tiles)

    def reason(self) -> str:
        """Why, one line per rule."""
        return (f"strict: {self.strict_reason()}\nloose: {self.loose_reason()}\n"
                f"riichi_kan={self.rule}: {'allowed' if self.allowed else 'not allowed'}")

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        def pairs(rs: Sequence[WinningReading]) -> list[dict[str, Any]]:
            return [{"winning_tile": tile_name(j), "reading": str(d)} for j, d in rs]
        return {"hand": str(self.hand), "tile": tile_name(self.tile),
                "strict": self.strict, "loose": self.loose, "tenpai": self.tenpai,
                "rule": self.rule, "allowed": self.allowed,
                "waits_before": [tile_name(t) for t in self.waits_before],
                "waits_after": [tile_name(t) for t in self.waits_after],
                "readings_before": len(self.before), "readings_after": len(self.after),
                "lost": pairs(self.lost), "strict_reason": self.strict_reason(),
                "loose_reason": self.loose_reason()}


def _winning_readings(hand: Hand, rules: Rules,
                      as_before: tuple[Meld, ...]) -> tuple[WinningReading, ...]:
    """∪_j W(hand + e_j) over tiles j with a copy left, as (j, reading with ``as_before``).

    Melds of ``hand`` that ``as_before`` lacks (the new quad) become concealed triplets
    so a reading after the kan compares with the readings before it.
    """
    extra = [Block(BlockKind.TRIPLET, m.tile) for m in hand.melds if m not in as_before]
    melds = MAX_MELDS - len(hand.melds)
    found = []
    tiles = usable_tiles(hand, rules)
    # the tables rule out most tiles at once: no standard shape, no winning form
    for j, r in zip(tiles, kernel.draw_replacements(hand.counts, melds, tiles), strict=True):
        if r != 0:
            continue
        counts = add_count(hand.counts, j, 1)
        # the standard readings of counts are its winning forms (inverse_forms, the
        # reference, is checked against them in tests/analysis/test_fast_paths.py)
        found += [(j, Decomposition.of(d.blocks + tuple(extra), Form.STANDARD, as_before))
                  for d in lookup.counts_readings(counts, (), _STANDARD_FORM)]
    return tuple(found)


def kan_hands(hand: HandLike, tile: Tile | str) -> tuple[Hand, Hand, Hand, Tile]:
    """(hand after the draw, before the draw, after the concealed kan, kan tile).

    ``hand`` is the closed hand after the draw (14 tiles, kans as three) holding four
    of ``tile``, the last of them the drawn tile; or the 13 tiles before the draw
    holding three of ``tile``, which is then the tile drawn.

    >>> [str(h) for h in kan_hands("1112345678999m", "1m")[:3]]
    ['11112345678999m', '1112345678999m', '2345678999m (1111m)']
    """
    hand = as_hand(hand)
    kind = as_tile(tile)
    # "0m": the drawn tile is the red five (a kind number is a plain tile)
    red_drawn = isinstance(tile, str) and tile.strip().startswith("0")
    suit = FIVES.index(kind) if red_drawn else -1
    if not hand.is_closed:
        raise HandError("the kan check is for a closed hand (riichi); this one has an open meld",
                        str(hand))
    if hand.tile_count == 13:
        if hand.counts[kind] == 4:  # no rules allow it: the kan must hold the drawn tile
            raise HandError(f"a kan of four {tile_name(kind)} held before the draw "
                            f"(okurikan) is not allowed after riichi: the kan must hold "
                            f"the drawn tile", str(hand))
        if hand.counts[kind] != 3:
            raise HandError(f"drawing {tile_name(kind)} for a concealed kan needs three "
                            f"{tile_name(kind)} in the 13-tile hand; it has "
                            f"{hand.counts[kind]}", str(hand))
        red = tuple(r + (i == suit) for i, r in enumerate(hand.red))
        hand = Hand(add_count(hand.counts, kind, 1), (red[0], red[1], red[2]), hand.melds)
    elif hand.tile_count != 14:
        raise HandError(f"the kan check needs the hand after the draw (14 tiles, kans as "
                        f"three) or before it (13); this one has {hand.tile_count}", str(hand))
    if hand.counts[kind] != 4:
        raise HandError(f"a concealed kan of {tile_name(kind)} needs all four in hand; "
                        f"it has {hand.counts[kind]}", str(hand))
    if red_drawn and not hand.red[suit]:
        raise HandError(f"the drawn tile is a red five (0{'mps'[suit]}); the hand after the "
                        f"draw holds none", str(hand))
    # red fives change no reading; they follow the tiles so the hands stay valid: the
    # drawn copy is the red five when TILE says so, else a plain five while one is left,
    # and the quad takes its suit's reds
    before = add_count(hand.counts, kind, -1)
    m, p, s = (red - 1 if i == suit else min(red, before[five])
               for i, (red, five) in enumerate(zip(hand.red, FIVES, strict=True)))
    quad = Meld(MeldKind.ANKAN, kind, hand.red[FIVES.index(kind)] if kind in FIVES else 0)
    rest = tuple(0 if five == kind else red for red, five in zip(hand.red, FIVES, strict=True))
    return (hand, Hand(before, (m, p, s), hand.melds),
            Hand(add_count(hand.counts, kind, -4), (rest[0], rest[1], rest[2]),
                 (*hand.melds, quad)),
            kind)


def kan_check(hand: HandLike, tile: Tile | str, *,
              rules: Rules | str | None = None) -> KanCheck:
    """Does a concealed kan of ``tile`` keep the hand? Both rules (strict, loose), and
    ``allowed``: the verdict of ``rules`` (``Rules.riichi_kan``).

    The drawn 4th copy is the kan tile, so the hand before the kan is the tenpai hand
    before the draw, h - e_i: nothing is discarded in between (after riichi the drawn
    tile is either discarded, which changes nothing, or declared as the kan). A hand in
    riichi is tenpai: one that waits on nothing before the draw is a ``HandError``.

    >>> c = kan_check("111m456789p2345s1m", "1m")
    >>> c.strict, c.loose, [tile_name(t) for t in c.waits_after]
    (True, True, ['2s', '5s'])
    """
    rules = find_rules(rules)
    drawn, before, after, kind = kan_hands(hand, tile)
    check_tiles_in_set(drawn, rules)
    # the loose rule compares tiles only: no readings needed (waits() builds them)
    waits_before = tuple(winning_tiles(before, rules))
    if not waits_before:
        raise _not_tenpai(before, kind)
    return KanCheck(
        hand=drawn, tile=kind,
        before=_winning_readings(before, rules, before.melds),
        after=_winning_readings(after, rules, before.melds),
        waits_before=waits_before,
        waits_after=tuple(winning_tiles(after, rules)),
        rule=rules.riichi_kan)


def _not_tenpai(before: Hand, kind: Tile) -> HandError:
    """The error for a riichi hand that waits on nothing (both engines raise it).

    >>> print(_not_tenpai(Hand.parse("111m2468p13579s1z"), 0))
    111m2468p13579s1z waits on no tile before the draw of 1m: a hand in riichi is tenpai
    """
    return HandError(f"{before} waits on no tile before the draw of {tile_name(kind)}: "
                     "a hand in riichi is tenpai")


@dataclass(frozen=True, slots=True)
class KanVerdict(KanCheck):
    """The kan check as clingo answers it: a :class:`KanCheck` whose readings and waits
    are ``riichi_kan.lp``'s answers and whose verdicts (``strict``, ``loose``,
    ``allowed``) are what ``riichi_kan_verdict.lp`` shows (``shown``: ``keeps(readings)``,
    ``keeps(waits)``, ``allowed``), not read off the readings.
    """

    shown: frozenset[str] = frozenset()

    @property
    def strict(self) -> bool:
        return "keeps(readings)" in self.shown

    @property
    def loose(self) -> bool:
        return "keeps(waits)" in self.shown

    @property
    def allowed(self) -> bool:
        return "allowed" in self.shown


def kan_check_asp(hand: HandLike, tile: Tile | str, *,
                  rules: Rules | str | None = None) -> KanVerdict:
    """The kan check as ASP states it, run by clingo: the same question, answer and errors
    as :func:`kan_check`, answered by ``encodings/riichi_kan.lp`` (every winning reading
    of both hands: their waits are its brave consequences) and
    ``encodings/riichi_kan_verdict.lp`` (the rules, with the variant file of
    ``Rules.riichi_kan``).

    >>> v = kan_check_asp("111222333m4567p", "1m", rules="wrc")
    >>> v.strict, v.loose, v.allowed, [tile_name(t) for t in v.waits_after]
    (False, True, False, ['4p', '7p'])
    >>> v.strict_reason() == kan_check("111222333m4567p", "1m").strict_reason()
    True
    """
    # imported here: ``import mjasp`` does not load clingo
    from mjasp.solvers import asp
    from mjasp.solvers.scoring_variants import VARIANT_FILES, VARIANTS

    rules = find_rules(rules)
    drawn, before, _, kind = kan_hands(hand, tile)
    check_tiles_in_set(drawn, rules)
    facts = [f"riichi({k},{n})." for k, n in enumerate(before.counts) if n]
    facts += [f"called({m.kind.name.lower()},{m.tile})." for m in before.melds]
    facts.append(f"kan({kind}).")
    answers = asp.ground([asp.encoding("riichi_kan.lp")],
                         " ".join([asp.rule_facts(rules), *facts]))
    # every answer: one reading of one side completed by one tile; the union of their
    # wait/2 and split/1 atoms is the brave consequences the verdict reads
    models: list[Sequence[Any]] = []
    searched = answers.solve(on_model=lambda model: models.append(model.symbols(shown=True)))
    if not searched.exhausted:  # the consequences would be partial
        raise EncodingError(f"riichi_kan.lp: the search stopped early ({searched})")
    brave = sorted({s for shown in models for s in shown if s.name in ("wait", "split")})
    variant = VARIANT_FILES.get(("riichi_kan", rules.riichi_kan))
    verdict = asp.ground([asp.encoding("riichi_kan_verdict.lp"),
                          *([str(VARIANTS / variant)] if variant else [])],
                         " ".join(f"{symbol}." for symbol in brave))
    shown: set[str] = set()
    answered = verdict.solve(on_model=lambda model: shown.update(map(str, model.symbols(
        shown=True))))
    if not answered.satisfiable:  # a stratified program: one answer, unless clingo failed
        raise EncodingError(f"riichi_kan_verdict.lp has no answer for {sorted(map(str, brave))}")
    if "tenpai" not in shown:
        raise _not_tenpai(before, kind)
    found = {side: tuple(sorted(s.arguments[1].number for s in brave
                                if s.name == "wait" and s.arguments[0].name == side))
             for side in ("before", "after")}
    return KanVerdict(hand=drawn, tile=kind,
                      before=_asp_readings(models, "before", kind, before.melds),
                      after=_asp_readings(models, "after", kind, before.melds),
                      waits_before=found["before"], waits_after=found["after"],
                      rule=next(r for r in RIICHI_KAN if f"rule({r})" in shown),
                      shown=frozenset(shown))


def _asp_readings(models: Sequence[Sequence[Any]], side: str, kind: Tile,
                  melds: tuple[Meld, ...]) -> tuple[WinningReading, ...]:
    """The standard winning readings of one side among riichi_kan.lp's answers, as
    :func:`_winning_readings` gives them: by winning tile, each tile's readings of the
    concealed tiles in canonical order, the quad (after the kan) as a concealed triplet."""
    from mjasp.solvers import asp

    extra = (Block(BlockKind.TRIPLET, kind),) if side == "after" else ()
    by_tile: dict[Tile, list[Decomposition]] = {}
    for shown in models:
        wait = next(s for s in shown if s.name == "wait")
        if wait.arguments[0].name == side:
            by_tile.setdefault(wait.arguments[1].number, []).append(asp.decode(shown))
    return tuple((j, Decomposition.of(d.blocks + extra, Form.STANDARD, melds))
                 for j in sorted(by_tile) for d in sorted_readings(by_tile[j])
                 if d.form is Form.STANDARD)


__all__ = ["SOLVERS", "KanCheck", "KanVerdict", "WinningReading", "kan_check", "kan_check_asp",
           "kan_hands"]
