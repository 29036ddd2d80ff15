"""Planted bugs (mutants): do the tests catch a wrong rule wherever it is written?

Each mutant is one small edit of the source — a flipped condition, a changed constant, a
dropped upgrade — in the scoring rules (the direct engine's yaku records, waits and fu; the
ASP encodings), the points and payments, the score builder, the shanten kernels (C, Python
and tables), input validation and the command line, with the tests that should catch it. The
runner copies the tracked tree into a scratch directory (the working tree is never edited),
builds the C extensions there once, and for each mutant: applies the edit, rebuilds an
edited C file, runs the named tests (``pytest -x``, stopping at the first failure) with
the scratch copy first on the import path, and restores the file. A mutant is *killed*
when the tests fail, *survived* when they pass. A survivor is either caught by a new test
or explained as equivalent in its ``equivalent`` note (then it is not counted).

Not part of CI's time budget: about 10-30 s a mutant on a shared machine.

    python benchmarks/mutation.py              # every mutant; exit 1 under 95 % killed
    python benchmarks/mutation.py --list       # names and files only
    python benchmarks/mutation.py -k chuuren   # the mutants whose name holds "chuuren"
    python benchmarks/mutation.py --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The kill rate the suite must reach.
GOAL = 0.95
#: Seconds one mutant's tests may take before they count as killed (a hang is caught too).
TIMEOUT = 600

BOUNDARY = "tests/scoring/test_score_boundary.py"
SCORE = "tests/scoring/test_score.py"
DIRECT = "mjasp/solvers/scoring_direct.py"
ASP = "mjasp/encodings/scoring/"
POINTS = "mjasp/rules/points.py"


@dataclass(frozen=True)
class Mutant:
    """One planted bug: ``original`` (occurring exactly once in ``file``) becomes
    ``replacement``; ``tests``: the pytest arguments that should catch it;
    ``equivalent``: why it cannot change behaviour (an explained survivor), if so."""

    name: str
    file: str
    original: str
    replacement: str
    tests: tuple[str, ...]
    equivalent: str = ""


MUTANTS: tuple[Mutant, ...] = (
    # -- nine gates with a closed kan, in each engine ------------------------------------------
    Mutant("direct: chuuren with a closed kan", DIRECT,
           "if not h.melds_closed or h.suits != 1 or h.honors:",
           "if not h.closed or h.suits != 1 or h.honors:", (BOUNDARY,)),
    # (the encoding reads the concealed tiles, hold/2, where a kan's tiles are not: the bug
    # is counting a closed kan's four tiles with them and asking for a closed hand only)
    Mutant("asp: chuuren with a closed kan", ASP + "yakuman.lp",
           "count_of(K,N) :- hold(K,N).\n"
           "count_of(K,0) :- kind(K), not held(K).\n"
           "% a suit that misses a copy nine gates needs\n"
           "short_of_gates(B) :- B = (0;9;18), gates(I,G), count_of(B + I,N), N < G.\n"
           "% nine gates: closed, nothing missing, all fourteen tiles in the suit\n"
           "chuuren_suit(B) :- B = (0;9;18), not melded, not short_of_gates(B),\n"
           "                   #sum{ N,K : hold(K,N), B <= K, K < B + 9 } = 14.",
           "count_of(K,N) :- hold(K,N), not called(ankan,K).\n"
           "count_of(K,N + 4) :- hold(K,N), called(ankan,K).\n"
           "count_of(K,4) :- kind(K), not held(K), called(ankan,K).\n"
           "count_of(K,0) :- kind(K), not held(K), not called(ankan,K).\n"
           "short_of_gates(B) :- B = (0;9;18), gates(I,G), count_of(B + I,N), N < G.\n"
           "chuuren_suit(B) :- B = (0;9;18), closed_hand, not short_of_gates(B),\n"
           "                   #sum{ N,K : count_of(K,N), B <= K, K < B + 9 } >= 14.",
           (BOUNDARY,)),
    Mutant("asp: chuuren on any meld but a tile count", ASP + "yakuman.lp",
           "chuuren_suit(B) :- B = (0;9;18), not melded,",
           "chuuren_suit(B) :- B = (0;9;18), closed_hand,", (BOUNDARY,),
           equivalent="the rule counts the concealed tiles (hold/2): with a closed kan the "
                      "suit holds at most 11 of them, never the 14 the rule asks for"),
    # -- yaku rows of the direct engine ---------------------------------------------------
    Mutant("direct: open iipeikou", DIRECT,
           "(Yaku.IIPEIKOU, 1, 0, \"reading\"", "(Yaku.IIPEIKOU, 1, 1, \"reading\"",
           (BOUNDARY,)),
    Mutant("direct: ryanpeikou does not replace iipeikou", DIRECT,
           # live: iipeikou's record reads peikou >= 1, so both hold on a ryanpeikou
           "_SEQUENCES, replaces=Yaku.IIPEIKOU)", "_SEQUENCES)", (BOUNDARY, SCORE)),
    Mutant("direct: suuankou tanki does not replace suuankou", DIRECT,
           "_SETS,\n             replaces=Yaku.SUUANKOU)", "_SETS)",
           (BOUNDARY, SCORE)),
    # live: chanta's record (_outside) no longer asks for an honor, so it holds beside junchan
    Mutant("direct: junchan does not replace chanta", DIRECT,
           "_OUTSIDE_PAIR,\n             replaces=Yaku.CHANTA)", "_OUTSIDE_PAIR)",
           (BOUNDARY, SCORE)),
    Mutant("direct: a 678 sequence counts as outside", DIRECT,
           "if t % 9 not in (0, 6):", "if t % 9 not in (0, 5, 6):",
           (BOUNDARY,)),
    Mutant("direct: chanta without a sequence", DIRECT,
           "if not r.sequences or r.pair not in TERMINALS_HONORS:",
           "if r.pair not in TERMINALS_HONORS:", (BOUNDARY, SCORE)),
    Mutant("direct: pinfu with a value pair", DIRECT,
           "and not _value_of_pair(h, r.pair))", ")", (BOUNDARY,)),
    Mutant("direct: pinfu on any wait", DIRECT,
           "pinfu_shape and wait is RYANMEN))", "pinfu_shape))", (BOUNDARY,)),
    Mutant("direct: pinfu tsumo keeps its 2 fu", DIRECT,
           "if tsumo and not p.pinfu:", "if tsumo:", (BOUNDARY,)),
    Mutant("direct: no closed ron 10 fu", DIRECT,
           "(\"menzen ron\", 10)", "(\"menzen ron\", 0)",
           (BOUNDARY,)),
    Mutant("direct: no open pinfu 30 fu", DIRECT,
           "(\"open pinfu\", 10)", "(\"open pinfu\", 0)",
           (BOUNDARY,)),
    Mutant("direct: double wind pair ignores the rules", DIRECT,
           "min(pair_fu, double_wind_fu)", "pair_fu",
           (BOUNDARY,)),
    Mutant("direct: quads as triplets", DIRECT,
           "return reason, 2 << (2 * quad + closed + edge)",
           "return reason, 2 << (quad + closed + edge)", (BOUNDARY,)),
    Mutant("wait: kanchan as ryanmen", "mjasp/core/blocks.py",
           "    if tile == block.tile + 1:\n        return _KANCHAN",
           "    if tile == block.tile + 1:\n        return _RYANMEN", (BOUNDARY,)),
    Mutant("direct: a ron-completed triplet stays closed", DIRECT,
           "opened = kind is TRIPLET and not h.win.tsumo",
           "opened = False", (BOUNDARY, SCORE)),
    Mutant("direct: open tanyao regardless of rules", DIRECT,
           "row = dataclasses.replace(row, opened=0)  # kuitan nashi",
           "pass  # kuitan nashi", (BOUNDARY,)),
    Mutant("direct: chinitsu 5 han closed", DIRECT,
           "(Yaku.CHINITSU, 6, 5, \"hand\",", "(Yaku.CHINITSU, 5, 5, \"hand\",",
           (BOUNDARY,)),
    Mutant("direct: suuankou with an open kan", DIRECT,
           "sets.append((meld.tile, meld.kind >= KAN, meld.kind is ANKAN))",
           "sets.append((meld.tile, meld.kind >= KAN, meld.kind >= KAN))",
           # (the compiled facts answer in the boundary cases: their Python twin is
           # compared with them there)
           (BOUNDARY, "tests/solvers/test_reading_facts.py")),
    Mutant("direct: sanshoku in two suits", DIRECT,
           "if low < 9 and low + 9 in s and low + 18 in s:",
           "if low < 9 and (low + 9 in s or low + 18 in s):",
           (BOUNDARY,)),
    # -- the ASP encodings ----------------------------------------------------------------
    Mutant("asp: open iipeikou", ASP + "sequences.lp",
           "found(iipeikou,1) :- closed_hand, peikou(1).", "found(iipeikou,1) :- peikou(1).",
           (BOUNDARY,)),
    Mutant("asp: ryanpeikou does not replace iipeikou", ASP + "exclusions.lp",
           "removed(iipeikou) :- found(ryanpeikou,_).", "", (BOUNDARY, SCORE)),
    Mutant("asp: junchan does not replace chanta", ASP + "exclusions.lp",
           "removed(chanta) :- found(junchan,_).", "", (BOUNDARY, SCORE)),
    Mutant("asp: pinfu tsumo keeps its 2 fu", ASP + "fu.lp",
           "fu_item(\"tsumo\",tsumo,2) :- form(standard), tsumo, not found(pinfu,_).",
           "fu_item(\"tsumo\",tsumo,2) :- form(standard), tsumo.", (BOUNDARY,)),
    Mutant("asp: no tanki fu", ASP + "fu.lp",
           "fu_item(\"tanki wait\",wait,2) :- form(standard), wait(tanki).",
           "fu_item(\"tanki wait\",wait,0) :- form(standard), wait(tanki).", (BOUNDARY,)),
    Mutant("asp: closed quad of a terminal 16 fu", ASP + "fu.lp",
           "fu_item(\"closed quad terminal/honor\",K,32)",
           "fu_item(\"closed quad terminal/honor\",K,16)", (BOUNDARY,)),
    Mutant("asp: no kiriage", ASP + "points.lp",
           "points(P) :- kiriage_mangan, who(D), how(T), limit_points(D,T,5,P).",
           "points(P) :- kiriage_mangan, who(D), how(T), points_of(D,T,4,30,P).",
           (BOUNDARY + "::test_the_encodings_own_points",)),
    # -- points and payments --------------------------------------------------------------
    Mutant("points: kiriage from 2 han", POINTS,
           "(rules.kiriage and base == 1920 and han >= 3)",
           "(rules.kiriage and base == 1920 and han >= 2)", ("tests/scoring/test_score_rules.py",)),
    Mutant("points: mangan from 2000 base", POINTS,
           "if han >= 5 or base > 2000 or", "if han >= 5 or base >= 2000 or",
           ("tests/scoring/test_score_rules.py", SCORE, BOUNDARY),
           equivalent="no hand has base points of exactly 2000: fu * 2**(han + 2) = 2000 "
                      "needs 250 fu at 1 han, 125 at 2 or 62.5 at 3, and fu are 25 or "
                      "multiples of 10 below 200"),
    Mutant("points: honba 100 on ron", POINTS,
           "        else:\n            ron += extra\n",
           "        else:\n            ron += extra // 3\n", (BOUNDARY,)),
    Mutant("points: sticks 100 each", POINTS,
           "_payments(ron, from_dealer, each, 1000 * sticks, paid + 1000 * sticks, liable)",
           "_payments(ron, from_dealer, each, 100 * sticks, paid + 100 * sticks, liable)",
           (BOUNDARY,)),
    Mutant("points: no tsumo loss with three players", POINTS,
           "players, loss, honba_points = rules.players, rules.tsumo_loss or rules.players == 4,",
           "players, loss, honba_points = rules.players, False,", (BOUNDARY,)),
    Mutant("points: pao ron paid whole by the liable player", POINTS,
           "liable = _up(value / 2)", "liable = value", (BOUNDARY,)),
    Mutant("points: kazoe sanbaiman as yakuman", POINTS,
           "        if kazoe == \"sanbaiman\":\n            return 6000, \"sanbaiman\"",
           "        if kazoe == \"sanbaiman\":\n            return 8000, \"yakuman\"",
           (BOUNDARY,)),
    # -- the Score every Python path builds (mjasp.rules.scorecard.make_score) -------------------
    Mutant("scorecard: dora alone is a yaku", "mjasp/rules/scorecard.py",
           "if yaku is _URA:\n                    has_ura = True",
           "has_yaku = True\n                if yaku is _URA:\n                    has_ura = True",
           (BOUNDARY,)),
    Mutant("scorecard: a yakuman keeps the dora", "mjasp/rules/scorecard.py",
           "if len(kept) > 1:\n            kept.sort(key=_by_id)",
           "kept = listed.copy()\n        if len(kept) > 1:\n            kept.sort(key=_by_id)",
           (BOUNDARY,)),
    Mutant("scorecard: the WRC's renhou adds up", "mjasp/rules/scorecard.py",
           "        items = renhou_alone(items)", "        pass",
           ("tests/scoring/test_audit4_presets.py",)),
    Mutant("asp: renhou alone keeps the dora", ASP + "exclusions.lp",
           "scored_dora(T,X,N) :- dora_tiles(T,X,N), not yakuman, not alone_kept.",
           "scored_dora(T,X,N) :- dora_tiles(T,X,N), not yakuman.",
           ("tests/scoring/test_score_variants.py",)),
    Mutant("scorecard: chiitoitsu fu rounded up", "mjasp/rules/scorecard.py",
           "return raw if chiitoitsu else -(-raw // 10) * 10",
           "return -(-raw // 10) * 10", (BOUNDARY, SCORE)),
    # -- shanten kernels ------------------------------------------------------------------
    Mutant("kernel (python): seven pairs count one pair more", "mjasp/solvers/kernel.py",
           "seven[packed] = 14 - 2 * pairs - min(packed & 31, 7 - pairs)",
           "seven[packed] = 14 - 2 * pairs - min(packed & 31, 8 - pairs)",
           ("tests/solvers/test_kernel.py",)),
    Mutant("kernel (tables): thirteen orphans pair saves nothing", "mjasp/solvers/table.py",
           "value: U8 = (1 + missing - (missing + (packed & 15) < 13)).astype(np.uint8)",
           "value: U8 = (1 + missing).astype(np.uint8)",
           ("tests/analysis/test_shanten.py", "-m", "not slow")),
    Mutant("kernel (C): thirteen orphans off by one", "mjasp/solvers/_kernel.c",
           "int value = st->thirteen_orphans[(16 * (13 - held) + held - twice) & 255];",
           "int value = st->thirteen_orphans[(16 * (12 - held) + held - twice) & 255];",
           ("tests/solvers/test_kernel.py", "tests/analysis/test_shanten.py", "-m", "not slow")),
    # -- input validation and the command line --------------------------------------------
    Mutant("validation: six dora indicators", "mjasp/core/win.py",
           "if len(win.dora_indicators) > 5:", "if len(win.dora_indicators) > 6:",
           ("tests/core/test_dora_limit.py", SCORE, "tests/scoring/test_mistaken_input.py")),
    Mutant("validation: riichi on an open hand", "mjasp/scoring/api.py",
           "    if win.riichi and not closed:\n",
           "    if False:\n", (BOUNDARY, SCORE)),
    Mutant("validation: rinshan without a kan", "mjasp/scoring/api.py",
           "if win.rinshan and not north and not _has_kan(melds):",
           "if False:", (BOUNDARY, SCORE)),
    Mutant("cli: bad input exits 1", "mjasp/cli/app.py",
           "            report_error(error, as_json)\n            sys.exit(EXIT_BAD_INPUT)",
           "            report_error(error, as_json)\n            sys.exit(1)",
           ("tests/cli/test_score_cli.py",)),
)


@dataclass
class Outcome:
    """What one mutant's run found."""

    name: str
    file: str
    # "killed", "survived", "equivalent" (an explained survivor), "stale" (the original
    # text is no longer in the file), "gone" (the file was removed: drop the mutant)
    status: str
    seconds: float
    note: str = ""


def _tracked_copy(scratch: Path) -> None:
    """Copy the tracked files (and the built extensions) into ``scratch``."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    for name in filter(None, files):
        source = ROOT / name
        if source.is_file():
            target = scratch / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    for built in (ROOT / "mjasp" / "solvers").glob("_*.so"):
        shutil.copy2(built, scratch / "mjasp" / "solvers" / built.name)


def _build(scratch: Path, force: bool = False) -> None:
    """Rebuild the C extensions of ``scratch`` in place (those whose source is newer than
    the built file, or all with ``force``)."""
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace",
                    *(["--force"] if force else [])],
                   cwd=scratch, check=True, capture_output=True)


def _pristine(scratch: Path) -> dict[Path, bytes]:
    """The built extensions of the unedited tree, to put back after a C mutant."""
    return {p: p.read_bytes() for p in (scratch / "mjasp" / "solvers").glob("_*.so")}


def _restore_built(built: dict[Path, bytes]) -> None:
    for path, blob in built.items():
        path.write_bytes(blob)  # written after the source: newer, so not rebuilt


def _environment(scratch: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(scratch) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("MJASP_PURE_PYTHON", None)
    return env


def _check_imports(scratch: Path) -> None:
    """The scratch copy, not the working tree, is what the tests import."""
    found = subprocess.run([sys.executable, "-c", "import mjasp; print(mjasp.__file__)"],
                           cwd=scratch, env=_environment(scratch), check=True,
                           capture_output=True, text=True).stdout.strip()
    if not found.startswith(str(scratch)):
        raise SystemExit(f"mutation: the tests would import {found}, not the scratch copy")


def run_mutant(mutant: Mutant, scratch: Path, built: dict[Path, bytes]) -> Outcome:
    path = scratch / mutant.file
    if not path.exists():
        return Outcome(mutant.name, mutant.file, "gone", 0.0, "the file is no longer there")
    text = path.read_text()
    if text.count(mutant.original) != 1:
        return Outcome(mutant.name, mutant.file, "stale", 0.0,
                       f"the original occurs {text.count(mutant.original)} times")
    start = time.perf_counter()
    path.write_text(text.replace(mutant.original, mutant.replacement))
    try:
        if path.suffix == ".c":
            _build(scratch)
        try:
            result = subprocess.run(
                [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                 *mutant.tests], cwd=scratch, env=_environment(scratch),
                capture_output=True, text=True, timeout=TIMEOUT)
            code, tail = result.returncode, (result.stdout.strip().splitlines() or [""])[-1]
        except subprocess.TimeoutExpired:
            code, tail = -1, f"timed out after {TIMEOUT} s"
    finally:
        path.write_text(text)
        if path.suffix == ".c":
            _restore_built(built)
    seconds = time.perf_counter() - start
    if code == 0:
        status = "equivalent" if mutant.equivalent else "survived"
        return Outcome(mutant.name, mutant.file, status, seconds, mutant.equivalent or tail)
    # 1: a test failed; 2-4: the tests could not even run (an import broke): killed too
    return Outcome(mutant.name, mutant.file, "killed", seconds, tail)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-k", default="", help="only the mutants whose name holds this")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--json", type=Path, help="write the outcomes here as JSON")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if args.k.lower() in m.name.lower()]
    if args.list:
        for m in chosen:
            print(f"{m.name}  ({m.file})")
        return 0
    # a stopped run (kill PID) still removes its scratch copy
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="mjasp-mutation-") as tmp:
        scratch = Path(tmp)
        _tracked_copy(scratch)
        _build(scratch, force=True)
        _check_imports(scratch)
        built = _pristine(scratch)
        for mutant in chosen:
            outcome = run_mutant(mutant, scratch, built)
            outcomes.append(outcome)
            print(f"{outcome.status:10} {outcome.seconds:6.1f}s  {outcome.name}"
                  + (f"  -- {outcome.note}" if outcome.status != "killed" else ""),
                  flush=True)
    counted = [o for o in outcomes if o.status in ("killed", "survived")]
    killed = sum(o.status == "killed" for o in counted)
    rate = killed / len(counted) if counted else 1.0
    stale = [o.name for o in outcomes if o.status == "stale"]
    print(f"\n{killed} of {len(counted)} mutants killed ({100 * rate:.1f} %); "
          f"{sum(o.status == 'equivalent' for o in outcomes)} equivalent, "
          f"{len(stale)} stale (the source changed: update them), "
          f"{sum(o.status == 'gone' for o in outcomes)} of removed files")
    if args.json:
        args.json.write_text(json.dumps({"rate": rate, "outcomes": [asdict(o) for o in outcomes]},
                                        indent=1))
    return 0 if rate >= GOAL and not stale else 1


if __name__ == "__main__":
    sys.exit(main())
