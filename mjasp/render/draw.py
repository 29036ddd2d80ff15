"""Hands drawn as tiles: SVG pictures that need no font.

Every face is drawn with shapes and paths, never ``<text>``: the circles of the pinzu, the
bamboo sticks and the bird of the souzu, the numerals and 萬 of the manzu, the winds
東南西北 and the dragons (a blue frame for white, 發 in green, 中 in red), so a picture
looks the same in every browser, notebook and renderer. Red fives are drawn red.

Tiles sit in groups with gaps between them, as players lay them out: the concealed tiles,
then each declared meld with its called tile turned 90°. A :class:`Meld` does not record
which tile was called nor from whom, so the picture shows the common case: the called tile
first (a chi is always called from the left; a pon or open kan is drawn as called from the
left too), and a closed kan with its two outer tiles face down.

:func:`draw_row` is the general function (groups of tiles, each with an optional caption,
for anything that lays tiles out). This module knows tiles, not the value types: each
type lays itself out as groups and draws them with it (``hand_svg`` in
:mod:`mjasp.core.hand`; ``decomposition_svg`` and ``meld_group`` in
:mod:`mjasp.core.blocks`), which is what their notebook pictures (``_repr_svg_``) show.

>>> svg = draw_row([TileGroup(tuple(faces([0, 1, 2], (0, 0, 0)))), TileGroup((TileFace(
...     13, red=True), TileFace(13), TileFace(13)))])
>>> svg.startswith("<svg") and svg.count('class="tile-group"')
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from mjasp.core.errors import MjaspError
from mjasp.core.tiles import FIVES, NUM_KINDS, Tile, tile_name

#: The face of an upright tile (width, height), its thickness below it, its corner radius.
TILE_WIDTH: Final = 36
TILE_HEIGHT: Final = 48
TILE_DEPTH: Final = 4
_RADIUS: Final = 4
#: Space between two tiles of a group, between two groups, and around the picture.
TILE_GAP: Final = 1
GROUP_GAP: Final = 12
MARGIN: Final = 6
#: Height added below the tiles when any group has a caption.
CAPTION_HEIGHT: Final = 18

_FACE: Final = "#fbf7ea"
_EDGE: Final = "#9c9279"
_SIDE: Final = "#e6dcc0"
_BACK: Final = "#2e7d57"
_RED: Final = "#c62f2b"
_GREEN: Final = "#1e7a3e"
_BLUE: Final = "#1f3f8f"
_INK: Final = "#1c1c30"
# named fonts first: some renderers (resvg) map the generic family to a font not installed
_CAPTION_FONTS: Final = "DejaVu Sans, Helvetica, Arial, sans-serif"


class DrawError(MjaspError, ValueError):
    """A picture that cannot be made: an unknown format, no PNG renderer installed."""


class TileFace(NamedTuple):
    """One tile as drawn: its kind, whether it is a red five, turned 90°, or face down."""

    tile: Tile
    red: bool = False
    rotated: bool = False
    face_down: bool = False

    @property
    def width(self) -> int:
        """Width in the row: a turned tile lies on its side."""
        return TILE_HEIGHT if self.rotated else TILE_WIDTH


@dataclass(frozen=True, slots=True)
class TileGroup:
    """Tiles drawn side by side, with an optional caption below them.

    >>> TileGroup((TileFace(0), TileFace(1)), "12m").width
    73
    """

    tiles: tuple[TileFace, ...]
    caption: str = ""

    @property
    def width(self) -> int:
        """Width of the group in picture units."""
        return sum(t.width for t in self.tiles) + TILE_GAP * max(len(self.tiles) - 1, 0)


def row_size(groups: Sequence[TileGroup]) -> tuple[int, int]:
    """Width and height of :func:`draw_row`'s picture at scale 1.

    >>> row_size([TileGroup((TileFace(0),))])
    (48, 64)
    """
    width = sum(g.width for g in groups) + GROUP_GAP * max(len(groups) - 1, 0) + 2 * MARGIN
    height = TILE_HEIGHT + TILE_DEPTH + 2 * MARGIN
    if any(g.caption for g in groups):
        height += CAPTION_HEIGHT
    return width, height


def draw_row(groups: Sequence[TileGroup], scale: float = 1.0, title: str = "") -> str:
    """An SVG picture of tile groups in one row, bottoms aligned, captions centred below.

    The declared ``width`` and ``height`` are :func:`row_size` times ``scale``; the
    ``viewBox`` stays at scale 1. Each group is a ``<g class="tile-group">``.

    >>> svg = draw_row([TileGroup((TileFace(4, red=True),), "aka")], scale=2)
    >>> svg.count("<text"), 'width="96"' in svg
    (1, True)
    """
    if not scale > 0:
        raise DrawError(f"the scale must be positive, got {scale}")
    width, height = row_size(groups)
    faces = sorted({_face_id(t) for g in groups for t in g.tiles if not t.face_down})
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width * scale)}" '
           f'height="{_num(height * scale)}" viewBox="0 0 {width} {height}">']
    if title:
        out.append(f"<title>{_escape(title)}</title>")
    out.append("<defs>" + "".join(f'<g id="{face}">{_FACES[face]}</g>' for face in faces)
               + "</defs>")
    x = MARGIN
    for group in groups:
        out.append(f'<g class="tile-group" data-tiles="{len(group.tiles)}">')
        start = x
        for tile in group.tiles:
            # a turned tile is lower than an upright one: bottoms stay on one line
            y = MARGIN + (TILE_HEIGHT - TILE_WIDTH if tile.rotated else 0)
            out.append(_tile(tile, x, y))
            x += tile.width + TILE_GAP
        x += GROUP_GAP - TILE_GAP
        if group.caption:
            centre = start + group.width / 2
            baseline = MARGIN + TILE_HEIGHT + TILE_DEPTH + CAPTION_HEIGHT - 4
            # captions are the one piece of text: words for people, never part of a tile
            out.append(f'<text x="{_num(centre)}" y="{baseline}" text-anchor="middle" '
                       f'font-family="{_CAPTION_FONTS}" font-size="12" fill="{_INK}">'
                       f"{_escape(group.caption)}</text>")
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def svg_to_png(svg: str) -> bytes:
    """Render an SVG to PNG bytes at its declared size (needs the ``png`` extra,
    ``pip install 'mjasp[png]'``, which brings the resvg renderer)."""
    try:
        import resvg_py
    except ImportError:
        raise DrawError("PNG output needs the resvg renderer: pip install 'mjasp[png]'"
                        ) from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=False))


def faces(tiles: Iterable[Tile], red: Sequence[int]) -> list[TileFace]:
    """Upright faces of tiles in order, the first ``red[suit]`` fives of each suit red.

    >>> [f.red for f in faces([13, 13, 22], (0, 1, 0))]
    [True, False, False]
    """
    left = list(red)
    faces = []
    for tile in tiles:
        is_red = tile in FIVES and left[FIVES.index(tile)] > 0
        if is_red:
            left[FIVES.index(tile)] -= 1
        faces.append(TileFace(tile, is_red))
    return faces


def _face_id(face: TileFace) -> str:
    name = tile_name(face.tile)
    return f"mjasp-0{name[1]}" if face.red else f"mjasp-{name}"


def _tile(face: TileFace, x: float, y: float) -> str:
    """One tile: its thickness below, its face (or back), and the face's picture."""
    w, h = (TILE_HEIGHT, TILE_WIDTH) if face.rotated else (TILE_WIDTH, TILE_HEIGHT)
    top, under = (_BACK, _SIDE) if face.face_down else (_FACE, _BACK)
    parts = [f'<g class="tile" transform="translate({_num(x)} {_num(y)})">',
             f'<rect y="{TILE_DEPTH}" width="{w}" height="{h}" rx="{_RADIUS}" fill="{under}"/>',
             f'<rect y="{TILE_DEPTH / 2}" width="{w}" height="{h}" rx="{_RADIUS}" '
             f'fill="{_SIDE}"/>' if not face.face_down else "",
             f'<rect width="{w}" height="{h}" rx="{_RADIUS}" fill="{top}" '
             f'stroke="{_EDGE}" stroke-width="0.8"/>']
    if not face.face_down:
        # the face is drawn upright; a called tile turns it a quarter to the left
        turn = f' transform="translate(0 {TILE_WIDTH}) rotate(-90)"' if face.rotated else ""
        parts.append(f'<use href="#{_face_id(face)}"{turn}/>')
    parts.append("</g>")
    return "".join(parts)


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
        '"', "&quot;")


# -- the faces ------------------------------------------------------------------------------
# Each face is drawn in a TILE_WIDTH x TILE_HEIGHT box. Characters are strokes on a 10 x 10
# grid, scaled into a box of the face: no font is needed anywhere.

Stroke = tuple[tuple[float, float], ...]


def _strokes(strokes: Sequence[Stroke], box: tuple[float, float, float, float],
             colour: str, width: float) -> str:
    x0, y0, w, h = box
    d = " ".join("M" + " L".join(f"{_num(x0 + gx * w / 10)} {_num(y0 + gy * h / 10)}"
                                 for gx, gy in stroke) for stroke in strokes)
    return (f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


_NUMERALS: Final[tuple[tuple[Stroke, ...], ...]] = (
    (((0.5, 5), (9.5, 4.6)),),  # 一
    (((2, 2.5), (8, 2.5)), ((0.5, 8), (9.5, 8))),  # 二
    (((2, 1), (8, 1)), ((3, 5), (7, 5)), ((0.5, 9), (9.5, 9))),  # 三
    (((1, 1.5), (1, 9.5)), ((1, 1.5), (9, 1.5), (9, 9.5)), ((1, 9), (9, 9)),
     ((4, 1.5), (4, 5), (2.5, 7)), ((6, 1.5), (6, 6), (7.5, 6.5))),  # 四
    (((1.5, 1), (8.5, 1)), ((4.5, 1), (3.5, 9)), ((2, 5), (7.5, 5), (7, 9)),
     ((0.5, 9), (9.5, 9))),  # 五
    (((5, 0.3), (5.6, 1.8)), ((1, 3.5), (9, 3.5)), ((4, 5.5), (1.5, 9.5)),
     ((6, 5.5), (8.5, 9.5))),  # 六
    (((0.5, 4.8), (9.5, 3.2)), ((4, 0.5), (4, 8), (5, 9.3), (9.5, 9.3), (9.5, 7.5))),  # 七
    (((4, 1.5), (3.5, 5), (0.5, 9.5)), ((6, 1), (7, 5), (9.5, 9.5))),  # 八
    (((4, 0.5), (4, 5), (1, 9.5)),
     ((1, 3.5), (6.5, 3.5), (6.5, 8.5), (8, 9.5), (9.5, 9.5), (9.5, 8))),  # 九
)

_MAN: Final[tuple[Stroke, ...]] = (  # 萬
    ((0.5, 1.4), (9.5, 1.4)), ((3, 0.2), (3, 2.6)), ((7, 0.2), (7, 2.6)),
    ((2, 3.4), (2, 6)), ((2, 3.4), (8, 3.4), (8, 6)), ((2, 4.7), (8, 4.7)),
    ((2, 6), (8, 6)), ((5, 3.4), (5, 7)),
    ((1.5, 10), (1.5, 7.2), (8.5, 7.2), (8.5, 9.6), (7.5, 10)),
    ((4.6, 7.8), (3.4, 9.3), (6.6, 9.3)), ((5.8, 8.5), (6.8, 9.6)),
)

_WINDS: Final[tuple[tuple[Stroke, ...], ...]] = (
    (((1, 2), (9, 2)), ((5, 0), (5, 10)), ((2.5, 3.5), (2.5, 7)),
     ((2.5, 3.5), (7.5, 3.5), (7.5, 7)), ((2.5, 5.25), (7.5, 5.25)), ((2.5, 7), (7.5, 7)),
     ((4.5, 7.4), (1, 9.8)), ((5.5, 7.4), (9, 9.8))),  # 東
    (((1, 1.5), (9, 1.5)), ((5, 0), (5, 3)),
     ((1.5, 10), (1.5, 3.2), (8.5, 3.2), (8.5, 9.5), (7.5, 10)),
     ((3.5, 4.2), (4.3, 5.2)), ((6.5, 4.2), (5.7, 5.2)), ((3, 6), (7, 6)),
     ((2.8, 7.8), (7.2, 7.8)), ((5, 6), (5, 10))),  # 南
    (((0.5, 1), (9.5, 1)), ((1.5, 10), (1.5, 3.5), (8.5, 3.5), (8.5, 10)),
     ((1.5, 9.3), (8.5, 9.3)), ((4, 1), (4, 6), (2.5, 7.5)),
     ((6, 1), (6, 6.5), (8.5, 6.5))),  # 西
    (((3.5, 0.5), (3.5, 10)), ((0.5, 4), (3.5, 4)), ((0.5, 8.6), (3.5, 7)),
     ((6.5, 0.5), (6.5, 9), (7.5, 9.8), (9.5, 9.8), (9.5, 8.5)),
     ((9.3, 2.8), (6.5, 4.5))),  # 北
)

_HATSU: Final[tuple[Stroke, ...]] = (  # 發
    ((2, 0.5), (4, 0.5), (1, 3.5)), ((2, 1.8), (3.5, 2.6)),
    ((6, 0.5), (6.6, 2), (9.5, 3.5)), ((7, 0.5), (9, 0.5)), ((8.6, 1.5), (7.5, 2.5)),
    ((1, 4.2), (9, 4.2)),
    ((1, 5.3), (4, 5.3), (4, 6.6), (1.5, 6.6), (1.5, 7.9), (4.2, 7.9), (3.8, 9.8),
     (3, 9.5)),
    ((6, 5.3), (6, 6.6), (5.4, 7.2)), ((6, 5.3), (8, 5.3), (8, 6.8), (9.2, 6.8)),
    ((5.5, 7.9), (8.6, 7.9), (6, 10)), ((6.6, 8.6), (9.5, 10)),
)

_CHUN: Final[tuple[Stroke, ...]] = (  # 中
    ((1.5, 3), (1.5, 7)), ((1.5, 3), (8.5, 3), (8.5, 7)), ((1.5, 7), (8.5, 7)),
    ((5, 0), (5, 10)),
)


def _pip(x: float, y: float, r: float, colour: str) -> str:
    """A circle of the pinzu: a coloured disc, a white ring, a coloured centre."""
    return (f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{colour}"/>'
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.64)}" fill="{_FACE}"/>'
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.4)}" fill="{colour}"/>')


def _stick(x: float, y: float, length: float, colour: str, turn: float = 0) -> str:
    """A bamboo stick of the souzu: a rounded bar with a node in its middle and at its ends."""
    rotate = f' transform="rotate({_num(turn)} {_num(x)} {_num(y)})"' if turn else ""
    top, bottom = y - length / 2, y + length / 2
    nodes = " ".join(f"M{_num(x - 2.5)} {_num(v)} h5" for v in (top + 2, y, bottom - 2))
    return (f"<g{rotate}>"
            f'<rect x="{_num(x - 2.5)}" y="{_num(top)}" width="5" height="{_num(length)}" '
            f'rx="2.2" fill="{colour}"/>'
            f'<path d="{nodes}" stroke="{_FACE}" stroke-width="0.8"/></g>')


_PIN_LAYOUTS: Final[tuple[tuple[tuple[float, float, float, str], ...], ...]] = (
    (),  # 1p is drawn by _one_pin
    ((18, 13, 8, _GREEN), (18, 35, 8, _BLUE)),
    ((9, 10, 6.5, _BLUE), (18, 24, 6.5, _RED), (27, 38, 6.5, _GREEN)),
    ((10.5, 14, 7, _BLUE), (25.5, 14, 7, _GREEN), (10.5, 34, 7, _GREEN),
     (25.5, 34, 7, _BLUE)),
    ((10, 11, 6.3, _BLUE), (26, 11, 6.3, _GREEN), (18, 24, 6.3, _RED),
     (10, 37, 6.3, _GREEN), (26, 37, 6.3, _BLUE)),
    ((11, 10, 5.6, _GREEN), (25, 10, 5.6, _GREEN), (11, 27, 5.6, _RED), (25, 27, 5.6, _RED),
     (11, 39, 5.6, _RED), (25, 39, 5.6, _RED)),
    ((8, 7.5, 4.6, _GREEN), (18, 11.5, 4.6, _GREEN), (28, 15.5, 4.6, _GREEN),
     (11, 28, 5.2, _RED), (25, 28, 5.2, _RED), (11, 39.5, 5.2, _RED), (25, 39.5, 5.2, _RED)),
    tuple((x, y, 5, _BLUE) for y in (8.5, 18.8, 29.2, 39.5) for x in (11, 25)),
    tuple((x, y, 4.9, colour) for y, colour in ((10, _BLUE), (24, _RED), (38, _GREEN))
          for x in (8, 18, 28)),
)

_SOU_LAYOUTS: Final[tuple[tuple[tuple[float, float, float, str, float], ...], ...]] = (
    (),  # 1s is drawn by _one_sou
    ((18, 13, 16, _GREEN, 0), (18, 35, 16, _GREEN, 0)),
    ((18, 13, 16, _GREEN, 0), (11, 35, 16, _GREEN, 0), (25, 35, 16, _GREEN, 0)),
    tuple((x, y, 16, _GREEN, 0) for y in (13, 35) for x in (11, 25)),
    (*((x, y, 16, _GREEN, 0) for y in (13, 35) for x in (8, 28)), (18, 24, 16, _RED, 0)),
    tuple((x, y, 16, _GREEN, 0) for y in (13, 35) for x in (8, 18, 28)),
    ((18, 8.5, 11, _RED, 0),
     *((x, y, 12, _GREEN, 0) for y in (23, 38) for x in (8, 18, 28))),
    # 8s: the inner sticks lean together, meeting at the top row's top and the bottom's foot
    ((5, 13, 16, _GREEN, 0), (13.5, 13, 15, _GREEN, 20), (22.5, 13, 15, _GREEN, -20),
     (31, 13, 16, _GREEN, 0), (5, 35, 16, _GREEN, 0), (13.5, 35, 15, _GREEN, -20),
     (22.5, 35, 15, _GREEN, 20), (31, 35, 16, _GREEN, 0)),
    tuple((x, y, 12, _RED if x == 18 else _GREEN, 0) for y in (9.5, 24, 38.5)
          for x in (8, 18, 28)),
)


def _one_pin() -> str:
    rings = ((14, _BLUE), (12, _FACE), (10.5, _GREEN), (7, _FACE), (5.4, _RED), (2, _FACE))
    dots = "".join(
        f'<circle cx="{_num(18 + 12.9 * c)}" cy="{_num(24 + 12.9 * s)}" r="0.9" fill="{_FACE}"/>'
        for c, s in ((1, 0), (0.7071, 0.7071), (0, 1), (-0.7071, 0.7071), (-1, 0),
                     (-0.7071, -0.7071), (0, -1), (0.7071, -0.7071)))
    return "".join(f'<circle cx="18" cy="24" r="{r}" fill="{c}"/>' for r, c in rings) + dots


def _one_sou() -> str:
    """The bird of 1s: a fanned tail, a green body with a wing, a head with a red beak."""
    tail = "".join(
        f'<ellipse cx="{x}" cy="37" rx="3.2" ry="8" fill="{c}" transform="rotate({a} {x} 33)"/>'
        for x, c, a in ((12, _RED, 28), (18, _BLUE, 0), (24, _RED, -28)))
    return (tail
            + f'<ellipse cx="18" cy="25" rx="7.5" ry="9" fill="{_GREEN}"/>'
            + f'<path d="M12.5 24 Q18 21 22 28" fill="none" stroke="{_FACE}" '
              'stroke-width="1.2" stroke-linecap="round"/>'
            + f'<circle cx="17" cy="12" r="5" fill="{_GREEN}"/>'
            + f'<path d="M21.2 10.3 L27.5 12.5 L21.2 14 Z" fill="{_RED}"/>'
            + f'<path d="M14 7.8 Q15 4 17.5 6.5 Q18.5 3.5 20 7" fill="none" stroke="{_RED}" '
              'stroke-width="1.2" stroke-linecap="round"/>'
            + f'<circle cx="18.4" cy="11.2" r="1.5" fill="{_FACE}"/>'
            + f'<circle cx="18.7" cy="11.3" r="0.7" fill="{_INK}"/>')


def _face(tile: Tile, red: bool) -> str:
    suit, number = divmod(tile, 9)
    if suit == 0:
        return (_strokes(_NUMERALS[number], (7, 4, 22, 17), _RED if red else _INK, 2.2)
                + _strokes(_MAN, (6, 24, 24, 20), _RED, 1.7))
    if suit == 1:
        if number == 0:
            return _one_pin()
        return "".join(_pip(x, y, r, _RED if red else c)
                       for x, y, r, c in _PIN_LAYOUTS[number])
    if suit == 2:
        if number == 0:
            return _one_sou()
        return "".join(_stick(x, y, n, _RED if red else c, a)
                       for x, y, n, c, a in _SOU_LAYOUTS[number])
    honor = tile - 27
    if honor < 4:
        return _strokes(_WINDS[honor], (6, 8, 24, 32), _INK, 2.6)
    if honor == 4:  # white dragon: a blue frame
        return (f'<rect x="6" y="7" width="24" height="34" rx="2" fill="none" '
                f'stroke="{_BLUE}" stroke-width="2.4"/>'
                f'<rect x="9.5" y="10.5" width="17" height="27" fill="none" '
                f'stroke="{_BLUE}" stroke-width="0.9"/>')
    if honor == 5:
        return _strokes(_HATSU, (5, 8, 26, 32), _GREEN, 2.2)
    return _strokes(_CHUN, (5, 7, 26, 34), _RED, 3.4)


_FACES: Final = {
    **{f"mjasp-{tile_name(t)}": _face(t, False) for t in range(NUM_KINDS)},
    **{f"mjasp-0{tile_name(t)[1]}": _face(t, True) for t in FIVES},
}
