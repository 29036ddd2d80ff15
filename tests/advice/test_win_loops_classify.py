"""The per-hand loop of ``Model._win_table`` (``win_loops.classify`` and ``hand_shapes``):
the compiled build answers as the ``.py`` it is compiled from, on the wins of real graphs;
a hand that ``mjasp.score``'s checks refuse has no readings and every one of its wins goes
to the engine; a hand checked before is read from the search's table, not checked again."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from mjasp.advice import win_loops
from mjasp.advice.api import setup_model
from mjasp.advice.build import build
from mjasp.advice.tiles37 import distinct_tiles, kind37, parse37, sub37
from mjasp.core.win import Win
from mjasp.rules import RULES
from mjasp.scoring.api import hand_checks
from tests.advice.test_advise_engine import to_37

ROOT = Path(__file__).resolve().parents[2]
KINDS = [kind37(t) for t in range(37)]


def _source() -> Any:
    """``win_loops.py`` run as Python, whatever the installed build."""
    spec = importlib.util.spec_from_file_location("win_loops_source",
                                                  ROOT / "mjasp/advice/win_loops.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _wins(hand: str, options: dict[str, Any]) -> tuple[Any, list[tuple[bytes, int]]]:
    m, start, _ = setup_model(hand, options)
    # the 13-tile hands ``advise`` solves from: each discard of 14 tiles, or the hand
    starts = [sub37(start, t) for t in distinct_tiles(start)] \
        if sum(start[:34]) % 3 == 2 else [start]
    b = build(m, starts)
    found: dict[tuple[bytes, int], None] = {}
    for t, w in zip(b.win_tile.tolist(), b.win_node.tolist(), strict=True):
        found[(bytes(x + y for x, y in zip(b.hands[w].tobytes(), to_37(t), strict=True)),
               t)] = None
    return m, sorted(found)


def _classify(module: Any, m: Any, wins: list[tuple[bytes, int]], kept: dict[Any, Any] | None
              ) -> tuple[Any, ...]:
    engine: list[tuple[int, int, int]] = []
    state: tuple[Any, ...] = ({}, [], {}, {}, [], True, kept, bool(kept), 10_000)
    module.classify(wins, range(len(wins)), m._scoring(),
                    lambda j, h14, tile, hand, readings: engine.append((j, tile, len(readings))),
                    state)
    return state[1], state[2], state[3], state[4], engine


@pytest.mark.parametrize(("hand", "options"), [
    ("22335m4558p122s55z", {"dora_indicators": "1p"}),
    ("123406m2056p44s11z", {"rules": "mahjongsoul"}),
    ("123456789p1234s5z", {"rules": "tenhou-3p", "dora_indicators": "1p"}),
    ("2368m456p77s1z [789s]", {}),
])
def test_the_compiled_loop_answers_as_the_py(hand: str, options: dict[str, Any]) -> None:
    m, wins = _wins(hand, options)
    assert wins
    source = _source()
    compiled = _classify(win_loops, m, wins, None)
    assert compiled == _classify(source, m, wins, None)
    shapes, sid_of, ura_of, ura_hands, engine = compiled
    # every win is placed once: on the points path or to the engine
    assert sorted([*sid_of, *(j for j, _, _ in engine)]) == list(range(len(wins)))
    # a row's shape and ura row: an id given, and its own hand's ura row (one per hand)
    assert set(sid_of.values()) == set(range(len(shapes)))
    assert all(ura_hands[u] == wins[j][0] for j, u in ura_of.items())
    assert len(ura_hands) == len({wins[j][0] for j in ura_of})
    # (with melds no situation is derived: every win to the engine)
    assert bool(engine) == bool(m.melds)
    # the shapes known from an earlier search: read, the same ids, no scoring
    if not m.melds:
        kept: dict[Any, Any] = {}
        _classify(win_loops, m, wins, kept)
        assert len(kept) == len(wins)
        assert _classify(win_loops, m, wins, kept) == compiled
        assert _classify(source, m, wins, kept) == compiled


def test_a_hand_the_checks_refuse_goes_to_the_engine_on_every_tile() -> None:
    # 789m 999m 234p 567s 11p holds four 9m; a 9m shown as the dora indicator is a fifth
    # copy, which no tile set has (four of each kind): mjasp.score refuses the hand
    # whatever its winning tile. Without the indicator it is a win on each tile.
    h14 = parse37("789999m234p567s11p")
    tiles = [6, 8, 9, 10]  # 7m 9m 1p 2p
    for module in (win_loops, _source()):
        win = Win("1m", tsumo=True)
        plain = module.hand_shapes(h14, tiles, ((), win, RULES["tenhou"], True, KINDS, {},
                                                hand_checks((), win, RULES["tenhou"])))
        assert plain[1] and all(plain[2])
        shown = Win("1m", tsumo=True, dora_indicators=("9m",))
        scoring: tuple[Any, ...] = ((), shown, RULES["tenhou"], True, KINDS, {},
                                    hand_checks((), shown, RULES["tenhou"]))
        hand, readings, found = module.hand_shapes(h14, tiles, scoring)
        assert readings == () and found == [None] * 4
        assert hand.counts == tuple(h14[:34])
        engine: list[int] = []
        state: tuple[Any, ...] = ({}, [], {}, {}, [], True, None, False, 100)
        module.classify([(h14, t) for t in tiles], range(4), scoring,
                        lambda j, *_, seen=engine: seen.append(j), state)
        assert engine == [0, 1, 2, 3] and state[2] == {}


def test_a_hand_checked_before_is_read_from_the_table() -> None:
    # a (Hand, readings) the search checked and kept is taken as it is: a refused hand's
    # entry (no readings) makes the loop send its wins to the engine without a check
    h14 = parse37("123456789m1234p4p")
    win = Win("1m", tsumo=True)
    sentinel = object()
    for module in (win_loops, _source()):
        scoring = ((), win, RULES["tenhou"], True, KINDS, {h14: (sentinel, ())},
                   hand_checks((), win, RULES["tenhou"]))
        hand, readings, found = module.hand_shapes(h14, [9, 12], scoring)
        assert hand is sentinel and readings == () and found == [None, None]
        # and unchecked the same hand is a win: a shape per tile
        fresh = module.hand_shapes(h14, [9, 12], (*scoring[:5], {}, scoring[6]))
        assert fresh[1] and all(fresh[2])
