"""MJAI event streams (JSON lines, the logs of mjai bots and Mortal), in and out.

Each line is one event: ``start_game``, ``start_kyoku`` (``bakaze``, ``kyoku`` 1-4,
``honba``, ``kyotaku``, ``oya``, ``scores``, ``dora_marker``, ``tehais``), ``tsumo``,
``dahai`` (``tsumogiri``), ``chi`` ``pon`` ``daiminkan`` ``kakan`` ``ankan``
(``actor``, ``target``, ``pai``, ``consumed``), ``nukidora`` (RiichiEnv: ``kita``),
``dora``, ``reach``, ``reach_accepted``, ``hora`` (``actor``, ``target``, ``pai``, ``deltas``,
``ura_markers``), ``ryukyoku`` (``deltas``), ``end_kyoku``, ``end_game`` (``scores``,
the final scores, where the log has them). The first MJAI server's names (gimite/mjai:
``uradora_markers``, ``hora_points``, a draw's ``reason`` such as ``fanpai``) are read
too. Tile names are
those of :mod:`mjasp.core.mjai` (``5mr`` a red five, ``E``..``C`` the honors).

What MJAI has no field for is written as extra keys that MJAI readers ignore:
``hora`` carries ``fu``, ``points``, ``limit``, ``yaku`` ([[Tenhou id, han], ...]), ``yakuman``
and ``pao``; ``ryukyoku`` its ``reason``; ``start_game`` the ``lobby_type`` (and, for a
game under Mahjong Soul's rules, ``rules`` and ``red_fives``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from mjasp.core.mjai import MJAI_NAMES
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
    per_seat,
    validate,
)
from mjasp.rules import RULES

_NAMES = (*MJAI_NAMES, "5mr", "5pr", "5sr")
_TILES = {name: t for t, name in enumerate(_NAMES)}
_CALLS = ("chi", "pon", "daiminkan", "kakan", "ankan")
#: Presets a log may name in ``start_game.rules`` (mjasp's writer does, for a game read
#: under Mahjong Soul's rules, which no Tenhou lobby type describes).
MAHJONGSOUL_PRESETS = ("mahjongsoul", "mahjongsoul-3p")
_MJAI_KIND = {"draw": "tsumo", "discard": "dahai", "riichi": "reach",
              "riichi_accepted": "reach_accepted", "win": "hora", "ryuukyoku": "ryukyoku"}
#: RiichiEnv names a north set aside ``kita`` (``actor``, ``pai``: "N")
_KIND = {**{v: k for k, v in _MJAI_KIND.items()}, "kita": "nukidora"}
#: The reasons of a ``ryukyoku`` as other MJAI writers name them: mjasp's names. The first
#: MJAI server (gimite/mjai, its game server and its Tenhou log converter
#: lib/mjai/tenhou_archive.rb) and RiichiEnv (``exhaustive_draw``, ``kyushu_kyuhai``,
#: ``suucha_riichi``, ``sanchaho``, ``sufuurenta``, ``suukansansen``); a reason none of
#: them names is read as ``unknown`` (settled by the wall), not as an abortive draw.
DRAW_REASONS = {"fanpai": "exhaustive", "nagashimangan": "nagashi",
                "kyushukyuhai": "nine_terminals", "suchareach": "four_riichi",
                "sanchaho": "triple_ron", "sufonrenta": "four_winds", "sukaikan": "four_kans",
                "exhaustive_draw": "exhaustive", "kyushu_kyuhai": "nine_terminals",
                "suucha_riichi": "four_riichi", "sufuurenta": "four_winds",
                "suukansansen": "four_kans",
                **{r: r for r in ("exhaustive", "nagashi", "nine_terminals", "four_riichi",
                                  "triple_ron", "four_winds", "four_kans", "unknown")}}


def name(tile: int) -> str:
    """The MJAI name of a log tile (``5pr`` the red 5p).

    >>> name(35), name(31)
    ('5pr', 'P')
    """
    return _NAMES[tile]


def tile(text: str) -> int:
    """The log tile of an MJAI name; ``?``, a tile hidden from the player an MJAI stream
    is written for, is a ``LogError`` saying so: a log is checked by replaying every hand.

    >>> tile("?")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjasp.logs.model.LogError: '?' is a hidden tile: this MJAI stream is one player's view; ...
    """
    try:
        return _TILES[text]
    except (KeyError, TypeError):
        if text == "?":
            raise LogError("'?' is a hidden tile: this MJAI stream is one player's view; "
                           "mjasp reads the full log (every hand and draw known)") from None
        raise LogError(f"{text!r} is not an MJAI tile name") from None


def _whole(value: Any, field: str) -> int:
    """An integer field of an MJAI event: a JSON integer, or a number without a fraction
    (``25000.0``); anything else, ``1.5`` or ``"2"`` or ``true``, is a ``LogError``
    naming the field (every integer field is read here).

    >>> _whole(2.0, "honba")
    2
    >>> _whole(1.5, "actor")
    Traceback (most recent call last):
    ...
    mjasp.logs.model.LogError: actor: 1.5 is not a whole number
    """
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    raise LogError(f"{field}: {value!r:.40} is not a whole number")


def _seat(value: Any, field: str, players: int) -> int:
    """A seat field of an MJAI event (``actor``, ``target``, ``pao``, ``oya``): a whole
    number of ``0..players - 1``, else a ``LogError`` naming the field and the table.

    >>> _seat(4, "actor", 4)
    Traceback (most recent call last):
    ...
    mjasp.logs.model.LogError: actor 4 is not a seat of a 4-player game (0-3)
    """
    seat = _whole(value, field)
    if not 0 <= seat < players:
        raise LogError(f"{field} {seat} is not a seat of a {players}-player game "
                       f"(0-{players - 1})")
    return seat


def _wind(value: Any) -> int:
    """The round wind of ``bakaze`` (``E`` ``S`` ``W`` ``N``: 0-3); anything else is a
    ``LogError`` (``"ESWN".index`` found ``""`` and ``"SW"`` too: East, South).

    >>> _wind("S")
    1
    """
    if not isinstance(value, str) or len(value) != 1 or value not in "ESWN":
        raise LogError(f"bakaze: {value!r:.20} is not a wind (E, S, W or N)")
    return "ESWN".index(value)


def _per_seat(values: Any, field: str, players: int) -> tuple[int, ...]:
    """A list of one whole number a seat (``scores``, ``deltas``): as many as the table
    has seats (:func:`mjasp.logs.model.per_seat`: a three-player list may carry a fourth
    0, the empty seat). Else a ``LogError`` naming the field and the count.

    >>> _per_seat([35000, 35000, 35000, 0], "scores", 3)
    (35000, 35000, 35000)
    >>> _per_seat([25000] * 5, "scores", 4)
    Traceback (most recent call last):
    ...
    mjasp.logs.model.LogError: scores holds 5 numbers, a 4-player game has 4
    """
    if not isinstance(values, list):
        raise LogError(f"{field}: {values!r:.40} is not a list of numbers")
    return per_seat(tuple(_whole(x, field) for x in values), field, players)


def write_mjai(game: Game) -> Iterator[dict[str, Any]]:
    """A game as MJAI events (one dict per line of the stream)."""
    start: dict[str, Any] = {"type": "start_game", "names": list(game.names),
                             "lobby_type": game.lobby_type, "players": game.players}
    name_ = str(getattr(game.rules, "name", ""))
    if name_ in MAHJONGSOUL_PRESETS:  # rules no lobby type says: named (an extra key)
        start.update(rules=name_, red_fives=list(game.rules.red_fives))
    yield start
    for rnd in game.rounds:
        yield {"type": "start_kyoku", "bakaze": "ESWN"[rnd.wind], "kyoku": rnd.number + 1,
               "honba": rnd.honba, "kyotaku": rnd.sticks, "oya": rnd.dealer,
               "scores": list(rnd.scores), "dora_marker": name(rnd.dora),
               "tehais": [[name(t) for t in h] for h in rnd.hands]}
        for e in rnd.events:
            yield _event(e)
        yield {"type": "end_kyoku"}
    yield {"type": "end_game"} if game.final is None else {"type": "end_game",
                                                           "scores": list(game.final)}


def _event(e: Event) -> dict[str, Any]:
    k = e.kind
    out: dict[str, Any] = {"type": _MJAI_KIND.get(k, k)}
    if k == "dora":
        out["dora_marker"] = name(e.tile)
        return out
    if k == "ryuukyoku":
        rec = e.record
        assert isinstance(rec, DrawRecord)
        out["reason"] = rec.reason
        if rec.deltas is not None:
            out["deltas"] = list(rec.deltas)
        return out
    out["actor"] = e.who
    if k in ("draw", "discard", "nukidora"):
        out["pai"] = name(e.tile)
        if k == "discard":
            out["tsumogiri"] = e.tsumogiri
    elif k in _CALLS:
        if k != "ankan":
            out["target"] = e.target
            out["pai"] = name(e.tile)
        out["consumed"] = [name(t) for t in e.consumed]
    elif k == "win":
        rec = e.record if isinstance(e.record, WinRecord) else WinRecord()
        out.update(target=e.target, pai=name(e.tile), ura_markers=[name(t) for t in rec.ura])
        if rec.deltas is not None:
            out["deltas"] = list(rec.deltas)
        for key in ("fu", "points", "limit", "pao"):
            if getattr(rec, key) is not None:
                out[key] = getattr(rec, key)
        if rec.yaku is not None:
            out["yaku"] = [list(y) for y in rec.yaku]
        if rec.yakuman is not None:
            out["yakuman"] = list(rec.yakuman)
    return out


def mjai_text(game: Game) -> str:
    """The MJAI stream of a game as text, one JSON object per line."""
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for e in write_mjai(game))


def read_mjai(lines: Iterable[str | bytes], source: str = "<mjai>",
              rules_given: bool = False) -> Game:
    """A game from MJAI JSON lines (``rules_given``: as :func:`mjasp.logs.read_mjlog`'s,
    for a ``lobby_type`` with bits mjasp does not know)."""
    game: Game | None = None
    rnd: Round | None = None
    ended = False
    numbered = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    parsed = _parse_all([line for _, line in numbered])
    for k, (n, line) in enumerate(numbered):
        try:
            e = parsed[k] if parsed is not None else json.loads(line)
            t = e["type"]
            if rnd is not None and (t == "tsumo" or t == "dahai"):
                # nearly every line: a shared event (an actor or tile out of range is an
                # IndexError, reported below)
                who = _seat(e["actor"], "actor", game.players)  # type: ignore[union-attr]
                tile_id = tile(e["pai"])
                rnd.events.append(DRAWS[who][tile_id] if t == "tsumo" else
                                  DISCARDS[who][bool(e.get("tsumogiri", False))][tile_id])
                continue
            game, rnd, ended = _apply(e, game, rnd, ended, source, rules_given)
        except LogError as error:
            raise LogError(f"{source}: line {n}: {error}") from None
        except (AttributeError, ValueError, KeyError, TypeError, IndexError) as error:
            raise LogError(f"{source}: line {n}: not an MJAI event: {error}") from None
    if game is None:
        raise LogError(f"{source}: no MJAI start_game event")
    if rnd is not None and not ended:
        game.complete = False
        game.problem = f"{source}: the stream stops inside round {rnd.name}"
        raise LogError(game.problem)
    if not game.complete:
        raise LogError(game.problem or f"{source}: the stream stops before end_game")
    return validate(game)


#: The JSON decoder's scanner (C): one value from a place in a text, and where it ends.
_SCAN = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # (set in __init__)


def _parse_all(lines: list[str | bytes]) -> list[Any] | None:
    """Every line's JSON object, each line scanned alone by the decoder's C scanner
    (without ``json.loads``'s Python layers per line), or None: then each line is
    parsed by ``json.loads``, which says which one is wrong and why. A line must be one
    object from its first character to its last (JSON white space aside): one parse of
    all the lines joined, which this replaced, counted the objects only, and two lines
    that merged into one object balanced a line of two."""
    found = []
    for line in lines:
        text = (line if isinstance(line, str) else line.decode("utf-8", "replace")
                ).strip(" \t\r\n")
        try:
            value, end = _SCAN(text, 0)
        except (StopIteration, ValueError):
            return None
        if end != len(text) or type(value) is not dict:
            return None
        found.append(value)
    return found


def _optional(e: dict[str, Any], field: str) -> int | None:
    """An integer field an event may leave out (``None``), read by :func:`whole`."""
    value = e.get(field)
    return None if value is None else _whole(value, field)


def _start_game(e: dict[str, Any], source: str, players: int | None = None,
                rules_given: bool = False) -> Game:
    """The game a ``start_game`` begins (``players`` known from the first round's deal
    when ``start_game`` says nothing of them)."""
    lobby = e.get("lobby_type")
    if lobby is not None:
        lobby = _whole(lobby, "lobby_type")
    # mjasp's writer says ``players``; other three-player MJAI logs name three seats;
    # else a lobby type's three-player bit (0x10) says it
    said = e.get("players", 3 if len(e.get("names") or ()) == 3 else None)
    table = 3 if lobby is not None and lobby & 0x10 else 4
    count = players or _whole(said if said is not None else table, "players")
    if count not in (3, 4):  # (before any seat or score list is read against it)
        raise LogError(f"players: {count} players (3 or 4)")
    if lobby is None:
        lobby = 0x09 | (0x10 if count == 3 else 0) | (0 if e.get("aka_flag", True) else 0x02)
    rules = rules_for_lobby(lobby, given=rules_given)
    if e.get("rules") in MAHJONGSOUL_PRESETS:
        rules = RULES[e["rules"]].replace(red_fives=tuple(e.get("red_fives", (1, 1, 1))))
    if rules.players != count and not rules_given:
        # a table the record contradicts: its rules would score every hand of the other
        # table (a three-player game paid as four players' tsumo, a 7m refused); with
        # --rules the user's preset is checked against the table instead (with_rules)
        raise LogError(f"a {count}-player game, but its lobby_type {lobby} (or rules) is "
                       f"of {rules.players} players")
    game = Game(source, "mjai", count, rules, lobby, names=tuple(e.get("names", ())))
    if e.get("lobby_type") is None:
        # the table's default, not the record's word: whether the players were human
        # (the 0x01 bit) is unknown, so the game's length is not judged
        game.extra["not_human"] = True
    if said is None and players is None and "names" not in e:
        game.extra["players_unsaid"] = e  # the first round's deal decides
    game.complete = False
    return game


def _apply(e: dict[str, Any], game: Game | None, rnd: Round | None, ended: bool,
           source: str, rules_given: bool = False) -> tuple[Game | None, Round | None, bool]:
    t = e["type"]
    if t == "start_game":
        if game is not None:  # (a file is one game: the first was dropped unchecked)
            raise LogError(f"a second start_game, after {len(game.rounds)} rounds: one "
                           "game a file (split the stream at each start_game)")
        return _start_game(e, source, rules_given=rules_given), None, True
    if game is None:
        raise LogError(f"{t} before start_game")
    if t == "start_kyoku":
        if rnd is not None and not ended:
            raise LogError(f"round {rnd.name} has no result before the next round")
        start = game.extra.pop("players_unsaid", None)
        if start is not None and len(e["scores"]) == 3:
            # a start_game that says nothing of the table (RiichiEnv's): three scores dealt
            game = _start_game(start, source, players=3, rules_given=rules_given)
        rnd = Round(_wind(e["bakaze"]), _whole(e["kyoku"], "kyoku") - 1,
                    _whole(e["honba"], "honba"), _whole(e["kyotaku"], "kyotaku"),
                    _seat(e["oya"], "oya", game.players),
                    _per_seat(e["scores"], "scores", game.players),
                    tile(e["dora_marker"]),
                    tuple(tuple(tile(x) for x in h) for h in e["tehais"][:game.players]))
        game.rounds.append(rnd)
        return game, rnd, False
    if t == "end_game":
        game.complete = True
        if "scores" in e:  # the final scores, as several MJAI servers write them
            game.final = _per_seat(e["scores"], "scores", game.players)
        return game, rnd, ended
    if t == "end_kyoku":
        return game, rnd, ended
    if rnd is None:
        raise LogError(f"{t} outside a round")
    kind = _KIND.get(t, t)
    actor = -1 if kind in ("dora", "ryuukyoku") else _seat(e.get("actor"), "actor",
                                                             game.players)
    if kind == "dora":
        rnd.events.append(Event("dora", -1, tile(e["dora_marker"])))
    elif kind in ("draw", "discard", "nukidora"):
        rnd.events.append(Event(kind, actor, tile(e["pai"]),
                                tsumogiri=bool(e.get("tsumogiri", False))))
    elif kind in ("riichi", "riichi_accepted"):
        rnd.events.append(Event(kind, actor))
    elif kind in _CALLS:
        consumed = tuple(tile(x) for x in e["consumed"])
        called = tile(e["pai"]) if "pai" in e else consumed[-1]
        rnd.events.append(Event(kind, actor, called,
                                _seat(e.get("target", actor), "target", game.players),
                                consumed))
    elif kind == "win":
        deltas = _per_seat(e["deltas"], "deltas", game.players) if "deltas" in e else None
        # gimite/mjai's hora names the points hora_points and the ura indicators
        # uradora_markers (Mortal's: ura_markers)
        rec = WinRecord(deltas=deltas, fu=_optional(e, "fu"),
                        points=_optional(e, "points" if "points" in e else "hora_points"),
                        limit=_optional(e, "limit"),
                        # [[id, han], ...] and [id, ...]: whole numbers, as the check
                        # sorts and compares them (else "not an MJAI event")
                        yaku=tuple((_whole(i, "yaku"), _whole(h, "yaku")) for i, h in e["yaku"])
                        if "yaku" in e else None,
                        yakuman=tuple(_whole(y, "yakuman") for y in e["yakuman"])
                        if "yakuman" in e else None,
                        ura=tuple(tile(x) for x in e.get("ura_markers",
                                                         e.get("uradora_markers", ()))),
                        pao=None if e.get("pao") is None
                        else _seat(e["pao"], "pao", game.players),
                        ura_known="ura_markers" in e or "uradora_markers" in e)
        target = _seat(e.get("target", actor), "target", game.players)
        pai = e.get("pai")
        # without the tile (Mortal's hora has none): the last tile drawn, discarded, added
        # to a kan, set aside as a north or (kokushi robbing it) closed in a kan, as
        # tenhou.net/6's reader finds it
        won = tile(pai) if pai else next((x.tile for x in reversed(rnd.events) if x.kind in (
            "draw", "discard", "kakan", "nukidora", "ankan")), -1)
        if won < 0:
            raise LogError(f"seat {actor} wins before any tile is drawn or discarded")
        rnd.events.append(Event("win", actor, won, target, record=rec))
        return game, rnd, True
    elif kind == "ryuukyoku":
        deltas = _per_seat(e["deltas"], "deltas", game.players) if "deltas" in e else None
        # MJAI names no reason: "unknown" is settled by the wall (empty: exhaustive)
        reason = DRAW_REASONS.get(str(e.get("reason", "unknown")), "unknown")
        rnd.events.append(Event("ryuukyoku", record=DrawRecord(reason, deltas)))
        return game, rnd, True
    else:
        raise LogError(f"unknown MJAI event type {t!r}")
    return game, rnd, ended
