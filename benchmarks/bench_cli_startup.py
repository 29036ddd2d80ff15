"""Start-up time of the command line: the wall and CPU time of one ``mjasp`` process.

Each command is run ``--runs`` times in a fresh interpreter (``python -m mjasp ...``, as
tests/test_readme.py runs the documented transcripts) and the median is printed, with the
heavy packages the process imported (read from ``python -X importtime``). Wall times on a
shared machine are noisy: compare rows of one run, and the CPU column.

    python benchmarks/bench_cli_startup.py --runs 10
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

#: The commands timed: the help, a table command and a score.
COMMANDS = (
    ("--help",),
    ("shanten", "123m456p789s1122z"),
    ("score", "223344m556677p88s", "--win", "8s", "--seat", "S"),
)
#: Packages whose import is worth naming when a command loads them.
HEAVY = ("numpy", "clingo", "ortools", "mjasp.logs", "mjasp.advice", "starlette")


def run_once(args: tuple[str, ...]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one ``python -m mjasp ARGS``."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mjasp", *args], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user
           + after.children_system - before.children_system)
    return wall, cpu


def heavy_imports(args: tuple[str, ...]) -> list[str]:
    """The :data:`HEAVY` packages a command imports (``-X importtime`` lines)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "mjasp", *args],
                          capture_output=True, text=True, check=True)
    names = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
             if line.startswith("import time:")}
    return [name for name in HEAVY if name in names]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="processes per command")
    options = parser.parse_args()
    print(f"{'command':48} {'wall ms':>8} {'cpu ms':>8}  heavy imports")
    for args in COMMANDS:
        run_once(args)  # warm the file cache
        walls, cpus = zip(*(run_once(args) for _ in range(options.runs)), strict=True)
        heavy = ", ".join(heavy_imports(args)) or "-"
        label = "mjasp " + " ".join(args)
        print(f"{label:48} {statistics.median(walls) * 1e3:8.0f} "
              f"{statistics.median(cpus) * 1e3:8.0f}  {heavy}")


if __name__ == "__main__":
    main()
