"""``tile37`` reads a tile's usual name by one lookup: the same tile as parsing it."""

from __future__ import annotations

import pytest

from mjasp.advice.tiles37 import name37, parse37, tile37


@pytest.mark.parametrize("tile", range(37))
def test_the_usual_name_is_the_parsed_tile(tile: int) -> None:
    name = name37(tile)
    counts = parse37(name)  # the mpsz parser: one kind, and the red count for a red five
    assert sum(counts[:34]) == 1
    red = [34 + r for r in range(3) if counts[34 + r]]
    assert tile37(name) == (red[0] if red else counts.index(1))


def test_other_spellings_are_parsed_and_checked() -> None:
    assert tile37("5m") == 4 and tile37("0s") == 36
    with pytest.raises(ValueError, match="not one tile"):
        tile37("12m")
