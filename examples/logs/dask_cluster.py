"""The same ``mjasp logs table`` job on a multi-machine Dask cluster.

On the machines (each with ``pip install 'mjasp[cluster]'``):

    dask scheduler                       # on one machine: prints tcp://HOST:8786
    dask worker tcp://HOST:8786 --nworkers 4 --nthreads 1   # on every other machine

Then, where the log files are (the workers receive each file's bytes with its task, so
they need no shared file system):

    python examples/logs/dask_cluster.py tcp://HOST:8786 LOGS_DIR OUT_DIR

which is what ``mjasp logs table LOGS_DIR -o OUT_DIR --scheduler tcp://HOST:8786`` does.
Without an address (``-``) the example starts a local cluster of two worker processes,
so it runs on one machine as it is:

    python examples/logs/dask_cluster.py - ../shared/data/logs /tmp/tables
"""

from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner

from mjasp.cli import main


def run_job(scheduler: str, logs: str, output: str) -> int:
    """Tabulate every log under ``logs`` into ``output`` on the cluster at ``scheduler``
    (``-``: a local cluster of two workers); returns the command's exit code."""
    where = ["--workers", "2"] if scheduler == "-" else ["--scheduler", scheduler]
    result = CliRunner().invoke(main, ["logs", "table", logs, "-o", output, *where])
    print(result.output, end="")
    return result.exit_code


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    address, logs_dir, out_dir = sys.argv[1:]
    code = run_job(address, logs_dir, out_dir)
    print(sorted(p.name for p in Path(out_dir).glob("*.parquet")))
    sys.exit(code)
