"""A search worker whose server stopped listening (a search past its time limit: the
server closes the worker's pipe, then kills it) ends quietly: no traceback on the
server's standard error, whatever the moment its search ends."""

from __future__ import annotations

import multiprocessing
import time

from mjasp.web.workers import _serve


def test_a_worker_whose_pipe_closed_during_a_job_ends_without_a_traceback() -> None:
    # as the workers start (a fork server: the worker holds no copy of the server's end)
    context = multiprocessing.get_context("forkserver")
    server, child = context.Pipe()
    process = context.Process(target=_serve, args=(child, 0))
    process.start()
    child.close()
    server.send((time.sleep, (0.5,)))  # a job that ends after the server stopped listening
    time.sleep(0.1)
    server.close()
    process.join(30)
    if process.exitcode is None:
        process.kill()
    # an exception out of the process's target prints its traceback and exits with 1;
    # before, the answer's send failed (a broken pipe), and so did the send of that error
    assert process.exitcode == 0
