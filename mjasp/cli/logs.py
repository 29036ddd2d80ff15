"""``mjasp logs check`` and ``mjasp logs table``: game logs re-scored and tabulated."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from mjasp.cli.app import EXIT_BAD_INPUT, emit_json, json_option, main, progress
from mjasp.core.errors import MjaspError

if TYPE_CHECKING:
    from mjasp.logs.run import FileResult


#: Seconds ``--scheduler`` tries to reach the scheduler before its one-line error (Dask's
#: own default, 30 s, left a mistyped address waiting; a scheduler that is up answers a
#: connect at once, even over a network).
CONNECT_TIMEOUT = 5.0


class _Stop(MjaspError):
    """A bad file under ``--on-error stop``."""


def _rules_names() -> list[str]:
    from mjasp.rules import ALIASES, RULES

    return sorted(RULES) + sorted(ALIASES)


def _scale_options(func: Any) -> Any:
    func = click.option("--rules", "rules", default=None,
                        type=click.Choice(_rules_names(), case_sensitive=False),
                        help="Play every log under this rule preset instead of the one "
                             "the log gives (Tenhou's lobby, a Mahjong Soul mark; "
                             "docs/logs.md).")(func)
    func = click.option("--on-error", type=click.Choice(["skip", "stop"]), default="skip",
                        show_default=True,
                        help="A bad file: report it and go on (skip), or stop there.")(func)
    func = click.option("--connect-timeout", metavar="SECONDS", default=CONNECT_TIMEOUT,
                        type=click.FloatRange(0, 3600, min_open=True), show_default=True,
                        help="With --scheduler: how long to try to reach it before the "
                             "error.")(func)
    func = click.option("--scheduler", metavar="ADDRESS", default=None,
                        help="Run on the Dask cluster at ADDRESS (mjasp[cluster]).")(func)
    func = click.option("--workers", type=click.IntRange(0, 512), default=0,
                        help="Run on a local Dask cluster of N worker processes.")(func)
    func = click.option("-j", "--jobs", type=click.IntRange(0, 512), default=1,
                        show_default=True,
                        help="Local processes (0: one per core).")(func)
    return click.argument("files", nargs=-1, required=True,
                          # (text: a Path makes ./- into -, standard input)
                          type=click.Path(path_type=str))(func)


@main.group()
@json_option
@click.pass_context
def logs(ctx: click.Context, as_json: bool) -> None:
    """Game logs (Tenhou mjlog, tenhou.net/6 JSON, MJAI): check, tabulate."""
    # ``mjasp logs --json check ...`` is the same as ``mjasp logs check ... --json``
    ctx.meta["logs_json"] = as_json


def _paths(files: tuple[str, ...]) -> list[str]:
    from mjasp.logs.run import expand  # numpy loads only when logs are read

    paths = expand(files)
    if not paths:
        raise click.UsageError("no files to read")
    # rows and mismatches name a game by its file name: two files of one name cannot be
    # told apart there (their rows are all kept)
    from mjasp.logs.run import file_name

    first: dict[str, str] = {}
    for path in paths:
        name = file_name(path)
        if name in first:
            shown = os.fsencode(path).decode("utf-8", "backslashreplace")
            click.echo(f"mjasp: warning: {shown} and {first[name]} are both named {name}: "
                       "its rows and mismatches cannot tell them apart", err=True)
        else:
            first[name] = os.fsencode(path).decode("utf-8", "backslashreplace")
    return paths


def _results(paths: list[str], tables: bool, jobs: int, workers: int,
             scheduler: str | None, on_error: str, label: str,
             rules: str | None, connect_timeout: float) -> Any:
    from mjasp.logs.run import run

    with progress(len(paths), label) as bar:
        for result in run(paths, tables=tables, jobs=jobs, workers=workers,
                          scheduler=scheduler, rules=rules,
                          connect_timeout=connect_timeout):
            bar.update(1)
            yield result
            if result.error and on_error == "stop":
                raise _Stop(result.error)


@logs.command("check")
@_scale_options
@json_option
def check_command(files: tuple[str, ...], jobs: int, workers: int, scheduler: str | None,
                  connect_timeout: float, on_error: str, rules: str | None,
                  as_json: bool) -> int:
    """Re-score every win and settle every round of FILES against what the logs record
    (a directory: its log files; -: standard input).

    Exit 0 when all agree, 1 when some differ, 2 when a file cannot be read (the others
    are still checked unless --on-error stop).

    Example: mjasp logs check game.mjlog --json
    """
    from mjasp.logs.run import FileResult

    as_json = as_json or bool(click.get_current_context().meta.get("logs_json"))
    total = FileResult("")
    errors: list[dict[str, str]] = []
    notes: list[str] = []
    try:
        for r in _results(_paths(files), False, jobs, workers, scheduler, on_error,
                          "checking", rules, connect_timeout):
            _add(total, r)
            notes += r.notes
            if r.error:
                errors.append({"file": r.source, "message": r.error})
    except _Stop:
        pass
    summary = {"games": total.games, "rounds": total.rounds,
               "rounds_agree": total.rounds_agree, "wins": total.wins,
               "wins_agree": total.wins_agree, "mismatches": total.mismatches,
               "errors": errors, "notes": notes}
    if as_json:
        emit_json(summary)
    else:
        click.echo(f"{total.games} games: {total.rounds_agree}/{total.rounds} rounds agree, "
                   f"{total.wins_agree}/{total.wins} wins agree")
        for m in total.mismatches:
            click.echo(f"mismatch: {m['game']} {m['round']} event {m['event']}: {m['what']}: "
                       f"log {m['log']}, mjasp {m['mjasp']}")
        for note in notes:
            click.echo(f"mjasp: note: {note}", err=True)
        for e in errors:
            click.echo(f"mjasp: error: {e['message']}", err=True)
    if errors:
        return EXIT_BAD_INPUT
    return 1 if total.mismatches else 0


def _add(total: FileResult, r: FileResult) -> None:
    total.games += r.games
    total.rounds += r.rounds
    total.rounds_agree += r.rounds_agree
    total.wins += r.wins
    total.wins_agree += r.wins_agree
    total.mismatches += r.mismatches


@logs.command("table")
@_scale_options
@click.option("-o", "--output", "output", required=True, type=click.Path(path_type=Path),
              help="Directory for decisions.parquet, wins.parquet, rounds.parquet.")
@json_option
def table_command(files: tuple[str, ...], jobs: int, workers: int, scheduler: str | None,
                  connect_timeout: float, on_error: str, rules: str | None, output: Path,
                  as_json: bool) -> int:
    """Write per-decision, per-win and per-round Parquet tables of FILES (a directory: its
    log files; -: standard input) into a directory (schema: docs/logs.md); needs pyarrow
    (mjasp[logs]).

    Example: mjasp logs table logs/ -o tables/ --jobs 0
    """
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise click.UsageError("pyarrow is not installed: pip install 'mjasp[logs]'") from None
    from mjasp.logs.table import ParquetTables

    as_json = as_json or bool(click.get_current_context().meta.get("logs_json"))
    paths = _paths(files)  # before the tables are opened: no input leaves them as they were
    try:
        output.mkdir(parents=True, exist_ok=True)
    except OSError as error:  # a file of that name, or a file on the way to it
        raise click.BadParameter(f"cannot make the directory {str(output)!r}: "
                                 f"{error.strerror}", param_hint="'-o' / '--output'") from None
    errors: list[dict[str, str]] = []
    notes: list[str] = []
    games = 0
    with ParquetTables(output) as out:  # memory: a bounded number of rows at a time
        try:
            for r in _results(paths, True, jobs, workers, scheduler, on_error, "tabulating",
                              rules, connect_timeout):
                notes += r.notes
                if r.error:
                    errors.append({"file": r.source, "message": r.error})
                if r.tables is None:
                    continue
                games += 1
                out.add(r.tables)
        except _Stop:
            pass
    counts = out.counts
    if as_json:
        emit_json({"games": games, "rows": counts, "output": str(output), "errors": errors,
                   "notes": notes})
    else:
        click.echo(f"{games} games: " + ", ".join(f"{n} {name} rows" for name, n in
                                                    counts.items()) + f" in {output}")
        for note in notes:
            click.echo(f"mjasp: note: {note}", err=True)
        for e in errors:
            click.echo(f"mjasp: error: {e['message']}", err=True)
    return EXIT_BAD_INPUT if errors else 0


__all__ = ["logs"]
