"""Replaying a round: every seat's hand, melds, discards, riichi, the dora indicators,
the live wall, the scores and the sticks, after every event.

The state also tracks what the situation of a win needs (first go-around, ippatsu,
the last draw a replacement tile, liability), so :mod:`mjasp.logs.check` reads it from
the play, not from the log's own account of the win.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mjasp.core.blocks import BlockKind, block_of_kinds
from mjasp.logs.model import DRAGONS, KIND, WINDS_KINDS, Event, LogError, tile_text

if TYPE_CHECKING:
    from mjasp.logs.model import Round

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

    >>> from mjasp.logs.model import Round
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

    >>> from mjasp.logs.model import Round, Event
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
