"""``mjasp verify``: the command line of :mod:`mjasp.analysis.verify` (engines cross-checked)."""

from __future__ import annotations

import sys
from typing import Any

import click

from mjasp.analysis import verify

# the harness lives in the library; these names stay importable from here
from mjasp.analysis.verify import EXIT_DISAGREE, REFERENCES, hand_engine, near_miss, suit_vectors
from mjasp.cli.app import (
    activity,
    emit_json,
    json_option,
    main,
    progress,
    rules_option,
    seed_option,
)
from mjasp.rules import Rules


def _bar(length: int, label: str) -> Any:
    # a phase of unknown length (length 0) gets a ticking clock instead of a bar
    return progress(length, label) if length else activity(label)


@main.command("verify")
@click.option("--hands", "n_hands", type=click.IntRange(min=0), default=10_000,
              show_default=True, help="Random winning hands (each also gives a near miss).")
@seed_option
@click.option("--suits/--no-suits", default=True, show_default=True,
              help="Check every single-suit and honor vector.")
@click.option("--sample", type=click.IntRange(min=0), default=1000, show_default=True,
              help="Suit vectors per space also sent through the per-vector ASP call.")
@rules_option
@json_option
def verify_command(n_hands: int, seed: int, suits: bool, sample: int, rules: Rules,
                   as_json: bool) -> None:
    """Cross-check the engines (ASP, fast path, the four references) and exit 1 on any
    disagreement.

    \b
    Example:
      $ mjasp verify --hands 2000
    """
    source = click.get_current_context().get_parameter_source("sample")
    if not suits and source is not click.core.ParameterSource.DEFAULT:
        raise click.UsageError("--sample applies to the suit check; --no-suits skips it")
    report: dict[str, Any] = {"seed": seed, "rules": rules.name}
    if suits:
        report["suits"] = verify.check_suits(sample, seed, _bar)
    report["hands"] = verify.check_hands(n_hands, seed, rules, _bar)
    problems = report["hands"]["disagreements"] + report.get("suits", {}).get(
        "disagreements", [])
    report["ok"] = not problems
    if as_json:
        emit_json(report)
    else:
        _print_summary(report, problems)
    if problems:
        sys.exit(EXIT_DISAGREE)


def _print_summary(report: dict[str, Any], problems: list[dict[str, Any]]) -> None:
    if "suits" in report:
        s = report["suits"]
        click.echo(f"suits: {s['vectors']:,} vectors (number suit and honors, <= 14 tiles); "
                   f"ASP enumeration ({s['asp_readings']:,} readings) vs "
                   f"{', '.join(REFERENCES)}; {s['per_vector_calls']:,} per-vector ASP calls")
    h = report["hands"]
    forms = ", ".join(f"{n:,} {f}" for f, n in h["readings_by_form"].items())
    click.echo(f"hands: {h['hands']:,} (seed {report['seed']}, rules {report['rules']}), "
               f"{h['winning']:,} winning; readings: {forms or 'none'}; "
               f"engines: {', '.join(h['engines'])}")
    for problem in problems[:20]:
        click.echo(f"DISAGREE {problem}")
    click.echo(f"{len(problems)} disagreements" if problems else "OK: every engine agrees")


__all__ = ["EXIT_DISAGREE", "REFERENCES", "hand_engine", "near_miss", "suit_vectors",
           "verify_command"]
