"""``mjasp shanten HAND``: shanten per form, then effective tiles or the discard table."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, TextIO

import click

from mjasp.analysis.shanten import (
    SOLVERS,
    Discard,
    EffectiveTile,
    ShantenResult,
    discards,
    effective_tiles,
    shanten_forms,
)
from mjasp.cli.app import (
    HAND,
    batch_option,
    emit_json,
    hand_argument,
    json_option,
    line_options,
    main,
    one_hand,
    rules_option,
    run_batch,
)
from mjasp.core.blocks import Form
from mjasp.core.hand import Hand
from mjasp.core.tiles import NUM_KINDS, tile_name
from mjasp.rules import Rules
from mjasp.rules.validity import before_draw


def describe(shanten: int) -> str:
    """``complete``, ``tenpai`` or ``N-shanten``.

    >>> describe(-1), describe(0), describe(2)
    ('complete', 'tenpai', '2-shanten')
    """
    return {-1: "complete", 0: "tenpai"}.get(shanten, f"{shanten}-shanten")


#: The options a batch line may set (the others are the command line's).
LINE_OPTIONS = ("visible", "form", "solver", "rules")


@dataclass(frozen=True)
class _Analysis:
    """What both outputs of ``mjasp shanten`` show for one hand."""

    hand: Hand
    result: ShantenResult
    shanten: int
    form: str | None
    waits: list[EffectiveTile]  # a 3n+1 hand: what to draw
    discards: list[Discard]  # a 3n+2 hand: what to discard


def _analyse(hand: Hand, visible: str, form: str | None, solver: str,
             rules: Rules) -> _Analysis:
    result = shanten_forms(hand, rules=rules, solver=solver)
    waiting = before_draw(hand)
    waits = (effective_tiles(hand, visible=visible, rules=rules, form=form, solver=solver)
             if waiting else [])
    lines = [] if waiting else discards(hand, visible=visible, rules=rules, form=form,
                                        solver=solver)
    value = result.forms[Form(form)] if form else result.shanten
    return _Analysis(hand, result, value, form, waits, lines)


def shanten_json(hand: Hand, visible: str, form: str | None, solver: str,
                 rules: Rules) -> dict[str, Any]:
    """What ``mjasp shanten HAND --json`` prints, for one hand.

    >>> from mjasp.rules import find_rules
    >>> shanten_json(Hand.parse("123m456p789s1122z"), "", None, "table",
    ...              find_rules("standard"))["total"]  # 1z and 2z, two unseen of each
    4
    """
    return _to_json(_analyse(hand, visible, form, solver, rules))


def shanten_text(hand: Hand, visible: str, form: str | None, solver: str,
                 rules: Rules) -> str:
    """``json.dumps(shanten_json(...), ensure_ascii=False)``: the same text, without the
    dicts of the discard table (the web API's most frequent answer).

    Each discard's effective tiles are written from texts made once per tile and unseen
    count (by ``Discard.to_json`` and ``json.dumps`` themselves); building and encoding
    some 300 small dicts cost more than the analysis.

    >>> from mjasp.rules import find_rules
    >>> args = Hand.parse("1112345678999m5z"), "", None, "table", find_rules("standard")
    >>> shanten_text(*args) == json.dumps(shanten_json(*args), ensure_ascii=False)
    True
    """
    a = _analyse(hand, visible, form, solver, rules)
    if before_draw(a.hand):
        return _ENCODER.encode(_to_json(a))
    data = _to_json(_Analysis(a.hand, a.result, a.shanten, a.form, a.waits, []))
    head = _ENCODER.encode(data)
    if not head.endswith(', "discards": []}'):  # the discards are no longer the last key
        return _ENCODER.encode(_to_json(a))
    texts = _WAIT_TEXTS
    return head[:-3] + "[" + ", ".join([
        f'{{"discard": "{tile_name(d.tile)}", "shanten": {d.shanten}, "total": {d.total}, '
        f'"waits": [{", ".join([texts[w.tile][w.remaining] for w in d.waits])}]}}'
        for d in a.discards]) + "]}"


#: ``emit_json``'s encoder without indentation, made once.
_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False)
#: The JSON text of each effective tile in a discard's list, by kind and unseen copies,
#: written by ``Discard.to_json`` and the encoder.
_WAIT_TEXTS = tuple(tuple(_ENCODER.encode(Discard(kind, 0, (EffectiveTile(kind, left),))
                                          .to_json()["waits"][0]) for left in range(5))
                    for kind in range(NUM_KINDS))


def _to_json(a: _Analysis) -> dict[str, Any]:
    data = a.result.to_json()
    data["shanten"] = a.shanten
    if before_draw(a.hand):
        data["effective_tiles"] = [{"tile": str(w), "remaining": w.remaining}
                                   for w in a.waits]
        data["total"] = sum(w.remaining for w in a.waits)
    else:
        data["discards"] = [d.to_json() for d in a.discards]
    return data


@main.command("shanten")
@click.argument("hand", type=HAND, required=False, metavar="HAND")
@click.option("--visible", default="", metavar="TILES",
              help="Tiles seen elsewhere (mpsz), removed from the unseen counts.")
@click.option("--form", type=click.Choice([f.value for f in Form]), default=None,
              help="Only this winning form (default: the best of those allowed).")
@click.option("--solver", type=click.Choice(SOLVERS), default="table", show_default=True,
              help="Engine.")
@rules_option
@json_option
@batch_option
def shanten_command(hand: Hand | None, visible: str, form: str | None, solver: str,
                    rules: Rules, as_json: bool, batch: TextIO | None) -> int:
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
    one_hand(hand, batch)
    if batch is not None:
        return run_batch(batch, lambda text, given: shanten_json(
            hand_argument(text), **line_options(given, LINE_OPTIONS)))
    assert hand is not None  # one_hand: a HAND when there is no batch
    a = _analyse(hand, visible, form, solver, rules)
    if as_json:
        emit_json(_to_json(a))
        return 0
    best = form or " ".join(f.value for f in a.result.best_forms)
    click.echo(f"{hand}: {describe(a.shanten)} ({best})")
    for name, n in a.result.forms.items():
        click.echo(f"  {name.value:<11} {describe(n)}")
    if before_draw(hand):
        total = sum(w.remaining for w in a.waits)
        tiles = " ".join(f"{w}({w.remaining})" for w in a.waits)
        click.echo(f"effective tiles: {total} unseen: {tiles or '-'}")
        return 0
    click.echo(f"{'discard':<8} {'after':<10} {'tiles':<6} draw")
    for line in a.discards:
        draws = " ".join(str(w) for w in line.waits) or "-"
        after = describe(line.shanten)
        click.echo(f"{tile_name(line.tile):<8} {after:<10} {line.total:<6} {draws}")
    return 0
