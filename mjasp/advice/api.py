"""``mjasp.advise``: what to discard, by value (see ``docs/advise.md``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from operator import add, sub
from typing import Any, NamedTuple

import mjasp.advice.graph as _graph
from mjasp.advice.build import kernel_capsule
from mjasp.advice.graph import ranked
from mjasp.advice.model import Model, default_unseen
from mjasp.advice.tiles37 import FIVES as FIVES37
from mjasp.advice.tiles37 import (
    Counts37,
    distinct_tiles,
    kind37,
    name37,
    of_hand,
    seen37,
    sub37,
    tile37,
)
from mjasp.analysis.shanten import shanten as shanten_of
from mjasp.core.errors import HandError, MjaspError, RulesError
from mjasp.core.hand import Hand, MeldKind
from mjasp.core.tiles import tile_name
from mjasp.core.win import Win
from mjasp.rules import Rules, find_rules
from mjasp.rules.validity import check_red_five_counts, check_red_fives, red_fives_held
from mjasp.scoring.api import fewest_dora_indicators, too_few_dora_indicators
from mjasp.scoring.api import score as score_hand

#: The largest shanten computed exactly by default (beyond it: effective tiles only).
MAX_EXACT_SHANTEN = 3
WINDS = {"E": "E", "S": "S", "W": "W", "N": "N", "1z": "E", "2z": "S", "3z": "W", "4z": "N"}
POLICIES = ("always", "never", "choose")
MODELS = ("mjasp", "mahjong-cpp")


class AdviseError(MjaspError):
    """Bad input to :func:`advise` (one line, the CLI's exit 2)."""


@dataclass(frozen=True, init=False)
class Candidate:
    """One discard (``discard`` is ``None`` for a 13-tile hand) and its value per turn:
    index 0 is the value with every draw left, index ``i`` with ``i`` draws fewer.

    >>> Candidate("1m", 0, (("2m", 3),), (1.0,), (0.5,), (1000.0,)).decision
    '-'
    """

    discard: str | None
    shanten: int
    ukeire: tuple[tuple[str, int], ...]
    tenpai_prob: tuple[float, ...]
    win_prob: tuple[float, ...]
    expected_points: tuple[float, ...]
    decision: str = "-"       # riichi | dama at a tenpai discard, else "-"

    def __init__(self, discard: str | None, shanten: int, ukeire: tuple[tuple[str, int], ...],
                 tenpai_prob: tuple[float, ...], win_prob: tuple[float, ...],
                 expected_points: tuple[float, ...], decision: str = "-") -> None:
        # the fields stored in the instance's dict at once: the frozen dataclass's own
        # ``__init__`` sets each through ``object.__setattr__`` (``mjasp.core.frozen``),
        # a tenpai call makes a candidate per discard
        self.__dict__.update(discard=discard, shanten=shanten, ukeire=ukeire,
                             tenpai_prob=tenpai_prob, win_prob=win_prob,
                             expected_points=expected_points, decision=decision)

    @property
    def ukeire_count(self) -> int:
        """Unseen copies of the effective tiles."""
        return sum(n for _, n in self.ukeire)

    def to_json(self) -> dict[str, Any]:
        return {"discard": self.discard, "shanten": self.shanten,
                "ukeire": [list(u) for u in self.ukeire], "ukeire_count": self.ukeire_count,
                "tenpai_prob": list(self.tenpai_prob), "win_prob": list(self.win_prob),
                "expected_points": list(self.expected_points), "decision": self.decision}


@dataclass(frozen=True, init=False)
class Advice:
    """The answer of :func:`advise`: candidates best first (by expected points now).

    >>> Advice("123m", 1, "mjasp", 17, ()).settings
    {}
    """

    hand: str
    shanten: int
    model: str
    draws: int
    candidates: tuple[Candidate, ...]
    exact: bool = True
    note: str = ""
    win_points: int | None = None     # a complete hand: its score as a tsumo
    nodes: int = 0
    settings: dict[str, Any] = field(default_factory=dict)

    def __init__(self, hand: str, shanten: int, model: str, draws: int,
                 candidates: tuple[Candidate, ...], exact: bool = True, note: str = "",
                 win_points: int | None = None, nodes: int = 0,
                 settings: dict[str, Any] | None = None) -> None:
        # (stored at once, as ``Candidate``'s; no settings: a new empty dict, the field's
        # ``default_factory``)
        self.__dict__.update(hand=hand, shanten=shanten, model=model, draws=draws,
                             candidates=candidates, exact=exact, note=note,
                             win_points=win_points, nodes=nodes,
                             settings={} if settings is None else settings)

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "shanten": self.shanten, "model": self.model,
                "draws": self.draws, "exact": self.exact, "note": self.note,
                "win_points": self.win_points, "nodes": self.nodes,
                "settings": self.settings,
                "candidates": [c.to_json() for c in self.candidates]}


def _indicators(values: Iterable[str] | str) -> tuple[str, ...]:
    """The dora indicators' tile texts, a red five kept red (``0p``): it is not in the
    wall, and ``mjasp.score`` counts it among the set's red fives."""
    if isinstance(values, str):
        counts = of_hand(Hand.parse(values)) if values.strip() else bytes(37)
        values = []
        for k in range(34):
            red = counts[34 + FIVES37.index(k)] if k in FIVES37 else 0
            values += [name37(k)] * (counts[k] - red)
            if red:
                values += [name37(34 + FIVES37.index(k))] * red
    out = []
    for v in values:
        try:
            out.append(name37(tile37(v)))
        except (MjaspError, ValueError):
            raise AdviseError(f"bad dora indicator {v!r}") from None
    return tuple(out)


def kan_indicator_pending(hand: Hand, indicators: Sequence[str]) -> bool:
    """Whether one dora indicator is still to turn: raise :class:`AdviseError` unless the
    ``indicators`` given (none: not stated) are at least ``fewest_dora_indicators``, one
    fewer allowed for a 14-tile hand with an open kan (a hand just after its replacement
    draw, the indicator turning after this discard), in which case it is pending (True).
    The hand does not say which kan came last: any open one may be."""
    if not indicators:
        return False
    kans, fewest = fewest_dora_indicators(hand.melds, hand.tile_count == 14)
    if len(indicators) < fewest:
        raise AdviseError(too_few_dora_indicators(len(indicators), kans, fewest))
    return len(indicators) == kans  # one fewer than one plus one per kan


def _with_pending(note: str, pending: bool, counted: bool) -> str:
    """``note``, and how the pending indicator (``kan_indicator_pending``) is played:
    ``counted`` (mjasp's model: ``Model.unknown_indicators``) or not (mahjong-cpp's, which
    has no kans)."""
    if not pending:
        return note
    said = "one dora indicator is still to turn (the open kan's, after this discard): " + (
        "counted as a tile of the wall, as the ura indicators are" if counted else
        "not counted, the values count the dora of the indicators shown only")
    return f"{note}; {said}" if note else said


def setup_model(hand: Hand | str, options: dict[str, Any]) -> tuple[Model, Counts37, Hand]:
    """The checked model of a call of :func:`advise` (``options`` are its keywords)."""
    call = _checked(hand, **options)
    return _model(call), call.start, call.hand


class _Call(NamedTuple):
    """A call of :func:`advise`, checked (:func:`_checked`): the hand parsed, its 37
    counts, the wall's 37 counts before any draw, and the situation and options read."""

    hand: Hand
    start: Counts37
    unseen: tuple[int, ...]
    indicators: tuple[str, ...]
    seat: str
    rnd: str
    rules: Rules
    draws: int
    pending: bool
    riichi: str
    extra: int
    progress: Callable[[int], None] | None


def _model(call: _Call) -> Model:
    """mjasp's own model of a checked call."""
    return Model(start=call.start, draws=call.draws, unseen=bytes(call.unseen),
                 dora_indicators=call.indicators, seat_wind=call.seat, round_wind=call.rnd,
                 rules=call.rules, melds=call.hand.melds, riichi=call.riichi,
                 extra=call.extra, progress=call.progress, hand=call.hand,
                 indicator_pending=call.pending)


def _checked(hand: Hand | str, *, dora_indicators: Iterable[str] | str = (),
             seat_wind: str = "E", round_wind: str = "E", rules: Rules | str = "tenhou",
             model: str = "mjasp", draws: int | None = None, visible: str = "",
             riichi: str = "choose", extra: int = 1, wall_sum: int | None = None,
             max_shanten: int = MAX_EXACT_SHANTEN,
             progress: Callable[[int], None] | None = None) -> _Call:
    """:func:`advise`'s arguments checked and read (each bad one an ``AdviseError``)."""
    if model not in MODELS:
        raise AdviseError(f"unknown model {model!r}; known: {', '.join(MODELS)}")
    if riichi not in POLICIES:
        raise AdviseError(f"unknown riichi policy {riichi!r}; known: {', '.join(POLICIES)}")
    try:
        chosen = find_rules(rules) if isinstance(rules, str) else rules
    except RulesError as e:
        raise AdviseError(str(e)) from None
    if not isinstance(chosen, Rules):
        raise AdviseError(f"rules must be a preset name or Rules, not {type(rules).__name__}")
    h = Hand.parse(hand) if isinstance(hand, str) else hand
    if not isinstance(h, Hand):
        raise AdviseError(f"hand must be mpsz text or a Hand, not {type(hand).__name__}")
    total = h.tile_count
    if total not in (13, 14):
        raise AdviseError(f"{total} tiles: advise needs 13 (before a draw) or 14 "
                          f"(after a draw), melds counting three")
    seat = WINDS.get(seat_wind)
    rnd = WINDS.get(round_wind)
    if seat is None or rnd is None:
        raise AdviseError(f"unknown wind {seat_wind if seat is None else round_wind!r}; "
                          "use E S W N")
    indicators = _indicators(dora_indicators)
    pending = kan_indicator_pending(h, indicators)
    if draws is None:
        draws = 17
    if not isinstance(draws, int) or isinstance(draws, bool) or not 0 <= draws <= 69:
        raise AdviseError(f"draws must be an integer 0..69, not {draws!r}")
    if extra not in (0, 1, 2):
        raise AdviseError(f"extra must be 0, 1 or 2, not {extra!r}")
    start = of_hand(h)
    seen = list(start)
    for ind in indicators:
        t = tile37(ind)
        seen[kind37(t)] += 1
        if t >= 34:
            seen[t] += 1  # a red five
    if not isinstance(visible, str):
        raise AdviseError(f"visible must be mpsz text, not {type(visible).__name__}")
    shown = visible.strip()
    vis = seen37(visible) if shown else bytes(37)
    for meld in h.melds:
        for k in meld_kinds(meld):
            seen[k] += 1
    for r, held in enumerate(red_fives_held(h)):
        seen[34 + r] += held - start[34 + r]  # a red five called is out of the wall too
    if chosen.players == 3 and any(seen[k] for k in range(1, 8)):
        raise AdviseError("three-player rules have no 2m-8m")
    if chosen.players == 3 and any(vis[k] for k in range(1, 8)):
        # else the unseen count of that kind goes negative: "more than four copies"
        raise AdviseError("visible tiles: three-player rules have no 2m-8m")
    if chosen.players == 3:
        # as ``mjasp.score`` refuses them: every win would be refused, silently 0 points
        if "N" in (seat, rnd):
            raise AdviseError("three players have no North seat or round; the "
                              f"{'seat' if seat == 'N' else 'round'} is N")
        if any(m.kind is MeldKind.CHI for m in h.melds):
            raise AdviseError("three players cannot call chi; an open sequence is impossible")
    # the set's tiles less the hand's, the melds', the indicators' and the visible ones:
    # ``default_unseen`` of no tiles less them (``map`` of operator's functions: a tenth
    # of a generator's instructions an item; no visible tiles, one pass)
    unseen = tuple(map(sub, _in_set(chosen), map(add, vis, seen) if shown else seen))
    if min(unseen[:34]) < 0:
        k = next(k for k in range(34) if unseen[k] < 0)
        raise AdviseError(f"more than four copies of {tile_name(k)} among the hand, "
                          "melds, dora indicators and visible tiles")
    try:
        check_red_fives(h, chosen)  # the hand alone: every command's check and message
        check_red_five_counts([vis[34 + r] + seen[34 + r] for r in range(3)], chosen,
                              "among the hand, melds, dora indicators and visible tiles")
    except HandError as e:
        raise AdviseError(str(e)) from None
    for r in range(3):
        five = (4, 13, 22)[r]
        if unseen[34 + r] > unseen[five]:
            # more plain fives in sight than the set holds (a red one written plain)
            reds = chosen.red_fives[r]
            plain = 4 - unseen[five] - (reds - unseen[34 + r])
            raise AdviseError(f"{plain} plain 5{'mps'[r]} among the hand, melds, dora "
                              f"indicators and visible tiles; the {chosen.name} rules make "
                              f"{reds} of the four 5{'mps'[r]} red, so {4 - reds} are plain "
                              f"(a red five is written 0{'mps'[r]})")
    if model == "mahjong-cpp" and chosen.players != 4:
        raise AdviseError("the mahjong-cpp model is four-player only")
    n_unseen = sum(unseen[:34])
    if draws > n_unseen:
        raise AdviseError(f"draws {draws} exceeds the {n_unseen} unseen tiles")
    return _Call(h, start, unseen, indicators, seat, rnd, chosen, draws, pending, riichi,
                 extra, progress)


#: the last rules asked of ``_in_set`` and their tile set
_LAST_IN_SET: list[Any] = []


def _in_set(rules: Rules) -> tuple[int, ...]:
    """The rules' tile set as 37 counts (``default_unseen`` of no tiles), kept for the
    last rules asked (a frozen value: the same set).

    >>> from mjasp.rules import find_rules
    >>> _in_set(find_rules("tenhou"))[:5], _in_set(find_rules("tenhou"))[34:]
    ((4, 4, 4, 4, 4), (1, 1, 1))
    """
    last = _LAST_IN_SET
    if not last or last[0] is not rules:
        last[:] = (rules, default_unseen(bytes(37), rules))
    found: tuple[int, ...] = last[1]
    return found


def advise(hand: Hand | str, *, dora_indicators: Iterable[str] | str = (),
           seat_wind: str = "E", round_wind: str = "E", rules: Rules | str = "tenhou",
           model: str = "mjasp", draws: int | None = None, visible: str = "",
           riichi: str = "choose", extra: int = 1, wall_sum: int | None = None,
           max_shanten: int = MAX_EXACT_SHANTEN,
           progress: Callable[[int], None] | None = None) -> Advice:
    """Per discard: shanten, effective tiles, and per turn the tenpai probability, win
    probability and expected points, computed exactly in the stated model.

    ``model="mahjong-cpp"`` with no other argument uses that program's web defaults
    (17 draws, its wall and divisor, forced riichi, ``extra=1``).

    >>> a = advise("123456789m1234p5z", draws=2)
    >>> a.candidates[0].discard, a.candidates[0].shanten
    ('5z', 0)
    """
    call = _checked(hand, dora_indicators=dora_indicators, seat_wind=seat_wind,
                    round_wind=round_wind, rules=rules, model=model, draws=draws,
                    visible=visible, riichi=riichi, extra=extra, wall_sum=wall_sum,
                    progress=progress)
    h, start, chosen, seat, rnd = call.hand, call.start, call.rules, call.seat, call.rnd
    indicators, draws, pending = call.indicators, call.draws, call.pending
    fourteen = sum(start[:34]) % 3 == 2
    settings = {"dora_indicators": list(indicators), "seat_wind": seat, "round_wind": rnd,
                "rules": chosen.name, "riichi": riichi if model == "mjasp" else "always",
                "extra": extra, "visible": visible}
    # mahjong-cpp's model is its own module, which needs none of mjasp's ``Model`` (whose
    # tables cost a tenpai call 0.28 M instructions there): the hand's shanten as the
    # Model computes it (``mjasp.shanten`` of the Hand under the rules)
    m = _model(call) if model == "mjasp" else None
    s0 = m.s0 if m is not None else shanten_of(h, rules=chosen)
    if fourteen and s0 == -1:
        # which tile was drawn is not given, and the score depends on it (pinfu, the
        # wait's fu): the best self-draw over the concealed tiles, that tile named
        pts: int | None = None
        best = ""
        for t in distinct_tiles(start):
            # one indicator to turn: the tile just drawn is the open kan's replacement
            w = Win(tile=name37(t), tsumo=True, seat_wind=seat, round_wind=rnd,
                    dora_indicators=indicators, rinshan=pending)
            try:
                s = score_hand(h, w, rules=chosen)
            except MjaspError:
                continue
            if (s.han > 0 or s.yakuman) and (pts is None or s.points > pts):
                pts, best = s.points, name37(t)
        if best:
            note = f"a complete hand: win it (its best score as a self-draw, on {best}" + \
                (", the replacement tile of the open kan: rinshan kaihou)" if pending else ")")
            return Advice(str(h), -1, model, draws, (), True, note, pts, 0, settings)
        if model == "mahjong-cpp":
            # no score to answer with, and its program computes nothing for a complete
            # hand: its web server refuses one ("the hand is already a winning form",
            # calculate_result in src/server/request_processor.cpp)
            raise AdviseError("a complete hand with no yaku as a self-draw: mahjong-cpp "
                              "refuses a complete hand (model mjasp discards and plays on)")
        # an open hand complete without a yaku is no win (docs/advise.md): it discards
        # and plays on like any other 14-tile hand
    if model == "mahjong-cpp":
        # its own module: its graph search and values, as its code computes them
        from mjasp.advice import cpp_model
        found = cpp_model.advice(h, start, list(call.unseen), indicators=indicators, seat=seat,
                                 rnd=rnd, rules=chosen, draws=draws, extra=extra,
                                 wall_sum=wall_sum,
                                 max_shanten=max_shanten,
                                 settings=settings)
        # (``replace`` only where the note changes: it costs a tenpai call 20 k instructions)
        return replace(found, note=_with_pending(found.note, pending, False)) if pending \
            else found
    assert m is not None
    starts: list[tuple[str | None, Counts37]] = []
    if fourteen:
        starts = [(name37(t), sub37(start, t)) for t in distinct_tiles(start)]
    else:
        starts = [(None, start)]
    exact = s0 <= max_shanten
    note = "" if exact else (f"{s0}-shanten is beyond the exact range (at most "
                             f"{max_shanten}-shanten): effective tiles only")
    if fourteen and s0 == -1:
        note = "a complete hand with no yaku as a self-draw: no win, a discard"
    if exact and draws > 0:
        m.solve([h13 for _, h13 in starts], draws)
    out = []
    ukeire = _ukeire_all(m, [h13 for _, h13 in starts])
    for (name, h13), uke in zip(starts, ukeire, strict=True):
        sh = m.shanten(h13)
        if not exact:
            out.append(Candidate(name, sh, uke, (), (), ()))
            continue
        decision, tp, wp, ev = m.candidate_values(h13, draws)
        out.append(Candidate(name, sh, uke, tuple(tp), tuple(wp), tuple(ev), decision))
    if exact:
        # best first by the policy's rule (points, then win chance, equal within its
        # tolerance: ``graph.choose``, one after the other: ``graph.ranked``), then the
        # lower shanten, then the discards' order
        out = [out[i] for i in ranked([
            (c.expected_points[0] if c.expected_points else 0.0,
             c.win_prob[0] if c.win_prob else 0.0, -c.shanten) for c in out])]
    else:
        out.sort(key=lambda c: (c.shanten, -c.ukeire_count))
    return Advice(str(h), s0, model, draws, tuple(out), exact,
                  _with_pending(note, pending, True),
                  None, m.nodes, settings)


def meld_kinds(meld: Any) -> list[int]:
    """The kinds of a meld's tiles (``Meld.tiles()``)."""
    return [int(t) for t in meld.tiles()]


def _ukeire(m: Model, h13: Counts37) -> tuple[tuple[str, int], ...]:
    """Kinds that lower the shanten of ``h13``, with their copies in the wall."""
    sh = m.shanten(h13)
    assert m.unseen is not None
    out = []
    for k in range(34):
        if h13[k] >= 4 or (m.rules.players == 3 and 1 <= k <= 7):
            continue
        plus = bytearray(h13)
        plus[k] += 1
        if m.shanten(bytes(plus)) < sh and m.unseen[k] > 0:
            out.append((tile_name(k), m.unseen[k]))
    return tuple(out)


def _ukeire_all(m: Model, hands13: list[Counts37], compiled: bool = True
                ) -> list[tuple[tuple[str, int], ...]]:
    """``_ukeire`` of each hand: without melds, by the numbers the graph is built with
    (a test checks the two): where the kernel and ``_dp`` are compiled (and ``compiled``),
    each hand and its kinds in one call of the kernel (``_dp.ukeire``), else every hand
    plus every kind in one ``shanten_batch`` call."""
    if m.melds or not hands13:
        return [_ukeire(m, h) for h in hands13]
    assert m.unseen is not None
    dp = _graph._dp if compiled else None
    capsule = kernel_capsule(m.rules) if dp is not None else None
    if dp is not None and capsule is not None:
        names, unseen = _KIND_NAMES, m.unseen
        return [tuple([(names[k], unseen[k]) for k in kinds])
                for _own, kinds in dp.ukeire(capsule, b"".join(hands13), unseen)]
    import numpy as np

    from mjasp.analysis.shanten import shanten_batch
    hands = np.frombuffer(b"".join(hands13), dtype=np.uint8).reshape(-1, 37)[:, :34]
    wall = np.frombuffer(m.unseen, dtype=np.uint8)[:34]
    # a kind is drawable when the wall holds it (never a fifth copy, never 2m-8m with
    # three players: the wall has none)
    rows, kinds = np.nonzero((hands < 4) & (wall > 0))
    plus = hands[rows]
    plus[np.arange(len(rows)), kinds] += 1
    found = shanten_batch(plus, m.rules)
    before = np.array([m.shanten(h) for h in hands13])
    lower = found < before[rows]
    out: list[list[tuple[str, int]]] = [[] for _ in hands13]
    unseen, names = m.unseen, _KIND_NAMES
    for r, k in zip(rows[lower].tolist(), kinds[lower].tolist(), strict=True):
        out[r].append((names[k], unseen[k]))
    return [tuple(u) for u in out]


#: ``tile_name`` of each kind
_KIND_NAMES = tuple(tile_name(k) for k in range(34))


__all__ = ["Advice", "AdviseError", "Candidate", "advise", "kan_indicator_pending"]
