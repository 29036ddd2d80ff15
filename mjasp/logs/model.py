"""Games, rounds and events of a game log, and the state they replay to.

A tile of a log is one small integer, the same in every format: ``0..33`` the tile kinds
(``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s``, ``1z``..``7z``) and ``34 35 36`` the red
``5m 5p 5s`` (:data:`RED`). Seats are ``0..3`` in the order of the log's first dealer.

>>> tile_text(34), kind(34), tile_text(31)
('0m', 4, '5z')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mjasp.core.errors import MjaspError

#: Red fives: tile 34 is the red 5m, 35 the red 5p, 36 the red 5s.
RED = (34, 35, 36)
#: The plain kind of every tile (red fives fold onto their five).
KIND: tuple[int, ...] = (*range(34), 4, 13, 22)
#: Kinds of the winds and dragons.
DRAGONS = (31, 32, 33)
WINDS_KINDS = (27, 28, 29, 30)
#: Event kinds, in the vocabulary of MJAI.
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
    ``yaku``: (Tenhou yaku id, han) pairs; ``yakuman``: Tenhou ids of the yakuman;
    ``hand``: the concealed tiles with the winning tile, as the log shows them.
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

    @property
    def han(self) -> int | None:
        """The han of the recorded yaku (None for a yakuman or when the log has none)."""
        return None if self.yaku is None else sum(h for _, h in self.yaku)


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
    ends (a final score), not cut short.
    """

    source: str
    format: str
    players: int
    rules: Any
    lobby_type: int | None = None
    names: tuple[str, ...] = ()
    rounds: list[Round] = field(default_factory=list)
    final: tuple[int, ...] | None = None
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
