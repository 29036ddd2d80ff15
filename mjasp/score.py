"""Scoring a winning hand under Tenhou rules: yaku, fu, han, limit, points, payments.

Candidates are every reading of the hand times every block the winning tile can sit in
(that decides the wait, pinfu, and whether a triplet completed by ron is open); the
score is the best candidate by :func:`rank_key`. The engines live in ``mjasp.solvers``
(``ENGINES``); they build their results with :func:`make_score` so that both round and
rank alike.

>>> s = score("05m678p678s [234p] [777z]", Win(tile="8s", tsumo=True, seat_wind="W",
...           dora_indicators=("7m",)))
>>> s.han, s.fu, s.points, [i.yaku.name for i in s.yaku]
(2, 30, 2000, ['CHUN', 'AKA_DORA'])
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from mjasp.blocks import Block, Decomposition
from mjasp.decomposition import as_hand, decompose
from mjasp.errors import HandError, RulesError
from mjasp.forms import WaitShape
from mjasp.hand import Hand, MeldKind
from mjasp.points import Payments, no_payments, settle, value
from mjasp.rules import Rules, find_rules
from mjasp.tiles import FIVES, tile_kind
from mjasp.win import KINDS, Win, WinError
from mjasp.yaku import Yaku

__all__ = ["ENGINES", "FU_REASONS", "NO_YAKU", "Payments", "Reading", "Score", "YakuItem",
           "check_win", "make_score", "rank_key", "score", "score_candidates"]

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
    """One line of a score: a yaku and its han (13 per yakuman; the count for dora)."""

    yaku: Yaku
    han: int

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {"id": self.yaku.tenhou_id, "name": self.yaku.english,
                "japanese": self.yaku.japanese, "han": self.han}


@dataclass(frozen=True, slots=True)
class Reading:
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
    reading: Reading | None
    reason: str | None = None

    @property
    def value(self) -> tuple[int, int, int, int, str | None, tuple[tuple[int, int], ...]]:
        """(points, han, fu, yakuman, limit, ((tenhou id, han), ...)): what engines agree on."""
        return (self.points, self.han, self.fu, self.yakuman, self.limit,
                tuple((i.yaku.tenhou_id, i.han) for i in self.yaku))

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``json.dumps``."""
        return {"han": self.han, "fu": self.fu, "points": self.points,
                "yakuman": self.yakuman, "limit": self.limit,
                "yaku": [i.to_json() for i in self.yaku],
                "fu_details": [{"reason": r, "fu": f} for r, f in self.fu_details],
                "payments": {"ron": self.payments.ron, "dealer": self.payments.dealer,
                             "others": self.payments.others, "sticks": self.payments.sticks,
                             "total": self.payments.total},
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
               reading: Reading, win: Win) -> Score:
    """A score from a candidate's yaku items and fu parts (engines call this).

    Yakuman items (han 13 each) drop every other item; a candidate without a yaku (dora
    alone) is worth nothing; a riichi win always lists ura dora, as Tenhou does (0 han
    when none hits). Fu are rounded up to 10, except chiitoitsu's 25.

    >>> r = Reading(Decomposition.of([]), Block(0, 0), WaitShape.RYANMEN)
    >>> make_score([YakuItem(Yaku.DORA, 2)], [("base", 20)], r, Win("1m")).reason == NO_YAKU
    True
    """
    listed = []
    han = yakuman = 0
    has_yaku = has_ura = False
    for item in items:  # one pass: this runs for every candidate of every hand
        yaku = item.yaku
        if yaku is _URA:
            has_ura = True
        elif not item.han:
            continue
        listed.append(item)
        han += item.han
        if yaku in _YAKUMAN:
            yakuman += item.han
        elif yaku not in _DORA:
            has_yaku = True
    if yakuman:
        kept = sorted((i for i in listed if i.yaku in _YAKUMAN), key=_by_id)
        multiple = yakuman // 13
        gain, paid = settle(8000 * multiple, win.dealer, win.tsumo, win.honba,
                            win.riichi_sticks)
        return Score(13 * multiple, 0, gain, multiple, "yakuman", tuple(kept), (), paid,
                     reading)
    if not has_yaku:
        return Score(0, 0, 0, 0, None, (), (), _NOTHING, reading, NO_YAKU)
    if win.riichi and not has_ura:
        # Tenhou lists ura dora on every riichi win, with 0 han when no indicator hits
        listed.append(_NO_URA)
    if len(listed) > 1:
        listed.sort(key=_by_id)
    details = _merge(fu_details)
    raw = sum([f for _, f in details])
    fu = raw if details[0][0] == "chiitoitsu" else -(-raw // 10) * 10
    base, limit = value(han, fu, 0)
    # positional: this runs for every candidate of every hand
    gain, paid = settle(base, win.seat_wind == "E", win.tsumo, win.honba, win.riichi_sticks)
    return Score(han, fu, gain, 0, limit, tuple(listed), details, paid, reading)


_NOTHING = no_payments()
_YAKUMAN = frozenset(y for y in Yaku if y.is_yakuman)
_DORA = frozenset(y for y in Yaku if y.is_dora)
_URA = Yaku.URA_DORA
_NO_URA = YakuItem(_URA, 0)


_TENHOU_ID = {y: y.tenhou_id for y in Yaku}


def _by_id(item: YakuItem) -> int:
    return _TENHOU_ID[item.yaku]


def _merge(parts: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """One entry per reason, fu summed, in ``FU_REASONS`` order."""
    total: dict[str, int] = {}
    for reason, fu in parts:
        total[reason] = total.get(reason, 0) + fu
    if not _REASON_ORDER.keys() >= total.keys():
        raise ValueError(f"unknown fu reason in {sorted(total)}")
    return tuple([(r, total[r]) for r in sorted(total, key=_REASON_ORDER.__getitem__)])


_REASON_ORDER = {r: i for i, r in enumerate(FU_REASONS)}

#: Scoring engines by name: "module:function" of ``(Hand, Win, Rules) -> list[Score]``,
#: imported lazily (the ASP engine loads clingo).
ENGINES: dict[str, str] = {
    "direct": "mjasp.solvers.scoring_direct:candidates",
    "asp": "mjasp.solvers.scoring_asp:candidates",
}


@functools.cache
def _engine(name: str) -> Callable[[Hand, Win, Rules], list[Score]]:
    if name not in ENGINES:
        raise RulesError(f"unknown scoring solver {name!r}; known: {', '.join(ENGINES)}")
    module, _, attr = ENGINES[name].partition(":")
    found: Callable[[Hand, Win, Rules], list[Score]] = getattr(
        importlib.import_module(module), attr)
    return found


@functools.lru_cache(maxsize=256)
def readings(hand: Hand, rules: Rules) -> tuple[Decomposition, ...]:
    """Every reading of a complete hand (cached: ``check_win`` and an engine share it)."""
    return tuple(decompose(hand, rules=rules))


def check_win(hand: Hand, win: Win, rules: Rules) -> None:
    """Raise :class:`WinError` unless ``win`` can happen with ``hand`` (engines assume it).

    >>> check_win(Hand.parse("123456789m11z [777z]"), Win("1z", riichi=1), find_rules())
    Traceback (most recent call last):
    ...
    mjasp.win.WinError: riichi needs a closed hand; this one has an open meld
    """
    if rules.players != 4:
        raise WinError("scoring follows Tenhou's four-player rules; sanma is not supported")
    if sum(hand.counts) + 3 * len(hand.melds) != 14:
        raise WinError(f"a winning hand has 14 tiles (each kan counted as three); "
                       f"{hand} has {hand.tile_count}")
    kind = win.kind
    if not hand.counts[kind]:
        raise WinError(f"the winning tile {win.tile} is not among the concealed tiles of {hand}")
    if win.is_red and not hand.red[FIVES.index(kind)]:
        raise WinError(f"the winning tile {win.tile} is a red five but {hand} holds none "
                       "concealed")
    indicators = win.dora_indicators + win.ura_indicators
    if indicators:
        _check_indicators(hand, indicators)
    if win.riichi and not hand.is_closed:
        raise WinError("riichi needs a closed hand; this one has an open meld")
    if (win.tenhou or win.chiihou) and hand.melds:
        raise WinError("tenhou and chiihou need a hand with no meld or kan")
    if win.rinshan and not any(m.kind in (MeldKind.KAN, MeldKind.ANKAN) for m in hand.melds):
        raise WinError("rinshan needs a kan in the hand")
    if win.chankan and hand.total_counts()[kind] > 1:
        raise WinError(f"chankan robs a kan of {win.tile}: the other three copies are in it, "
                       "so the hand holds no second copy")
    if not readings(hand, rules):
        raise WinError(f"{hand} is not a complete hand")


def _check_indicators(hand: Hand, indicators: tuple[str, ...]) -> None:
    """No fifth copy of a kind, no second red five, counting the indicators."""
    shown: dict[int, int] = {}
    red_suits = []
    for text in indicators:
        kind = KINDS.get(text)
        if kind is None:
            kind = tile_kind(text)
        shown[kind] = shown.get(kind, 0) + 1
        if text.strip()[0] == "0":
            red_suits.append(FIVES.index(kind))
    held = hand.total_counts() if hand.melds else hand.counts
    for kind, n in shown.items():
        copies = n + held[kind]
        if copies > 4:
            raise WinError(f"{copies} copies of {_name(kind)} counting the indicators; "
                           "there are only 4")
    for suit in red_suits:
        reds = hand.red[suit] + sum(m.red for m in hand.melds if m.tile // 9 == suit < 3)
        if reds + red_suits.count(suit) > 1:
            raise WinError("two red fives of one suit counting the indicators; the set has one")


def _name(kind: int) -> str:
    return f"{kind % 9 + 1}{'mpsz'[kind // 9] if kind < 27 else 'z'}"


@functools.cache
def _named_rules(name: str) -> Rules:
    return find_rules(name)


def _prepare(hand: Hand | str, win: Win, rules: str | Rules) -> tuple[Hand, Rules]:
    if not isinstance(win, Win):
        raise WinError(f"expected a Win, got {type(win).__name__}")
    try:
        return (hand if isinstance(hand, Hand) else as_hand(hand),
                rules if isinstance(rules, Rules) else _named_rules(rules))
    except HandError as error:
        raise WinError(str(error)) from None


def score_candidates(hand: Hand | str, win: Win, *, rules: str | Rules = "tenhou",
                     solver: str = "direct") -> list[Score]:
    """Every candidate (reading × winning-tile placement), best first (``--all``).

    >>> [s.points for s in score_candidates("111222333m45677p", Win("7p", tsumo=True))]
    [7800, 3000]
    """
    hand, found = _prepare(hand, win, rules)
    engine = _engine(solver)  # an unknown solver fails before the checks
    check_win(hand, win, found)
    found_scores = engine(hand, win, found)
    if len(found_scores) > 1:
        # a stable sort keeps the engine's order among equal candidates
        found_scores.sort(key=rank_key, reverse=True)
    return found_scores


def score(hand: Hand | str, win: Win, *, rules: str | Rules = "tenhou",
          solver: str = "direct") -> Score:
    """The score of a winning hand: the best of its candidates (see :func:`rank_key`).

    >>> s = score("22334455m667788p", Win("8p"))
    >>> s.han, s.fu, s.points, [i.yaku.name for i in s.yaku]
    (5, 30, 12000, ['PINFU', 'TANYAO', 'RYANPEIKOU'])
    """
    candidates = score_candidates(hand, win, rules=rules, solver=solver)
    if not candidates:
        raise WinError(f"{hand} is not a complete hand")
    return candidates[0]
