"""Shanten (向聴数) numbers, effective tiles (受け入れ) and discard tables.

The definition: the replacement number ``r(h)`` is the fewest draws
that turn the concealed tiles ``h`` into a superset of a winning shape ``w`` (each
kind at most 4 copies, counting the copies in declared melds), and
``shanten = r − 1`` (−1 complete, 0 tenpai). Three forms: standard (``n`` melds and a
pair, ``n = 4 −`` declared melds, or ``concealed // 3`` when no melds are declared),
seven pairs and thirteen orphans (only for closed hands of 13 or 14 tiles with no
declared meld — a closed kan rules them out too). A hand holds ``3n+1`` (before a
draw) or ``3n+2`` (after a draw) concealed tiles.

Three engines give the same numbers: ``"table"`` (per-suit tables, the default and
fast path), ``"cpsat"`` (a CP-SAT model) and ``"brute"`` (every shape enumerated).

>>> shanten("123456789m1111z")
1
>>> r = shanten_forms("19m19p19s1234567z")
>>> r.shanten, {str(f): n for f, n in r.forms.items()}
(0, {'standard': 8, 'chiitoitsu': 6, 'kokushi': 0})
>>> [(tile_name(w.tile), w.remaining) for w in effective_tiles("1112345678999m")][:3]
[('1m', 1), ('2m', 3), ('3m', 3)]
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import TYPE_CHECKING, Any, Final, SupportsIndex

from mjasp.core.blocks import FORM_ORDER, Form, Meld
from mjasp.core.errors import HandError, RulesError
from mjasp.core.hand import MAX_TILES, Hand
from mjasp.core.notation import scan, text_counts
from mjasp.core.tiles import NUM_KINDS, Tile, as_int, tile_name
from mjasp.rules import Rules, default_reading, find_rules
from mjasp.rules.validity import (
    HandLike,
    as_hand,
    as_tile,
    check_red_five_counts,
    check_red_fives,
    check_shanten_shape,
    counts_bytes,
    red_fives_held,
)
from mjasp.solvers import kernel, table
from mjasp.solvers.registry import SHANTEN_ENGINES, shanten_engine
from mjasp.solvers.shanten_engines import ShantenProblem, table_engine

if TYPE_CHECKING:  # numpy loads on first use, not with mjasp (import time)
    import numpy as np
    import numpy.typing as npt

#: Shanten engines by name (the registry's table).
SOLVERS: Final = tuple(SHANTEN_ENGINES)
_STANDARD_RULES: Final = find_rules(None)
#: Forms by name (a Form is a str equal to its name, so it finds itself).
_FORMS: Final = {f.value: f for f in Form}


#: The problem statement every engine reads (see ``mjasp.solvers.shanten_engines``).
_Problem = ShantenProblem


def shanten_problem(hand: Hand, rules: Rules) -> ShantenProblem:
    """Check the hand's tile count and set — raising ``HandError`` — and state the problem
    every shanten engine reads (the sets to build; each kind capped by the copies the
    melds leave, where the rules count called tiles).

    >>> p = shanten_problem(Hand.parse("123m456p89s15z [7777s]"), find_rules("tenhou"))
    >>> p.melds, p.cap[24]  # three sets still to build; no 7s left beside the kan
    (3, 0)
    """
    melds = check_shanten_shape(hand, rules)
    concealed = hand.concealed_count
    cap: tuple[int, ...] | None = None
    if hand.melds:
        if rules.called_tiles_count:
            total = hand.total_counts()
            cap = tuple(4 - t + c for t, c in zip(total, hand.counts, strict=True))
        if rules.removed_kinds:
            cap = tuple(min(c, w) for c, w in zip(cap or rules.copies, rules.copies,
                                                  strict=True))
    return _Problem(hand.counts, melds, cap,
                    _forms(rules.forms, not hand.melds and concealed >= 13), rules)


@functools.cache
def _forms(allowed: frozenset[Form], closed: bool) -> tuple[Form, ...]:
    """The forms a hand can reach: the special ones need a closed 13/14-tile hand."""
    return tuple(f for f in Form if f in allowed and (f is Form.STANDARD or closed))


def _replacement(problem: _Problem, form: Form, solver: str) -> int:
    """One form's replacement number by one engine."""
    return shanten_engine(solver)(problem, (form,))


def _least(problem: _Problem, forms: tuple[Form, ...], solver: str) -> int:
    """The least replacement number over ``forms`` (the table engine in one call)."""
    return shanten_engine(solver)(problem, forms)


def _rules_form(form: Form | str | None, rules: Rules) -> Form | None:
    """The form named ``form`` (None: all), raising ``RulesError`` unless the rules allow it."""
    if form is None:
        return None
    # a dict lookup: Form(form) costs a third of a table lookup of the whole hand
    chosen = _FORMS.get(form) if isinstance(form, str) else None
    if chosen is None:
        known = ", ".join(f.value for f in Form)
        raise RulesError(f"unknown form {form!r}; known: {known}")
    if chosen not in rules.forms:
        raise RulesError(f"the {rules.name} rules do not allow {chosen.value}")
    return chosen


def _check_form(form: Form | str | None, problem: _Problem) -> Form | None:
    chosen = _rules_form(form, problem.rules)
    if chosen is not None and chosen not in problem.forms:
        raise HandError(f"{chosen.value} needs a closed hand of 13 or 14 tiles "
                        "with no declared meld")
    return chosen


def shanten(hand: HandLike, form: Form | str | None = None,
            rules: Rules | str | None = None, solver: str = "table") -> int:
    """Shanten number: the minimum over the forms the rules and the hand allow.

    ``hand`` is a ``Hand``, mpsz text or 34 counts (list, tuple, ``bytes``, numpy row);
    ``form`` picks one form; ``solver`` is ``"table"``, ``"cpsat"`` or ``"brute"``.

    >>> shanten("1111m111122233z"), shanten("1111m111122233z", rules="sanma")
    (1, 2)
    >>> shanten("123m456p789s1122z", form="chiitoitsu")   # 2 pairs + 5 singles kept
    4
    >>> shanten([1, 1, 1] + [0] * 24 + [3, 3, 3, 2, 0, 0, 0])   # 123m111222333z44z
    -1
    """
    # the fast paths run for every rules that read hands as the default ones do
    default = default_reading(rules)
    # the fast paths read a red five as a plain one: check the red fives first (inline for
    # text, a function call would cost a sixth of the whole call)
    if default and (("0" in hand) if type(hand) is str else type(hand) is Hand and (
            hand.red != _NO_RED or (hand.melds and _red_meld(hand.melds)))):
        check_red_fives(as_hand(hand), find_rules(rules))
    if default and solver == "table" and kernel.COMPILED:
        # one C call reads a Hand, plain text or counts and the form (None or "standard");
        # None: anything else, which the paths below answer
        found = (_COMPILED or _load_compiled())(hand, form)
        if found is not None:
            return found
    if default and solver == "table" and (form is None or (
            isinstance(form, str) and form == "standard")):  # not a numpy array's ==
        # the defaults need no rule checks: 34 counts as bytes, one table lookup
        kind = type(hand)
        if kind is Hand:
            packed = None if hand.melds else bytes(hand.counts)  # type: ignore[union-attr]
        elif kind is str:
            packed = text_counts(hand)  # type: ignore[arg-type]
        else:
            packed = counts_bytes(hand)
        if packed is not None:
            tiles = sum(packed)
            if tiles % 3 and tiles <= MAX_TILES:
                try:
                    return (_TABLE or _load_table())(
                        packed, tiles // 3, form is None and tiles >= 13) - 1
                except (KeyError, IndexError, struct.error):
                    pass  # a count above 4 or a wrong length: the general path says which
    hand = as_hand(hand)
    rules = _STANDARD_RULES if rules is None else find_rules(rules)
    problem = shanten_problem(hand, rules)
    chosen = _check_form(form, problem)
    return _least(problem, problem.forms if chosen is None else (chosen,), solver) - 1


def _red_meld(melds: tuple[Meld, ...]) -> bool:
    """A declared meld holds a red five."""
    return any(meld.red for meld in melds)


_NO_RED: Final = (0, 0, 0)


#: The table function of the default path, bound on first use (the tables load lazily).
_TABLE: Callable[[bytes, int, bool], int] | None = None


def _load_table() -> Callable[[bytes, int, bool], int]:
    global _TABLE
    _TABLE = table.counts_function()
    return _TABLE


#: The compiled default path, bound on first use (``kernel.COMPILED`` decides if it runs).
_COMPILED: Callable[[object, object], int | None] | None = None


def _load_compiled() -> Callable[[object, object], int | None]:
    global _COMPILED
    _COMPILED = kernel.shanten_function()
    return _COMPILED


@dataclass(frozen=True)
class ShantenResult:
    """Shanten per form for one hand; ``shanten`` is the minimum.

    >>> shanten_forms("11223344556677z").best_forms
    (<Form.CHIITOITSU: 'chiitoitsu'>,)
    """

    hand: Hand
    forms: Mapping[Form, int]
    rules: Rules = field(default=_STANDARD_RULES)

    @property
    def shanten(self) -> int:
        """The minimum over the forms."""
        return min(self.forms.values())

    @property
    def best_forms(self) -> tuple[Form, ...]:
        """The forms reaching the minimum, in the usual order."""
        return tuple(f for f in self.forms if self.forms[f] == self.shanten)

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {"hand": str(self.hand), "rules": self.rules.name, "shanten": self.shanten,
                "forms": {f.value: n for f, n in self.forms.items()}}


def shanten_forms(hand: HandLike, rules: Rules | str | None = None,
                  solver: str = "table") -> ShantenResult:
    """Shanten of every form the rules and the hand allow.

    >>> shanten_forms("123m [456p] [789s] [111z] 2z").forms
    {<Form.STANDARD: 'standard'>: 0}
    """
    hand = as_hand(hand)
    rules = find_rules(rules)
    problem = shanten_problem(hand, rules)
    forms = {f: _replacement(problem, f, solver) - 1
             for f in sorted(problem.forms, key=FORM_ORDER.__getitem__)}
    return ShantenResult(hand, forms, rules)


# -- effective tiles and discards ----------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class EffectiveTile:
    """An effective tile (ukeire): its kind and how many copies remain unseen.

    >>> EffectiveTile(27, 3)
    EffectiveTile(tile=27, remaining=3)
    """

    tile: Tile
    remaining: int

    def __str__(self) -> str:
        return _NAMES[self.tile]


#: Tile names by kind, written once (a discard table names about 200 tiles).
_NAMES: Final = tuple(tile_name(kind) for kind in range(NUM_KINDS))

#: Every ``EffectiveTile`` by kind and unseen copies (0..4): they are frozen, so one
#: object per value serves every table (building them cost a tenth of a table).
_EFFECTIVE: Final = tuple(tuple(EffectiveTile(kind, left) for left in range(5))
                          for kind in range(NUM_KINDS))


def _unseen(in_play: Sequence[int], seen: Sequence[int]) -> list[EffectiveTile]:
    """Per kind, the effective tile it would be: its copies not in play and not seen."""
    return [_EFFECTIVE[kind][max(0, 4 - held - extra)]
            for kind, (held, extra) in enumerate(zip(in_play, seen, strict=True))]


@dataclass(frozen=True)
class Discard:
    """One discard of a 3n+2 hand: the shanten after it and the tiles that then help."""

    tile: Tile
    shanten: int
    waits: tuple[EffectiveTile, ...]

    @functools.cached_property
    def total(self) -> int:
        """Unseen copies of all effective tiles (tenhou's 枚 count)."""
        # cached: the table's order and its JSON both read it
        return sum([w.remaining for w in self.waits])

    def __str__(self) -> str:
        tiles = " ".join(str(w) for w in self.waits)
        return f"discard {tile_name(self.tile)}: draw {tiles} ({self.total} tiles)"

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        names = _NAMES
        return {"discard": tile_name(self.tile), "shanten": self.shanten, "total": self.total,
                "waits": [{"tile": names[w.tile], "remaining": w.remaining}
                          for w in self.waits]}


def _visible_counts(visible: Iterable[SupportsIndex | str] | str | None,
                    hand: Hand, rules: Rules) -> list[int]:
    """Counts of tiles seen elsewhere (discards, dora indicators, other players' melds).

    Text is mpsz without the 14-tile limit of a hand (``"1m 55p 777z"``); anything else
    is an iterable of kinds or tile names. A kind the rules' wall lacks (2m-8m with three
    players) cannot have been seen.
    """
    seen = [0] * NUM_KINDS
    if isinstance(visible, str):
        try:
            found = scan(visible)  # the one mpsz grammar, without a hand's limits
        except HandError as error:  # say which argument was wrong
            raise HandError(f"visible tiles: {error.reason}", visible, error.position) from None
        if found.groups:
            raise HandError("visible tiles: no brackets (list every tile seen)", visible)
        for written in found.loose:
            seen[written.kind] += 1
        if any(found.red):  # red fives seen beside the hand's: within the rules' wall
            red = [held + seen for held, seen in zip(red_fives_held(hand), found.red,
                                                     strict=True)]
            try:
                check_red_five_counts(red, rules, "between the hand and the visible tiles")
            except HandError as error:  # say which argument was wrong
                raise HandError(f"visible tiles: {error}") from None
    elif visible is not None:
        for tile in visible:
            # a float or a negative index (which would count as 7z) is refused here
            kind = tile if isinstance(tile, str | int) else as_int(tile, "visible tiles")
            seen[as_tile(kind)] += 1
    for kind in rules.removed_kinds:
        if seen[kind]:
            raise HandError(f"visible tiles: {tile_name(kind)} is not in the {rules.name} "
                            "tile set")
    for kind, (held, extra) in enumerate(zip(hand.total_counts(), seen, strict=True)):
        if held + extra > 4:
            raise HandError(f"{held + extra} copies of {tile_name(kind)} between the hand "
                            "and the visible tiles; there are only 4")
    return seen


def _drawable(rules: Rules, in_play: Sequence[int]) -> list[int]:
    """The kinds one can draw: a kind whose every copy is already in this hand or its
    melds cannot be drawn."""
    return [kind for kind in rules.tile_kinds if in_play[kind] < 4]


def _redrawable(drawable: list[int], kind: int) -> list[int]:
    """``drawable`` after discarding a kind that had every copy in play: the discarded copy
    is seen, not held, so the kind is drawable again (with no copy unseen), as
    ``effective_tiles`` of the hand after the discard lists it."""
    return sorted([*drawable, kind])


def _waits(problem: _Problem, form: Form | None, solver: str,
           unseen: Sequence[EffectiveTile],
           drawable: list[int]) -> tuple[int, tuple[EffectiveTile, ...]]:
    """Shanten of a 3n+1 problem and its effective tiles (``unseen``: by kind, what the
    tile would be, see ``_unseen``; ``drawable``: see ``_drawable``)."""
    forms = (form,) if form else problem.forms
    base = _least(problem, forms, solver)
    after = _after_draws(problem, forms, solver, drawable)
    if len(after) != len(drawable):
        raise ValueError("one replacement number per drawable kind expected")
    # the kinds whose draw lowers the replacement number, as their effective tiles; in
    # builtins rather than a comprehension (a discard table runs this 14 x 34 times)
    return base - 1, tuple(map(unseen.__getitem__, compress(drawable, map(
        base.__gt__, after))))


def _after_draws(problem: _Problem, forms: tuple[Form, ...], solver: str,
                 kinds: list[int]) -> list[int]:
    """The least replacement number over ``forms`` after drawing each of ``kinds``."""
    if problem.cap is None and shanten_engine(solver) is table_engine:
        # the table engine's lookup for every draw in one call: the same tables and
        # arguments as table_engine, the three unchanged suits read once (a discard
        # table asks this 14 times instead of 14 x 34 calls of table_engine)
        standard, seven_pairs, orphans = (f in forms for f in (
            Form.STANDARD, Form.CHIITOITSU, Form.KOKUSHI))
        rules = problem.rules
        return kernel.draw_replacements(problem.counts, problem.melds, kinds, standard,
                                        seven_pairs, orphans,
                                        table.three_player_wall(rules.copies),
                                        rules.chiitoitsu_quad)
    values = []
    for kind in kinds:
        counts = list(problem.counts)
        counts[kind] += 1
        values.append(_least(problem._replace(counts=tuple(counts)), forms, solver))
    return values


def effective_tiles(hand: HandLike, visible: Iterable[SupportsIndex | str] | str | None = None,
                    rules: Rules | str | None = None, form: Form | str | None = None,
                    solver: str = "table") -> list[EffectiveTile]:
    """The tiles that lower the shanten of a 3n+1 hand, with the copies still unseen.

    ``visible``: tiles seen elsewhere (mpsz text or kinds/names); unseen copies are
    ``4 −`` (in hand) ``−`` (in declared melds) ``−`` (visible).

    >>> [(str(w), w.remaining) for w in effective_tiles("123m456p789s1112z", visible="2z")]
    [('2z', 2)]
    """
    hand, problem, chosen = _prepare(
        hand, rules, form, 1, "effective tiles are for a hand before the draw (3n+1 "
        "concealed tiles); use discards() for 3n+2")
    total = hand.total_counts()
    seen = _visible_counts(visible, hand, problem.rules)
    return list(_waits(problem, chosen, solver, _unseen(total, seen),
                       _drawable(problem.rules, total))[1])


def _prepare(hand: HandLike, rules: Rules | str | None, form: Form | str | None,
             remainder: int, wrong_count: str) -> tuple[Hand, _Problem, Form | None]:
    """The hand, its problem and the chosen form; ``wrong_count`` unless 3n+remainder."""
    hand = as_hand(hand)
    problem = shanten_problem(hand, find_rules(rules))
    if hand.concealed_count % 3 != remainder:
        raise HandError(wrong_count, str(hand))
    return hand, problem, _check_form(form, problem)


def discards(hand: HandLike, visible: Iterable[SupportsIndex | str] | str | None = None,
             rules: Rules | str | None = None, form: Form | str | None = None,
             solver: str = "table") -> list[Discard]:
    """Every discard of a 3n+2 hand with its shanten and effective tiles, tenhou.net/2 order.

    Sorted by shanten after the discard (lowest first), then unseen effective tiles
    (most first), then tile order.

    >>> [str(d) for d in discards("1112345678999m5z")][:1]
    ['discard 5z: draw 1m 2m 3m 4m 5m 6m 7m 8m 9m (23 tiles)']
    """
    hand, problem, chosen = _prepare(
        hand, rules, form, 2, "discards are for a hand after the draw (3n+2 concealed "
        "tiles); use effective_tiles() for 3n+1")
    seen = _visible_counts(visible, hand, problem.rules)
    # the discarded copy counts as seen (``total`` is taken before the discard)
    total = hand.total_counts()
    # the same for every discard, so found once
    unseen, drawable = _unseen(total, seen), _drawable(problem.rules, total)
    found = []
    for kind in range(NUM_KINDS):
        if not hand.counts[kind]:
            continue
        counts = list(hand.counts)
        counts[kind] -= 1
        # the caps come from the declared melds only, so they stay
        value, waits = _waits(problem._replace(counts=tuple(counts)), chosen, solver, unseen,
                              drawable if total[kind] < 4 else _redrawable(drawable, kind))
        found.append(Discard(kind, value, waits))
    found.sort(key=lambda d: (d.shanten, -d.total, d.tile))
    return found


# -- batch ---------------------------------------------------------------------------


def shanten_batch(counts: npt.ArrayLike, rules: Rules | str | None = None,
                  form: Form | str | None = None) -> npt.NDArray[np.int8]:
    """Shanten of many concealed hands at once: an ``(N, 34)`` array of counts.

    Each row is a hand with no declared melds; rows of 3n+1/3n+2 tiles build
    ``n`` melds; rows of 13 or 14 tiles also try seven pairs and thirteen orphans.

    >>> shanten_batch([[1] * 9 + [0] * 18 + [4] + [0] * 6]).tolist()
    [1]
    """
    import numpy as np

    rules = find_rules(rules)
    array = np.asarray(counts)
    if array.ndim != 2 or array.shape[1] != NUM_KINDS:
        raise HandError(f"expected an (N, 34) array of counts, got shape {array.shape}")
    if array.dtype.kind not in "iu" and array.size:
        # a float, complex or bool count would be truncated or read as 0/1 silently
        raise HandError(f"counts must be integers, got an array of {array.dtype}")
    if kernel.COMPILED:
        found = _compiled_batch(array, rules, form)
        if found is not None:
            return found
    if array.size and ((array.dtype.kind != "u" and array.min() < 0) or array.max() > 4):
        raise HandError("counts must be 0..4 (four copies of each tile)")
    hands = array.astype(np.uint8, copy=False)
    sizes = hands.sum(axis=1, dtype=np.int16)
    bad = np.flatnonzero((sizes % 3 == 0) | (sizes > 14))
    if len(bad):
        raise HandError(f"row {bad[0]} has {sizes[bad[0]]} tiles; shanten needs 3n+1 or 3n+2 "
                        "tiles, at most 14")
    removed = list(rules.removed_kinds)
    if removed and hands[:, removed].any():
        row = int(np.flatnonzero(hands[:, removed].any(axis=1))[0])
        kinds = f"{tile_name(removed[0])}-{tile_name(removed[-1])}"
        raise HandError(f"row {row} holds {kinds}, which the {rules.name} tile set lacks")
    chosen = _rules_form(form, rules)
    forms = [f for f in Form if f in rules.forms] if chosen is None else [chosen]
    melds = sizes // 3
    uniform = int(melds[0]) if len(melds) and (melds == melds[0]).all() else None
    closed = None if uniform == 4 else sizes >= 13  # None: every row has 13 or 14 tiles
    if chosen not in (None, Form.STANDARD) and closed is not None and not closed.all():
        raise HandError(f"{chosen.value} needs 13 or 14 tiles in every row")
    best = table.batch_replacement(
        hands, melds.astype(np.intp) if uniform is None else uniform,
        table.three_player_wall(rules.copies),
        standard=Form.STANDARD in forms, seven_pairs=Form.CHIITOITSU in forms,
        orphans=Form.KOKUSHI in forms, quads=rules.chiitoitsu_quad, special_rows=closed)
    result: npt.NDArray[np.int8] = best.astype(np.int8) - 1
    return result


def _compiled_batch(array: npt.NDArray[Any], rules: Rules,
                    form: Form | str | None) -> npt.NDArray[np.int8] | None:
    """``shanten_batch`` by the compiled kernel: one pass over the rows, which also checks
    them; None when a row breaks a rule (the pure path's checks then say which)."""
    import numpy as np

    if array.dtype != np.uint8:
        if array.size and (array.min() < 0 or array.max() > 4):
            return None  # a cast would wrap: the checks refuse these
        array = array.astype(np.uint8)
    out = np.empty(len(array), dtype=np.int8)
    bad = kernel.batch_shanten(np.ascontiguousarray(array), out, *kernel_options(rules, form))
    return out if bad < 0 else None


def kernel_options(rules: Rules, form: Form | str | None = None
                   ) -> tuple[bool, bool, bool, bool, bool]:
    """The compiled kernel's five options for ``shanten_batch``'s rows under ``rules``
    (standard, seven pairs, thirteen orphans, three players, a quad as two pairs).

    >>> kernel_options(find_rules("tenhou"))
    (True, True, True, False, False)
    """
    chosen = _rules_form(form, rules)
    forms = rules.forms if chosen is None else frozenset((chosen,))
    return (Form.STANDARD in forms, Form.CHIITOITSU in forms, Form.KOKUSHI in forms,
            table.three_player_wall(rules.copies), rules.chiitoitsu_quad)
