"""Per-decision, per-win and per-round rows of a game (the tables of ``mjasp logs table``).

Every discard decision: the hand before it, its shanten, the discard, the shanten and
the effective tiles (ukeire) after it counted against the tiles that player can see
(their hand, every discard, every meld, the dora indicators), and whether the discard
kept the best shanten and the most effective tiles of all discards. Shanten comes from
:func:`mjasp.shanten_batch` over every candidate of a game at once.

>>> COLUMNS["decisions"][:4]
('game', 'round', 'round_name', 'event')
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np

from mjasp.analysis.shanten import shanten_batch
from mjasp.logs.check import GameCheck, check_game, yaku_id
from mjasp.logs.model import (
    CALLS,
    KIND,
    Event,
    Game,
    LogError,
    State,
    replay,
    tile_text,
    tiles_text,
)

#: Column names of each table, in order (types: docs/logs.md and :func:`schemas`).
COLUMNS: dict[str, tuple[str, ...]] = {
    "decisions": ("game", "round", "round_name", "event", "seat", "hand", "melds", "shanten",
                  "discard", "tsumogiri", "riichi", "shanten_after", "ukeire", "effective",
                  "best_shanten", "best_ukeire", "kept_shanten", "kept_ukeire", "value_rank"),
    "wins": ("game", "round", "round_name", "event", "seat", "from_seat", "hand", "tile",
             "tsumo", "riichi", "han", "fu", "points", "yakuman", "yaku", "deltas",
             "log_han", "log_fu", "log_points", "log_yaku", "agrees"),
    "rounds": ("game", "round", "round_name", "wind", "number", "honba", "sticks", "dealer",
               "result", "draw", "deltas", "agrees"),
}
_EYE = np.eye(34, dtype=np.uint8)
#: A 64-bit hash of a row of counts: its dot product with these (wrapping).
_HASH = np.random.default_rng(34).integers(-(1 << 62), 1 << 62, 34, dtype=np.int64) | 1


def decision_rows(game: Game) -> list[dict[str, Any]]:
    """One row per discard decision of every seat in ``game`` (:func:`decision_columns`
    as rows)."""
    columns = decision_columns(game)
    return [dict(zip(columns, values, strict=True))
            for values in zip(*columns.values(), strict=True)]


def decision_columns(game: Game) -> dict[str, list[Any]]:
    """The decisions table of ``game``, column by column (:data:`COLUMNS` order).

    One replay collects each decision's tiles, the counts every seat sees and the calls;
    the rest is whole-game arrays. Every candidate discard of a decision is one 13-tile
    row; after the discards that keep the best shanten (and the discard made), every
    draw of the 34 kinds is a 14-tile row; two :func:`mjasp.shanten_batch` calls answer
    them all.
    """
    collect = _Decisions(game)
    for index, rnd in enumerate(game.rounds):
        for i, (event, state) in enumerate(replay(rnd, game.players)):
            collect(index, i, event, state)
    return collect.columns()


class _Decisions:
    """What the decisions table needs from a replay, event by event (an observer of
    :func:`mjasp.logs.check.check_game`, so the tables replay a game once)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.index = -1
        self.name = ""
        self.riichi = -1  # the seat whose riichi awaits its discard
        self.called = [""] * game.players  # each seat's calls as text, from call to call
        # bytearrays: extending one by a list costs a fraction of an array("B")'s
        # per-number conversion, and by the state's bytes it is a copy
        self.tiles = bytearray()  # every decision's hand before the discard, in a row
        self.sizes = bytearray()
        self.public = bytearray()  # what every seat sees after the discard (34 each)
        # (round, round name, event, seat, discard, tsumogiri, riichi, calls) each
        self.rows: list[tuple[int, str, int, int, int, bool, bool, str]] = []

    def __call__(self, index: int, i: int, event: Event, state: State) -> None:
        kind = event.kind
        if kind == "draw":  # half the events; nothing here needs them
            return
        if index != self.index:
            self.index, self.name = index, self.game.rounds[index].name
            self.riichi = -1
            self.called = [""] * self.game.players
        who = event.who
        if kind == "discard":
            # the state is after the discard: put the tile back for the hand before it
            hand = state.hands[who]
            self.tiles.extend(hand)
            self.tiles.append(event.tile)
            self.sizes.append(len(hand) + 1)
            self.public += state.public  # the discard is in the river: seen once
            self.rows.append((index, self.name, i, who, event.tile, event.tsumogiri,
                              self.riichi == who, self.called[who]))
            self.riichi = -1
        elif kind == "riichi":
            self.riichi = who
        elif kind in CALLS:
            self.called[who] = " ".join(tiles_text(m.tiles) for m in state.melds[who])

    def columns(self) -> dict[str, list[Any]]:
        """The table of the events seen."""
        names = COLUMNS["decisions"]
        n = len(self.rows)
        if not n:
            return {c: [] for c in names}
        rounds, round_names, events, seats, chosen, tsumogiri, riichi, melds = (
            list(c) for c in zip(*self.rows, strict=True))
        owners = np.repeat(np.arange(n), np.frombuffer(self.sizes, np.uint8))
        by_tile = np.bincount(owners * 37 + np.frombuffer(self.tiles, np.uint8),
                              minlength=37 * n).reshape(n, 37)
        c14 = by_tile[:, :34].astype(np.uint8)
        c14[:, _FIVES] += by_tile[:, 34:].astype(np.uint8)  # red fives are fives
        discard_kind = np.asarray(KIND)[chosen]
        # seen: the public tiles (the discard among them) and the hand after the discard
        seen = np.frombuffer(self.public, np.uint8).reshape(n, 34).astype(np.int16) + c14
        seen[np.arange(n), discard_kind] -= 1
        # three players play without 2m-8m: never an effective tile
        present = _SANMA_KINDS if self.game.players == 3 else None
        best_s, best_u, (mine_s, mine_u, good) = _candidates(c14, seen, discard_kind, present)
        kept_s = mine_s == best_s
        out: dict[str, list[Any]] = {
            "game": [self.game.source] * n, "round": rounds, "round_name": round_names,
            "event": events, "seat": seats, "hand": counts_text(by_tile), "melds": melds,
            "shanten": best_s.tolist(), "discard": [_TEXT[t] for t in chosen],
            "tsumogiri": tsumogiri, "riichi": riichi,
            "shanten_after": mine_s.tolist(), "ukeire": mine_u.tolist(),
            "effective": counts_text(good),
            "best_shanten": best_s.tolist(), "best_ukeire": best_u.tolist(),
            "kept_shanten": kept_s.tolist(),
            "kept_ukeire": (kept_s & (mine_u == best_u)).tolist(), "value_rank": [None] * n}
        return {c: out[c] for c in names}


#: The kinds a three-player game holds (no 2m-8m).
_SANMA_KINDS = np.array([k not in range(1, 8) for k in range(34)])


def _candidates(c14: np.ndarray, seen: np.ndarray, discard: np.ndarray,
                present: np.ndarray | None = None) -> tuple[Any, ...]:
    """Per decision (rows of ``c14``, 14-tile counts): the best shanten any discard keeps,
    the most effective tiles among those discards, and for the discard made (kind
    ``discard``) its shanten, its effective tiles and the kinds that are effective;
    ``present``: the kinds the game holds (all when None)."""
    # (rows are gathered by np.take: a row a copy, where indexing copies number by number)
    owner, kinds = np.nonzero(c14)  # every (decision, kind it can discard)
    rows13 = np.take(c14, owner, axis=0)
    rows13.reshape(-1)[np.arange(0, 34 * len(owner), 34) + kinds] -= 1
    s13 = _shanten(rows13)
    starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
    best_s = np.minimum.reduceat(s13, starts)
    made = kinds == discard[owner]
    # effective tiles are needed only for the discards that keep the best shanten (the
    # most of them is best_ukeire) and for the discard made
    at_best = s13 == best_s[owner]
    which = np.flatnonzero(at_best | made)
    # a hand recurs: discarding the tile just drawn leaves the hand that seat's last
    # decision left (a sixth of these rows), so the draws of each distinct hand are asked
    # once; hands are told apart by a hash (linear: a decision's hash less the discard's),
    # and a collision (checked) just keeps them all
    key = (c14.astype(np.int64) @ _HASH)[owner[which]] - _HASH[kinds[which]]
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    distinct = np.take(rows13, which[first], axis=0)
    if not np.array_equal(np.take(distinct, inverse, axis=0), np.take(rows13, which, axis=0)):
        first = inverse = np.arange(len(which))
        distinct = np.take(rows13, which, axis=0)
    s14 = np.concatenate([_draws(distinct[i:i + _BLOCK])
                          for i in range(0, len(distinct), _BLOCK)], axis=1)
    useful = np.take(np.less(s14.T, s13[which[first], None], order="C"), inverse, axis=0)
    if present is not None:
        useful &= present
    remaining = np.take(np.maximum(0, 4 - seen), owner[which], axis=0)
    ukeire = (useful * remaining).sum(axis=1)
    # the most effective tiles among the discards that keep the best shanten
    best_u = np.maximum.reduceat(np.where(at_best[which], ukeire, -1),
                                 np.searchsorted(owner[which], np.arange(len(c14))))
    mine = np.flatnonzero(made[which])  # one candidate per decision
    return best_s, best_u, (s13[which[mine]], ukeire[mine], np.take(useful, mine, axis=0))


#: Hands per :func:`_draws` call, and its constant: row d holds kind d's tile once in
#: each of _BLOCK rows of 34 counts (300 kB). Small enough that a block's rows and the
#: constant stay in a core's own cache: with 2,048 (2.4 MB) two worker processes slowed
#: each other by about a quarter (Dask, 2 workers: 1.3x one process instead of 1.8x).
_BLOCK = 256
_DRAWN: list[np.ndarray] = []


def _draws(hands: np.ndarray) -> np.ndarray:
    """Shanten after every draw of the 34 kinds: ``out[d, i]`` for hand ``i`` (a row of
    ``hands``, 13-tile counts) with one more of kind ``d``; where the hand holds all
    four, the hand itself (so not fewer than its own shanten).

    Every draw is asked (cheaper than picking out the draws that may help): draw d of
    hand i is row (d, i), so block d of the rows is the hands plus row d of a constant,
    one vectorised addition for all.
    """
    if not _DRAWN:
        _DRAWN.append(np.tile(_EYE, (1, _BLOCK)))
    u = len(hands)
    rows = hands.reshape(1, 34 * u) + _DRAWN[0][:, :34 * u]
    full = hands == 4
    if full.any():  # no fifth copy: that row keeps the hand's 13 tiles
        held, kind = np.nonzero(full)
        rows[kind, 34 * held + kind] = 4
    return _shanten(rows.reshape(34 * u, 34)).reshape(34, u)


def _shanten(rows: np.ndarray) -> np.ndarray:
    """Shanten of concealed count rows (uint8), as int16."""
    if not len(rows):
        return np.zeros(0, np.int16)
    return shanten_batch(rows).astype(np.int16)


#: Text of every log tile; the kinds of the fives (the red ones fold onto them).
_TEXT = tuple(tile_text(t) for t in range(37))
_FIVES = [4, 13, 22]
#: The written order of mpsz text: in each suit 1-4, the red five, 5-9, the suit letter
#: (a column per slot: a log tile, or -1-s for the letter of suit s), honors 1-7 and z.
_SLOTS = [*(t for s in range(3) for t in (*range(9 * s, 9 * s + 4), 34 + s,
                                            *range(9 * s + 4, 9 * s + 9), -1 - s)),
          *range(27, 34), -4]
_SLOT_CHARS = np.frombuffer("".join(
    "mpsz"[-1 - t] if t < 0 else _TEXT[t][0] for t in _SLOTS).encode(), dtype=np.uint8)
_SLOT_TILES = np.array([max(t, 0) for t in _SLOTS])
_LETTERS = [i for i, t in enumerate(_SLOTS) if t < 0]


def counts_text(counts: np.ndarray) -> list[str]:
    """Compact mpsz text (as :func:`mjasp.logs.model.tiles_text`) of every row of
    ``counts`` by log tile (37 columns: the kinds, then the red fives; or 34, no red).

    >>> counts_text(np.array([[1] + [0] * 32 + [2]]))
    ['1m77z']
    """
    rows = len(counts)
    if counts.shape[1] == 34:
        counts = np.concatenate([counts, np.zeros((rows, 3), counts.dtype)], axis=1)
    slots = counts[:, _SLOT_TILES].astype(np.int64)
    for letter, suit in zip(_LETTERS, range(4), strict=True):
        lo, hi = (_LETTERS[suit - 1] + 1 if suit else 0), letter
        slots[:, letter] = slots[:, lo:hi].any(axis=1)
    flat = np.repeat(np.broadcast_to(_SLOT_CHARS, slots.shape), slots.reshape(-1))
    text = flat.tobytes().decode("ascii")
    ends = np.cumsum(slots.sum(axis=1)).tolist()
    return [text[a:b] for a, b in zip([0, *ends[:-1]], ends, strict=True)]


def win_rows(game: Game, checked: GameCheck) -> list[dict[str, Any]]:
    """One row per win, with mjasp's score beside the log's."""
    rows = []
    by_round = {r.name: i for i, r in enumerate(game.rounds)}
    for w in checked.wins:
        rnd = game.rounds[by_round[w.round]]
        record = rnd.events[w.event].record
        rec: Any = record
        rows.append({
            "game": game.source, "round": by_round[w.round], "round_name": w.round,
            "event": w.event, "seat": w.who, "from_seat": w.target, "hand": str(w.hand),
            "tile": w.win.tile, "tsumo": w.win.tsumo, "riichi": w.win.riichi,
            "han": w.score.han, "fu": w.score.fu, "points": w.score.points,
            "yakuman": w.score.yakuman,
            "yaku": ",".join(f"{yaku_id(y)}:{y.han}" for y in w.score.yaku),
            "deltas": list(w.deltas),
            "log_han": getattr(rec, "han", None), "log_fu": getattr(rec, "fu", None),
            "log_points": getattr(rec, "points", None),
            # a yakuman's record lists no yaku (Tenhou's yakuman ids): null, as log_han
            "log_yaku": ",".join(f"{i}:{h}" for i, h in rec.yaku)
            if getattr(rec, "yaku", None) else None, "agrees": w.agrees})
    return rows


def round_rows(game: Game, checked: GameCheck) -> list[dict[str, Any]]:
    """One row per settled round."""
    rows = []
    for r in checked.round_rows:
        rnd = game.rounds[r["round"]]
        rows.append({"game": game.source, "round": r["round"], "round_name": rnd.name,
                     "wind": rnd.wind, "number": rnd.number, "honba": rnd.honba,
                     "sticks": rnd.sticks, "dealer": rnd.dealer, "result": r["result"],
                     "draw": r["draw"], "deltas": list(r["deltas"]), "agrees": r["agrees"]})
    return rows


def game_tables(game: Game) -> tuple[dict[str, dict[str, list[Any]]], GameCheck]:
    """The three tables of one game, column by column (:data:`COLUMNS`), and its check.

    Columns, not rows: they cross to a worker's client and into Arrow in one piece each.
    """
    collect = _Decisions(game)
    checked = check_game(game, collect)
    tables = {"decisions": collect.columns(),
              "wins": _columns(win_rows(game, checked), COLUMNS["wins"]),
              "rounds": _columns(round_rows(game, checked), COLUMNS["rounds"])}
    for name in ("wins", "rounds"):  # the decisions' numbers are bounded by the play
        _check_ranges(game.source, name, tables[name])
    return tables, checked


@functools.cache
def _int_bits() -> dict[tuple[str, str], int]:
    """The bits of each integer column (a list's items too) by (table, column), read off
    :func:`schemas`: a record's own numbers (a log's han, fu, points, honba) may not fit.
    Empty without pyarrow (no Parquet to refuse them)."""
    try:
        import pyarrow as pa
    except ImportError:
        return {}
    out = {}
    for name, schema in schemas().items():
        for f in schema:
            t = f.type.value_type if pa.types.is_list(f.type) else f.type
            if pa.types.is_integer(t):
                out[(name, f.name)] = t.bit_width
    return out


def _check_ranges(source: str, name: str, columns: dict[str, list[Any]]) -> None:
    """A :class:`LogError` for a number of a record that its column's type cannot hold
    (Parquet would refuse the whole run's file)."""
    for column, values in columns.items():
        bits = _int_bits().get((name, column))
        if bits is None:
            continue
        limit = 1 << (bits - 1)
        for i, value in enumerate(values):
            for v in value if isinstance(value, list) else (value,):
                if v is not None and not -limit <= v < limit:
                    where = columns["round_name"][i]
                    raise LogError(f"{source}: {where}: {column} {v} is out of the "
                                   f"{name} table's range (int{bits})")


def _columns(rows: list[dict[str, Any]], names: tuple[str, ...]) -> dict[str, list[Any]]:
    return {c: [row[c] for row in rows] for c in names}


def schemas() -> dict[str, Any]:
    """The pyarrow schema of each table (pyarrow is the ``logs`` extra)."""
    import pyarrow as pa

    s, i8, i16, i32, b = pa.string(), pa.int8(), pa.int16(), pa.int32(), pa.bool_()
    deltas = pa.list_(pa.int32())
    return {
        "decisions": pa.schema([
            ("game", s), ("round", i16), ("round_name", s), ("event", i32), ("seat", i8),
            ("hand", s), ("melds", s), ("shanten", i8), ("discard", s), ("tsumogiri", b),
            ("riichi", b), ("shanten_after", i8), ("ukeire", i16), ("effective", s),
            ("best_shanten", i8), ("best_ukeire", i16), ("kept_shanten", b),
            ("kept_ukeire", b), ("value_rank", i16)]),
        "wins": pa.schema([
            ("game", s), ("round", i16), ("round_name", s), ("event", i32), ("seat", i8),
            ("from_seat", i8), ("hand", s), ("tile", s), ("tsumo", b), ("riichi", i8),
            ("han", i16), ("fu", i16), ("points", i32), ("yakuman", i8), ("yaku", s),
            ("deltas", deltas), ("log_han", i16), ("log_fu", i16), ("log_points", i32),
            ("log_yaku", s), ("agrees", b)]),
        "rounds": pa.schema([
            ("game", s), ("round", i16), ("round_name", s), ("wind", i8), ("number", i8),
            ("honba", i16), ("sticks", i16), ("dealer", i8), ("result", s), ("draw", s),
            ("deltas", deltas), ("agrees", b)]),
    }


class ParquetTables:
    """The Parquet files of ``mjasp logs table`` (``decisions``, ``wins``, ``rounds`` in
    ``directory``), fed game by game with :func:`game_tables`' columns and written in row
    groups of about ``rows`` rows: a row group per game made small groups whose own cost
    was most of the writing; memory still holds at most ``rows`` rows per table.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d, ParquetTables(pathlib.Path(d)) as out:
    ...     out.add({"rounds": {c: [] for c in COLUMNS["rounds"]}})
    ...     out.counts["rounds"]
    0
    """

    def __init__(self, directory: Path, rows: int = 16384) -> None:
        import pyarrow.parquet as pq

        self.rows = rows
        self.schemas = schemas()
        # written beside the tables and put in their place when all is written: a run
        # that fails or is interrupted leaves the tables of the run before
        self.paths = {name: (directory / f".{name}.parquet.partial",
                             directory / f"{name}.parquet") for name in self.schemas}
        self.writers = {name: pq.ParquetWriter(self.paths[name][0], s)
                        for name, s in self.schemas.items()}
        self.counts = dict.fromkeys(self.schemas, 0)
        self._pending: dict[str, dict[str, list[Any]]] = {
            name: {c: [] for c in COLUMNS[name]} for name in self.schemas}

    def add(self, tables: dict[str, dict[str, list[Any]]]) -> None:
        """Append one game's tables."""
        for name, columns in tables.items():
            pending = self._pending[name]
            for c, values in columns.items():
                pending[c] += values
            self.counts[name] += len(columns["game"])
            if len(pending["game"]) >= self.rows:
                self._flush(name)

    def _flush(self, name: str) -> None:
        import pyarrow as pa

        pending = self._pending[name]
        if pending["game"]:
            self.writers[name].write_table(pa.Table.from_pydict(pending, self.schemas[name]))
            self._pending[name] = {c: [] for c in COLUMNS[name]}

    def close(self, keep: bool = True) -> None:
        """Write what is pending, close the files and put them in place of the tables
        (``keep``; else remove them: the tables stay as they were)."""
        try:
            if keep:
                for name in self.writers:
                    self._flush(name)
        except BaseException:
            keep = False
            raise
        finally:
            for w in self.writers.values():
                w.close()
            for partial, final in self.paths.values():
                if keep:
                    partial.replace(final)
                else:
                    partial.unlink(missing_ok=True)

    def __enter__(self) -> ParquetTables:
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        self.close(keep=kind is None)
