"""Scoring a winning hand under Tenhou rules: yaku, fu, han, limit, points, payments.

Candidates are every reading of the hand times every block the winning tile can sit in
(that decides the wait, pinfu, and whether a triplet completed by ron is open); the
score is the best candidate by :func:`rank_key`. The engines live in ``mjasp.solvers``
(``ENGINES``); they build their results with :func:`mjasp.rules.scorecard.make_score` so that
both round and rank alike.

>>> s = score("05m678p678s [234p] [777z]", Win(tile="8s", tsumo=True, seat_wind="W",
...           dora_indicators=("7m",)))
>>> s.han, s.fu, s.points, [i.yaku.name for i in s.yaku]
(2, 30, 2000, ['CHUN', 'AKA_DORA'])
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from mjasp.core.blocks import Decomposition, Meld
from mjasp.core.errors import HandError
from mjasp.core.facts import read_hand
from mjasp.core.hand import Hand, MeldKind, with_melds
from mjasp.core.tiles import FIVES, Tile, tile_kind, tile_name
from mjasp.core.win import KINDS, Win, WinError
from mjasp.rules import RULES, RULES_CACHED, Rules, find_rules, preset_key
from mjasp.rules.scorecard import (
    FU_REASONS,
    NO_YAKU,
    Payments,
    Score,
    ScoredReading,
    YakuItem,
    make_score,
    rank_key,
)
from mjasp.rules.validity import as_hand
from mjasp.solvers.base import kokushi_reading
from mjasp.solvers.lookup import counts_readings
from mjasp.solvers.registry import SCORING_ENGINES, scoring_engine

__all__ = [
    "ENGINES",
    "FU_REASONS",
    "NO_YAKU",
    "Payments",
    "Score",
    "ScoredReading",
    "YakuItem",
    "check_hand",
    "check_prepared",
    "check_win",
    "check_winning_tile",
    "checked_readings",
    "fewest_dora_indicators",
    "fives_may_fail",
    "hand_checks",
    "hand_readings",
    "make_score",
    "rank_key",
    "score",
    "score_candidates",
    "score_files",
    "too_few_dora_indicators",
]

#: Scoring engines by name (the registry's table, ``mjasp.solvers.registry``).
ENGINES = SCORING_ENGINES


def check_win(hand: Hand, win: Win, rules: Rules) -> None:
    """Raise :class:`WinError` unless ``win`` can happen with ``hand`` (engines assume it).

    >>> check_win(Hand.parse("123456789m11z [777z]"), Win("1z", riichi=1), find_rules())
    Traceback (most recent call last):
    ...
    mjasp.core.win.WinError: riichi needs a closed hand; this one has an open meld
    """
    checked_readings(hand, win, rules)


def checked_readings(hand: Hand, win: Win, rules: Rules) -> tuple[Decomposition, ...]:
    """``check_win``, returning the readings it found (engines take them): the checks of
    the hand (:func:`check_hand`), those of its winning tile (:func:`check_winning_tile`),
    then its readings (:func:`hand_readings`).

    >>> from mjasp import Hand, Win
    >>> len(checked_readings(Hand.parse("111222333m44455p"), Win("5p"), find_rules("tenhou")))
    2
    """
    check_hand(hand, win, rules)
    check_winning_tile(hand, win, rules)
    return hand_readings(hand, rules)


def check_hand(hand: Hand, win: Win, rules: Rules) -> None:
    """Raise :class:`WinError` unless the hand and the situation fit the rules, whatever
    tile it is won on: the tile set and copies (indicators and north tiles counted), 14
    tiles, the situation's needs (riichi closed, rinshan a kan, ...). The winning tile is
    :func:`check_winning_tile`'s; a caller that scores one hand on several winning tiles
    checks the hand once and each tile apart. :func:`hand_checks` and
    :func:`check_prepared`: the part that reads only the melds, the Win and the rules made
    once for many hands.

    >>> check_hand(Hand.parse("123456789m11z [777z]"), Win("9p", riichi=1), find_rules())
    Traceback (most recent call last):
    ...
    mjasp.core.win.WinError: riichi needs a closed hand; this one has an open meld
    """
    check_prepared(hand, hand_checks(hand.melds, win, rules))


@dataclass
class HandChecks:
    """What :func:`check_prepared` reads of a situation, made once by :func:`hand_checks`
    for every hand with its melds: fields by name (a record, not a tuple unpacked by
    position). Compiled, ``api.pxd`` makes it an extension type whose fields are C fields,
    read-only; the ``.py`` class has its slots named (Cython's dataclasses take no
    ``slots``).

    >>> hand_checks((), Win("1m", dora_indicators=("5p",)), find_rules()).named
    ((13, 1),)
    """

    __slots__ = ("after", "after_kokushi", "allowed", "fives_shown", "indicators",
                 "kokushi_read", "melds", "named", "north", "north_4z", "north_error",
                 "plain_shown", "red_called", "rules", "shown", "three", "win")
    melds: tuple[Meld, ...]
    win: Win
    rules: Rules
    #: three players: (the kinds removed from the set, whether the hand may hold one)
    three: tuple[tuple[Tile, ...], bool] | None
    north_error: str | None  # north tiles set aside (or robbed) without nukidora
    indicators: tuple[str, ...]  # dora, then ura dora indicators
    shown: int  # how many indicators
    plain_shown: bool  # every indicator a usual name of a plain tile
    fives_shown: bool  # a plain five among them
    north: int  # north tiles set aside
    north_4z: int  # those and the 4z indicators
    named: tuple[tuple[Tile, int], ...]  # (kind, times shown) per plain indicator
    red_called: int  # red fives in the melds
    allowed: tuple[int, int, int]  # the rules' red fives per suit
    kokushi_read: bool  # the situation's verdict can differ for a kokushi reading
    after: str | None  # the situation's verdict (a message) or None
    after_kokushi: str | None  # the same for a kokushi reading


def hand_checks(melds: tuple[Meld, ...], win: Win, rules: Rules) -> HandChecks:
    """What :func:`check_hand` reads of the hands with ``melds`` won in ``win`` under
    ``rules``, prepared once for all of them (the advice's wins of one search): the
    indicators' counts, and the situation's own verdicts, the messages of its failed
    checks (the situation's needs: riichi closed, rinshan a kan, ...), raised by
    :func:`check_prepared` where :func:`check_hand` raises them.

    >>> checks = hand_checks((), Win("1m", tsumo=True, rinshan=True), find_rules())
    >>> check_prepared(Hand.parse("123456789m11222z"), checks)
    Traceback (most recent call last):
    ...
    mjasp.core.win.WinError: rinshan needs a kan in the hand (or, three players, a north set aside)
    """
    # the melds' flags as with_melds gives them (no tile of the hand read)
    _, closed, _, red_called, chi = with_melds(_NO_TILES, melds)
    indicators = win.dora_indicators + win.ura_indicators
    three = None
    if rules.players == 3:
        last = _LAST_REMOVED[0]
        gone, usual_kept, _ = last[1] if last[0] is rules else _removed_of(rules)
        # (the hand may still hold a removed kind: check_prepared looks)
        suspect = chi or "N" in (win.seat_wind, win.round_wind, win.liable)
        for text in indicators:
            if text not in usual_kept:
                suspect = True
                break
        three = (gone, suspect)
    north = win.north_dora
    north_error = None
    if (north or win.robbed_north) and not rules.nukidora:
        north_error = (f"robbing a north set aside needs three-player rules with nukidora; "
                       f"{rules.name} has none") if win.robbed_north else (
            f"north dora ({north} north tiles set aside) need three-player rules with "
            f"nukidora; {rules.name} has none")
    # every indicator a usual name of a plain tile (a plain five among them: fives_shown)
    plain_shown, fives_shown = True, False
    for text in indicators:  # (a loop: no method call in the compiled hand_checks)
        if text not in _PLAIN_NAMES:
            if text not in _PLAIN_FIVE_NAMES:
                plain_shown = False
                break
            fives_shown = True
    shown = len(indicators)
    # per plain indicator its kind and how often its name is shown (fifth copies)
    named = []
    if plain_shown:
        for text in indicators:
            named.append((KINDS[text], indicators.count(text)))
    # the situation's needs: the verdict with and (where it can differ) without kokushi
    kokushi_read = (win.chankan and win.ippatsu and win.riichi == 2) and not melds
    after = _situation_error(melds, closed, win, rules, False)
    after_kokushi = _situation_error(melds, closed, win, rules, True) if kokushi_read else after
    # by name: made once per search, so no field lands in another's place
    return HandChecks(
        melds=melds, win=win, rules=rules, three=three, north_error=north_error,
        indicators=indicators, shown=shown, plain_shown=plain_shown, fives_shown=fives_shown,
        north=north, north_4z=north + indicators.count("4z"), named=tuple(named),
        red_called=red_called, allowed=rules.red_fives, kokushi_read=kokushi_read,
        after=after, after_kokushi=after_kokushi)


_NO_TILES = (0,) * 34


def check_prepared(hand: Hand, checks: HandChecks) -> None:
    """:func:`check_hand` of ``hand``, whose melds are those ``checks``
    (:func:`hand_checks`) were prepared for, in the situation and rules they were.

    >>> checks = hand_checks((), Win("1m"), find_rules())
    >>> check_prepared(Hand.parse("123456789m11222z"), checks)   # 14 tiles: it passes
    >>> check_prepared(Hand.parse("123456789m1122z"), checks)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjasp.core.win.WinError: a winning hand has 14 tiles (each kan counted as three); ...
    """
    melds = checks.melds
    counts = hand.counts
    held: Sequence[int] = counts
    if melds:
        held = with_melds(counts, melds)[0]
    if checks.three is not None:
        gone, suspect = checks.three
        # (skipped only where it cannot fail: no removed kind held or shown, by its usual
        # name, no chi, no North; plain loops: the compiled check indexes in C)
        if not suspect:
            for kind in gone:
                if held[kind]:
                    suspect = True
                    break
        if suspect:
            _check_three_players(hand, checks.win, checks.rules, held)
    if checks.north_error is not None:
        raise WinError(checks.north_error)
    tiles = 3 * len(melds)
    for n in counts:  # (a loop: the compiled check adds C ints, sum() Python ones)
        tiles += n
    if tiles != 14:
        hint = f": write every tile, the winning one included (add {checks.win.tile})" \
            if tiles == 13 else ""
        raise WinError(f"a winning hand has 14 tiles (each kan counted as three); "
                       f"{hand} has {hand.tile_count}{hint}")
    if checks.north or checks.indicators:
        # a fifth copy: the exact count (and its message) only where one could be; plain
        # names are one name per kind, so a name's count is its kind's (counted only where
        # the kind's copies and every indicator could make five)
        fifth = not checks.plain_shown or (checks.north and held[30] + checks.north_4z > 4)
        if not fifth:
            for kind, same in checks.named:
                copies = held[kind]
                if copies + checks.shown > 4 and copies + same > 4:
                    fifth = True
                    break
        if fifth:
            _check_indicators(hand, checks.indicators, checks.rules, checks.north, held)
    if fives_may_fail(hand.red, held, checks):
        _check_fives(hand, checks.rules, checks.indicators, held)
    error = checks.after
    if checks.kokushi_read and kokushi_reading(counts) is not None:
        error = checks.after_kokushi
    if error is not None:
        raise WinError(error)


def fives_may_fail(red: Sequence[int], held: Sequence[int], checks: HandChecks) -> bool:
    """Whether :func:`check_prepared`'s check of the fives (``_check_fives``) must be made
    for a hand of ``red`` fives by suit and ``held`` counts (its melds' with it): False
    only where it cannot fail (no red five shown or called, so that the red fives are the
    hand's, and those and the plain ones, the hand's and at most the plain fives shown,
    within the set's). The only one of its checks that reads the red fives.

    >>> checks = hand_checks((), Win("1m"), find_rules())   # one red five a suit
    >>> fives_may_fail((1, 0, 0), Hand.parse("123406m789p11s22z").counts, checks)
    False
    >>> fives_may_fail((2, 0, 0), Hand.parse("123400m789p11s22z").counts, checks)
    True
    """
    # at most this many plain fives of a suit shown (none where no plain five is)
    plain_fives = checks.shown if checks.fives_shown else 0
    allowed = checks.allowed
    # (each read once into a local: C ints compiled, compared without a Python object)
    red_m, red_p, red_s = red[0], red[1], red[2]
    allowed_m, allowed_p, allowed_s = allowed[0], allowed[1], allowed[2]
    five_m, five_p, five_s = held[4], held[13], held[22]
    return bool(checks.red_called or not checks.plain_shown
                or red_m > allowed_m or five_m - red_m + plain_fives > 4 - allowed_m
                or red_p > allowed_p or five_p - red_p + plain_fives > 4 - allowed_p
                or red_s > allowed_s or five_s - red_s + plain_fives > 4 - allowed_s)


def _situation_error(melds: tuple[Meld, ...], closed: bool, win: Win, rules: Rules,
                     kokushi: bool) -> str | None:
    """The first of :func:`check_hand`'s situation checks that fails, the hand read as
    ``kokushi`` or not (only chankan reads it), or None."""
    north = win.north_dora
    if win.riichi and not closed:
        return "riichi needs a closed hand; this one has an open meld"
    if (win.tenhou or win.chiihou) and (melds or north):
        return "tenhou and chiihou need a hand with no meld, kan or north set aside"
    # the draw after setting a north aside is a replacement tile too: rinshan on Tenhou
    # and Mahjong Soul (https://riichi.wiki/Sanma "North tiles")
    if win.rinshan and not north and not _has_kan(melds):
        return "rinshan needs a kan in the hand (or, three players, a north set aside)"
    # a north set aside is a call: before the first discard it rules out double riichi,
    # after it ends ippatsu (https://riichi.wiki/Special:MobileDiff/26510, "Nukidora")
    if north and win.riichi == 2 and win.ippatsu:
        return ("double riichi with ippatsu needs no north set aside (setting one aside "
                "before the riichi rules out double riichi, after it ends ippatsu)")
    # the same for a kan of the winner's own (Win's check of the indicators says why)
    if win.riichi == 2 and win.ippatsu and _has_kan(melds):
        return ("double riichi with ippatsu needs no kan in the hand (a kan before the "
                "riichi rules out double riichi, after it ends ippatsu)")
    # double riichi needs a first go-around with no call and ippatsu no call after it, so
    # no pon to add a kan to: the kan robbed is a closed one, which only kokushi may rob
    # (https://riichi.wiki/Chankan, https://riichi.wiki/Ippatsu)
    if win.chankan and win.ippatsu and win.riichi == 2 and (melds or not kokushi):
        return ("chankan with double riichi and ippatsu robs a closed kan, which only "
                "kokushi may do")
    if win.renhou and melds:
        return "renhou needs a closed hand with no call or kan yet"
    if win.renhou and north:
        # setting a north aside takes a turn of one's own and a draw: renhou is before it
        return ("renhou needs a hand with no north set aside (it comes before the first "
                "draw)")
    if win.liable is not None:
        return _liable_error(melds, rules)
    return None


def check_winning_tile(hand: Hand, win: Win, rules: Rules) -> None:
    """Raise :class:`WinError` unless ``win.tile`` can be the winning tile of ``hand``: in
    the tile set, among the concealed tiles, a red or plain five as the hand's fives allow,
    and robbed from a kan (chankan) only when the hand holds no other copy.

    >>> check_winning_tile(Hand.parse("123456789m11z [777z]"), Win("2m"), find_rules("tenhou-3p"))
    Traceback (most recent call last):
    ...
    mjasp.core.win.WinError: 2m is not in the three-player set (2m-8m are removed)
    """
    kind = KINDS.get(win.tile)
    if kind is None:
        kind = tile_kind(win.tile)
    if rules.players == 3:  # (none removed with four)
        last = _LAST_REMOVED[0]
        if kind in (last[1] if last[0] is rules else _removed_of(rules))[2]:
            raise _not_in_set(kind)
    if not hand.counts[kind]:
        raise WinError(f"the winning tile {win.tile} is not among the concealed tiles of {hand}")
    if kind in _FIVE_KINDS:
        _check_winning_five(hand, win)
    # (held: the concealed copies, then those in melds only where they could count)
    if win.chankan and (hand.counts[kind] > 1 or (
            hand.melds and with_melds(hand.counts, hand.melds)[0][kind] > 1)):
        raise WinError(f"chankan needs a hand holding one {win.tile} (the kan robbed holds the "
                       "other three)")
    # the kan robbed holds every other copy: none is left to show as an indicator or to
    # set aside as a north (https://riichi.wiki/Chankan: the kan's tiles are four)
    if win.chankan and (_shows(win, kind) or (kind == _NORTH and win.north_dora)):
        raise WinError(f"chankan on {win.tile} leaves no other copy to show as an indicator "
                       "or set aside (the kan robbed holds the other three)")


def _shows(win: Win, kind: Tile) -> bool:
    """A dora or ura indicator of ``win`` is a copy of ``kind`` (a function of its own: the
    compiled ``check_winning_tile`` holds no generator)."""
    return any((KINDS[t] if t in KINDS else tile_kind(t)) == kind
               for t in (*win.dora_indicators, *win.ura_indicators))


def hand_readings(hand: Hand, rules: Rules) -> tuple[Decomposition, ...]:
    """Every reading of a complete hand under ``rules`` (what the engines take), or
    :class:`WinError` for a hand that is not complete.

    >>> len(hand_readings(Hand.parse("111222333m44455p"), find_rules("tenhou")))
    2
    """
    # no cache: the compiled readings cost what a cache hit costs (the hand's hash, twice)
    found = tuple(counts_readings(hand.counts, hand.melds, rules))
    if not found:
        raise WinError(f"{hand} is not a complete hand")
    return found


_KAN = MeldKind.KAN


def _has_kan(melds: Sequence[Meld]) -> bool:
    """A quad among ``melds`` (a function of its own: the compiled ``check_hand`` holds no
    generator)."""
    return any(m.kind >= _KAN for m in melds)


def fewest_dora_indicators(melds: Sequence[Meld], pending: bool) -> tuple[int, int]:
    """The kans among ``melds`` and the fewest dora indicators a situation with them shows:
    one, plus one per kan (other players' kans add more). A closed kan's is turned at once,
    an open kan's after the discard that follows it, or at the next kan
    (https://riichi.wiki/Special:MobileDiff/10400, "usually flipped after discarding, or
    upon another kan declaration on the same turn"; /17854: a closed kan's "immediately
    ... rather than waiting for the player's discard or the rinshan draw"), so where the
    situation may be just after an open kan's replacement draw (``pending``: a win on that
    tile, or a 14-tile hand asked before its discard) that one may be still to turn.

    >>> fewest_dora_indicators(Hand.parse("123m456p789s11z [1111s]").melds, True)
    (1, 1)
    """
    kans, open_kan = 0, False
    for meld in melds:
        if meld.kind >= _KAN:
            kans += 1
            open_kan = open_kan or meld.kind == _KAN
    return kans, 1 + kans - (1 if pending and open_kan else 0)


def too_few_dora_indicators(shown: int, kans: int, fewest: int) -> str:
    """The message when ``shown`` indicators are fewer than ``fewest_dora_indicators``."""
    return (f"{shown} dora indicator{'s' if shown > 1 else ''} with {kans} "
            f"kan{'s' if kans > 1 else ''} among the melds: each kan turns one more, so at "
            f"least {fewest} (an open kan's after the discard that follows it: one fewer only "
            "just after its replacement draw)")


def _check_kan_indicators(melds: Sequence[Meld], win: Win) -> None:
    """Raise :class:`WinError` unless the dora indicators given (none: not stated) are at
    least ``fewest_dora_indicators`` (one still to turn on a rinshan win).

    Checked where a win is scored (``score``, ``score_candidates``, ``score_files``), not
    by ``check_hand``: the advice scores the wins a hand may make with the indicators in
    sight when it is asked, before any kan it may still declare.
    """
    if not win.dora_indicators:
        return
    kans, fewest = fewest_dora_indicators(melds, win.rinshan)
    if len(win.dora_indicators) < fewest:
        raise WinError(too_few_dora_indicators(len(win.dora_indicators), kans, fewest))


def _check_three_players(hand: Hand, win: Win, rules: Rules, held: Sequence[int]) -> None:
    """No removed tile (2m-8m, ``Rules.removed_kinds``) held or shown as an indicator, chi,
    North seat or North round with three players (the winning tile:
    :func:`check_winning_tile`)."""
    gone = rules.removed_kinds
    shown = [KINDS.get(t) or tile_kind(t)  # the usual names first (1m, kind 0, falls through)
             for t in (*win.dora_indicators, *win.ura_indicators)]
    removed = [k for k in sorted(gone) if held[k]] + [k for k in shown if k in gone]
    if removed:
        raise _not_in_set(removed[0])
    if any(m.kind is MeldKind.CHI for m in hand.melds):
        raise WinError("three players cannot call chi; an open sequence is impossible")
    for what, wind in (("seat", win.seat_wind), ("round", win.round_wind),
                       ("liable seat", win.liable)):
        if wind == "N":
            raise WinError(f"three players have no North seat or round; the {what} is N")


def _not_in_set(kind: int) -> WinError:
    """The error of a tile kind the three-player set removed."""
    return WinError(f"{_name(kind)} is not in the three-player set (2m-8m are removed)")


def _removed_of(rules: Rules) -> _RemovedView:
    """``_removed_view`` of the rules' removed kinds, kept for the next call with them."""
    view = _removed_view(rules.removed_kinds)
    _LAST_REMOVED[0] = (rules, view)
    return view


@functools.cache
def _removed_view(gone: tuple[Tile, ...]) -> _RemovedView:
    """For kinds ``gone`` from the set: those kinds as a tuple, the usual names of the
    kinds kept (``_check_three_players``' quick gate), and the kinds gone as a set
    (``rules.removed_kinds`` is a property: a Python call)."""
    return (tuple(gone), frozenset(name for name, kind in KINDS.items() if kind not in gone),
            frozenset(gone))


_RemovedView = tuple[tuple[Tile, ...], frozenset[str], frozenset[int]]
#: The rules of the last three-player check and their view (found by identity: a
#: ``Rules`` hashes its fields in Python).
_LAST_REMOVED: list[tuple[Rules | None, _RemovedView]] = [
    (None, ((), frozenset(), frozenset()))]


def _liable_error(melds: tuple[Meld, ...], rules: Rules) -> str | None:
    """A liable player (pao) needs rules with liability and a hand whose last set of the
    yakuman could have been called from them: every set of it declared (a concealed
    triplet in the hand keeps the yakuman hidden, so no call completes it in sight of the
    table: "役を構成する面子全てが副露で晒される必要があります",
    https://fifa13-2.com/ma1/sekininn/) and one of them called (an open meld). The
    message where it fails, else None."""
    if not rules.pao:
        return f"{rules.name} has no liability (pao); liable must be None"
    declared = {m.tile for m in melds if m.kind is not MeldKind.CHI}
    called = {m.tile for m in melds if m.is_open and m.kind is not MeldKind.CHI}
    open_kans = sum(m.kind is MeldKind.KAN for m in melds)
    possible = {"daisangen": declared.issuperset((31, 32, 33))
                and not called.isdisjoint((31, 32, 33)),
                "daisuushii": declared.issuperset((27, 28, 29, 30))
                and not called.isdisjoint((27, 28, 29, 30)),
                "suukantsu": sum(m.kind >= MeldKind.KAN for m in melds) == 4
                and open_kans > 0}
    if not any(possible[name] for name in rules.pao):
        return (f"liability (pao) covers {', '.join(sorted(rules.pao))}, and needs every "
                "set of it declared, the last called from the liable player: this hand "
                "has none")
    return None


def _reds(n: int, suit: int) -> str:
    """``two red fives (0p)``: a count of red fives of one suit, in words."""
    words = {1: "one red five", 2: "two red fives"}.get(n, f"{n} red fives")
    return f"{words} (0{'mps'[suit]})"


#: The north's kind (4z): set aside as a dora with three players.
_NORTH = 30
#: Indicator names that are fives, and the usual names (anything else is read by tile_kind).
_FIVE_NAMES = frozenset(name for name, kind in KINDS.items() if kind in FIVES)
_USUAL_NAMES = frozenset(KINDS)
#: Usual names of kinds that are not fives (an indicator that counts no five).
_PLAIN_NAMES = _USUAL_NAMES - _FIVE_NAMES
#: The fives' kinds as a set (a hash lookup, not a walk of FIVES).
_FIVE_KINDS = frozenset(FIVES)
#: The usual names of the plain fives (5m 5p 5s).
_PLAIN_FIVE_NAMES = frozenset(tile_name(kind) for kind in FIVES)


def _check_winning_five(hand: Hand, win: Win) -> None:
    """A red winning five needs a red five in hand, a plain one a plain five."""
    suit = FIVES.index(win.kind)
    if win.is_red and not hand.red[suit]:
        raise WinError(f"the winning tile {win.tile} is a red five but {hand} holds none "
                       "concealed")
    if not win.is_red and hand.red[suit] == hand.counts[win.kind]:
        five = _name(win.kind)
        raise WinError(f"the winning tile {five} is a plain five but every concealed {five} "
                       f"of {hand} is red (a red winning tile is written 0{five[1]})")


def _check_fives(hand: Hand, rules: Rules, indicators: tuple[str, ...],
                 held: Sequence[int]) -> None:
    """The fives of each suit, indicators included, fit the set: no more red fives than
    ``rules.red_fives`` puts in it, no more plain fives than the rest of the four copies
    (with one red 5p, three plain 5p exist: a fourth plain one is a misread hand)."""
    shown_red: Sequence[int] = _NONE_SHOWN
    shown_plain: Sequence[int] = _NONE_SHOWN
    if not _PLAIN_NAMES.issuperset(indicators):
        red_shown, plain_shown = [0, 0, 0], [0, 0, 0]
        shown_red, shown_plain = red_shown, plain_shown
        for text in indicators:
            kind = KINDS.get(text)
            if kind is None:
                kind = tile_kind(text)
            if kind in FIVES:
                (red_shown if text.strip()[0] == "0" else plain_shown)[FIVES.index(kind)] += 1
    # the red fives held, concealed and in melds, by suit (0 man, 1 pin, 2 sou)
    red: Sequence[int] = hand.red
    if hand.melds:
        red = list(red)
        for meld in hand.melds:
            if meld.red and meld.tile < 27:
                red[meld.tile // 9] += meld.red
    removed = rules.removed_kinds
    for suit in range(3):
        five = FIVES[suit]
        if removed and five in removed:
            # a removed five (5m with three players) is the removed kind's error, not a
            # red five's
            continue
        allowed = rules.red_fives[suit]
        if red[suit] + shown_red[suit] > allowed:
            where = " counting the indicators" if shown_red[suit] else f" in {hand}"
            raise WinError(f"{_reds(red[suit] + shown_red[suit], suit)}{where}; the "
                           f"{rules.name} rules have {allowed or 'none'}")
        plain = held[five] - red[suit] + shown_plain[suit]
        if plain > 4 - allowed:
            name = _name(five)
            where = " counting the indicators" if shown_plain[suit] else f" in {hand}"
            raise WinError(f"{plain} plain {name}{where}; the {rules.name} rules make {allowed} "
                           f"of the four {name} red, so {4 - allowed} are plain (a red five "
                           f"is written 0{name[1]})")


_NONE_SHOWN = (0, 0, 0)


def _check_indicators(hand: Hand, indicators: tuple[str, ...], rules: Rules,
                      north: int, held: Sequence[int]) -> None:
    """No fifth copy of a kind, counting the indicators and the north tiles set aside
    (``_check_fives`` then splits the fives into red and plain)."""
    shown: dict[int, int] = {}
    for text in indicators:
        kind = KINDS.get(text)
        if kind is None:
            kind = tile_kind(text)
        shown[kind] = shown.get(kind, 0) + 1
    if north:
        shown[30] = shown.get(30, 0) + north
    for kind, n in shown.items():
        copies = n + held[kind]
        if copies > 4:
            raise WinError(f"{copies} copies of {_name(kind)} counting the indicators"
                           f"{' and the norths set aside' if kind == 30 and north else ''}; "
                           "there are only 4")


def _name(kind: int) -> str:
    return f"{kind % 9 + 1}{'mpsz'[kind // 9] if kind < 27 else 'z'}"


#: ``RULES.get``, bound once (``_prepare`` asks it on every call by name)
_PRESET = RULES.get


@functools.lru_cache(maxsize=RULES_CACHED)  # names as callers spell them
def _named_rules(name: str) -> tuple[str, Rules]:
    """A preset's name as a caller spells it (any case, an alias): its ``RULES`` key and
    the rule set found there (``_prepare`` checks that ``RULES`` still holds it: a caller
    may put a rule set of their own there, and replace it)."""
    return preset_key(name), find_rules(name)


def _prepare(hand: Hand | str, win: Win, rules: str | Rules) -> tuple[Hand, Rules]:
    if not isinstance(win, Win):
        raise WinError(f"expected a Win, got {type(win).__name__}")
    try:
        parsed = hand if isinstance(hand, Hand) else as_hand(hand)
    except HandError as error:
        raise WinError(str(error)) from None
    if isinstance(rules, Rules):
        return parsed, rules
    key, found = _named_rules(rules)
    if _PRESET(key) is not found:  # replaced or removed since it was kept
        found = find_rules(rules)
    return parsed, found


def score_candidates(hand: Hand | str, win: Win, *, rules: str | Rules = "tenhou",
                     solver: str = "direct") -> list[Score]:
    """Every candidate (reading × winning-tile placement), best first (``--all``).

    >>> [s.points for s in score_candidates("111222333m45677p", Win("7p", tsumo=True))]
    [7800, 3000]
    """
    hand, chosen = _prepare(hand, win, rules)
    engine = scoring_engine(solver)  # an unknown solver fails before the checks
    _check_kan_indicators(hand.melds, win)
    # every engine takes the checked readings: a second cache lookup would hash the hand
    found_scores = engine(hand, win, chosen, checked_readings(hand, win, chosen))
    if len(found_scores) > 1:
        # a stable sort keeps the engine's order among equal candidates
        found_scores.sort(key=rank_key, reverse=True)
    return found_scores


def score(hand: Hand | str, win: Win, *, rules: str | Rules = "tenhou",
          solver: str = "direct") -> Score:
    """The score of a winning hand: the best of its candidates (see :func:`rank_key`).

    ``solver`` names the engine that answers (``ENGINES``): ``"direct"``, the default, is
    the Python engine of ``mjasp.solvers.scoring_direct``; ``"asp"`` the clingo one. Every
    rule set takes the same path; what the direct engine precomputes per rules is keyed
    by their content, so naming the default rules costs nothing.

    >>> s = score("22334455m667788p", Win("8p"))
    >>> s.han, s.fu, s.points, [i.yaku.name for i in s.yaku]
    (5, 30, 12000, ['PINFU', 'TANYAO', 'RYANPEIKOU'])
    """
    if type(win) is Win and type(rules) is Rules and type(hand) is Hand:
        chosen = rules  # the value types themselves: nothing for ``_prepare`` to convert
    elif type(win) is Win and type(rules) is Rules and type(hand) is str:
        chosen = rules  # text: what ``_prepare`` does with it, without its other tests
        try:
            hand = Hand.parse(hand)
        except HandError as error:
            raise WinError(str(error)) from None
    else:
        hand, chosen = _prepare(hand, win, rules)
    # an unknown solver fails before the checks (the engines found kept here by name)
    engine = _ENGINES_FOUND.get(solver) if type(solver) is str else None
    if engine is None:
        engine = _ENGINES_FOUND[solver] = scoring_engine(solver)
    # checked_readings, its three steps called here (a call less per score)
    check_hand(hand, win, chosen)
    check_winning_tile(hand, win, chosen)
    if hand.melds and win.dora_indicators:
        _check_kan_indicators(hand.melds, win)
    found = engine(hand, win, chosen, hand_readings(hand, chosen))
    if not found:
        raise WinError(f"{hand} is not a complete hand")
    # max keeps the first of equals, as score_candidates' stable sort
    return found[0] if len(found) == 1 else max(found, key=rank_key)


#: The engines ``score`` has found, by name (``scoring_engine`` loads each on first use).
_ENGINES_FOUND: dict[str, Callable[..., list[Score]]] = {}


def score_files(files: Sequence[str], rules: Rules | str | None = None,
                arguments: Sequence[str] = (), hand: Hand | None = None,
                win: Win | None = None) -> tuple[Hand, Win, list[Score], Rules]:
    """The hand and situation written as facts in ``files`` (plus any variant rules there),
    checked, every candidate best first by the ASP engine, and the rules played (``rules``
    with the ``option/2`` facts of the files): ``mjasp score FILE.lp``. With ``hand`` and
    ``win`` the files are variants only (``mjasp score HAND VARIANT.lp``)."""
    from mjasp.core.facts import check_win_files
    from mjasp.solvers.scoring_asp import SCORING, ScoringProgram, win_facts_in  # loads clingo
    from mjasp.solvers.scoring_variants import split_presets

    # a preset entry file mjasp ships (presets/wrc.lp) is played as its rules
    played, files = split_presets(rules, files)
    ours = Path(str(SCORING)).resolve()
    shipped = sorted(str(p) for p in Path(str(SCORING)).rglob("*.lp"))
    # the user's files, checked as written (docs/win-files.md) before clingo merges or
    # wraps anything: one fact per situation, known predicates, 32-bit numbers
    stated = check_win_files([f for f in files if ours not in Path(f).resolve().parents],
                             shipped, situation=hand is None)
    program = ScoringProgram(played, files, arguments)
    if hand is not None and win is not None:
        _check_kan_indicators(hand.melds, win)
        check_win(hand, win, program.rules)
        found = program.candidates(hand, win)
        found.sort(key=rank_key, reverse=True)
        return hand, win, found, program.rules
    assert stated is not None
    win = stated
    program.situation_in_files = True  # the facts are the situation; Win only describes it
    hand = read_hand(list(files))  # the facts module owns the hand-facts format
    if win_facts_in(program.control) != win:  # a rule of a loaded file derived a situation
        raise WinError("the situation the program derives differs from the facts written; "
                       "state it as plain facts (docs/win-files.md)")
    _check_kan_indicators(hand.melds, win)
    check_win(hand, win, program.rules)
    return hand, win, program.candidates(hand, win), program.rules
