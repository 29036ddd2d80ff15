"""``mjasp.score``'s fast path: the best candidate only, compiled or in lean Python.

The direct engine (:mod:`mjasp.solvers.scoring_direct`) builds a full ``Score`` for every
candidate (reading × placement of the winning tile) from its table of yaku rows; it is
the reference, and answers ``score_candidates`` (``--all``). ``score`` needs only the best
candidate, so this path evaluates every candidate on plain numbers — the same rows, in
the same Tenhou id order, as bits of a mask — and builds objects for the chosen one only:

- compiled (``mjasp/solvers/_score.c``, built by ``pip install`` where a C compiler is
  there): one call returns the best candidate's fields, checks included;
- else :func:`lean_best`, the same steps in Python, building the chosen candidate's
  ``Score`` with :func:`mjasp.rules.scorecard.make_score`.

Both leave to the reference path (return None) what they do not play — three players,
local yaku, renhou (``context`` is None for those rules), a liable player, north tiles
set aside or robbed, tile text other than two characters — and every situation that fails a check
of :func:`mjasp.scoring.api.check_win`, so that the checks raise their specific errors there.
``tests/test_score_compiled.py`` compares both with the reference, Score for Score.

>>> from mjasp.rules import find_rules
>>> s = best(Hand.parse("22334455m667788p"), Win("8p"), find_rules())
>>> s is not None and (s.han, s.fu, s.points)
(5, 30, 12000)
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from itertools import compress
from types import ModuleType

from mjasp.core.blocks import BlockKind, Decomposition, Form, WaitShape
from mjasp.core.hand import Hand
from mjasp.core.win import KINDS, Win
from mjasp.core.yaku import Yaku
from mjasp.rules import RULES_CACHED, Rules
from mjasp.rules.points import split_payments
from mjasp.rules.scorecard import (
    FU_REASONS,
    NO_PAYMENTS,
    NO_YAKU,
    Score,
    YakuItem,
    build_score,
    make_score,
    rank_key,
    scored_reading,
)
from mjasp.solvers import kernel
from mjasp.solvers.lookup import PAIR_BLOCKS, SINGLE_BLOCKS, winning_readings
from mjasp.solvers.scoring_direct import (
    DORA_OF,
    DRAGONS,
    GREEN,
    HONORS,
    NINE_GATES,
    TERMINALS,
    TERMINALS_HONORS,
    WIND_TILES,
    yaku_table,
)

try:
    _compiled: ModuleType | None = importlib.import_module("mjasp.solvers._score")
except ImportError:  # installed without a C compiler: lean_best answers
    _compiled = None

#: Whether the compiled scorer was built; it answers while ``mjasp.solvers.kernel.COMPILED``
#: is on (``MJASP_PURE_PYTHON=1`` or ``kernel.use_compiled(False)`` turn both compiled modules off).
AVAILABLE = _compiled is not None

_LIMITS = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
#: WaitShape in the order of _score.c's wait codes
_WAITS = (WaitShape.RYANMEN, WaitShape.KANCHAN, WaitShape.PENCHAN, WaitShape.SHANPON,
          WaitShape.TANKI, WaitShape.KOKUSHI, WaitShape.KOKUSHI_13)
#: per Rules, by identity (the entry keeps the Rules alive): its contexts, or None
_CONTEXTS: dict[int, tuple[Rules, tuple[object, ...] | None, _Lean | None]] = {}


class _Lean:
    """What :func:`lean_best` reads of the rules, as plain attributes."""

    __slots__ = ("closed", "dora_of", "double_wind_fu", "opened", "red_fives")

    def __init__(self, closed: tuple[YakuItem | None, ...], opened: tuple[YakuItem | None, ...],
                 double_wind_fu: int, red_fives: tuple[int, int, int],
                 dora_of: tuple[int, ...]) -> None:
        self.closed, self.opened = closed, opened
        self.double_wind_fu, self.red_fives, self.dora_of = double_wind_fu, red_fives, dora_of


def context(rules: Rules) -> tuple[object, ...] | None:
    """What ``_score.best`` needs of ``rules`` (the han of every yaku id 0-51, closed and
    open, from ``yaku_table``; the options; the objects a result is made of), or None for
    rules this path does not play.

    >>> from mjasp.rules import RULES
    >>> context(RULES["tenhou-3p"]) is None, context(RULES["mahjongsoul"]) is None
    (True, False)
    """
    return _contexts(rules)[1]


def _contexts(rules: Rules) -> tuple[Rules, tuple[object, ...] | None, _Lean | None]:
    entry = _CONTEXTS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_CONTEXTS) >= RULES_CACHED:
            _CONTEXTS.clear()  # a caller making new Rules for every hand: stay small
        entry = _CONTEXTS[id(rules)] = (rules, *_build(rules))
    return entry


def _build(rules: Rules) -> tuple[tuple[object, ...] | None, _Lean | None]:
    if (rules.players != 4 or rules.local_yaku or rules.renhou != "none"
            or rules.yakuman_cap > 1_000 or rules.honba_points > 1_000_000):
        return None, None  # (the last two: no overflow in _score.c's 64-bit points)
    closed_han, open_han = [0] * 52, [0] * 52
    for yaku, closed, opened, _, _ in yaku_table(rules):
        if yaku.value >= 52 or not 0 <= closed <= 255 or not 0 <= opened <= 255:
            return None, None
        closed_han[yaku.value], open_han[yaku.value] = closed, opened
    dora_of = tuple(DORA_OF[_name(k)] for k in range(34))
    params = bytes(closed_han + open_han + [
        rules.yakuman_stacking, ("yakuman", "sanbaiman", "multiple").index(rules.kazoe),
        rules.kiriage, rules.double_wind_fu, *rules.red_fives, *dora_of])
    closed_items = tuple(YakuItem(Yaku(i), closed_han[i]) for i in range(52))
    open_items = tuple(YakuItem(Yaku(i), open_han[i]) for i in range(52))
    compiled = (params, rules.yakuman_cap, rules.honba_points, closed_items, open_items,
                *(_DORA_ITEMS[which] for which in (Yaku.DORA, Yaku.URA_DORA, Yaku.AKA_DORA)),
                FU_REASONS, _WAITS, PAIR_BLOCKS, SINGLE_BLOCKS, _LIMITS, NO_YAKU,
                Form.STANDARD, Form.CHIITOITSU, Form.KOKUSHI)
    lean = _Lean(tuple(i if i.han else None for i in closed_items),
                 tuple(i if i.han else None for i in open_items),
                 rules.double_wind_fu, rules.red_fives, dora_of)
    return compiled, lean


def _name(kind: int) -> str:
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}" if kind < 27 else f"{kind - 26}z"


#: dora, ura dora and red-five items for the counts 0..32
_DORA_ITEMS = {which: tuple(YakuItem(which, n) for n in range(33))
               for which in (Yaku.DORA, Yaku.URA_DORA, Yaku.AKA_DORA)}


def best(hand: Hand, win: Win, rules: Rules) -> Score | None:
    """The best candidate's ``Score`` (as ``mjasp.score``), or None where the reference
    path must answer (see the module's text)."""
    _, compiled, lean = _contexts(rules)
    if lean is None:
        return None
    readings = winning_readings(hand, rules)
    if compiled is None or _compiled is None or not kernel.COMPILED:
        return lean_best(hand, win, rules, readings, lean)
    found = _compiled.best(hand, win, readings, compiled)
    if found is None:
        return None
    (han, fu, points, yakuman, limit, yaku, details, ron, dealer, others, sticks, total,
     decomposition, block, wait, reason) = found
    return build_score(han, fu, points, yakuman, limit, yaku, details,
                  split_payments(ron, dealer, others, sticks, total) if points else NO_PAYMENTS,
                  scored_reading(decomposition, block, wait), reason)


# -- lean Python: the steps of _score.c ----------------------------------------------------

# the tile classes of the reference engine, so that both read one definition
_TERMINALS, _HONORS, _EDGES = TERMINALS, HONORS, TERMINALS_HONORS
_WINDS, _DRAGONS, _GREEN, _NINE_GATES = WIND_TILES, DRAGONS, GREEN, NINE_GATES
_MAN, _PIN, _SOU = (frozenset(range(b, b + 9)) for b in (0, 9, 18))
#: upgrades (``scoring_direct.REPLACES``) by Tenhou id: the first drops the second
_REPLACES = tuple((Yaku(a), Yaku(b)) for a, b in (
    (21, 1), (32, 9), (33, 23), (35, 34), (41, 40), (46, 45), (48, 47), (49, 50)))
_UPGRADES = frozenset(a for a, _ in _REPLACES)
_WIND_OF = {"E": 27, "S": 28, "W": 29, "N": 30}
_SEQUENCE, _TRIPLET, _PAIR = BlockKind.SEQUENCE, BlockKind.TRIPLET, BlockKind.PAIR
_STANDARD, _CHIITOITSU, _KOKUSHI = Form.STANDARD, Form.CHIITOITSU, Form.KOKUSHI
_RYANMEN, _KANCHAN, _PENCHAN = WaitShape.RYANMEN, WaitShape.KANCHAN, WaitShape.PENCHAN
_SHANPON, _TANKI = WaitShape.SHANPON, WaitShape.TANKI
#: (fu reason, fu) of a triplet or quad by (quad, closed, terminal or honor)
_SET_FU = {(q, c, e): (FU_REASONS[9 + 4 * q + 2 * c + e], 2 << (2 * q + c + e))
           for q in (0, 1) for c in (0, 1) for e in (0, 1)}
_WAIT_FU = {_KANCHAN: ("kanchan wait", 2), _PENCHAN: ("penchan wait", 2),
            _TANKI: ("tanki wait", 2)}


def lean_best(hand: Hand, win: Win, rules: Rules, readings: tuple[Decomposition, ...],
              lean: _Lean) -> Score | None:
    """:func:`best` in Python: every candidate on plain values, ``make_score`` for the
    chosen one only (or for each of several, to rank them)."""
    counts, melds, red = hand.counts, hand.melds, hand.red
    tile = KINDS.get(win.tile)
    if (tile is None or not readings or not counts[tile] or win.liable is not None
            or win.north_dora or win.robbed_north or sum(counts) + 3 * len(melds) != 14):
        return None
    if tile < 27 and tile % 9 == 4 and (
            not red[tile // 9] if win.tile[0] == "0" else red[tile // 9] == counts[tile]):
        return None  # a red winning five needs a red five in hand, a plain one a plain five
    reds = list(red)
    aka = red[0] + red[1] + red[2]
    closed, quads = True, 0
    total: Sequence[int] = counts  # every tile, melds included; read only
    if melds:
        if win.tenhou or win.chiihou or win.renhou:
            return None
        held = list(counts)
        for meld in melds:
            t, how = meld.tile, meld.kind
            if how == 0:
                held[t] += 1
                held[t + 1] += 1
                held[t + 2] += 1
                closed = False
            elif how == 1:
                held[t] += 3
                closed = False
            else:
                held[t] += 4
                quads += 1
                closed = closed and how == 3
            if meld.red:
                reds[t // 9] += meld.red
                aka += meld.red
        total = held
    allowed = lean.red_fives
    if reds[0] > allowed[0] or reds[1] > allowed[1] or reds[2] > allowed[2]:
        return None
    tsumo, riichi = win.tsumo, win.riichi
    if (riichi and not closed) or (win.rinshan and not quads) or (
            win.chankan and total[tile] > 1):
        return None
    dora = ura = 0
    shown_red, shown_plain = [0, 0, 0], [0, 0, 0]
    if win.dora_indicators or win.ura_indicators:
        shown: dict[int, int] = {}
        dora_of = lean.dora_of
        for at, indicators in enumerate((win.dora_indicators, win.ura_indicators)):
            for text in indicators:
                at_kind = KINDS.get(text)
                if at_kind is None:
                    return None
                shown[at_kind] = shown.get(at_kind, 0) + 1
                if text[0] == "0":
                    shown_red[at_kind // 9] += 1
                elif at_kind < 27 and at_kind % 9 == 4:
                    shown_plain[at_kind // 9] += 1
                if at:
                    ura += total[dora_of[at_kind]]
                else:
                    dora += total[dora_of[at_kind]]
        for at_kind, n in shown.items():
            if n + total[at_kind] > 4:
                return None
        if not riichi:
            ura = 0
    for suit in range(3):
        # the fives of a suit fit the set: rules.red_fives red, the rest of four plain
        if (shown_red[suit] + reds[suit] > allowed[suit]
                or total[9 * suit + 4] - reds[suit] + shown_plain[suit] > 4 - allowed[suit]):
            return None
    if dora > 32 or ura > 32 or aka > 32:
        return None
    kinds = frozenset(compress(range(34), total))
    honors = not kinds.isdisjoint(_HONORS)
    suits = (not kinds.isdisjoint(_MAN)) + (not kinds.isdisjoint(_PIN)) + (
        not kinds.isdisjoint(_SOU))
    seat, round_wind = _WIND_OF[win.seat_wind], _WIND_OF[win.round_wind]
    items = lean.closed if closed else lean.opened
    # hand-level rows (Tenhou ids)
    found = [0] if tsumo else []
    if riichi == 1:
        found.append(1)
    if win.ippatsu:
        found.append(2)
    if win.chankan:
        found.append(3)
    if win.rinshan:
        found.append(4)
    if win.haitei:
        found.append(5)
    if win.houtei:
        found.append(6)
    if kinds.isdisjoint(_EDGES):
        found.append(8)
    if riichi == 2:
        found.append(21)
    if quads == 3:
        found.append(27)
    if kinds <= _EDGES:
        found.append(31)
    if suits == 1:
        found.append(34 if honors else 35)
    if win.tenhou:
        found.append(37)
    if win.chiihou:
        found.append(38)
    if kinds <= _HONORS:
        found.append(42)
    if kinds <= _GREEN:
        found.append(43)
    if kinds <= _TERMINALS:
        found.append(44)
    if not melds and suits == 1 and not honors:
        base = min(kinds) // 9 * 9
        if all(total[base + i] >= n for i, n in enumerate(_NINE_GATES)):
            found.append(45)
            base = tile // 9 * 9
            if all(total[base + i] - (base + i == tile) == n
                   for i, n in enumerate(_NINE_GATES)):
                found.append(46)
    if quads == 4:
        found.append(51)
    # dora items (make_score sorts every item by id and adds ura 0 on a riichi win)
    extra = []
    if dora:
        extra.append(_DORA_ITEMS[Yaku.DORA][dora])
    if ura:
        extra.append(_DORA_ITEMS[Yaku.URA_DORA][ura])
    if aka:
        extra.append(_DORA_ITEMS[Yaku.AKA_DORA][aka])
    hand_items = [item for item in (items[i] for i in found) if item is not None] + extra
    double_wind_fu = lean.double_wind_fu
    scores: list[Score] = []
    for decomposition in readings:
        form = decomposition.form
        blocks = decomposition.blocks
        if form is _CHIITOITSU:
            row = items[22]
            chosen = [*hand_items, row] if row is not None else list(hand_items)
            chiitoitsu = scored_reading(decomposition, PAIR_BLOCKS[tile], _TANKI)
            scores.append(make_score(_upgrade(chosen), (("chiitoitsu", 25),), chiitoitsu, win,
                                     rules))
            continue
        if form is _KOKUSHI:
            pair = next(b.tile for b in blocks if b.kind is _PAIR)
            thirteen = pair == tile
            chosen = list(hand_items)
            for i in ((47, 48) if thirteen else (47,)):
                row = items[i]
                if row is not None:
                    chosen.append(row)
            scores.append(make_score(_upgrade(chosen), (), scored_reading(
                decomposition, SINGLE_BLOCKS[tile], WaitShape.KOKUSHI_13 if thirteen
                else WaitShape.KOKUSHI), win, rules))
            continue
        sequences = []
        sets = []  # (tile, quad, concealed)
        pair = -1
        for block in blocks:
            kind = block.kind
            if kind is _SEQUENCE:
                sequences.append(block.tile)
            elif kind is _TRIPLET:
                sets.append((block.tile, 0, 1))
            elif kind is _PAIR:
                pair = block.tile
            else:
                return None  # a concealed quad or single in a standard reading
        for meld in melds:
            if meld.kind == 0:
                sequences.append(meld.tile)
            else:
                sets.append((meld.tile, int(meld.kind >= 2), int(meld.kind == 3)))
        set_tiles = frozenset(t for t, _, _ in sets)
        reading = []
        if len(set(sequences)) != len(sequences):
            peikou = sum(sequences.count(t) // 2 for t in set(sequences))
            reading.append(9 if peikou == 1 else 32)
        if seat in set_tiles:
            reading.append(10 + seat - 27)
        if round_wind in set_tiles:
            reading.append(14 + round_wind - 27)
        if 31 in set_tiles:
            reading.append(18)
        if 32 in set_tiles:
            reading.append(19)
        if 33 in set_tiles:
            reading.append(20)
        if (sequences and not kinds.isdisjoint(_TERMINALS) and pair in _EDGES
                and all(t % 9 in (0, 6) for t in sequences)
                and all(t in _EDGES for t, _, _ in sets)):
            reading.append(23 if honors else 33)
        if len(sequences) >= 3:
            q = sequences
            if ((0 in q and 3 in q and 6 in q) or (9 in q and 12 in q and 15 in q)
                    or (18 in q and 21 in q and 24 in q)):
                reading.append(24)
            if any(n + 9 in q and n + 18 in q for n in q if n < 9):
                reading.append(25)
        if len(set_tiles) >= 3 and any(n + 9 in set_tiles and n + 18 in set_tiles
                                       for n in set_tiles if n < 9):
            reading.append(26)
        if len(sets) == 4:
            reading.append(28)
        if len(set_tiles) >= 2:
            dragons = len(set_tiles & _DRAGONS)
            winds = len(set_tiles & _WINDS)
            if dragons == 2 and pair in _DRAGONS:
                reading.append(30)
            if dragons == 3:
                reading.append(39)
            if winds == 4:
                reading.append(49)
            if winds == 3 and pair in _WINDS:
                reading.append(50)
        reading_items = hand_items + [item for item in (items[i] for i in reading)
                                      if item is not None]
        pair_value = 2 * ((pair in _DRAGONS) + (pair == seat) + (pair == round_wind))
        pinfu_shape = not melds and len(sequences) == 4 and not pair_value
        concealed = sum(c for _, _, c in sets)
        previous = None
        for block in blocks:
            start, kind = block.tile, block.kind
            if not (start <= tile <= start + 2 if kind is _SEQUENCE else start == tile) or (
                    block == previous):
                continue
            previous = block
            if kind is _TRIPLET:
                wait = _SHANPON
            elif kind is _PAIR:
                wait = _TANKI
            elif tile == start + 1:
                wait = _KANCHAN
            elif (tile == start + 2 and start % 9 == 0) or (tile == start and start % 9 == 6):
                wait = _PENCHAN
            else:
                wait = _RYANMEN
            by_ron = start if kind is _TRIPLET and not tsumo else -1
            here = concealed - (by_ron >= 0)
            pinfu = pinfu_shape and wait is _RYANMEN
            placed = []
            if pinfu:
                placed.append(7)
            if here == 3:
                placed.append(29)
            elif here == 4:
                placed.append(40)
                if wait is _TANKI:
                    placed.append(41)
            chosen = reading_items + [item for item in (items[i] for i in placed)
                                      if item is not None]
            # fu parts, one per reason in FU_REASONS order (sets summed per reason)
            parts: list[tuple[str, int]] = [("base", 20)]
            if closed and not tsumo:
                parts.append(("menzen ron", 10))
            if tsumo and not pinfu:
                parts.append(("tsumo", 2))
            if wait in _WAIT_FU:
                parts.append(_WAIT_FU[wait])
            if pair_value:
                parts.append(("yakuhai pair", min(pair_value, double_wind_fu)))
            for t, quad, hidden in sets:
                parts.append(_SET_FU[quad, int(hidden and t != by_ron), int(t in _EDGES)])
            if not closed and len(parts) == 1:
                parts.insert(1, ("open pinfu", 10))
            scores.append(make_score(_upgrade(chosen), parts,
                                     scored_reading(decomposition, block, wait), win, rules))
    if not scores:
        return None
    return scores[0] if len(scores) == 1 else max(scores, key=rank_key)


def _upgrade(items: list[YakuItem]) -> list[YakuItem]:
    """Drop what an upgrade replaces (riichi under double riichi, …)."""
    present = {i.yaku for i in items}  # Yaku hash by identity: no enum property read
    if present.isdisjoint(_UPGRADES):
        return items
    dropped = {b for a, b in _REPLACES if a in present}
    return [i for i in items if i.yaku not in dropped]


__all__ = ["AVAILABLE", "best", "context", "lean_best"]
