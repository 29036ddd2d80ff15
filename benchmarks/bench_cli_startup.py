"""Start-up time of the command line: the wall and CPU time of one ``mjasp`` process.

Each command is run ``--runs`` times in a fresh interpreter (``python -m mjasp ...``, as
tests/test_readme.py runs the documented transcripts) and the median is printed, with the
heavy packages the process imported (read from ``python -X importtime``). ``--tree DIR``
(repeatable) runs the mjasp of each source tree instead (``PYTHONPATH=DIR``, from a scratch
folder), the trees taking turns run by run, so that two versions are compared in the same
minutes: for example a checkout of an older commit (``git archive REV | tar -x -C DIR``, and
a copy of the compiled modules) beside the working tree. Wall times on a shared machine are
noisy: compare rows of one run, and the CPU column.

    python benchmarks/bench_cli_startup.py --runs 10
    python benchmarks/bench_cli_startup.py --runs 10 --tree /tmp/before --tree .
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The commands timed: the help, a table command and a score.
COMMANDS = (
    ("--help",),
    ("shanten", "123m456p789s1122z"),
    ("score", "223344m556677p88s", "--win", "8s", "--seat", "S"),
)
#: Packages whose import is worth naming when a command loads them.
HEAVY = ("numpy", "clingo", "ortools", "mjasp.logs", "mjasp.advice", "starlette")


def environment(tree: str | None) -> dict[str, str]:
    """The environment of a run: this interpreter's, with ``tree`` first on the path."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(Path(tree).resolve())
    return env


def run_once(args: tuple[str, ...], tree: str | None, cwd: str) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one ``python -m mjasp ARGS``."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mjasp", *args], check=True, cwd=cwd,
                   env=environment(tree), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user
           + after.children_system - before.children_system)
    return wall, cpu


def heavy_imports(args: tuple[str, ...], tree: str | None, cwd: str) -> list[str]:
    """The :data:`HEAVY` packages a command imports (``-X importtime`` lines)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "mjasp", *args],
                          capture_output=True, text=True, check=True, cwd=cwd,
                          env=environment(tree))
    names = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
             if line.startswith("import time:")}
    return [name for name in HEAVY if name in names]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="processes per command")
    parser.add_argument("--tree", action="append", default=None, metavar="DIR",
                        help="run the mjasp of this source tree (repeatable)")
    options = parser.parse_args()
    trees: list[str | None] = list(options.tree or [None])
    with tempfile.TemporaryDirectory() as scratch:
        cwd = scratch if options.tree else os.getcwd()
        print(f"{'command':48} {'tree':>16} {'wall ms':>8} {'cpu ms':>8}  heavy imports")
        for args in COMMANDS:
            times: dict[str | None, list[tuple[float, float]]] = {t: [] for t in trees}
            for tree in trees:
                run_once(args, tree, cwd)  # warm the file cache and the .pyc files
            for _ in range(options.runs):
                for tree in trees:
                    times[tree].append(run_once(args, tree, cwd))
            for tree in trees:
                walls, cpus = zip(*times[tree], strict=True)
                heavy = ", ".join(heavy_imports(args, tree, cwd)) or "-"
                label = "mjasp " + " ".join(args)
                name = "installed" if tree is None else Path(tree).resolve().name
                print(f"{label:48} {name[-16:]:>16} {statistics.median(walls) * 1e3:8.0f} "
                      f"{statistics.median(cpus) * 1e3:8.0f}  {heavy}")


if __name__ == "__main__":
    main()
