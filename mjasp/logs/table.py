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

from typing import Any

import numpy as np

from mjasp.analysis.shanten import shanten_batch
from mjasp.logs.check import GameCheck, check_game
from mjasp.logs.model import KIND, Game, tile_text, tiles_text
from mjasp.logs.replay import replay

#: Column names of each table, in order (types: docs/logs.md and :func:`schemas`).
COLUMNS: dict[str, tuple[str, ...]] = {
    "decisions": ("game", "round", "round_name", "event", "seat", "hand", "melds", "shanten",
                  "discard", "tsumogiri", "riichi", "shanten_after", "ukeire", "effective",
                  "best_shanten", "best_ukeire", "kept_shanten", "kept_ukeire", "value_rank"),
    "wins": ("game", "round", "round_name", "event", "seat", "from_seat", "hand", "tile",
             "tsumo", "riichi", "han", "fu", "points", "yakuman", "yaku", "deltas",
             "log_han", "log_fu", "log_points", "log_yaku", "agrees"),
    "rounds": ("game", "round", "round_name", "wind", "number", "honba", "sticks", "dealer",
               "result", "deltas", "agrees"),
}
_TERMINAL_HONOR = (0, 8, 9, 17, 18, 26, *range(27, 34))


def _near(held: np.ndarray) -> np.ndarray:
    """Kinds whose draw may lower the shanten, row by row of ``held`` (kinds in hand):
    a held kind, a number tile at most two from a held one of its suit, and every
    terminal and honor once seven of those kinds are held (only then can thirteen
    orphans be the best form)."""
    near = held.copy()
    suits = held[:, :27].reshape(-1, 3, 9)
    spread = near[:, :27].reshape(-1, 3, 9)  # a view: writes land in near
    for step in (1, 2):
        spread[:, :, step:] |= suits[:, :, :-step]
        spread[:, :, :-step] |= suits[:, :, step:]
    near |= (held & _TH).sum(axis=1, keepdims=True) >= 7
    return near


_EYE = np.eye(34, dtype=np.int8)
_TH = np.zeros(34, dtype=bool)
_TH[list(_TERMINAL_HONOR)] = True


def decision_rows(game: Game) -> list[dict[str, Any]]:
    """One row per discard decision of every seat in ``game``.

    Every candidate discard of a decision is one 13-tile row; its useful draws (kinds
    next to a held tile, and every terminal and honor once seven of those kinds are held:
    only then can thirteen orphans be the best form) are 14-tile rows; one
    :func:`mjasp.shanten_batch` call answers them all.
    """
    rows: list[dict[str, Any]] = []
    counts14: list[list[int]] = []
    seen_rows: list[list[int]] = []
    chosen: list[int] = []
    for index, rnd in enumerate(game.rounds):
        riichi_next = [False] * game.players
        for i, (event, state) in enumerate(replay(rnd, game.players)):
            if event.kind == "riichi":
                riichi_next[event.who] = True
            if event.kind != "discard":
                continue
            who = event.who
            # the state is after the discard: put the tile back for the hand before it
            hand = [*state.hands[who], event.tile]
            counts = [0] * 34
            for t in hand:
                counts[KIND[t]] += 1
            counts14.append(counts)
            seen_rows.append(state.visible(who))  # the discard is in the river: seen once
            chosen.append(KIND[event.tile])
            rows.append({"game": game.source, "round": index, "round_name": rnd.name,
                         "event": i, "seat": who, "hand": tiles_text(hand),
                         "melds": " ".join(tiles_text(m.tiles) for m in state.melds[who]),
                         "discard": tile_text(event.tile), "tsumogiri": event.tsumogiri,
                         "riichi": riichi_next[who], "value_rank": None})
            riichi_next[who] = False
    if not rows:
        return []
    c14 = np.array(counts14, dtype=np.int8)
    seen = np.array(seen_rows, dtype=np.int16)
    owner, kinds = np.nonzero(c14)  # every (decision, kind it can discard)
    rows13 = c14[owner] - _EYE[kinds]
    s13 = shanten_batch(rows13).astype(np.int16)
    starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
    best_s = np.minimum.reduceat(s13, starts)
    # effective tiles are needed only for the discards that keep the best shanten (the
    # most of them is best_ukeire) and for the discard made
    needed = (s13 == best_s[owner]) | (kinds == np.asarray(chosen)[owner])
    which = np.flatnonzero(needed)
    sub = rows13[which]
    near = _near(sub > 0)
    near &= sub < 4  # a fifth copy cannot be drawn
    sub_owner, draw_kind = np.nonzero(near)
    draw_owner = which[sub_owner]
    rows14 = sub[sub_owner]
    rows14[np.arange(len(rows14)), draw_kind] += 1
    s14 = shanten_batch(rows14).astype(np.int16) if len(rows14) else np.zeros(0, np.int16)
    useful = np.zeros(rows13.shape, dtype=bool)
    useful[draw_owner, draw_kind] = s14 < s13[draw_owner]
    remaining = np.maximum(0, 4 - seen[owner])
    ukeire = (useful * remaining).sum(axis=1)
    # the most effective tiles among the discards that keep the best shanten
    at_best = np.where(s13 == best_s[owner], ukeire, -1)
    best_u = np.maximum.reduceat(at_best, starts)
    mine = np.flatnonzero(kinds == np.asarray(chosen)[owner])  # one candidate per decision
    columns = zip(best_s.tolist(), best_u.tolist(), s13[mine].tolist(), ukeire[mine].tolist(),
                  useful[mine].tolist(), strict=True)
    for row, (b, bu, mine_s, mine_u, good) in zip(rows, columns, strict=True):
        row.update(shanten=b, shanten_after=mine_s, ukeire=mine_u,
                   effective=tiles_text([k for k in range(34) if good[k]]),
                   best_shanten=b, best_ukeire=bu, kept_shanten=mine_s == b,
                   kept_ukeire=mine_s == b and mine_u == bu)
    return [{c: row[c] for c in COLUMNS["decisions"]} for row in rows]


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
            "yaku": ",".join(f"{y.yaku.tenhou_id}:{y.han}" for y in w.score.yaku),
            "deltas": list(w.deltas),
            "log_han": getattr(rec, "han", None), "log_fu": getattr(rec, "fu", None),
            "log_points": getattr(rec, "points", None),
            "log_yaku": None if getattr(rec, "yaku", None) is None else
            ",".join(f"{i}:{h}" for i, h in rec.yaku), "agrees": w.agrees})
    return rows


def round_rows(game: Game, checked: GameCheck) -> list[dict[str, Any]]:
    """One row per settled round."""
    rows = []
    for r in checked.round_rows:
        rnd = game.rounds[r["round"]]
        rows.append({"game": game.source, "round": r["round"], "round_name": rnd.name,
                     "wind": rnd.wind, "number": rnd.number, "honba": rnd.honba,
                     "sticks": rnd.sticks, "dealer": rnd.dealer, "result": r["result"],
                     "deltas": list(r["deltas"]), "agrees": r["agrees"]})
    return rows


def game_tables(game: Game) -> tuple[dict[str, list[dict[str, Any]]], GameCheck]:
    """The three tables of one game, and its check."""
    checked = check_game(game)
    return {"decisions": decision_rows(game), "wins": win_rows(game, checked),
            "rounds": round_rows(game, checked)}, checked


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
            ("honba", i16), ("sticks", i16), ("dealer", i8), ("result", s),
            ("deltas", deltas), ("agrees", b)]),
    }
