"""``mjasp count``, ``mjasp generate`` and ``mjasp stats``: counting, dealing, statistics."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from math import comb
from typing import TYPE_CHECKING, Any

import click

from mjasp.analysis.counting import count_dp, count_series, tile_set
from mjasp.analysis.sampling import MAX_DEALS, sample_id_array
from mjasp.analysis.stats import FORMS, check_request, shanten_distribution
from mjasp.cli.app import (
    emit_json,
    emit_json_list,
    json_option,
    main,
    progress,
    rule_changes_option,
    rules_option,
    seed_option,
    with_options,
)
from mjasp.core.hand import MAX_TILES
from mjasp.core.notation import id_lines, mpsz_lines
from mjasp.rules import Rules, find_rules

if TYPE_CHECKING:
    import numpy.typing as npt

_TILES = click.option("--tiles", "-m", "tiles", type=click.IntRange(0, 136), required=True,
                      help="Tiles per hand (M).")
#: Deals ``mjasp generate`` makes and prints at a time (numpy rows: large chunks pay).
GENERATE_CHUNK = 100_000

_PLAYERS = click.option("--players", type=click.Choice(["3", "4"]), default="4",
                        show_default=True, callback=lambda ctx, param, value: int(value),
                        help="4, or 3 for the sanma wall (no 2m-8m).")


@main.command("count")
@_TILES
@click.option("--red", is_flag=True,
              help="Tell the red fives apart from the other fives (as many as the rules' "
                   "red_fives).")
@_PLAYERS
@rules_option
@rule_changes_option
@json_option
def count_command(tiles: int, red: bool, players: int, rules: Rules, options: tuple[str, ...],
                  as_json: bool) -> None:
    """Count the distinct hands of M tiles (tiles of one kind alike), two ways, from the
    wall of --players (its Tenhou preset) or of --rules and --option.

    \b
    Example:
      $ mjasp count --tiles 14
      hands of 14 tiles (4 players): 326520504500
        DP over kinds:         326520504500
        [x^14] power series:   326520504500
        deals C(136, 14):      4250305029168216000
    """
    rules = _wall_rules(players, rules, options)
    copies = list(tile_set(red, rules=rules).values())
    dp, series = count_dp(copies, tiles), count_series(copies, tiles)
    deals = comb(sum(copies), tiles)
    if as_json:
        emit_json({"tiles": tiles, "players": rules.players, "rules": rules.name,
                   "red_fives": list(rules.red_fives), "red": red, "hands": dp,
                   "dp": dp, "series": series, "agree": dp == series, "deals": deals})
        return
    label = f"{rules.players} players" + (", red fives apart" if red else "")
    if _given("rules") or options:
        label = f"{rules.name}, {label}"
    click.echo(f"hands of {tiles} tiles ({label}): {dp}")
    for label, value in (("DP over kinds", dp), (f"[x^{tiles}] power series", series),
                         (f"deals C({sum(copies)}, {tiles})", deals)):
        click.echo(f"  {label + ':':<22} {value}")
    if dp != series:
        raise click.ClickException("the two counting methods disagree")


def _given(name: str) -> bool:
    """Whether the command line set the option ``name`` (its default is no choice)."""
    source = click.get_current_context().get_parameter_source(name)
    return source is not click.core.ParameterSource.DEFAULT


def _wall_rules(players: int, rules: Rules, options: tuple[str, ...]) -> Rules:
    """The rules whose wall is counted: --rules (with --option changes) when given, else
    the preset of --players; --players given must agree with the players of the rest
    (--rules, or --option players=N)."""
    if not _given("rules"):
        rules = find_rules(f"{players}p")
    elif _given("players") and players != rules.players:
        raise click.UsageError(f"--players {players} and --rules {rules.name} "
                               f"({rules.players} players) disagree; give one")
    changed = with_options(rules, options)
    if _given("players") and players != changed.players:
        raise click.UsageError(f"--players {players} and --option players={changed.players} "
                               "disagree; give one")
    return changed


@main.command("generate")
@click.option("--tiles", "-m", "tiles", type=click.IntRange(0, 136), required=True,
              help="Tiles per deal (M): 0..14, or up to the whole wall with --format ids.")
@click.option("-n", "count", type=click.IntRange(0, MAX_DEALS), default=1, show_default=True,
              help="Number of hands (at most 2**64: a seed's deals).")
@seed_option
@_PLAYERS
@click.option("--format", "fmt", type=click.Choice(["mpsz", "ids", "json"]), default="mpsz",
              show_default=True, help="mpsz text, tile ids (0..135), or JSON.")
@click.option("--json", "as_json", is_flag=True, help="The same as --format json.")
def generate_command(tiles: int, count: int, seed: int, players: int, fmt: str,
                     as_json: bool) -> None:
    """Deal N random hands of M tiles (partial Fisher–Yates, reproducible by seed).

    \b
    Example:
      $ mjasp generate --tiles 14 -n 2 --seed 3
      499m4p345689s2577z
      24m45679p5779s256z
    """
    if as_json and fmt not in ("mpsz", "json"):
        raise click.UsageError(f"--json and --format {fmt} ask for two formats; give one")
    fmt = "json" if as_json else fmt
    rules = find_rules(f"{players}p")
    wall = sum(tile_set(False, rules=rules).values())
    if tiles > wall:
        raise click.BadParameter(f"the {players}-player wall has {wall} tiles, not {tiles}",
                                 param_hint="'--tiles'")
    if fmt != "ids" and tiles > MAX_TILES:
        raise click.BadParameter(f"{tiles} tiles are not a hand (at most {MAX_TILES}); "
                                 "deal them with --format ids", param_hint="'--tiles'")
    if fmt == "json":
        emit_json_list(_json_deals(count, tiles, seed, rules))
        return
    # in chunks: a million deals start printing at once and never sit in memory together
    lines: Callable[[npt.ArrayLike], bytes] = id_lines if fmt == "ids" else mpsz_lines
    sys.stdout.flush()
    out = sys.stdout.buffer  # ASCII lines, written as made
    for start in range(0, count, GENERATE_CHUNK):
        chunk = sample_id_array(min(GENERATE_CHUNK, count - start), tiles, seed, start=start,
                                rules=rules)
        out.write(lines(chunk))
    out.flush()


def _json_deals(count: int, tiles: int, seed: int, rules: Rules) -> Iterator[dict[str, Any]]:
    """The items of ``mjasp generate --json``, made chunk by chunk: the deals never sit
    in memory together."""
    for start in range(0, count, GENERATE_CHUNK):
        deals = sample_id_array(min(GENERATE_CHUNK, count - start), tiles, seed, start=start,
                                rules=rules)
        hands = mpsz_lines(deals).decode().split("\n")
        yield from ({"hand": hand, "ids": ids}
                    for hand, ids in zip(hands, deals.tolist(), strict=False))


@main.command("stats")
@click.option("--tiles", "-m", "tiles", type=click.IntRange(1, 14), default=13,
              show_default=True, help="Tiles per hand (3n+1 or 3n+2).")
@click.option("--form", type=click.Choice(FORMS), default="all", show_default=True,
              help="All winning forms, or the standard form only.")
@_PLAYERS
@json_option
def stats_command(tiles: int, form: str, players: int, as_json: bool) -> None:
    """Exact shanten distribution of all C(wall, M) deals and of the distinct hands.

    \b
    Example:
      $ mjasp stats --tiles 14
    """
    rules = check_request(tiles, form, rules=find_rules(f"{players}p"))
    with progress(4, "combining suits") as bar:
        dist = shanten_distribution(tiles, form, progress=bar.update, rules=rules)
    if as_json:
        emit_json(dist.to_json())
        return
    click.echo(f"shanten of {tiles}-tile hands, {players} players, form: {form}")
    click.echo(f"{'shanten':>7}  {'deals':>22} {'fraction':>12}  {'hands':>15} {'fraction':>12}")
    for s, deals, fd, hands, fh in dist.rows():
        click.echo(f"{s:>7}  {deals:>22} {fd:>12.6e}  {hands:>15} {fh:>12.6e}")
    click.echo(f"{'total':>7}  {dist.total_deals:>22} {1:>12.6e}  {dist.total_hands:>15} "
               f"{1:>12.6e}")
