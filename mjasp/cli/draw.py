"""``mjasp draw HAND``: a picture of a hand (or of one of its readings) as tiles."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from mjasp.cli.app import HAND, FiniteFloat, emit_json, json_option, main, rules_option

if TYPE_CHECKING:
    from mjasp.core.blocks import Decomposition
    from mjasp.core.hand import Hand
    from mjasp.rules import Rules

#: The largest --scale: a tile 360 px wide, a hand of 18 tiles about 6,500 px (larger
#: pictures overflowed the PNG renderer).
MAX_SCALE = 10.0

#: Output formats by file extension.
FORMATS = {".svg": "svg", ".png": "png"}


@main.command("draw")
@click.argument("hand", type=HAND)
@click.option("-o", "--output", metavar="FILE", default="-", show_default=True,
              help="Where to write the picture (- = standard output).")
@click.option("--format", "fmt", type=click.Choice(sorted(set(FORMATS.values()))),
              default=None, help="svg or png (default: from FILE's extension, else svg).")
@click.option("--reading", type=click.IntRange(min=1), default=None, metavar="N",
              help="Draw the N-th reading, as `mjasp decompose` lists it, block by block.")
@click.option("--scale", type=FiniteFloat(min=0, max=MAX_SCALE, min_open=True), default=1.0,
              show_default=True, help=f"Size factor (1 = a tile 36 px wide; at most "
                                      f"{MAX_SCALE:g}).")
@rules_option
@json_option
def draw_command(hand: Hand, output: str, fmt: str | None, reading: int | None,
                 scale: float, rules: Rules, as_json: bool) -> None:
    """Draw HAND as mahjong tiles: SVG (no font needed) or PNG (needs mjasp[png]).

    \b
    Example:
      $ mjasp draw "234m067p22z [789s] (1111z)" -o hand.svg
      $ mjasp draw 11122233344455m --reading 2 -o reading.png
    """
    from mjasp.core.blocks import decomposition_svg
    from mjasp.core.hand import hand_svg
    from mjasp.render.draw import svg_to_png
    from mjasp.rules.validity import check_tiles_in_set

    check_tiles_in_set(hand, rules)  # a tile the rules' set lacks, as every command says
    if fmt is None:
        suffix = Path(output).suffix.lower()
        if output != "-" and suffix not in FORMATS:
            raise click.BadParameter(
                f"cannot tell the format of {output!r} (use .svg or .png, or --format)",
                param_hint="'-o'")
        fmt = FORMATS.get(suffix, "svg")
    if reading is None:
        svg = hand_svg(hand, scale)
    else:
        svg = decomposition_svg(_nth_reading(hand, reading, rules), hand.red, scale)
    if as_json and output == "-" and fmt == "png":
        raise click.BadParameter("--json with a PNG needs a file to write it to",
                                 param_hint="'-o'")
    data = svg_to_png(svg) if fmt == "png" else (svg + "\n").encode()
    if output != "-":
        try:
            Path(output).write_bytes(data)
        except OSError as error:
            raise click.BadParameter(f"cannot write {output!r}: {error.strerror or error}",
                                     param_hint="'-o'") from None
    if as_json:
        # what was drawn and where; an SVG asked for on standard output comes inline
        emit_json({"hand": str(hand), "reading": reading, "format": fmt,
                   "output": None if output == "-" else output, "bytes": len(data),
                   **({"svg": svg} if output == "-" else {})})
    elif output == "-":
        click.echo(data, nl=False)  # bytes go to the binary stream


def _nth_reading(hand: Hand, n: int, rules: Rules) -> Decomposition:
    """The n-th reading (1-based) in the order ``mjasp decompose`` prints them."""
    from mjasp.analysis.decomposition import decompose
    from mjasp.core.blocks import Decomposition

    readings = sorted(decompose(hand, rules=rules), key=Decomposition.display_key)
    if not readings:
        raise click.BadParameter(f"{hand} has no reading to draw", param_hint="'--reading'")
    if n > len(readings):
        raise click.BadParameter(f"{hand} has {len(readings)} reading"
                                 f"{'s' * (len(readings) > 1)}; choose 1..{len(readings)}",
                                 param_hint="'--reading'")
    return readings[n - 1]
