"""Scoring speed: ``mjasp.score`` against mahjong's HandCalculator, one row per rule set.

One run, the same seeded winning situations (``mjasp.scoring.samples``, drawn for each rule
set) for both libraries, timed side by side (CPU time of this process, best of
``--rounds`` passes with the engines taking turns: the machine may be shared). Two ways
in, for both libraries:

- **from text**: what a user holds, the hand's mpsz text (``str(hand)``) and the
  situation as keyword arguments. mjasp: ``score(text, Win(**kw), rules=name)``.
  mahjong: its own ``TilesConverter`` on the same text (concealed tiles and melds), its
  ``HandConfig`` from the same keywords, then ``estimate_hand_value``;
- **from objects**: inputs built before timing (mjasp a ``Hand`` and a ``Win``, mahjong
  its 136-id arrays, melds and ``HandConfig``: ``tests/scoring/test_score_peer.py``).

Every result is read as a user reads it (points, yaku, fu parts), so nothing lazily built
goes unpaid. mahjong plays Tenhou's options (its three-player ones for the ``-3p`` rule
sets): the same work, not the same rules, so only the points of ``tenhou`` are compared.
mjasp's ``direct`` engine is its only Python scoring path; the "pure Python" columns run
it as mjasp runs without a compiler (``MJASP_PURE_PYTHON=1``: no C kernel, and the engine's
``.py`` modules rather than their Cython build). Those modules are chosen at import, so
where their build runs here the pure columns are timed in a child process started with
``MJASP_PURE_PYTHON=1`` (mahjong timed beside them there, each ratio from one process).
The ASP engine scores the first ``--asp`` hands of Tenhou's rules.

    python benchmarks/bench_score.py [--hands 1000] [--asp 100] [--seed 2024] [--rounds 3]

Instruction counts, which do not depend on the load: ``--count ENGINE N`` (``direct``,
``python``, ``asp`` or ``mahjong``; objects in, Tenhou's rules) scores the first 300 hands
once (warm), then N of them again, and prints nothing; run it under callgrind with N = 0
and N = 300 and divide the difference of the "Collected" totals by 300:

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/bench_score.py --hands 300 --count direct 300  # then with 0

``--count-rules NAME`` counts another rule set of the table (its own sampled wins, those
its checks accept; mahjong with Tenhou's three-player options for the ``-3p`` ones).

The whole table (``--count-table``): every rule set and engine (mahjong, mjasp
compiled, mjasp pure Python from objects; mahjong and mjasp compiled from text, as the
timed table), each counted pass run inside ``functools.reduce``, so that
callgrind dumps exactly that pass as one part (mjasp calls no ``reduce``); the warm pass,
the imports and the sampling are outside every part (``--wins-cache``: sample once
outside callgrind, which takes minutes for it). The pure-Python passes are a second run
under ``MJASP_PURE_PYTHON=1`` when the engine's Cython build runs in the first (a process
runs one of the two). Then ``--read-parts`` prints the table of instructions per hand from
the parts of both runs:

    python benchmarks/bench_score.py --hands 200 --count-table --wins-cache /tmp/wins.pickle
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg/out \\
        --dump-before=functools_reduce --dump-after=functools_reduce \\
        python benchmarks/bench_score.py --count-table --wins-cache /tmp/wins.pickle > /tmp/cg/order
    MJASP_PURE_PYTHON=1 PYTHONHASHSEED=0 valgrind --tool=callgrind \\
        --callgrind-out-file=/tmp/cgp/out --dump-before=functools_reduce \\
        --dump-after=functools_reduce python benchmarks/bench_score.py --count-table \\
        --wins-cache /tmp/wins.pickle > /tmp/cgp/order
    python benchmarks/bench_score.py --read-parts /tmp/cg /tmp/cgp
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import gc
import importlib.util
import json
import os
import pickle
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from common import SEED, print_table

from mjasp import Hand, Win, score
from mjasp.core.tiles import FIVES
from mjasp.core.win import WinError
from mjasp.rules import LOCAL_YAKU, RULES, Rules
from mjasp.scoring.samples import random_wins
from mjasp.solvers import extensions, kernel

#: A benchmark entry: the call, its inputs, and whether mjasp's compiled kernel is on.
Engine = tuple[Callable[[Any], object], Sequence[Any], bool]
PRESETS = ("tenhou", "tenhou-3p", "mahjongsoul", "mahjongsoul-3p", "wrc")
_DEFAULT_WIN = Win("1m")


def engine_built() -> bool:
    """Whether the direct engine's Cython build runs in this process (its modules are
    chosen at import: then no pass here is pure Python, ``kernel.use_compiled`` or not)."""
    score(Hand.parse("123m456p789s11z222p"), Win("1z"))  # imports every module of it
    return "" in extensions.WHY_SOURCE.values()


def peer_module(name: str = "test_score_peer") -> Any:
    """A module of tests/ that owns the conversion to mahjong's inputs."""
    path = Path(__file__).resolve().parents[1] / "tests" / "scoring" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rule_sets() -> dict[str, Rules]:
    """Every preset, and Tenhou's rules with every local yaku mjasp knows."""
    local = RULES["tenhou"].replace(name="local yaku", local_yaku=frozenset(LOCAL_YAKU))
    return {**{name: RULES[name] for name in PRESETS}, "tenhou + local yaku": local}


def accepted(hw: tuple[Hand, Win], rules: Rules) -> bool:
    """Whether ``rules`` accept the situation (mjasp.score raises no WinError)."""
    try:
        score(hw[0], hw[1], rules=rules)
    except WinError:
        return False
    return True


def cpu_us(func: Callable[[Any], object], items: Sequence[Any]) -> float:
    """Mean CPU microseconds of ``func(item)`` over one pass through ``items``."""
    start = time.process_time()
    for item in items:
        func(item)
    return (time.process_time() - start) / len(items) * 1e6


def best_of(rounds: int, engines: dict[str, Engine]) -> dict[str, float]:
    """Each engine's best pass over ``rounds`` rounds, the engines taking turns in each
    round so that a busy moment of the machine falls on all of them alike."""
    best = dict.fromkeys(engines, float("inf"))
    previous = kernel.COMPILED
    try:
        for _ in range(rounds):
            for name, (func, items, compiled) in engines.items():
                kernel.use_compiled(compiled)
                best[name] = min(best[name], cpu_us(func, items))
    finally:
        kernel.use_compiled(previous)
    return best


def keywords(win: Win) -> dict[str, Any]:
    """The situation as a user writes it: the fields of ``win`` that are not defaults."""
    return {f.name: getattr(win, f.name) for f in dataclasses.fields(win)
            if f.name == "tile" or getattr(win, f.name) != getattr(_DEFAULT_WIN, f.name)}


def mjasp_text(rules: str | Rules) -> Callable[[tuple[str, dict[str, Any]]], object]:
    """mjasp from text and keywords, read as a user reads it."""
    def read(item: tuple[str, dict[str, Any]]) -> object:
        s = score(item[0], Win(**item[1]), rules=rules)
        return s.points, s.yaku, s.fu_details
    return read


def mjasp_objects(rules: Rules) -> Callable[[tuple[Hand, Win]], object]:
    """mjasp from a built ``Hand`` and ``Win``."""
    def read(hw: tuple[Hand, Win]) -> object:
        s = score(hw[0], hw[1], rules=rules)
        return s.points, s.yaku, s.fu_details
    return read


_GROUP = re.compile(r"([\[(]?)([0-9]+)([mpsz])[\])]?")
_WINDS = "ESWN"


def mahjong_text(calculator: Any, options: Any) -> Callable[[tuple[str, dict[str, Any]]],
                                                            object]:
    """mahjong from the same text and keywords: its TilesConverter for the tiles (one
    call for every tile of the hand, so each copy gets its own id), melds cut from them."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld
    from mahjong.tile import TilesConverter

    def ids_of(text: str) -> list[int]:
        return TilesConverter.one_line_string_to_136_array(text, has_aka_dora=True)

    def read(item: tuple[str, dict[str, Any]]) -> object:
        text, kw = item
        groups = _GROUP.findall(text)
        tiles = ids_of("".join(digits + suit for _, digits, suit in groups))
        pool: dict[int, list[int]] = {}
        for tile in tiles:
            pool.setdefault(tile // 4, []).append(tile)
        melds = []
        for opener, digits, suit in groups:
            if opener:
                kinds = [t // 4 for t in ids_of(digits + suit)]
                meld_ids = [pool[k].pop() for k in kinds]
                kind = (Meld.CHI if len(set(kinds)) == 3 else Meld.PON if len(kinds) == 3
                        else Meld.KAN)
                melds.append(Meld(meld_type=kind, tiles=meld_ids, opened=opener == "["))
        win_kind = ids_of(kw["tile"])[0] // 4
        win_id = next(t for t in tiles if t // 4 == win_kind)
        dora = [ids_of(t)[0] for t in kw.get("dora_indicators", ())]
        ura = [ids_of(t)[0] for t in kw.get("ura_indicators", ())]
        riichi = kw.get("riichi", 0)
        config = HandConfig(
            is_tsumo=kw.get("tsumo", False), is_riichi=riichi == 1,
            is_daburu_riichi=riichi == 2, is_ippatsu=kw.get("ippatsu", False),
            is_rinshan=kw.get("rinshan", False), is_chankan=kw.get("chankan", False),
            is_haitei=kw.get("haitei", False), is_houtei=kw.get("houtei", False),
            is_tenhou=kw.get("tenhou", False), is_chiihou=kw.get("chiihou", False),
            player_wind=27 + _WINDS.index(kw.get("seat_wind", "E")),
            round_wind=27 + _WINDS.index(kw.get("round_wind", "E")),
            tsumi_number=kw.get("honba", 0), kyoutaku_number=kw.get("riichi_sticks", 0),
            options=options)
        r = calculator.estimate_hand_value(tiles, win_id, melds=melds or None,
                                           dora_indicators=dora or None,
                                           ura_dora_indicators=ura or None, config=config)
        return r.cost, r.yaku, r.fu_details
    return read


def mahjong_objects(calculator: Any) -> Callable[[dict[str, Any]], object]:
    """mahjong from its prebuilt inputs, read likewise."""
    def read(kw: dict[str, Any]) -> object:
        r = calculator.estimate_hand_value(**kw)
        return r.cost, r.yaku, r.fu_details
    return read


def count_pass(engine: str, n: int, wins: list[tuple[Hand, Win]], peer: Any,
               calculator: Any, rules: Rules | None = None, options: Any = None) -> None:
    """Score ``wins`` once to warm up, then the first ``n`` again (``--count``)."""
    tenhou = rules or RULES["tenhou"]
    if engine in ("direct", "python", "asp"):
        kernel.use_compiled(engine != "python" and kernel.COMPILED)
        solver = "asp" if engine == "asp" else "direct"
        for counted in (False, True):
            if counted:
                gc.collect()
                gc.freeze()
            for hand, win in wins:
                s = score(hand, win, rules=tenhou, solver=solver)
                _ = s.points, s.yaku, s.fu_details
            wins = wins[:n]
    elif engine == "mahjong":
        peer_args = [peer.to_mahjong(h, w, options or peer.TENHOU) for h, w in wins]
        read = mahjong_objects(calculator)
        for counted in (False, True):
            if counted:
                gc.collect()
                gc.freeze()
            for kw in peer_args:
                read(kw)
            peer_args = peer_args[:n]
    else:
        raise SystemExit(f"--count: unknown engine {engine!r} (direct, python, asp, mahjong)")


def table_wins(hands: int, seed: int,
               cache: str | None = None) -> dict[str, list[tuple[Hand, Win]]]:
    """The wins of every rule set of the table, those its checks accept; with ``cache``,
    read from that pickle file if it exists (sampling under callgrind takes minutes), else
    sampled and written there."""
    if cache and Path(cache).exists():
        with open(cache, "rb") as file:
            found: dict[str, list[tuple[Hand, Win]]] = pickle.load(file)
        return found
    found = {name: [hw for hw in random_wins(hands, seed=seed, rules=rules)
                    if accepted(hw, rules)] for name, rules in rule_sets().items()}
    if cache:
        with open(cache, "wb") as file:
            pickle.dump(found, file)
    return found


def count_table(wins_of: dict[str, list[tuple[Hand, Win]]], peer: Any, calculator: Any,
                sanma: Any) -> None:
    """``--count-table``: for each rule set, each engine's counted pass inside
    ``functools.reduce`` (one callgrind part each, see the module notes), printing the
    order of the parts."""
    compiled = kernel.COMPILED  # (use_compiled changes it: read it once)
    # a process counts the pure-Python passes only where its engine is the .py (a second
    # run under MJASP_PURE_PYTHON=1 when the first runs the Cython build); that second run
    # counts only them
    pure_run = extensions.pure_requested()
    counted = (("python",) if pure_run else
               ("mahjong", "direct", "mahjong text", "direct text")
               + (() if engine_built() else ("python",)))
    for name, rules in rule_sets().items():
        wins = wins_of[name]
        options = sanma if rules.players == 3 else peer.TENHOU
        texts = [(str(h), keywords(w)) for h, w in wins]
        for engine in counted:
            items: Sequence[Any] = wins
            if engine == "mahjong":
                items = [peer.to_mahjong(h, w, options) for h, w in wins]
                step = _reduce_step(mahjong_objects(calculator))
            elif engine == "mahjong text":
                items, step = texts, _reduce_step(mahjong_text(calculator, options))
            elif engine == "direct text":
                kernel.use_compiled(compiled)
                items, step = texts, _reduce_step(mjasp_text(rules))
            else:
                kernel.use_compiled(engine == "direct" and compiled)
                step = _reduce_step(mjasp_objects(rules))
            _counted_pass(step, items, f"{name}|{engine}|{len(items)}")
    # building the inputs, from the Tenhou wins: each part as the scorer's own call above
    wins = wins_of["tenhou"]
    inputs: dict[str, tuple[Callable[[Any], object], list[Any]]] = {
        "Hand.parse, melds": (Hand.parse, [str(h) for h, _ in wins if h.melds]),
        "Hand.parse": (Hand.parse, [str(h) for h, _ in wins]),
        "Hand.from_counts": (lambda cm: Hand.from_counts(*cm), [(list(h.counts), h.melds)
                                                               for h, _ in wins]),
        "Hand.from_ids": (lambda im: Hand.from_ids(*im), [(ids_of(h), h.melds)
                                                         for h, _ in wins]),
        "Win(...)": (lambda kw: Win(**kw), [keywords(w) for _, w in wins]),
    }
    for name, (build, items) in inputs.items():
        for engine in ("python",) if pure_run else ("direct", "python"):
            kernel.use_compiled(engine == "direct" and compiled)
            _counted_pass(_reduce_step(build), items, f"input: {name}|{engine}|{len(items)}")
    kernel.use_compiled(compiled)


def _counted_pass(step: Callable[[Any, Any], Any], items: Sequence[Any], label: str) -> None:
    """One warm pass, then the counted one inside ``functools.reduce`` (its own callgrind
    part), the collector's objects frozen; ``label`` names the part in the printed order."""
    for item in items:
        step(None, item)
    gc.collect()
    gc.freeze()
    functools.reduce(step, items, None)
    gc.unfreeze()
    print(label, flush=True)


def ids_of(hand: Hand) -> list[int]:
    """The concealed tiles of ``hand`` as 136-tile ids (a red five is id 4 * kind)."""
    ids = []
    for kind, n in enumerate(hand.counts):
        if kind in FIVES:  # id 4 * kind is the red one: the plain ones after it
            red = hand.red[FIVES.index(kind)]
            ids += [4 * kind] * red + [4 * kind + 1 + i for i in range(n - red)]
        else:
            ids += [4 * kind + i for i in range(n)]
    return ids


def _reduce_step(read: Callable[[Any], object]) -> Callable[[object, Any], object]:
    """``read`` as a step of ``functools.reduce`` (the accumulated value is unused)."""
    def step(_: object, item: Any) -> object:
        return read(item)
    return step


def _refuse(message: str) -> NoReturn:
    """Bad arguments: one line and exit code 2, as argparse does."""
    print(f"bench_score: error: {message}", file=sys.stderr)
    raise SystemExit(2)


def read_parts(folders: Sequence[str]) -> None:
    """``--read-parts``: the table of instructions per hand from the callgrind parts of
    ``--count-table`` runs (``order`` beside each run's parts: the lines it printed)."""
    per_hand: dict[str, dict[str, float]] = {}
    for folder in folders:
        path = Path(folder)
        totals = {}
        for part in path.glob("out.*"):
            match = re.search(r"^(?:summary|totals): (\d+)", part.read_text(), re.MULTILINE)
            if match and part.suffix[1:].isdigit():
                totals[int(part.suffix[1:])] = int(match.group(1))
        if not (path / "order").is_file():
            _refuse(f"{path} has no 'order' file (the output of a --count-table run under "
                    "callgrind)")
        order = [line.split("|") for line in (path / "order").read_text().splitlines()]
        # each counted pass is the part dumped on leaving reduce: parts 2, 4, 6, ...
        for i, (name, engine, n) in enumerate(order):
            per_hand.setdefault(name, {})[engine] = totals[2 * i + 2] / int(n) / 1000
    if any("python" not in k for name, k in per_hand.items() if not name.startswith("input: ")):
        _refuse("--read-parts needs both runs' folders: the compiled one and the "
                "MJASP_PURE_PYTHON=1 one (the docstring's commands)")
    rows = [[name, k["mahjong"], k["direct"], k["python"], k["mahjong"] / k["direct"],
             k["mahjong"] / k["python"], k.get("mahjong text"), k.get("direct text"),
             k["mahjong text"] / k["direct text"] if "direct text" in k else None]
            for name, k in per_hand.items() if not name.startswith("input: ")]
    print_table(["rules", "mahjong k instr", "mjasp k instr", "mjasp pure k instr", "x",
                 "x pure", "mahjong text k", "mjasp text k", "x text"], rows)
    tenhou = per_hand.get("tenhou")
    inputs = [[name.removeprefix("input: "), k["direct"], k["python"]]
              for name, k in per_hand.items() if name.startswith("input: ")]
    if inputs and tenhou:
        print(f"building the inputs (Tenhou's wins; the scorer's own call: "
              f"{tenhou['direct']:.1f}k, pure {tenhou['python']:.1f}k)")
        print_table(["input", "k instr", "pure k instr"], inputs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--asp", type=int, default=100, help="hands for the ASP engine")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--rounds", type=int, default=3, help="passes per engine (best)")
    parser.add_argument("--count", nargs=2, metavar=("ENGINE", "N"),
                        help="direct|python|asp|mahjong N: a pass to count instructions of, "
                             "no output")
    parser.add_argument("--count-rules", default="tenhou", choices=list(rule_sets()),
                        help="the rule set of --count (mahjong: Tenhou's options, three-player "
                             "ones for -3p)")
    parser.add_argument("--count-table", action="store_true",
                        help="every rule set and engine, each counted pass one callgrind "
                             "part (run under callgrind, see the module notes)")
    parser.add_argument("--wins-cache", metavar="FILE",
                        help="--count-table: the sampled wins, read from FILE if it exists, "
                             "else written there (sample outside callgrind first)")
    parser.add_argument("--read-parts", metavar="DIR", nargs="+",
                        help="the table of instructions per hand from --count-table runs "
                             "(the second: its pure-Python passes)")
    parser.add_argument("--pure-times", action="store_true",
                        help="(internal) time only mjasp pure Python and mahjong, print JSON")
    args = parser.parse_args()
    if args.read_parts:
        read_parts(args.read_parts)
        return
    peer = peer_module()
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import OptionalRules

    # Tenhou's options, for three players (as tests/scoring/test_score_3p_peer.py)
    sanma = OptionalRules(**{**vars(peer.TENHOU), "is_three_player": True})
    if args.count_table:
        count_table(table_wins(args.hands, args.seed, args.wins_cache), peer, HandCalculator,
                    sanma)
        return
    if args.count:
        if args.count_rules == "tenhou":  # the sample the instruction counts always took
            wins = random_wins(min(args.hands, 300), seed=args.seed)
        else:
            chosen = rule_sets()[args.count_rules]
            wins = [hw for hw in random_wins(min(args.hands, 300), seed=args.seed,
                                             rules=chosen) if accepted(hw, chosen)]
        chosen = rule_sets()[args.count_rules]
        count_pass(args.count[0], int(args.count[1]), wins, peer, HandCalculator, chosen,
                   sanma if chosen.players == 3 else peer.TENHOU)
        return
    started = time.perf_counter()
    rows: list[list[object]] = []
    agree = compared = 0
    # the pure-Python passes: here when this process runs the engine's .py, else timed by
    # a child under MJASP_PURE_PYTHON=1 (mahjong beside them there)
    pure_here = not engine_built()
    pure_times: dict[str, dict[str, float]] = {}
    if not pure_here and not args.pure_times:
        child = subprocess.run(
            [sys.executable, __file__, "--pure-times", "--hands", str(args.hands),
             "--seed", str(args.seed), "--rounds", str(args.rounds)],
            env={**os.environ, "MJASP_PURE_PYTHON": "1"}, capture_output=True, text=True,
            check=True)
        pure_times = json.loads(child.stdout)
    for name, rules in rule_sets().items():
        three = rules.players == 3
        # the sampler draws red fives for every four-player rule set: the WRC has none,
        # so its wins are those its checks accept
        wins = [hw for hw in random_wins(args.hands, seed=args.seed, rules=rules)
                if accepted(hw, rules)]
        texts = [(str(h), keywords(w)) for h, w in wins]
        options = sanma if three else peer.TENHOU
        built = [peer.to_mahjong(h, w, options) for h, w in wins]
        by_name = name if name in RULES else rules
        engines: dict[str, Engine] = {
            "mahjong text": (mahjong_text(HandCalculator, options), texts, False),
            "mahjong objects": (mahjong_objects(HandCalculator), built, False)}
        if not args.pure_times:
            engines["mjasp text"] = (mjasp_text(by_name), texts, kernel.COMPILED)
            engines["mjasp objects"] = (mjasp_objects(rules), wins, kernel.COMPILED)
        if pure_here:
            engines["mjasp text, pure"] = (mjasp_text(by_name), texts, False)
            engines["mjasp objects, pure"] = (mjasp_objects(rules), wins, False)
        t = best_of(args.rounds, engines)
        if args.pure_times:
            pure_times[name] = t
            continue
        pure = t if pure_here else pure_times[name]
        rows.append([name, t["mjasp text"], t["mahjong text"],
                     t["mahjong text"] / t["mjasp text"],
                     pure["mahjong text"] / pure["mjasp text, pure"],
                     t["mjasp objects"], t["mahjong objects"],
                     t["mahjong objects"] / t["mjasp objects"],
                     pure["mahjong objects"] / pure["mjasp objects, pure"]])
        if name == "tenhou":
            # the two ways into mahjong give its same points; mjasp's equal Tenhou's
            # where mahjong's rules are Tenhou's
            via_text = mahjong_text(HandCalculator, options)
            for (h, w), item in zip(wins, texts, strict=True):
                cost: Any = via_text(item)
                cost = cost[0]
                theirs = 0 if cost is None else (
                    cost["main"] + 2 * cost["additional"] if w.tsumo else cost["main"])
                agree += score(h, w).points == theirs
                compared += 1
    if args.pure_times:
        print(json.dumps(pure_times))
        return
    print(f"{args.hands} seeded winning situations per rule set (fewer where the rules "
          f"refuse some; seed {args.seed}); "
          f"tenhou: {agree} of {compared} with equal points (mahjong from text; its "
          f"no-yaku error counted as 0); kernel: "
          f"{'compiled' if kernel.COMPILED else 'pure Python'}; the engine's modules: "
          f"{'pure Python' if pure_here else 'compiled by Cython'}"
          f"{'' if pure_here else ' (pure columns: a child under MJASP_PURE_PYTHON=1)'}")
    print_table(["rules", "mjasp text us", "mahjong text us", "x (text)", "x (text, pure)",
                 "mjasp obj us", "mahjong obj us", "x (objects)", "x (objects, pure)"], rows)
    try:
        importlib.import_module("mjasp.solvers.scoring_asp")
    except ImportError:
        print("mjasp asp: not available")
    else:
        if args.asp > 0:
            sample = random_wins(args.asp, seed=args.seed)
            score(*sample[0], solver="asp")  # load and ground once: the warm path is measured
            asp = best_of(args.rounds, {"asp": (lambda hw: score(hw[0], hw[1], solver="asp"),
                                                sample, kernel.COMPILED)})["asp"]
            print(f"mjasp asp ({len(sample)} hands, tenhou): {asp:.0f} us/hand")
    print(f"({time.perf_counter() - started:.0f} s)")




if __name__ == "__main__":
    main()
