"""``mjasp forms``, ``mjasp waits HAND``, ``mjasp kan HAND TILE``."""

from __future__ import annotations

import itertools
import sys
from typing import Any, TextIO

import click

from mjasp.analysis.kan import SOLVERS as KAN_SOLVERS
from mjasp.cli.app import (
    HAND,
    activity,
    batch_option,
    emit_json,
    emit_json_list,
    hand_argument,
    json_option,
    line_options,
    main,
    one_hand,
    rule_changes_option,
    rules_option,
    run_batch,
    with_options,
)
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.core.tiles import tile_kind, tile_name
from mjasp.rules import Rules


@main.command("forms")
@click.option("--melds", "melds", type=click.IntRange(0, 4), default=None,
              help="Only forms with this many melds (default: 0 to 4 when counting, "
                   "4 when listing).")
@click.option("--count", "count", is_flag=True,
              help="Count the forms and the hands they make (the default).")
@click.option("--list", "as_list", is_flag=True, help="List forms instead of counting them.")
@click.option("--limit", type=click.IntRange(min=0), default=20, show_default=True,
              help="With --list: list at most this many forms (0 = all; 11.6M for 4 melds).")
@click.option("--engine", type=click.Choice(["dp", "asp"]), default="dp", show_default=True,
              help="Count with the decomposer DP or with clingo's model count "
                   "(about 80 s for 4 melds).")
@json_option
@click.pass_context
def forms_command(ctx: click.Context, melds: int | None, count: bool, as_list: bool,
                  limit: int, engine: str, as_json: bool) -> None:
    """Count or list every standard winning form (m melds and one pair).

    \b
    Example:
      $ mjasp forms --melds 2
      melds  tiles       forms  distinct hands
          2      8      49,368          49,332
    """
    from mjasp.analysis.forms import (
        count_forms,
        count_forms_asp,
        count_winning_vectors,
        winning_forms,
        winning_forms_text,
    )

    given = {name for name in ("limit", "engine")
             if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT}
    if count and as_list:
        raise click.UsageError("--count and --list ask for two things; give one")
    if not as_list and "limit" in given:
        raise click.UsageError("--limit applies to --list; counting has no limit")
    if as_list and "engine" in given:
        raise click.UsageError("--engine applies to counting; --list uses the DP")
    if not as_list:
        vectors = count_winning_vectors()
        chosen = range(5) if melds is None else [melds]
        count_of = count_forms_asp if engine == "asp" else count_forms
        with activity(f"counting forms ({engine})"):
            rows = [{"melds": m, "tiles": 3 * m + 2, "forms": count_of(m),
                     "hands": vectors[m], "engine": engine} for m in chosen]
        if as_json:
            emit_json(rows)
            return
        click.echo(f"{'melds':>5}  {'tiles':>5}  {'forms':>10}  {'distinct hands':>14}")
        for row in rows:
            click.echo(f"{row['melds']:>5}  {row['tiles']:>5}  {row['forms']:>10,}  "
                       f"{row['hands']:>14,}")
        return
    chosen_melds = 4 if melds is None else melds
    if as_json:
        # item by item: all 11.6M forms of four melds would not fit in memory as one list
        emit_json_list(d.to_json() for d in itertools.islice(winning_forms(chosen_melds),
                                                              limit or None))
        return
    left = limit or -1  # -1: no limit
    for chunk in winning_forms_text(chosen_melds):
        if left >= 0 and chunk.count("\n") >= left:
            # the first ``left`` lines: cut after the left-th newline
            end = -1
            for _ in range(left):
                end = chunk.index("\n", end + 1)
            sys.stdout.write(chunk[:end + 1])
            return
        left -= chunk.count("\n") if left >= 0 else 0
        sys.stdout.write(chunk)


def waits_json(hand: Hand, rules: Rules) -> dict[str, Any]:
    """What ``mjasp waits HAND --json`` prints, for one hand.

    >>> from mjasp.rules import find_rules
    >>> [w["tile"] for w in waits_json(Hand.parse("2344m456p789s111z"),
    ...                                find_rules("standard"))["waits"]]
    ['1m', '4m']
    """
    from mjasp.analysis.waits import fifth_copy_tiles, waits

    found = waits(hand, rules=rules)
    return {"hand": str(hand), "tenpai": bool(found), "waits": [w.to_json() for w in found],
            "fifth_copy": [tile_name(t) for t in fifth_copy_tiles(hand, rules)]}


@main.command("waits")
@click.argument("hand", type=HAND, required=False, metavar="HAND")
@rules_option
@json_option
@batch_option
def waits_command(hand: Hand | None, rules: Rules, as_json: bool,
                  batch: TextIO | None) -> int:
    """Every winning tile of a waiting HAND (13 tiles, kans as three), with each
    reading and its wait shape.

    \b
    Example:
      $ mjasp waits 2344m456p789s111z
      2344m456p789s111z waits on 1m 4m
        1m  ryanmen     123m 456p 789s 111z 44m  (completes 123m)
        4m  ryanmen     234m 456p 789s 111z 44m  (completes 234m)
        4m  tanki       234m 456p 789s 111z 44m  (completes 44m)
    """
    from mjasp.analysis.waits import fifth_copy_tiles, waits

    one_hand(hand, batch)
    if batch is not None:
        return run_batch(batch, lambda text, given: waits_json(
            hand_argument(text), **line_options(given, ("rules",))))
    assert hand is not None  # one_hand: a HAND when there is no batch
    if as_json:
        emit_json(waits_json(hand, rules))
        return 0
    found = waits(hand, rules=rules)
    tiles = " ".join(tile_name(w.tile) for w in found)
    click.echo(f"{hand} waits on {tiles}" if found else f"{hand}: no wait (not tenpai)")
    for wait in found:
        for r in wait.readings:
            click.echo(f"  {tile_name(wait.tile):<3} {r.shape.value:<11} {r.reading}  "
                       f"(completes {r.block})")
    fifth = " ".join(tile_name(t) for t in fifth_copy_tiles(hand, rules))
    if fifth:  # no tile left to win on: not a wait, said so the hand is not misread
        click.echo(f"  {fifth}: a fifth copy would complete it (all four are in the hand: "
                   f"no wait)")
    return 0


@main.command("kan")
@click.argument("hand", type=HAND)
@click.argument("tile")
@click.option("--solver", type=click.Choice(KAN_SOLVERS), default="direct", show_default=True,
              help="Engine: the Python check, or clingo on encodings/riichi_kan.lp "
                   "(the same answer).")
@rules_option
@rule_changes_option
@json_option
def kan_command(hand: Hand, tile: str, solver: str, rules: Rules, options: tuple[str, ...],
                as_json: bool) -> None:
    """May a riichi hand declare a concealed kan of TILE? Both rules, with the reason,
    and the verdict of the rules chosen (tenhou and mahjongsoul: the waits; wrc: the
    readings).

    HAND is the closed hand after drawing TILE (14 tiles, four of TILE), or the 13
    tiles before the draw (three of TILE); TILE is the drawn fourth copy (0m, 0p, 0s: the
    red five).

    \b
    Example:
      $ mjasp kan 111222333m4567p 1m
      kan of 1m in 1111222333m4567p
        strict (readings): no   2 of 4 winning readings lost (4p: 123m 123m 123m 567p 44p, ...)
        loose (waits):     yes  waits unchanged: 4p 7p
        tenhou:            yes  riichi_kan=waits
    """
    from mjasp.analysis.kan import kan_check, kan_check_asp

    try:
        kind = tile_kind(tile)
    except HandError as error:
        raise click.BadParameter(str(error), param_hint="TILE") from error
    rules = with_options(rules, options)  # riichi_kan=readings: the strict rule's verdict
    # the text, not the kind: "0m" says the drawn tile is the red five
    check = (kan_check_asp if solver == "asp" else kan_check)(hand, tile, rules=rules)
    if as_json:
        emit_json(check.to_json())
        return
    click.echo(f"kan of {tile_name(kind)} in {check.hand}")
    click.echo(f"  strict (readings): {'yes' if check.strict else 'no ':<4} "
               f"{check.strict_reason()}")
    click.echo(f"  loose (waits):     {'yes' if check.loose else 'no ':<4} "
               f"{check.loose_reason()}")
    click.echo(f"  {rules.name + ':':<18} {'yes' if check.allowed else 'no ':<4} "
               f"riichi_kan={check.rule}")
