"""``mjasp shanten HAND``: shanten per form, then effective tiles or the discard table."""

from __future__ import annotations

import click

from mjasp.analysis.shanten import SOLVERS, discards, effective_tiles, shanten_forms
from mjasp.cli.app import HAND, emit_json, json_option, main, rules_option
from mjasp.core.blocks import Form
from mjasp.core.hand import Hand
from mjasp.core.tiles import tile_name
from mjasp.rules import Rules
from mjasp.rules.validity import before_draw


def describe(shanten: int) -> str:
    """``complete``, ``tenpai`` or ``N-shanten``.

    >>> describe(-1), describe(0), describe(2)
    ('complete', 'tenpai', '2-shanten')
    """
    return {-1: "complete", 0: "tenpai"}.get(shanten, f"{shanten}-shanten")


@main.command("shanten")
@click.argument("hand", type=HAND)
@click.option("--visible", default="", metavar="TILES",
              help="Tiles seen elsewhere (mpsz), removed from the unseen counts.")
@click.option("--form", type=click.Choice([f.value for f in Form]), default=None,
              help="Only this winning form (default: the best of those allowed).")
@click.option("--solver", type=click.Choice(SOLVERS), default="table", show_default=True,
              help="Engine.")
@rules_option
@json_option
def shanten_command(hand: Hand, visible: str, form: str | None, solver: str, rules: Rules,
                    as_json: bool) -> None:
    """Shanten of HAND per form, then what to draw (13 tiles) or discard (14 tiles).

    A 3n+1 hand lists its effective tiles: kinds that lower the shanten, each with the
    copies still unseen (4 minus those in hand, in melds and in --visible). A 3n+2 hand
    lists every discard as tenhou.net/2 does: shanten after the discard, unseen
    effective tiles (most first), then the tiles.

    \b
    Example:
      $ mjasp shanten 1112345678999m5z
      1112345678999m5z: tenpai (standard)
        standard    tenpai
        chiitoitsu  4-shanten
        kokushi     9-shanten
      discard  after      tiles  draw
      5z       tenpai     23     1m 2m 3m 4m 5m 6m 7m 8m 9m
      2m       tenpai     3      5z
      ...
    """
    result = shanten_forms(hand, rules=rules, solver=solver)
    waiting = before_draw(hand)
    if waiting:
        waits = effective_tiles(hand, visible=visible, rules=rules, form=form, solver=solver)
        lines = []
    else:
        waits = []
        lines = discards(hand, visible=visible, rules=rules, form=form, solver=solver)
    value = result.forms[Form(form)] if form else result.shanten
    if as_json:
        data = result.to_json()
        data["shanten"] = value
        if waiting:
            data["effective_tiles"] = [{"tile": str(w), "remaining": w.remaining}
                                       for w in waits]
            data["total"] = sum(w.remaining for w in waits)
        else:
            data["discards"] = [d.to_json() for d in lines]
        emit_json(data)
        return
    best = form or " ".join(f.value for f in result.best_forms)
    click.echo(f"{hand}: {describe(value)} ({best})")
    for name, n in result.forms.items():
        click.echo(f"  {name.value:<11} {describe(n)}")
    if waiting:
        total = sum(w.remaining for w in waits)
        tiles = " ".join(f"{w}({w.remaining})" for w in waits)
        click.echo(f"effective tiles: {total} unseen: {tiles or '-'}")
        return
    click.echo(f"{'discard':<8} {'after':<10} {'tiles':<6} draw")
    for line in lines:
        draws = " ".join(str(w) for w in line.waits) or "-"
        after = describe(line.shanten)
        click.echo(f"{tile_name(line.tile):<8} {after:<10} {line.total:<6} {draws}")
