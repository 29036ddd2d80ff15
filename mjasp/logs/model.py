"""Games, rounds and events of a game log, and the state they replay to.

A tile of a log is one small integer, the same in every format: ``0..33`` the tile kinds
(``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s``, ``1z``..``7z``) and ``34 35 36`` the red
``5m 5p 5s`` (:data:`RED`). Seats are ``0..3`` in the order of the log's first dealer.

>>> tile_text(34), kind(34), tile_text(31)
('0m', 4, '5z')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from mjasp.core.errors import MjaspError
from mjasp.core.tiles import SANMA_REMOVED
from mjasp.core.yaku import Yaku

#: Red fives: tile 34 is the red 5m, 35 the red 5p, 36 the red 5s.
RED = (34, 35, 36)
#: The plain kind of every tile (red fives fold onto their five).
KIND: tuple[int, ...] = (*range(34), 4, 13, 22)
#: Kinds of the winds and dragons.
DRAGONS = (31, 32, 33)
WINDS_KINDS = (27, 28, 29, 30)
#: Event kinds, in the vocabulary of MJAI.
#: The id a :class:`WinRecord` gives north dora (the norths a three-player winner set
#: aside, 1 han each), which has no Tenhou id: mjasp's own (``Yaku.NUKIDORA``). Mahjong
#: Soul lists the item on its own (tensoul: ``抜きドラ``, in English ``Kita``).
NORTH_DORA = int(Yaku.NUKIDORA.value)

EVENT_KINDS = ("draw", "discard", "chi", "pon", "daiminkan", "kakan", "ankan", "nukidora",
               "riichi", "riichi_accepted", "dora", "win", "ryuukyoku")
CALLS = frozenset({"chi", "pon", "daiminkan", "kakan", "ankan", "nukidora"})


class LogError(MjaspError, ValueError):
    """A log that cannot be read or replayed; the message says where it breaks."""


def kind(tile: int) -> int:
    """The kind (0..33) of a log tile (a red five is its five).

    >>> kind(35), kind(13)
    (13, 13)
    """
    return KIND[tile]


def tile_text(tile: int) -> str:
    """A log tile in mpsz (``0m`` for the red 5m).

    >>> tile_text(0), tile_text(36), tile_text(27)
    ('1m', '0s', '1z')
    """
    if tile >= 34:
        return "0" + "mps"[tile - 34]
    return f"{tile % 9 + 1}{'mpsz'[tile // 9]}"


def tiles_text(tiles: Any) -> str:
    """Tiles in compact mpsz, sorted (``"055m7z"``).

    >>> tiles_text([34, 4, 33])
    '05m7z'
    """
    parts: list[str] = []
    suit = ""
    for t in sorted(tiles, key=_ORDER.__getitem__):
        if _SUIT[t] != suit:
            parts.append(suit)
            suit = _SUIT[t]
        parts.append(_DIGIT[t])
    parts.append(suit)
    return "".join(parts)


#: Sort key of a tile (a red five just before the plain fives), its digit and suit letter.
_ORDER = (*(2 * k + 1 for k in range(34)), 8, 26, 44)
_DIGIT = (*(str(k % 9 + 1) for k in range(34)), "0", "0", "0")
_SUIT = (*("mpsz"[k // 9] for k in range(34)), "m", "p", "s")



@dataclass(frozen=True, slots=True)
class WinRecord:
    """What a log says about one win; ``None`` where its format does not say.

    ``deltas``: every seat's score change in points (honba and sticks included);
    ``yaku``: (Tenhou yaku id, han) pairs (north dora, which has no Tenhou id, as
    :data:`NORTH_DORA` where the log lists it on its own); ``yakuman``: Tenhou ids of the
    yakuman;
    ``hand``: the concealed tiles with the winning tile, as the log shows them;
    ``ura_known``: False where the log does not name the ura indicators at all (an MJAI
    ``hora`` without them: older mjai-reviewer and akochan logs).
    """

    deltas: tuple[int, ...] | None = None
    fu: int | None = None
    points: int | None = None
    limit: int | None = None
    yaku: tuple[tuple[int, int], ...] | None = None
    yakuman: tuple[int, ...] | None = None
    ura: tuple[int, ...] = ()
    pao: int | None = None
    hand: tuple[int, ...] | None = None
    honba: int | None = None
    sticks: int | None = None
    scores: tuple[int, ...] | None = None
    ura_known: bool = True

    @property
    def han(self) -> int | None:
        """The han of the recorded yaku (None for a yakuman, whose record lists yakuman
        and no yaku, or when the log has none).

        >>> WinRecord(yaku=((1, 1), (0, 1))).han, WinRecord(yaku=(), yakuman=(39,)).han
        (2, None)
        """
        return sum(h for _, h in self.yaku) if self.yaku else None


@dataclass(frozen=True, slots=True)
class DrawRecord:
    """A round that ended without a win: ``reason`` is ``exhaustive``, ``nagashi``, an
    abortive draw (``nine_terminals``, ``four_riichi``, ``triple_ron``, ``four_winds``,
    ``four_kans``) or ``unknown`` (MJAI names none: the wall decides); ``shown``: the
    seats that showed their hands (tenpai)."""

    reason: str
    deltas: tuple[int, ...] | None = None
    shown: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """One event of a round, in MJAI's vocabulary (:data:`EVENT_KINDS`).

    ``who``: the acting seat; ``tile``: the tile drawn, discarded, called, added or
    revealed (a ``dora`` event's indicator); ``target``: the seat called from or won
    from; ``consumed``: the tiles of the caller's hand a call uses.

    >>> Event("discard", 0, 33, tsumogiri=True).tsumogiri
    True
    """

    kind: str
    who: int = -1
    tile: int = -1
    target: int = -1
    consumed: tuple[int, ...] = ()
    tsumogiri: bool = False
    record: WinRecord | DrawRecord | None = None


@dataclass(slots=True)
class Round:
    """One hand of the game (kyoku) as the log starts it, and its events.

    ``wind``: the round wind (0 East .. 3 North); ``number``: the hand in that wind
    (0 = the first); ``hands``: every seat's 13 starting tiles.
    """

    wind: int
    number: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    dora: int
    hands: tuple[tuple[int, ...], ...]
    events: list[Event] = field(default_factory=list)

    @property
    def name(self) -> str:
        """``E1``, ``S3-2`` (hand 3 of the South wind, 2 honba)."""
        return f"{'ESWN'[self.wind]}{self.number + 1}" + (f"-{self.honba}" if self.honba else "")

    def replay(self, players: int = 4) -> Any:
        """``(event, state)`` after every event; ``state`` is one :class:`State`,
        updated in place (take :meth:`State.snapshot` to keep it)."""
        from mjasp.logs.replay import replay

        return replay(self, players)


@dataclass(slots=True)
class Game:
    """A game log read by :func:`mjasp.logs.read`.

    ``rules``: the mjasp rules of the lobby (:class:`mjasp.Rules`); ``lobby_type``:
    Tenhou's ``GO type`` where the log has one; ``complete``: the log ends as a game
    ends (a final score), not cut short; ``final``: the final scores in points;
    ``final_points``: every seat's result after uma and oka, as the log writes it
    (Tenhou's ``owari``, a tenhou.net/6 ``sc``: ``-20.0`` for 20 thousand points below),
    where it has them.
    """

    source: str
    format: str
    players: int
    rules: Any
    lobby_type: int | None = None
    names: tuple[str, ...] = ()
    rounds: list[Round] = field(default_factory=list)
    final: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    complete: bool = True
    problem: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        return (f"<Game {self.source!r} {self.format} {self.players} players, "
                f"{len(self.rounds)} rounds>")


#: Every draw and every discard event (by seat, by tsumogiri, by tile), made once: they
#: are nearly every event of a log, and an event is immutable, so readers share them.
DRAWS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event("draw", who, t) for t in range(37)) for who in range(4))
DISCARDS: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(tuple(Event("discard", who, t, tsumogiri=bool(g)) for t in range(37))
          for g in range(2)) for who in range(4))


def validate(game: Game) -> Game:
    """``game`` itself, once its fields have the shapes the replay relies on; else a
    :class:`LogError` naming the round and the field.

    Every reader ends here, so a record the reader's format allows but mjasp cannot
    replay (a seat past the table, a score list of the wrong length, a tile code out of
    range, a tile of 2m-8m in a three-player round) is one error saying where, not a
    crash deep in the replay or a silently wrong answer.

    >>> three_scores = Round(0, 0, 0, 0, 0, (25000,) * 3, 5, ((),) * 4)
    >>> validate(Game("<x>", "mjai", 4, None, rounds=[three_scores]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    mjasp.logs.model.LogError: <x>: round E1: scores: [25000, 25000, 25000] is not 4 ...
    """
    players = game.players
    if players not in (3, 4):
        raise LogError(f"{game.source}: {players!r} players (3 or 4)")
    seats = _SEATS[players]
    names: set[str] = set()
    for rnd in game.rounds:
        where = f"{game.source}: round {rnd.name if _small(rnd.wind, 4) else '?'}"
        for name in ("wind", "number", "honba", "sticks", "dealer"):
            value = getattr(rnd, name)
            if not _small(value, 4 if name in ("wind", "number") else
                          players if name == "dealer" else 1 << 16):
                raise LogError(f"{where}: {name} {value!r} out of range")
        # a round is named by its wind, number and honba: no game plays one twice
        if rnd.name in names:
            raise LogError(f"{where}: a second round of that wind, number and honba")
        names.add(rnd.name)
        _numbers(where, "scores", rnd.scores, players)
        if not _small(rnd.dora, 37):
            raise LogError(f"{where}: dora indicator {rnd.dora!r} is not a tile")
        if len(rnd.hands) != players or not all(
                isinstance(h, tuple) and set(h) <= _TILES for h in rnd.hands):
            raise LogError(f"{where}: starting hands: {players} hands of tiles 0-36 expected")
        events = rnd.events
        # C-level passes over every event (nearly all draws and discards); then only the
        # few events that carry tiles of a call or a record are looked at one by one
        seat_or_none = _SEATS[players] | {-1}
        acts = set(map(_KIND_WHO, events))
        if not (set(map(_TILE, events)) <= _TILES
                and set(map(_TARGET, events)) <= seat_or_none
                and all(_acts(kind, who, seats) for kind, who in acts)):
            i, e = next((i, e) for i, e in enumerate(events) if e.tile not in _TILES
                        or e.target not in seat_or_none or not _acts(e.kind, e.who, seats))
            raise LogError(f"{where}: event {i + 1} ({e.kind!r}): no seat, or a seat or a "
                           "tile out of range")
        for e in filter(_CONSUMED, events):
            if not set(e.consumed) <= _TILES:
                raise LogError(f"{where}: {e.kind} of seat {e.who}: a tile out of range")
        for e in filter(_RECORD, events):
            record = e.record
            if record is not None and record.deltas is not None:
                _numbers(where, f"{e.kind} score changes", record.deltas, players)
            if isinstance(record, WinRecord) and record.pao is not None \
                    and not _small(record.pao, players):
                raise LogError(f"{where}: win of seat {e.who}: liable seat {record.pao!r}")
        if players == 3:
            _sanma_tiles(where, rnd)
    return game


_KIND_WHO = attrgetter("kind", "who")
_TILE = attrgetter("tile")
_TARGET = attrgetter("target")
_CONSUMED = attrgetter("consumed")
_RECORD = attrgetter("record")
_TILES = frozenset(range(-1, 37))  # -1: an event without a tile
_SEATS = {n: frozenset(range(n)) for n in (3, 4)}
_EVENT_KINDS = frozenset(EVENT_KINDS)
_NO_SEAT = frozenset({"dora", "ryuukyoku"})  # the only events of no seat (-1)


#: The log tiles a three-player set leaves out: its removed kinds (2m-8m) and so the
#: red 5m
_NOT_SANMA = frozenset(t for t, k in enumerate(KIND) if k in SANMA_REMOVED)


def _sanma_tiles(where: str, rnd: Round) -> None:
    """A three-player round holding a tile of 2m-8m anywhere (the dora indicator, a
    starting hand, an event, a call, a win's record) is refused: its set has none."""
    what, held = "", {rnd.dora}
    if rnd.dora in _NOT_SANMA:
        what = "dora indicator"
    for p, hand in enumerate(rnd.hands):
        if not what and not _NOT_SANMA.isdisjoint(hand):
            what, held = f"starting hand of seat {p}", set(hand)
    for i, e in enumerate(rnd.events, start=1):
        if what:
            break
        record = e.record
        held = {e.tile, *e.consumed}
        if isinstance(record, WinRecord):
            held.update(record.ura, record.hand or ())
        if not _NOT_SANMA.isdisjoint(held):
            what = f"event {i} ({e.kind}) of seat {e.who}"
    if what:
        found = tiles_text(held & _NOT_SANMA)
        raise LogError(f"{where}: {what}: {found}, a tile of 2m-8m, which a three-player "
                       "set has none of")


def _acts(kind: str, who: int, seats: frozenset[int]) -> bool:
    # a known event by a seat at the table (only a dora or a drawn round has none: -1)
    return kind in _EVENT_KINDS and (who in seats or (who == -1 and kind in _NO_SEAT))


def _small(value: Any, limit: int) -> bool:
    # an int in 0..limit-1 (a bool is no count here)
    return type(value) is int and 0 <= value < limit


def _numbers(where: str, what: str, values: Any, players: int) -> None:
    if not isinstance(values, tuple) or len(values) != players \
            or not all(type(v) is int for v in values):
        raise LogError(f"{where}: {what}: {list(values)!r:.60} is not {players} whole "
                       "numbers, one per seat")
