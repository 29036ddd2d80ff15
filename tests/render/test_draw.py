"""Hands drawn as tiles: the SVG's structure, its declared size against the tiles actually
placed, a real renderer's pixels, and ``mjasp draw`` on the command line."""

from __future__ import annotations

import json
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
import resvg_py
from click.testing import CliRunner

import mjasp
from mjasp.cli import main
from mjasp.core.blocks import decomposition_svg
from mjasp.core.hand import Hand, hand_svg
from mjasp.render.draw import (
    GROUP_GAP,
    MARGIN,
    TILE_DEPTH,
    TILE_HEIGHT,
    TILE_WIDTH,
    DrawError,
    TileFace,
    TileGroup,
    draw_row,
    svg_to_png,
)

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
HANDS = ["123m456p789s1122z", "234m 067p 22z [789s] (1111z)", "11z [123m] [555p] [0555s]",
         "(1111m) (2222p) (3333s) (4444z) 55z", "[123m][456m][789m][111z]", "13579m2468p1357s",
         # seeded random complete hands with melds and red fives
         *(str(h) for h in mjasp.random_winning_hands(12, seed=5, melds=True, red=True))]


def groups_of(svg: str) -> list[ET.Element]:
    return ET.fromstring(svg).findall(f"{SVG}g[@class='tile-group']")


def tiles_of(group: ET.Element) -> list[ET.Element]:
    return group.findall(f"{SVG}g[@class='tile']")


def expected_groups(text: str) -> list[int]:
    """Tiles per group read straight off the mpsz text: the concealed tiles, then each
    bracket group (melds sorted by their lowest tile, as Hand keeps them)."""
    melds = re.findall(r"[\[(]([0-9]+)([mpsz])[\])]", text)
    concealed = re.sub(r"[\[(][^\])]*[\])]", "", text)
    n = sum(c.isdigit() for c in concealed)
    return [n] * bool(n) + [len(digits) for digits, _ in melds]


def placed_tiles(svg: str) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of every tile's face, from its transform and its face rect."""
    boxes = []
    for group in groups_of(svg):
        for tile in tiles_of(group):
            x, y = map(float, re.findall(r"[-\d.]+", tile.attrib["transform"]))
            face = next(r for r in tile.findall(f"{SVG}rect") if "y" not in r.attrib)
            boxes.append((x, y, float(face.attrib["width"]), float(face.attrib["height"])))
    return boxes


def png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])  # the IHDR chunk comes first
    return width, height


def png_pixels(png: bytes) -> list[list[tuple[int, ...]]]:
    """Decode an 8-bit RGBA, non-interlaced PNG (what resvg writes) into rows of pixels."""
    width, height = png_size(png)
    assert png[24:26] == b"\x08\x06" and png[28] == 0  # depth 8, RGBA, no interlace
    data, pos = b"", 8
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            data += png[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw, stride, rows = zlib.decompress(data), 4 * width, []
    previous = bytearray(stride)
    for r in range(height):
        start = r * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b, c = previous[i], previous[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + 4]) for i in range(0, stride, 4)])
        previous = line
    return rows


@pytest.mark.parametrize("text", HANDS)
def test_hand_svg_parses_with_one_group_per_meld(text: str) -> None:
    svg = hand_svg(Hand.parse(text))
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert [len(tiles_of(g)) for g in groups_of(svg)] == expected_groups(text)


@pytest.mark.parametrize("text", HANDS)
def test_no_font_anywhere_in_a_hand(text: str) -> None:
    root = ET.fromstring(hand_svg(Hand.parse(text)))
    assert root.find(f".//{SVG}text") is None
    # every face used is defined, and made of shapes only
    defined = {g.attrib["id"]: g for g in root.find(f"{SVG}defs") or []}
    for use in root.iter(f"{SVG}use"):
        face = defined[use.attrib["href"].lstrip("#")]
        assert {e.tag for e in face.iter()} <= {f"{SVG}{t}" for t in
                                                ("g", "path", "circle", "rect", "ellipse")}


@pytest.mark.parametrize("text", HANDS)
@pytest.mark.parametrize("scale", [1, 2.5])
def test_declared_size_is_the_tiles_placed_plus_the_margin(text: str, scale: float) -> None:
    svg = hand_svg(Hand.parse(text), scale)
    root = ET.fromstring(svg)
    boxes = placed_tiles(svg)
    right = max(x + w for x, _, w, _ in boxes)
    bottom = max(y + h for _, y, _, h in boxes) + TILE_DEPTH
    assert root.attrib["viewBox"] == f"0 0 {round(right + MARGIN)} {round(bottom + MARGIN)}"
    assert float(root.attrib["width"]) == pytest.approx((right + MARGIN) * scale)
    assert float(root.attrib["height"]) == pytest.approx((bottom + MARGIN) * scale)
    assert min(x for x, *_ in boxes) == MARGIN and min(y for _, y, *_ in boxes) == MARGIN


def test_a_worked_layout() -> None:
    # 11z: two upright tiles 36 + 1 + 36 = 73; a gap of 12; [123m]: a turned tile (48)
    # and two upright ones, 48 + 1 + 36 + 1 + 36 = 122; margins 6 + 6: 73 + 12 + 122 + 12
    # = 219 wide; 48 high + 4 of thickness + 12 of margins = 64
    root = ET.fromstring(hand_svg(Hand.parse("11z [123m]")))
    assert (root.attrib["width"], root.attrib["height"]) == ("219", "64")
    assert (TILE_WIDTH, TILE_HEIGHT, TILE_DEPTH, GROUP_GAP, MARGIN) == (36, 48, 4, 12, 6)


def test_called_tiles_are_turned_and_closed_kans_show_their_backs() -> None:
    svg = hand_svg(Hand.parse("11z [234m] [555p] [0555s] (1111m)"))
    # melds sorted by tile: (1111m) [234m] [555p] [0555s]
    _, ankan, chi, pon, kan = groups_of(svg)
    def faces(group: ET.Element) -> list[tuple[str, bool]]:
        out = []
        for tile in tiles_of(group):
            face = next(r for r in tile.findall(f"{SVG}rect") if "y" not in r.attrib)
            use = tile.find(f"{SVG}use")
            out.append((f"{face.attrib['width']}x{face.attrib['height']}", use is not None))
        return out
    upright, turned = (f"{TILE_WIDTH}x{TILE_HEIGHT}", True), (f"{TILE_HEIGHT}x{TILE_WIDTH}", True)
    assert faces(chi) == faces(pon) == [turned, upright, upright]
    assert faces(kan) == [turned, upright, upright, upright]
    assert faces(ankan) == [(upright[0], False), upright, upright, (upright[0], False)]
    # the red five of [0555s] is the turned tile here: the first tile, drawn in its red face
    assert [t.find(f"{SVG}use").attrib["href"] for t in tiles_of(kan)][:2] == [  # type: ignore[union-attr]
        "#mjasp-0s", "#mjasp-5s"]


def test_every_tile_has_its_own_face() -> None:
    row = draw_row([TileGroup(tuple(TileFace(t) for t in range(34))),
                    TileGroup(tuple(TileFace(t, red=True) for t in (4, 13, 22)))])
    defs = ET.fromstring(row).find(f"{SVG}defs")
    assert defs is not None and len(defs) == 37
    assert len({ET.tostring(face) for face in defs}) == 37


@pytest.mark.parametrize("text", HANDS[:3])
@pytest.mark.parametrize("scale", [1, 2])
def test_a_real_renderer_draws_the_declared_size(text: str, scale: int) -> None:
    svg = hand_svg(Hand.parse(text), scale)
    root = ET.fromstring(svg)
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg))
    assert png_size(png) == (int(root.attrib["width"]), int(root.attrib["height"]))
    assert svg_to_png(svg) == png


def red_pixels(svg: str) -> int:
    # strongly red: the ink of red fives, 中 and 萬 (not the ivory face nor the green back)
    return sum(r > 150 and g < 90 and b < 90 and a > 200
               for row in png_pixels(svg_to_png(svg)) for r, g, b, a in row)


@pytest.mark.parametrize("five", [13, 22])
def test_red_fives_render_red(five: int) -> None:
    plain = red_pixels(draw_row([TileGroup((TileFace(five),))]))
    red = red_pixels(draw_row([TileGroup((TileFace(five, red=True),))]))
    # 5p has a red centre circle and 5s a red centre stick: the red five is red all over
    assert plain > 0 and red > 3 * plain


def test_the_renderer_paints_faces_not_blanks() -> None:
    # every face puts ink on the ivory: dark or coloured pixels in the face's middle
    for tile in range(34):
        rows = png_pixels(svg_to_png(draw_row([TileGroup((TileFace(tile),))])))
        inner = [p for row in rows[MARGIN + 8:MARGIN + 40] for p in row[MARGIN + 6:MARGIN + 30]]
        inked = sum(min(r, g, b) < 140 for r, g, b, _ in inner)
        assert inked > 40, mjasp.core.tiles.tile_name(tile)


def test_a_reading_is_drawn_block_by_block() -> None:
    hand = Hand.parse("234m067p22z [789s] (1111z)")
    (reading,) = mjasp.decompose(hand)
    svg = decomposition_svg(reading, hand.red)
    # 234m 067p 22z, then the two melds; each with its caption
    assert [len(tiles_of(g)) for g in groups_of(svg)] == [3, 3, 2, 3, 4]
    captions = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]
    assert captions == ["sequence", "sequence", "pair", "chi", "ankan"]
    assert svg.count('href="#mjasp-0p"') == 1 and 'href="#mjasp-5p"' not in svg
    assert reading._repr_svg_() == decomposition_svg(reading)
    assert hand._repr_svg_() == hand_svg(hand)


@pytest.mark.parametrize("hand", [
    *mjasp.random_winning_hands(12, seed=5, melds=True, red=True),
    Hand.parse("123m 99p [406s] (0555p) (0555m)")], ids=str)
def test_every_reading_shows_every_block_and_every_red_five(hand: Hand) -> None:
    reds = sum(hand.red) + sum(m.red for m in hand.melds)
    for reading in mjasp.decompose(hand):
        svg = decomposition_svg(reading, hand.red)
        assert [len(tiles_of(g)) for g in groups_of(svg)] == [
            len(b.tiles()) for b in reading.display_blocks()] + [
            len(m.tiles()) for m in reading.melds]
        assert len(re.findall(r'href="#mjasp-0[mps]"', svg)) == reds
    assert len(re.findall(r'href="#mjasp-0[mps]"', hand_svg(hand))) == reds


def test_bad_scale() -> None:
    with pytest.raises(DrawError, match="positive"):
        hand_svg(Hand.parse("11z"), scale=0)


# -- the command line ------------------------------------------------------------------


def run(*args: str) -> tuple[int, bytes, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout_bytes, result.stderr


def test_cli_writes_svg_and_png(tmp_path: Path) -> None:
    text = "234m067p22z [789s] (1111z)"
    assert run("draw", text, "-o", str(tmp_path / "h.svg"))[0] == 0
    assert (tmp_path / "h.svg").read_text() == hand_svg(Hand.parse(text)) + "\n"
    assert run("draw", text, "-o", str(tmp_path / "h.png"), "--scale", "2")[0] == 0
    root = ET.fromstring(hand_svg(Hand.parse(text)))
    assert png_size((tmp_path / "h.png").read_bytes()) == (
        2 * int(root.attrib["width"]), 2 * int(root.attrib["height"]))
    code, out, _ = run("draw", text, "--format", "png")
    assert code == 0 and png_size(out) == (int(root.attrib["width"]), int(root.attrib["height"]))


def test_cli_draws_the_nth_reading_as_decompose_lists_it() -> None:
    hand = Hand.parse("11122233344455m")
    readings = sorted(mjasp.decompose(hand), key=mjasp.Decomposition.display_key)
    for n, reading in enumerate(readings, 1):
        code, out, _ = run("draw", str(hand), "--reading", str(n))
        assert code == 0 and out.decode() == decomposition_svg(reading) + "\n"


@pytest.mark.parametrize(("args", "words"), [
    (["123x"], "unknown character 'x' at position 3"),
    (["11z", "-o", "/nonexistent-dir/h.svg"], "cannot write"),
    (["11z", "-o", "hand.jpg"], "cannot tell the format of 'hand.jpg'"),
    (["11z", "--format", "gif"], "'gif' is not one of"),
    (["11122233344455m", "--reading", "5"], "has 4 readings; choose 1..4"),
    (["11122233344459m", "--reading", "1"], "has no reading to draw"),
    (["11z", "--scale", "-1"], "--scale"),
])
def test_cli_bad_input_is_one_line_exit_2(args: list[str], words: str) -> None:
    code, out, err = run("draw", *args)
    assert code == 2 and out == b""
    assert err.count("\n") == 1 and err.startswith("mjasp: error: ") and words in err


def test_cli_without_the_renderer_says_what_to_install(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # None in sys.modules: ImportError
    code, out, err = run("draw", "11z", "-o", str(tmp_path / "h.png"))
    assert code == 2 and out == b"" and not (tmp_path / "h.png").exists()
    assert err.count("\n") == 1 and "pip install 'mjasp[png]'" in err
    assert run("draw", "11z", "-o", str(tmp_path / "h.svg"))[0] == 0  # SVG needs nothing


def test_the_readme_picture_is_current() -> None:
    # docs/hand.svg is made by the command the README gives next to it
    readme = (ROOT / "README.md").read_text()
    command = re.search(r"mjasp draw (\"[^\"]+\") -o docs/hand\.svg", readme)
    assert command is not None and "](docs/hand.svg)" in readme
    hand = Hand.parse(command.group(1).strip('"'))
    assert (ROOT / "docs" / "hand.svg").read_text() == hand_svg(hand) + "\n"


def test_draw_json_says_what_was_drawn(tmp_path: Path) -> None:
    # inline SVG on standard output; a file's name and size otherwise; PNG needs a file
    result = CliRunner().invoke(main, ["draw", "123m", "--json"])
    assert result.exit_code == 0, result.output
    inline = json.loads(result.output)
    assert inline["output"] is None and inline["svg"] == hand_svg(Hand.parse("123m"))
    target = tmp_path / "h.svg"
    result = CliRunner().invoke(main, ["draw", "123m", "--json", "-o", str(target)])
    written = json.loads(result.output)
    assert written["output"] == str(target) and written["bytes"] == target.stat().st_size
    result = CliRunner().invoke(main, ["draw", "123m", "--json", "--format", "png"])
    assert result.exit_code == 2 and "error" in json.loads(result.output)
