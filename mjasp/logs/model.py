"""Games, rounds and events of a game log, and the state they replay to.

A tile of a log is one small integer, the same in every format: ``0..33`` the tile kinds
(``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s``, ``1z``..``7z``) and ``34 35 36`` the red
``5m 5p 5s`` (:data:`RED`). Seats are ``0..3`` in the order of the log's first dealer.

Replaying a round (:func:`replay`, :class:`State`, ``Round.replay``) gives every seat's
hand, melds, discards, riichi, the dora indicators, the live wall, the scores and the
sticks, after every event. The state also tracks what the situation of a win needs
(first go-around, ippatsu, the last draw a replacement tile, liability), so
:mod:`mjasp.logs.check` reads it from the play, not from the log's own account of the
win.

>>> tile_text(34), kind(34), tile_text(31)
('0m', 4, '5z')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from mjasp.core.blocks import BlockKind, block_of_kinds
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



def round_name(wind: int, number: int, honba: int) -> str:
    """A round's name: its wind, its hand in that wind (from 1), the honba after a dash.

    >>> round_name(1, 2, 2), round_name(0, 0, 0)
    ('S3-2', 'E1')
    """
    return f"{'ESWN'[wind]}{number + 1}" + (f"-{honba}" if honba else "")


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
        return round_name(self.wind, self.number, self.honba)

    def replay(self, players: int = 4) -> Iterator[tuple[Event, State]]:
        """``(event, state)`` after every event; ``state`` is one :class:`State`,
        updated in place (take :meth:`State.snapshot` to keep it)."""
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


def per_seat(values: tuple[Any, ...], field: str, players: int) -> tuple[Any, ...]:
    """``values``, one a seat (scores, score changes), as many as the table's seats: a
    three-player list may carry a fourth 0, the empty seat, as Tenhou and the tenhou.net/6
    converters write three-player scores; a fourth that is not 0 belongs to no seat, and
    is refused rather than dropped. Else a ``LogError`` naming the field and the count.

    >>> per_seat((35000, 35000, 35000, 0), "scores", 3)
    (35000, 35000, 35000)
    >>> per_seat((35000, 35000, 34000, 1000), "scores", 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjasp.logs.model.LogError: scores holds 4 numbers, a 3-player game has 3 (a fourth ...
    """
    if len(values) == players or (players == 3 and len(values) == 4 and values[3] == 0):
        return values[:players]
    empty = f" (a fourth is the empty seat's, 0, not {values[3]!r:.20})" \
        if players == 3 and len(values) == 4 else ""
    raise LogError(f"{field} holds {len(values)} numbers, a {players}-player game has "
                   f"{players}{empty}")


def _numbers(where: str, what: str, values: Any, players: int) -> None:
    if not isinstance(values, tuple) or len(values) != players \
            or not all(type(v) is int for v in values):
        raise LogError(f"{where}: {what}: {list(values)!r:.60} is not {players} whole "
                       "numbers, one per seat")


# -- replaying a round ----------------------------------------------------------------

#: Live-wall tiles after the deal: 136 − 14 (dead wall) − 4×13, and 108 − 14 − 3×13.
WALL = {4: 70, 3: 55}


@dataclass(frozen=True, slots=True)
class MeldRecord:
    """A call as the table sees it: ``kind`` (chi, pon, daiminkan, kakan, ankan),
    its tiles, the tile taken from ``target`` (−1 for a closed kan)."""

    kind: str
    tiles: tuple[int, ...]
    called: int
    target: int


class State:
    """The table after an event (mutable; :meth:`snapshot` freezes it).

    >>> r = Round(0, 0, 0, 0, 0, (25000,) * 4, 0, tuple((i,) * 1 + (9,) * 12 for i in range(4)))
    >>> s = State(r, 4)
    >>> s.wall, len(s.hands[0])
    (70, 13)
    """

    __slots__ = (
        "called_away",
        "calls_made",
        "dealer",
        "discards",
        "dora",
        "first_draw",
        "hands",
        "honba",
        "ippatsu",
        "ippatsu_robbed",
        "kan_pending",
        "last",
        "last_draw",
        "melds",
        "north",
        "pao",
        "players",
        "public",
        "riichi",
        "riichi_after_call",
        "riichi_discard",
        "rinshan",
        "round",
        "scores",
        "sticks",
        "wall",
    )

    def __init__(self, rnd: Round, players: int) -> None:
        self.round = rnd
        self.players = players
        self.dealer = rnd.dealer
        self.hands = [list(h) for h in rnd.hands[:players]]
        self.melds: list[list[MeldRecord]] = [[] for _ in range(players)]
        self.discards: list[list[int]] = [[] for _ in range(players)]
        self.called_away: list[int] = [0] * players  # discards taken by a call (nagashi)
        self.riichi = [0] * players  # 0 none, 1 declared, 2 accepted (stick paid)
        self.riichi_discard = [-1] * players  # index of the riichi tile in the discards
        self.dora = [rnd.dora]
        self.wall = WALL[players]
        self.scores = list(rnd.scores[:players])
        self.sticks = rnd.sticks
        self.honba = rnd.honba
        self.calls_made = False  # any call (a closed kan too) ends the first go-around
        self.ippatsu = [False] * players
        self.rinshan = [False] * players  # the seat's last draw is a replacement tile
        self.kan_pending = False  # a kan or north was declared: the next draw replaces it
        self.first_draw = [True] * players
        self.last: Event | None = None
        self.last_draw = [-1] * players
        self.pao: list[int | None] = [None] * players
        self.north = [0] * players
        self.riichi_after_call = [False] * players  # a call came before the riichi
        self.ippatsu_robbed = [False] * players  # ippatsu before the last added kan or north
        # tiles every seat sees: discards, called tiles from hands, indicators, norths
        # (counts by kind; bytes, so a table copies them whole, not number by number)
        self.public = bytearray(34)
        self.public[KIND[rnd.dora]] += 1

    def _take(self, who: int, tile: int, event: Event) -> None:
        hand = self.hands[who]
        try:
            hand.remove(tile)
        except ValueError:
            raise LogError(f"{self.round.name}: seat {who} {event.kind}s {tile_text(tile)} "
                           f"but holds {''.join(tile_text(t) for t in sorted(hand))}") from None

    def apply(self, event: Event) -> None:
        """Play one event on the table."""
        who, kind, tile = event.who, event.kind, event.tile
        if kind == "draw":
            if self.wall <= 0:
                raise LogError(f"{self.round.name}: seat {who} draws from an empty wall")
            self.hands[who].append(tile)
            self.wall -= 1
            self.rinshan[who] = self.kan_pending
            self.kan_pending = False
            self.last_draw[who] = tile
        elif kind == "discard":
            # a discard is made from 14 tiles, a call counting three: a lost or extra
            # event (a draw of the wrong seat, a discard missing) shows here
            held = len(self.hands[who]) + 3 * len(self.melds[who])
            if held != 14:
                raise LogError(f"{self.round.name}: seat {who} discards "
                               f"{tile_text(tile)} holding {held} tiles, not 14 "
                               "(its calls counted as three)")
            self._take(who, tile, event)
            self.discards[who].append(tile)
            self.public[KIND[tile]] += 1
            if self.riichi[who] == 2:
                self.ippatsu[who] = False  # the first discard after riichi ends ippatsu
            if self.riichi[who] == 1 and self.riichi_discard[who] < 0:
                self.riichi_discard[who] = len(self.discards[who]) - 1
            self.first_draw[who] = False
            self.rinshan[who] = False
        elif kind == "riichi":
            if self.riichi[who]:
                raise LogError(f"{self.round.name}: seat {who} declares riichi twice")
            self.riichi[who] = 1
            self.riichi_after_call[who] = self.calls_made
        elif kind == "riichi_accepted":
            self.riichi[who] = 2
            self.scores[who] -= 1000
            self.sticks += 1
            self.ippatsu[who] = True
        elif kind in ("chi", "pon", "daiminkan"):
            self._check_call(event)
            for t in event.consumed:
                self._take(who, t, event)
                self.public[KIND[t]] += 1
            target = event.target
            if not self.discards[target] or self.discards[target][-1] != tile:
                raise LogError(f"{self.round.name}: seat {who} calls {tile_text(tile)} that "
                               f"seat {target} did not just discard")
            self.called_away[target] += 1
            meld = MeldRecord(kind, tuple(sorted((*event.consumed, tile), key=KIND.__getitem__)),
                              tile, target)
            self.melds[who].append(meld)
            self._called(who, meld)
            if kind == "daiminkan":
                self.kan_pending = True
        elif kind == "kakan":
            self._take(who, tile, event)
            k = KIND[tile]
            self.public[k] += 1
            for i, m in enumerate(self.melds[who]):
                if m.kind == "pon" and KIND[m.called] == k:
                    self.melds[who][i] = MeldRecord("kakan", (*m.tiles, tile), m.called,
                                                    m.target)
                    break
            else:
                raise LogError(f"{self.round.name}: seat {who} adds {tile_text(tile)} to a "
                               "pon it does not have")
            # robbing this kan (chankan) keeps ippatsu: the kan never happened
            self.ippatsu_robbed = list(self.ippatsu)
            self._called(who, None)
            self.kan_pending = True
        elif kind == "ankan":
            self._check_call(event)
            for t in event.consumed:
                self._take(who, t, event)
                self.public[KIND[t]] += 1
            # robbing it (kokushi, where the rules allow) keeps ippatsu, as for an added kan
            self.ippatsu_robbed = list(self.ippatsu)
            meld = MeldRecord("ankan", tuple(event.consumed), -1, -1)
            self.melds[who].append(meld)
            self._called(who, meld)
            self.kan_pending = True
        elif kind == "nukidora":
            self._take(who, tile, event)
            self.public[KIND[tile]] += 1
            self.north[who] += 1
            # setting a north aside ends ippatsu and the first go-around as a call does
            # (https://riichi.wiki/Sanma "Nukidora"); a ron on it keeps ippatsu (chankan's
            # way: the north was never set aside)
            self.ippatsu_robbed = list(self.ippatsu)
            self._called(who, None)
            self.kan_pending = True
        elif kind == "dora":
            self.dora.append(tile)
            self.public[KIND[tile]] += 1
            # an indicator turns between an added kan and the ron robbing it (the last
            # kan's, turned as the next is declared): the kan stays the last event played
            return
        self.last = event

    def _check_call(self, event: Event) -> None:
        """A chi, pon or kan whose tiles make no such meld, or taken from a seat the call
        cannot take from, is refused (scored, it would be a different meld): a chi is a
        run of three in one suit taken from the seat on the left, and three players have
        none ("No chii", https://riichi.wiki/Sanma); a pon three and a kan four of one
        kind, an open one from another seat."""
        kind, who = event.kind, event.who
        kinds = [KIND[t] for t in event.consumed]
        if kind != "ankan":
            kinds.append(KIND[event.tile])
        block = block_of_kinds(kinds)
        problem = ""
        if kind == "chi":
            if self.players == 3:
                problem = "three players have no chi"
            elif event.target != (who - 1) % self.players:
                problem = f"a chi takes the left seat's discard, not seat {event.target}'s"
            elif block is None or block.kind is not BlockKind.SEQUENCE:
                problem = "its tiles are not a run of three in one suit"
        elif block is None or block.kind is not (
                BlockKind.TRIPLET if kind == "pon" else BlockKind.QUAD):
            problem = f"its tiles are not {3 if kind == 'pon' else 4} of one kind"
        elif kind != "ankan" and event.target == who:
            problem = "it takes its own discard"
        if problem:
            tiles = "".join(tile_text(t) for t in (*event.consumed, event.tile))
            raise LogError(f"{self.round.name}: seat {who}'s {kind} {tiles}: {problem}")

    def _called(self, who: int, meld: MeldRecord | None) -> None:
        self.calls_made = True
        self.ippatsu = [False] * self.players
        if meld is None or meld.kind == "chi":
            return
        # liability (pao): the call that completes the third dragon set or the fourth wind
        # set, taken from another seat's discard (https://riichi.wiki/Sekinin_barai)
        sets = {KIND[m.tiles[0]] for m in self.melds[who] if m.kind != "chi"}
        k = KIND[meld.tiles[0]]
        if meld.target >= 0 and ((k in DRAGONS and sets.issuperset(DRAGONS))
                                 or (k in WINDS_KINDS and sets.issuperset(WINDS_KINDS))):
            self.pao[who] = meld.target

    def visible(self, who: int) -> list[int]:
        """Counts by kind of every tile ``who`` can see: their hand, every discard, every
        meld, the dora indicators, the norths set aside."""
        seen = list(self.public)  # a called tile is counted once, as a discard
        for t in self.hands[who]:
            seen[KIND[t]] += 1
        return seen

    def snapshot(self) -> tuple[object, ...]:
        """The table as one comparable value (hands sorted, calls in order)."""
        return (tuple(tuple(sorted(h)) for h in self.hands),
                tuple(tuple((m.kind, tuple(sorted(m.tiles)), m.called, m.target) for m in ms)
                      for ms in self.melds),
                tuple(tuple(d) for d in self.discards), tuple(self.riichi), tuple(self.dora),
                self.wall, tuple(self.scores), self.sticks, tuple(self.north))


def replay(rnd: Round, players: int = 4) -> Iterator[tuple[Event, State]]:
    """Every event of ``rnd`` with the state after it (one State, updated in place).

    >>> r = Round(0, 0, 0, 0, 0, (25000,) * 4, 0, tuple((9,) * 13 for _ in range(4)),
    ...           [Event("draw", 0, 33), Event("discard", 0, 33, tsumogiri=True)])
    >>> [(e.kind, s.wall) for e, s in replay(r)]
    [('draw', 69), ('discard', 69)]
    """
    state = State(rnd, players)
    for event in rnd.events:
        # a win or a draw is not played on the table: ``last`` stays the discard, added
        # kan or north every winner of a multiple ron took (each robs a robbed kan)
        if event.kind not in ("win", "ryuukyoku"):
            state.apply(event)
        yield event, state
