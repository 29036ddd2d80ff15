"""``mjasp draw`` and ``hand_svg`` audited from the mpsz text alone: every picture parses
as SVG, each group holds the tiles the text says, an open meld has one turned tile (the
first: drawn as called from the left, as docs/notation.md says), a closed kan two backs
at its ends, and every red five is drawn, face up, in red."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import pytest

import mjasp
from mjasp.core.hand import Hand, hand_svg
from mjasp.rules.validity import check_tiles_in_set

SVG = "{http://www.w3.org/2000/svg}"

HANDS = ["123m456p789s1122z", "055m123p456s11z [406s]", "11z [406s] [0555p] [111m] [999m]",
         "123m 99p [406s] (0555p) (0555m)", "11z (0555m) [0555p] [067s] [789s]",
         "(1111m) (2222p) (3333s) (4444z) 55z", "0m0p0s1z"]


def tile_info(svg: str) -> list[list[tuple[str | None, bool]]]:
    """Per group, per tile: the face it shows (None: face down) and whether it lies
    turned (its face rectangle wider than high)."""
    root = ET.fromstring(svg)
    out = []
    for group in root.findall(f"{SVG}g[@class='tile-group']"):
        tiles = []
        for tile in group.findall(f"{SVG}g[@class='tile']"):
            face = next(r for r in tile.findall(f"{SVG}rect") if "y" not in r.attrib)
            use = tile.find(f"{SVG}use")
            tiles.append((None if use is None else use.attrib["href"],
                          float(face.attrib["width"]) > float(face.attrib["height"])))
        out.append(tiles)
    return out


def expected(text: str) -> tuple[list[tuple[str, str]], int]:
    """The groups as (bracket, digits+suit) read off the text (concealed first, melds in
    the order Hand keeps them: by tile) and the red fives the text writes."""
    melds = re.findall(r"([\[(])([0-9]+[mpsz])[\])]", text)
    return melds, text.count("0")


@pytest.mark.parametrize("text", HANDS)
def test_groups_turned_tiles_backs_and_red_fives(text: str) -> None:
    hand = Hand.parse(text)
    groups = tile_info(hand_svg(hand))
    melds, reds = expected(text)
    concealed = re.sub(r"[\[(][^\])]*[\])]", "", text)
    n_concealed = sum(c.isdigit() for c in concealed)
    assert len(groups) == bool(n_concealed) + len(melds)
    meld_groups = groups[bool(n_concealed):]
    # compare as multisets: Hand orders the melds by tile
    want = sorted((bracket, len(body) - 1) for bracket, body in melds)
    got = sorted(("[" if any(t for _, t in g) else "(", len(g)) for g in meld_groups)
    assert got == want
    for group in meld_groups:
        turned = [t for _, t in group]
        if any(turned):  # an open meld: the first tile turned, no other
            assert turned == [True] + [False] * (len(group) - 1)
            assert all(face is not None for face, _ in group)
        else:  # a closed kan: backs at both ends, faces between
            assert [face is None for face, _ in group] == [True, False, False, True]
    shown_reds = sum(1 for g in groups for face, _ in g if face and face[-2] == "0")
    assert shown_reds == reds


def test_a_closed_kan_with_two_red_fives_shows_both() -> None:
    # red_fives=2,.. rules have two red 5m: a closed kan of them lays both face up in
    # the middle (before the fix one of them was drawn face down: hidden)
    hand = Hand.parse("123m456p789s11z (0055m)")
    (*_, kan) = tile_info(hand_svg(hand))
    assert [face for face, _ in kan] == [None, "#mjasp-0m", "#mjasp-0m", None]
    # and such a hand is one the rules' tile set holds (two red 5m)
    two_reds = dataclasses.replace(mjasp.find_rules("tenhou"), red_fives=(2, 1, 1))
    check_tiles_in_set(hand, two_reds)


@pytest.mark.parametrize("text", HANDS)
def test_every_picture_is_svg_with_a_title(text: str) -> None:
    root = ET.fromstring(hand_svg(Hand.parse(text)))
    assert root.tag == f"{SVG}svg"
    assert root.findtext(f"{SVG}title") == str(Hand.parse(text))
    # every face used is defined once
    ids = [g.attrib["id"] for g in root.iter(f"{SVG}g") if "id" in g.attrib]
    uses = {u.attrib["href"][1:] for u in root.iter(f"{SVG}use")}
    assert len(ids) == len(set(ids)) and uses <= set(ids)
