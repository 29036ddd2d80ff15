"""The value of one scoring candidate — :class:`Score` with its yaku items, fu parts and
reading — and :func:`make_score`, which totals it: the one result type every scoring
engine returns, so that any two engines round, suppress and rank alike.

>>> r = ScoredReading(Decomposition.of([]), Block.parse("123m"), WaitShape.RYANMEN)
>>> s = make_score([YakuItem(Yaku.PINFU, 1)], [("base", 20), ("menzen ron", 10)], r,
...                Win("1m", seat_wind="S"), Rules())  # a non-dealer's ron: 4 x 30 x 2^3 -> 1000
>>> s.han, s.fu, s.points
(1, 30, 1000)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from mjasp.core.blocks import Block, Decomposition, WaitShape
from mjasp.core.frozen import twin
from mjasp.core.win import Win
from mjasp.core.yaku import CustomYaku, Yaku
from mjasp.rules import RULES_CACHED, Rules
from mjasp.rules.points import Payments, no_payments, settle, value

__all__ = [
    "FU_REASONS",
    "NO_YAKU",
    "Payments",
    "Score",
    "ScoredReading",
    "YakuItem",
    "count_items",
    "fu_rounded",
    "han_fu",
    "is_yakuman_item",
    "make_score",
    "make_score_merged",
    "rank_key",
    "renhou_alone",
    "rounded_fu",
]

#: The reasons of ``Score.fu_details``, in the order they are listed; each appears at most
#: once, with the fu of every block it covers summed.
FU_REASONS: tuple[str, ...] = (
    "base",  # 20, futei (fuutei)
    "chiitoitsu",  # 25 flat, nothing else added
    "menzen ron",  # 10, a closed hand (closed kans allowed) won by ron
    "tsumo",  # 2, except with pinfu; rinshan keeps it
    "open pinfu",  # 10, lifts an open hand with 20 fu to 30
    "kanchan wait",  # 2
    "penchan wait",  # 2
    "tanki wait",  # 2
    "yakuhai pair",  # 2 per value (dragon, seat wind, round wind): a double-wind pair is 4
    "open triplet",  # 2 each (a triplet completed by ron counts as open)
    "open triplet terminal/honor",  # 4 each
    "closed triplet",  # 4 each
    "closed triplet terminal/honor",  # 8 each
    "open quad",  # 8 each
    "open quad terminal/honor",  # 16 each
    "closed quad",  # 16 each
    "closed quad terminal/honor",  # 32 each
)
#: ``Score.reason`` of a complete hand with no yaku.
NO_YAKU = "no yaku (dora, ura dora and red fives are not yaku)"


@dataclass(frozen=True, slots=True)
class YakuItem:
    """One line of a score: a yaku and its han (13 per yakuman; the count for dora); the
    yaku is a ``Yaku`` or a ``CustomYaku`` of a user's encoding."""

    yaku: Yaku | CustomYaku
    han: int

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {"id": self.yaku.tenhou_id, "name": self.yaku.english,
                "japanese": self.yaku.japanese, "han": self.han}


@dataclass(frozen=True, slots=True)
class ScoredReading:
    """The chosen reading and where the winning tile sits in it.

    ``win_block`` is the block the winning tile completes (``SINGLE`` for kokushi),
    ``wait`` its wait shape (machi).
    """

    decomposition: Decomposition
    win_block: Block
    wait: WaitShape

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {"decomposition": self.decomposition.to_json(),
                "win_block": str(self.win_block), "wait": self.wait.value}


@dataclass(frozen=True, slots=True)
class Score:
    """What a win is worth: the same type from every engine.

    ``points`` is the winner's gain before honba and riichi sticks; ``payments`` has
    them; ``yakuman`` is the real yakuman multiple (0 for a counted 13+ han hand,
    whose ``limit`` is still ``"yakuman"``); ``fu`` is rounded (0 for a yakuman);
    ``yaku`` is in Tenhou id order; ``reason`` says why ``points`` is 0.
    """

    han: int
    fu: int
    points: int
    yakuman: int
    limit: str | None
    yaku: tuple[YakuItem, ...]
    fu_details: tuple[tuple[str, int], ...]
    payments: Payments
    reading: ScoredReading | None
    reason: str | None = None

    @property
    def value(self) -> tuple[int, int, int, int, str | None, tuple[tuple[int | str, int], ...]]:
        """(points, han, fu, yakuman, limit, ((yaku value, han), ...)): what engines agree on
        (the yaku value is its Tenhou id where it has one, a custom yaku's name)."""
        return (self.points, self.han, self.fu, self.yakuman, self.limit,
                tuple((i.yaku.value, i.han) for i in self.yaku))

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {"han": self.han, "fu": self.fu, "points": self.points,
                "yakuman": self.yakuman, "limit": self.limit,
                "yaku": [i.to_json() for i in self.yaku],
                "fu_details": [{"reason": r, "fu": f} for r, f in self.fu_details],
                "payments": {"ron": self.payments.ron, "dealer": self.payments.dealer,
                             "others": self.payments.others, "sticks": self.payments.sticks,
                             "total": self.payments.total, "liable": self.payments.liable},
                "reading": self.reading.to_json() if self.reading else None,
                "reason": self.reason}


def rank_key(s: Score) -> tuple[int, ...]:
    """Larger is better: most points, then a real yakuman over a counted one, then han, fu.

    >>> counted = Score(13, 30, 32000, 0, "yakuman", (), (), no_payments(), None)
    >>> real = Score(13, 0, 32000, 1, "yakuman", (), (), no_payments(), None)
    >>> rank_key(real) > rank_key(counted)
    True
    """
    return (s.points, s.yakuman > 0, s.han, s.fu)


def make_score(items: Iterable[YakuItem], fu_details: Iterable[tuple[str, int]],
               reading: ScoredReading, win: Win, rules: Rules) -> Score:
    """A score from a candidate's yaku items and fu parts (engines call this).

    Yakuman items (han 13 each, 26 for a double yakuman of ``rules.double_yakuman``: the
    engines give each item its han under the rules) drop every other item; without
    ``rules.yakuman_stacking`` only the largest yakuman counts, and ``rules.yakuman_cap``
    caps the multiple. A candidate without a yaku (dora alone) is worth nothing; a riichi
    win always lists ura dora, as Tenhou does (0 han when none hits). Fu are rounded up to
    10, except chiitoitsu's 25. A renhou item of less than 13 han (``rules.renhou ==
    "mangan"``: engines give it 5) is an ordinary yaku that adds up with the others; with
    ``"mangan_alone"`` the candidate scores the higher of renhou alone and the rest
    (:func:`renhou_alone`).

    >>> r = ScoredReading(Decomposition.of([]), Block(0, 0), WaitShape.RYANMEN)
    >>> make_score([YakuItem(Yaku.DORA, 2)], [("base", 20)], r, Win("1m"),
    ...            Rules()).reason == NO_YAKU
    True
    """
    return make_score_merged(items, _merge(fu_details), reading, win, rules)


def make_score_merged(items: Iterable[YakuItem], fu_details: tuple[tuple[str, int], ...],
                      reading: ScoredReading, win: Win, rules: Rules) -> Score:
    """:func:`make_score` for fu parts already one per reason in ``FU_REASONS`` order (a
    tuple, kept as the score's ``fu_details``): the direct engine's, which it builds so.

    >>> r = ScoredReading(Decomposition.of([]), Block(0, 0), WaitShape.RYANMEN)
    >>> make_score_merged([YakuItem(Yaku.TANYAO, 1)], (("base", 20), ("tsumo", 2)), r,
    ...                   Win("2m", tsumo=True), Rules()).points
    1500
    """
    if win.renhou and rules.renhou == "mangan_alone":
        items = renhou_alone(items)
    listed: list[YakuItem] = []
    kept: list[YakuItem] = []  # the yakuman items
    han, yakuman, has_yaku, has_ura, last_id, in_order = count_items(items, listed, kept)
    # value and settle are read through a table of their answers per rules (a few hundred
    # keys: the hand's han and fu or yakuman, the seat, tsumo, honba and sticks)
    last = _LAST_SETTLED[0]
    table = last[1] if last[0] is rules else _settled_table(rules)
    if yakuman:
        if len(kept) > 1:
            kept.sort(key=_by_id)
        if not rules.yakuman_stacking and len(kept) > 1:
            # only the largest yakuman counts; of equals, the first in id order
            kept = [max(kept, key=_by_han)]
            yakuman = kept[0].han
        liable = _liable_base(kept, win, rules) if win.liable is not None else 0
        key = (-yakuman, liable, win.seat_wind, win.tsumo, win.honba, win.riichi_sticks)
        settled = table.get(key)
        if settled is None:
            base = value(0, 0, yakuman // 13, rules)[0]  # the cap, if any
            settled = _settle_into(table, key, base, min(base, liable), win, rules,
                                   base // 8000)
        gain, paid, multiple = settled
        return build_score(13 * multiple, 0, gain, multiple, "yakuman", tuple(kept), (), paid,
                           reading, None)
    if not has_yaku:
        return build_score(0, 0, 0, 0, None, (), (), NO_PAYMENTS, reading, NO_YAKU)
    fu = rounded_fu(fu_details)
    if win.riichi and not has_ura:
        # Tenhou lists ura dora on every riichi win, with 0 han when no indicator hits
        listed.append(_NO_URA)
        if last_id > _URA_ID:
            in_order = False
    if not in_order:
        try:
            listed.sort(key=_YAKU_ID)  # every item a Yaku: its id, read in C
        except AttributeError:  # a CustomYaku has no _value_ (the list is left as it was)
            listed.sort(key=_by_id)
    key = (han, fu, win.seat_wind, win.tsumo, win.honba, win.riichi_sticks)
    settled = table.get(key)
    if settled is None:
        base, limit = value(han, fu, 0, rules)
        settled = _settle_into(table, key, base, 0, win, rules, limit)
    gain, paid, limit = settled
    return build_score(han, fu, gain, 0, limit, tuple(listed), fu_details, paid, reading, None)


def count_items(items: Iterable[YakuItem], listed: list[YakuItem], kept: list[YakuItem],
                order: bool = True) -> tuple[int, int, bool, bool, int, bool]:
    """The one pass over a candidate's yaku items that :func:`make_score_merged` and
    :func:`han_fu` total: the items listed (those with han, and ura dora) appended to
    ``listed``, the yakuman items to ``kept``; returns (the han of every item, the yakuman
    han, whether an ordinary yaku is among them, whether ura dora is, the Tenhou id of the
    last item listed, whether they came in id order; with ``order`` False, for a caller
    that reads neither, -1 and True without reading the ids). (Lists filled, C values
    returned: the compiled build makes no tuple per candidate.)

    >>> listed, kept = [], []
    >>> count_items([YakuItem(Yaku.TANYAO, 1), YakuItem(Yaku.DORA, 2),
    ...              YakuItem(Yaku.PINFU, 0)], listed, kept)[:3]
    (3, 0, True)
    >>> len(listed), kept
    (2, [])
    """
    han = yakuman = 0
    has_yaku = has_ura = False
    # the id of the last item listed, and whether they came in id order (then no sort)
    last_id, in_order = -1, True
    for item in items:  # one pass: this runs for every candidate of every hand
        n = item.han
        yaku = item.yaku
        if order and (n or yaku is _URA):
            at = getattr(yaku, "_value_", 1_000)  # _by_id, without hashing the member
            if at < last_id:
                in_order = False
            last_id = at
        if n:
            listed.append(item)
            han += n
            if yaku in _DORA:
                if yaku is _URA:
                    has_ura = True
            # is_yakuman_item, inline
            elif n >= 13 and (yaku in _YAKUMAN
                              or (yaku.__class__ is CustomYaku and yaku.is_yakuman)):
                yakuman += n
                kept.append(item)
            else:
                has_yaku = True
        elif yaku is _URA:  # listed with 0 han (Tenhou lists ura dora on a riichi win)
            has_ura = True
            listed.append(item)
    return han, yakuman, has_yaku, has_ura, last_id, in_order


def rounded_fu(fu_details: tuple[tuple[str, int], ...]) -> int:
    """A candidate's fu: its parts (one per reason, ``make_score_merged``'s) summed and
    rounded up to 10, except chiitoitsu's 25.

    >>> rounded_fu((("base", 20), ("tsumo", 2))), rounded_fu((("chiitoitsu", 25),))
    (30, 25)
    """
    raw = 0
    for _, part in fu_details:  # (a loop: the compiled build adds C ints)
        raw += part
    return fu_rounded(raw, fu_details[0][0] == "chiitoitsu")


def fu_rounded(raw: int, chiitoitsu: bool) -> int:
    """Fu summed to ``raw`` rounded up to 10, except chiitoitsu's 25 (``chiitoitsu``):
    :func:`rounded_fu`'s rounding, for a caller that summed the parts itself.

    >>> fu_rounded(22, False), fu_rounded(25, True)
    (30, 25)
    """
    return raw if chiitoitsu else -(-raw // 10) * 10


def han_fu(items: Iterable[YakuItem], fu_details: tuple[tuple[str, int], ...], win: Win,
           rules: Rules) -> tuple[int, int] | None:
    """The (han, fu) of the score :func:`make_score_merged` makes of the same arguments,
    without making it, where that score is an ordinary one (a yaku, no yakuman, no renhou
    choice): else None, and the caller asks ``make_score_merged`` (the same items summed
    by the same :func:`count_items`, the same :func:`rounded_fu`).

    >>> han_fu([YakuItem(Yaku.TANYAO, 1), YakuItem(Yaku.DORA, 1)], (("base", 20),
    ...        ("tsumo", 2)), Win("2m", tsumo=True), Rules())
    (2, 30)
    >>> han_fu([YakuItem(Yaku.DORA, 1)], (("base", 20),), Win("2m"), Rules()) is None
    True
    """
    if win.renhou and rules.renhou == "mangan_alone":
        return None
    han, yakuman, has_yaku, _, _, _ = count_items(items, [], [], False)  # (no ids read)
    if yakuman or not has_yaku:
        return None
    return han, rounded_fu(fu_details)


_Settled = tuple[int, Payments, Any]


def _settle_into(table: dict[tuple[object, ...], _Settled], key: tuple[object, ...],
                 base: int, liable_base: int, win: Win, rules: Rules,
                 extra: object) -> _Settled:
    """``settle``'s answer for ``base`` points, with ``extra``, kept in ``table``."""
    if len(table) >= SETTLED_CACHED:  # bounded: many honba and sticks values
        table.clear()
    settled = table[key] = (*settle(base, win.seat_wind == "E", win.tsumo, win.honba,
                                    win.riichi_sticks, rules, liable_base), extra)
    return settled


#: How many answers of ``value`` and ``settle`` each rule set keeps (``make_score``: by
#: han, fu, seat, tsumo, honba and sticks; a yakuman by its negated han and the liable
#: part instead of han and fu), and for how many rule sets (by content).
SETTLED_CACHED = 4096
_SETTLED: dict[Rules, dict[tuple[object, ...], _Settled]] = {}
#: The rules of the last score and their table (a rules object is usually used again:
#: a ``Rules`` hashes its fields in Python).
_LAST_SETTLED: list[tuple[Rules | None, dict[tuple[object, ...], _Settled]]] = [(None, {})]


def _settled_table(rules: Rules) -> dict[tuple[object, ...], _Settled]:
    table = _SETTLED.get(rules)
    if table is None:
        if len(_SETTLED) >= RULES_CACHED:  # a caller making new rules per hand: stay small
            _SETTLED.clear()
        table = _SETTLED[rules] = {}
    _LAST_SETTLED[0] = (rules, table)
    return table


def renhou_alone(items: Iterable[YakuItem]) -> list[YakuItem]:
    """The items a candidate scores when renhou is a mangan the other yaku do not add to
    (``Rules.renhou == "mangan_alone"``, the WRC's): renhou alone (5 han, a mangan, no
    other yaku nor dora) or the rest without it, whichever pays more. The rest beats a
    mangan only from 6 han (below, it is a mangan at most) and only with a yaku (dora alone
    win nothing); a yakuman drops renhou as it drops every ordinary yaku.

    >>> renhou, dora = YakuItem(Yaku.RENHOU, 5), YakuItem(Yaku.DORA, 3)
    >>> renhou_alone([renhou, YakuItem(Yaku.CHIITOITSU, 2), dora]) == [renhou]
    True
    >>> renhou_alone([renhou, YakuItem(Yaku.CHINITSU, 6)]) == [YakuItem(Yaku.CHINITSU, 6)]
    True
    """
    items = list(items)
    renhou = [i for i in items if i.yaku is _RENHOU]
    if not renhou or any(is_yakuman_item(i) for i in items):
        return items
    rest = [i for i in items if i.yaku is not _RENHOU]
    if any(i.han and i.yaku not in _DORA for i in rest) and sum(i.han for i in rest) >= 6:
        return rest
    return renhou


def is_yakuman_item(item: YakuItem) -> bool:
    """A yakuman that is paid as one: a yakuman yaku (mjasp's or a custom yaku declared a
    yakuman) carrying 13 han or more (renhou played as a 5 han yaku is an ordinary yaku).

    >>> is_yakuman_item(YakuItem(Yaku.RENHOU, 5)), is_yakuman_item(YakuItem(Yaku.RENHOU, 13))
    (False, True)
    """
    yaku = item.yaku
    return item.han >= 13 and (yaku in _YAKUMAN
                               or (yaku.__class__ is CustomYaku and yaku.is_yakuman))


def _liable_base(kept: Iterable[YakuItem], win: Win, rules: Rules) -> int:
    """Base points of the yakuman a liable player answers for (``Rules.pao``, ``Win.liable``;
    with ``Rules.pao_whole_hand`` every yakuman of a hand holding a liable one)."""
    if win.liable is None or not rules.pao:
        return 0
    liable = 8000 * sum(i.han // 13 for i in kept if i.yaku.name.lower() in rules.pao)
    if liable and rules.pao_whole_hand:
        return 8000 * sum(i.han // 13 for i in kept)
    return liable


# make_score builds a Score (and a ScoredReading) for every candidate of every hand: each
# is filled as its mutable twin (mjasp.core.frozen), a fraction of what the generated
# __init__ of a frozen dataclass costs (neither class has a __post_init__).
_ScoreDraft = twin(Score)
_ReadingDraft = twin(ScoredReading)
_NEW = object.__new__


def python_build_score(han: int, fu: int, points: int, yakuman: int, limit: str | None,
                       yaku: tuple[YakuItem, ...], fu_details: tuple[tuple[str, int], ...],
                       payments: Payments, reading: ScoredReading | None,
                       reason: str | None) -> Score:
    """``Score(...)`` with the same positional arguments (every one given), faster (see
    above): what ``build_score`` is without the compiled kernel."""
    made: Any = _NEW(_ScoreDraft)
    made.han = han
    made.fu = fu
    made.points = points
    made.yakuman = yakuman
    made.limit = limit
    made.yaku = yaku
    made.fu_details = fu_details
    made.payments = payments
    made.reading = reading
    made.reason = reason
    made.__class__ = Score
    return made  # type: ignore[no-any-return]


def python_scored_reading(decomposition: Decomposition, win_block: Block,
                          wait: WaitShape) -> ScoredReading:
    """``ScoredReading(...)`` with the same positional arguments, faster (as
    ``python_build_score``): what ``scored_reading`` is without the compiled kernel."""
    made: Any = _NEW(_ReadingDraft)
    made.decomposition = decomposition
    made.win_block = win_block
    made.wait = wait
    made.__class__ = ScoredReading
    return made  # type: ignore[no-any-return]


_ScoreBuilder = Callable[[int, int, int, int, str | None, tuple[YakuItem, ...],
                          tuple[tuple[str, int], ...], Payments, ScoredReading | None,
                          str | None], Score]
_ReadingBuilder = Callable[[Decomposition, Block, WaitShape], ScoredReading]
#: ``Score(...)`` and ``ScoredReading(...)`` of positional arguments (every one given): the
#: Python builds above, or the compiled fill of the same slots that ``mjasp.solvers.kernel``
#: installs while its compiled path is on (:func:`use_compiled_builders`; this layer imports
#: no engine). Read them from this module when called: they are rebound.
build_score: _ScoreBuilder = python_build_score
scored_reading: _ReadingBuilder = python_scored_reading


def use_compiled_builders(builders: tuple[_ScoreBuilder, _ReadingBuilder] | tuple[()]) -> None:
    """Install (or, with ``()``, remove) compiled ``build_score`` and ``scored_reading``;
    each must build what the Python one builds (tests/solvers/test_kernel_builders.py).

    >>> import mjasp.rules.scorecard as card  # the module's names: they are rebound
    >>> previous = (card.build_score, card.scored_reading); use_compiled_builders(())
    >>> card.build_score is python_build_score
    True
    >>> use_compiled_builders(previous)
    """
    global build_score, scored_reading
    build_score, scored_reading = builders or (python_build_score, python_scored_reading)


NO_PAYMENTS = no_payments()
_YAKUMAN = frozenset(y for y in Yaku if y.is_yakuman)
_DORA = frozenset(y for y in Yaku if y.is_dora)
_URA = Yaku.URA_DORA
_RENHOU = Yaku.RENHOU
_URA_ID = _URA.value
_NO_URA = YakuItem(_URA, 0)


# the order of items: Tenhou's ids, then the yaku Tenhou lacks (their values are above 54)
_TENHOU_ID: dict[Yaku | CustomYaku, int] = {y: y.value for y in Yaku}


#: ``_by_id`` of an item whose yaku is a ``Yaku`` (its value is its Tenhou id).
_YAKU_ID = operator.attrgetter("yaku._value_")


def _by_id(item: YakuItem) -> int:
    # a custom yaku after every Yaku (a stable sort keeps the engine's order among them)
    return _TENHOU_ID.get(item.yaku, 1_000)


def _by_han(item: YakuItem) -> tuple[int, int]:
    """Larger han first, then the smaller id (``max`` keeps the first of equals)."""
    return item.han, -_TENHOU_ID.get(item.yaku, 1_000)


def _merge(parts: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """One entry per reason, fu summed, in ``FU_REASONS`` order."""
    parts = tuple(parts)
    # the common case, checked in one pass: the parts already come one per reason, in order
    last = -1
    for reason, _ in parts:
        at = _REASON_ORDER.get(reason, -1)
        if at <= last:
            break
        last = at
    else:
        return parts
    total: dict[str, int] = {}
    for reason, fu in parts:
        total[reason] = total.get(reason, 0) + fu
    if not _REASON_ORDER.keys() >= total.keys():
        raise ValueError(f"unknown fu reason in {sorted(total)}")
    return tuple([(r, total[r]) for r in sorted(total, key=_REASON_ORDER.__getitem__)])


_REASON_ORDER = {r: i for i, r in enumerate(FU_REASONS)}
