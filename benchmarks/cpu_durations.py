"""A pytest plugin: CPU seconds per test (its own process and the children it waited for).

On a loaded machine ``--durations`` (wall time) says little; CPU time stays close to what
the tests cost on quiet cores. Run the contributors' loop on one core with it, then list
the heaviest tests and the estimated time on two cores ((sum + one more collection) / 2,
as each xdist worker collects once)::

    CPU_DURATIONS=cpu.json PYTHONPATH=benchmarks python -m pytest -q -p no:cacheprovider \
        -p cpu_durations -m "not slow" -n 0
    python benchmarks/cpu_durations.py cpu.json 15

Example of the listing's first line: ``total CPU 274.8 s, 2576 tests, collection 6.7 s,
two cores about 140.8 s``.

Under xdist (``-n 2``) each worker sends its rows to the controller (xdist's
``workeroutput``), which merges them into ``CPU_DURATIONS``: a test runs on one worker,
and the total is the controller's CPU and its children's, the workers included (they have
ended by then). A child process counts only once it is waited for: a server a test leaves
running is not counted.
"""

from __future__ import annotations

import collections
import json
import os
import sys
from collections.abc import Generator

import pytest

_ROWS: dict[str, float] = {}
_START = [0.0]


def _cpu() -> float:
    # children's times count once they are waited for (subprocess.run does)
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def pytest_sessionstart(session: pytest.Session) -> None:
    _START[0] = _cpu()


@pytest.hookimpl(hookwrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, None, None]:
    yield
    _ROWS["<collection>"] = _cpu() - _START[0]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    before = _cpu()
    yield
    _ROWS[item.nodeid] = _ROWS.get(item.nodeid, 0.0) + _cpu() - before


#: Under xdist, what each worker sent (``pytest_testnodedown``), for the controller.
_WORKERS: list[dict[str, object]] = []


def pytest_testnodedown(node: object, error: object) -> None:
    sent = getattr(node, "workeroutput", {}).get("cpu_durations")
    if sent is not None:
        _WORKERS.append(sent)


def pytest_sessionfinish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: its rows go to the controller
        workeroutput["cpu_durations"] = {"rows": _ROWS, "total": _cpu()}


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    out = os.environ.get("CPU_DURATIONS")
    if not out or hasattr(config, "workeroutput"):
        return
    rows = dict(_ROWS)
    # the workers have ended by now: their whole CPU is the controller's children's
    total = _cpu()
    if _WORKERS:
        collections_ = []
        for sent in _WORKERS:
            worker_rows = dict(sent["rows"])  # type: ignore[call-overload]
            collections_.append(worker_rows.pop("<collection>", 0.0))
            rows.update(worker_rows)  # each test ran on one worker
        rows["<collection>"] = max(collections_)  # one each (the controller collects none)
        rows["<collections>"] = sum(collections_)
        rows["<workers>"] = len(collections_)
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"rows": rows, "total": total}, f)


def main(argv: list[str]) -> None:
    """Print the heaviest tests and files of a ``CPU_DURATIONS`` file."""
    with open(argv[0], encoding="utf-8") as f:
        data = json.load(f)
    rows: dict[str, float] = data["rows"]
    shown = int(argv[1]) if len(argv) > 1 else 15
    workers = int(rows.pop("<workers>", 0))
    rows.pop("<collections>", None)
    collection = rows.get("<collection>", 0.0)
    total = float(data["total"])
    # under xdist the total holds every worker's collection already
    two_cores = total / 2 if workers else (total + collection) / 2
    print(f"total CPU {total:.1f} s, {len(rows) - 1} tests, collection {collection:.1f} s, "
          f"two cores about {two_cores:.1f} s")
    for name, seconds in sorted(rows.items(), key=lambda row: -row[1])[:shown]:
        print(f"{seconds:7.2f}  {name}")
    files: collections.defaultdict[str, float] = collections.defaultdict(float)
    for name, seconds in rows.items():
        files[name.split("::")[0]] += seconds
    print("by file:")
    for name, seconds in sorted(files.items(), key=lambda row: -row[1])[:shown]:
        print(f"{seconds:7.2f}  {name}")


if __name__ == "__main__":
    main(sys.argv[1:])
