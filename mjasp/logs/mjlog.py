"""Tenhou's mjlog XML (as downloaded, plain or gzipped), read into a :class:`Game`.

Tiles are 136 ids (kind = id // 4; ids 16, 52, 88 the red fives where the lobby has
them); ``T U V W`` + id is a draw of seat 0..3, ``D E F G`` + id a discard; ``N`` a
call with its packed meld code; ``INIT`` starts a round, ``AGARI`` and ``RYUUKYOKU``
end it (an ``owari`` attribute ends the game). The tags are scanned, not parsed as a
tree: a truncated file still reads up to where it stops, and the error says where.
"""

from __future__ import annotations

import re
import urllib.parse

from mjasp.logs.lobby import rules_for_lobby
from mjasp.logs.model import (
    DISCARDS,
    DRAWS,
    DrawRecord,
    Event,
    Game,
    LogError,
    Round,
    WinRecord,
    validate,
)

_ATTR = re.compile(rb'([A-Za-z0-9]+)="([^"]*)"')
_DRAW = {ord("T"): 0, ord("U"): 1, ord("V"): 2, ord("W"): 3}
_DISCARD = {ord("D"): 0, ord("E"): 1, ord("F"): 2, ord("G"): 3}
DRAW_REASONS = {"": "exhaustive", "nm": "nagashi", "yao9": "nine_terminals",
                "reach4": "four_riichi", "ron3": "triple_ron", "kaze4": "four_winds",
                "kan4": "four_kans"}
_RED_IDS = {16: 34, 52: 35, 88: 36}
#: The log tile of every 136 id, with and without red fives.
_KINDS_PLAIN = tuple(i // 4 for i in range(136))
_KINDS_RED = tuple(_RED_IDS.get(i, i // 4) for i in range(136))
#: A draw ``<T12/>`` or a discard ``<D12/>`` in the exact form Tenhou writes (one group
#: pair each), else any tag (the slower path below reads it). A tag's attributes hold no
#: ``<`` (XML allows none there): ``[^<>]*`` stops at the next tag, where ``[^>]*`` ran
#: on to the file's end from every ``<`` of a file without ``>`` (quadratic: 80 KB of
#: ``<a`` took over a minute).
_FAST = re.compile(rb"<([TUVW])(\d+)/>|<([DEFG])(\d+)/>|<([A-Za-z]+[0-9]*)([^<>]*)>")
_SEAT = {b"T": 0, b"U": 1, b"V": 2, b"W": 3, b"D": 0, b"E": 1, b"F": 2, b"G": 3}

def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def _tiles(ids: list[int], kinds: tuple[int, ...]) -> tuple[int, ...]:
    """Log tiles of 136 ids (an id out of 0..135 is an IndexError: a malformed tag)."""
    if ids and (min(ids) < 0 or max(ids) > 135):
        raise IndexError(ids)
    return tuple([kinds[i] for i in ids])


def decode_meld(m: int, who: int, players: int = 4) -> tuple[str, int, tuple[int, ...], int]:
    """An mjlog meld code as (kind, called or added 136 id, consumed ids, target seat).

    Worked: 2634 has bit 0x8 (pon); 2634 >> 9 = 5 = 3 * 1 + 2, so kind 1 (2m) and the
    called tile is the third of ids 4 5 7 (bits 5-6 = 2: id 6 unused); 2634 & 3 = 2 seats
    on (the log: seat 2 discards id 7, seat 0 calls it).

    >>> decode_meld(2634, 0)
    ('pon', 7, (4, 5), 2)

    Three players keep Tenhou's four seats with the fourth (seat 3) empty: the offset
    counts round all four (Tenhou's own client finds the discarder as ``(who + kui) % 4``),
    so seat 0 calls seat 2 at offset 2 and seat 1 calls seat 0 at offset 3; an offset
    that lands on the empty seat is an error.

    >>> decode_meld(42603, 1, players=3)[3], decode_meld(43114, 0, players=3)[3]
    (0, 2)
    """
    target = (who + (m & 3)) % 4
    if target >= players:
        raise LogError(f"call code {m} of seat {who}: the tile comes from seat {target}, "
                       f"and a {players}-player game has seats 0-{players - 1}")
    if m & 0x4:
        t = m >> 10
        r, t = t % 3, t // 3
        base = (t // 7) * 9 + t % 7
        ids = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return "chi", ids[r], tuple(ids[:r] + ids[r + 1:]), target
    if m & 0x18:
        t = m >> 9
        r, t = t % 3, t // 3
        unused = (m >> 5) & 3
        ids = [t * 4 + i for i in range(4) if i != unused]
        if m & 0x8:
            return "pon", ids[r], tuple(ids[:r] + ids[r + 1:]), target
        return "kakan", t * 4 + unused, tuple(ids), target
    if m & 0x20:
        return "nukidora", m >> 8, (), who
    hai = m >> 8
    ids = [hai // 4 * 4 + i for i in range(4)]
    if m & 3 == 0:
        return "ankan", hai, tuple(ids), who
    return "daiminkan", hai, tuple(i for i in ids if i != hai), target


def read_mjlog(data: bytes, source: str = "<mjlog>", partial: bool = False,
               rules_given: bool = False) -> Game:
    """A game from mjlog XML bytes; a log that stops early raises :class:`LogError`
    saying where (``partial=True``: returns what it holds, ``complete`` False);
    ``rules_given``: the caller plays it under rules of its own, so a lobby type with
    bits mjasp does not know is read (:func:`mjasp.logs.lobby.rules_for_lobby`)."""
    game: Game | None = None
    red = True
    players = 4
    rnd: Round | None = None
    events: list[Event] = []
    last_draw = [-1, -1, -1, -1]
    names: tuple[str, ...] = ()
    ended = False

    def tile(i: int) -> int:
        if not 0 <= i < 136:
            raise LogError(f"{source}: tile id {i} is not one of Tenhou's 0..135")
        return _RED_IDS[i] if red and i in _RED_IDS else i // 4

    kinds = _KINDS_RED  # 136 id -> log tile, the lobby's (red fives or not)
    try:
        for drawn, draw_id, dropped, drop_id, name, rest in _FAST.findall(data):
            # draws and discards are nearly every tag: their events are shared (immutable)
            if drawn:
                who, i = _SEAT[drawn], int(draw_id)
                last_draw[who] = i
                events.append(DRAWS[who][kinds[i]])
                continue
            if dropped:
                who, i = _SEAT[dropped], int(drop_id)
                # 136 ids are unique: the tile drawn last (a riichi or a dora may come
                # between)
                events.append(DISCARDS[who][i == last_draw[who]][kinds[i]])
                last_draw[who] = -1
                continue
            first = name[0]
            if len(name) > 1 and first in _DRAW and name[1:].isdigit():
                who, i = _DRAW[first], int(name[1:])
                last_draw[who] = i
                events.append(Event("draw", who, tile(i)))
                continue
            if len(name) > 1 and first in _DISCARD and name[1:].isdigit():
                who, i = _DISCARD[first], int(name[1:])
                events.append(Event("discard", who, tile(i), tsumogiri=i == last_draw[who]))
                last_draw[who] = -1
                continue
            attrs = {k.decode(): v.decode() for k, v in _ATTR.findall(rest)}
            if name == b"GO":
                if game is not None:  # (a file is one game: the first was dropped unchecked)
                    raise LogError(f"{source}: a second game (GO tag) after "
                                   f"{len(game.rounds)} rounds: one game a file")
                lobby = int(attrs.get("type", "-1"))
                try:
                    rules = rules_for_lobby(lobby, given=rules_given)
                except LogError as error:
                    raise LogError(f"{source}: {error}") from None
                red = rules.red_fives != (0, 0, 0)
                kinds = _KINDS_RED if red else _KINDS_PLAIN
                players = rules.players
                game = Game(source, "mjlog", players, rules, lobby)
            elif name == b"UN" and "n0" in attrs and not names:
                names = tuple(urllib.parse.unquote(attrs.get(f"n{i}", "")) for i in range(4))
            elif name == b"INIT":
                if game is None:
                    raise LogError(f"{source}: a round starts before the lobby type (GO tag)")
                if rnd is not None and not ended:
                    raise LogError(f"{source}: round {rnd.name} has no result before the next "
                                   "round starts")
                seed = _ints(attrs["seed"])
                hands = tuple(_tiles(_ints(attrs.get(f"hai{p}", "")), kinds)
                              for p in range(4))
                events = []
                rnd = Round(seed[0] // 4, seed[0] % 4, seed[1], seed[2], int(attrs["oya"]),
                            tuple(100 * x for x in _ints(attrs["ten"]))[:players],
                            tile(seed[5]), hands[:players], events)
                game.rounds.append(rnd)
                ended = False
            elif name == b"N":
                who = int(attrs["who"])
                try:
                    kind, called, consumed, target = decode_meld(int(attrs["m"]), who, players)
                except LogError as error:
                    raise LogError(f"{source}: {error}") from None
                events.append(Event(kind, who, tile(called), target,
                                    tuple(tile(i) for i in consumed)))
            elif name == b"REACH":
                who = int(attrs["who"])
                events.append(Event("riichi" if attrs.get("step") == "1" else "riichi_accepted",
                                    who))
            elif name == b"DORA":
                events.append(Event("dora", -1, tile(int(attrs["hai"]))))
            elif name == b"AGARI":
                events.append(_agari(attrs, tile, players))
                ended = True
            elif name == b"RYUUKYOKU":
                sc = _ints(attrs["sc"])
                shown = tuple(p for p in range(4) if f"hai{p}" in attrs)
                events.append(Event("ryuukyoku", record=DrawRecord(
                    DRAW_REASONS.get(attrs.get("type", ""), attrs.get("type", "")),
                    tuple(100 * x for x in sc[1::2])[:players], shown)))
                ended = True
            else:
                continue
            if "owari" in attrs and game is not None:
                owari = attrs["owari"].split(",")
                game.final = tuple(100 * int(float(x)) for x in owari[0::2])[:players]
                points = tuple(float(x) for x in owari[1::2])[:players]
                # (a short owari leaves them out: its scores are compared as they are)
                game.final_points = points if len(points) == len(game.final) == players \
                    else None
    except LogError:
        raise
    except (IndexError, KeyError, ValueError):
        tag = (drawn or dropped or name).decode("ascii", "replace")
        raise LogError(f"{source}: a malformed <{tag}> tag after {len(events)} events of "
                       "its round (a tile id above 135, a field missing or not a number)"
                       ) from None
    closed = data.rstrip().endswith(b"</mjloggm>")
    if game is None:
        raise LogError(f"{source}: not a Tenhou mjlog (no GO tag with a lobby type)")
    game.names = names[:players]
    validate(game)
    problem = None
    if rnd is not None and not ended:
        problem = (f"{source}: the log stops inside round {rnd.name} after "
                   f"{len(rnd.events)} events (no AGARI or RYUUKYOKU)")
    elif game.final is None:
        where = f"after round {game.rounds[-1].name}" if game.rounds else "before its first round"
        problem = f"{source}: the log stops {where} (no final score, owari)"
    elif not closed:
        problem = f"{source}: the log stops before its closing </mjloggm> tag"
    if problem:
        game.complete = False
        game.problem = problem
        if not partial:
            raise LogError(problem)
    return game


def _agari(attrs: dict[str, str], tile: object, players: int) -> Event:
    to_tile = tile  # 136 id -> log tile
    assert callable(to_tile)
    who, target = int(attrs["who"]), int(attrs["fromWho"])
    fu, points, limit = _ints(attrs["ten"])
    pairs = _ints(attrs.get("yaku", ""))
    yaku = tuple(zip(pairs[0::2], pairs[1::2], strict=True))
    yakuman = tuple(_ints(attrs.get("yakuman", "")))
    sc = _ints(attrs["sc"])
    honba, sticks = _ints(attrs["ba"])
    record = WinRecord(
        deltas=tuple(100 * x for x in sc[1::2])[:players], fu=fu, points=points, limit=limit,
        yaku=yaku if pairs else (), yakuman=yakuman,
        ura=tuple(to_tile(i) for i in _ints(attrs.get("doraHaiUra", ""))),
        pao=int(attrs["paoWho"]) if "paoWho" in attrs else None,
        hand=tuple(to_tile(i) for i in _ints(attrs["hai"])), honba=honba, sticks=sticks,
        scores=tuple(100 * x for x in sc[0::2])[:players])
    return Event("win", who, to_tile(int(attrs["machi"])), target, record=record)
