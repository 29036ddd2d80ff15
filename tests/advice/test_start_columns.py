"""What ``Model.solve`` keeps of its starting nodes for ``advise``: their shanten (the
builder's), read by ``Model.shanten``, and their values per turn (``candidate_values``).

Checked against independent numbers: the shanten of ``mjasp.shanten`` of each 13-tile
hand (the hand's counts, the melds beside them), and the values of the recursion
(``Model.candidate`` turn by turn on a model that has not solved: ``Model.value`` and
``Model.riichi_value`` hand by hand, no table) for each discard, dama and riichi, closed
and melded. The block must also be what ``Tables.columns`` reads a row at a time."""

from __future__ import annotations

import pytest

import mjasp
from mjasp.advice.api import setup_model
from mjasp.advice.tiles37 import distinct_tiles, name37, sub37

#: (hand, advise's options): closed tenpai (riichi chosen per turn), a 13-tile tenpai
#: hand (its one start), a melded tenpai hand (no riichi), riichi always
CASES = [
    ("23456m234p678s55z1z", {"dora_indicators": ["1m"]}),
    ("23456m234p678s55z", {}),
    ("23456m234p55z1z [789s]", {}),
    ("12345m234p678s55z1z", {"riichi": "always"}),
]


def _starts(start: bytes) -> list[tuple[str, bytes]]:
    """The discards and the 13-tile hands after them (a 13-tile hand: itself)."""
    if sum(start[:34]) == 13:
        return [("-", start)]
    return [(name37(t), sub37(start, t)) for t in distinct_tiles(start)]


@pytest.mark.parametrize(("hand", "options"), CASES)
def test_the_start_values_are_the_recursions(hand: str, options: dict[str, object]) -> None:
    draws = 2
    m, start, h = setup_model(hand, {**options, "draws": draws})
    ref, _, _ = setup_model(hand, {**options, "draws": draws})
    starts = _starts(start)
    m.solve([h13 for _, h13 in starts], draws)
    for name, h13 in starts:
        # the shanten kept from the build: mjasp.shanten of its counts and melds
        alone = mjasp.Hand.from_counts(list(h13[:34]), h.melds)
        assert m.shanten(h13) == mjasp.shanten(alone), name
        # the recursion's values: ``ref`` has no tables, so ``candidate`` per turn
        got = m.candidate_values(h13, draws)
        assert ref._tables is None
        how, tp, wp, ev = ref.candidate_values(h13, draws)
        assert got == (how, tp, wp, ev), name
