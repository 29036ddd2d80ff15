"""Situations that cannot happen at the table are refused, not scored.

The reasoning, from the rules (https://riichi.wiki/Ippatsu, https://riichi.wiki/Riichi,
https://riichi.wiki/Haitei_raoyue): double riichi is declared on the first discard and
ippatsu lasts one go-around, while haitei and houtei come with the last tile of a live wall
of 70 draws (four players) or 55 (three); riichi needs at least one more draw of the
declarer's own, so the last tile is drawn by another seat only after that draw, which ends
ippatsu (what could shorten the wall in between, a kan or a north set aside, ends it too,
https://riichi.wiki/Sanma). Ippatsu with haitei after an ordinary riichi stays possible
(riichi with four tiles left, then the declarer draws the last one).
"""

from __future__ import annotations

import pytest

from mjasp import Win, score
from mjasp.core.win import WinError
from mjasp.scoring.samples import random_wins

SHANPON = "123m456p789s11222z"  # closed, waits on 1z or 2z


@pytest.mark.parametrize("flags", [
    dict(tsumo=True, riichi=2, ippatsu=True, haitei=True),
    dict(riichi=2, ippatsu=True, houtei=True),
])
def test_double_riichi_with_ippatsu_never_reaches_the_last_tile(flags: dict[str, object]) -> None:
    with pytest.raises(WinError, match="first go-around"):
        Win(tile="2z", **flags)  # type: ignore[arg-type]


def test_ippatsu_and_houtei_are_refused() -> None:
    with pytest.raises(WinError, match="ippatsu and houtei"):
        Win(tile="2z", riichi=1, ippatsu=True, houtei=True)


def test_what_can_happen_is_still_scored() -> None:
    # riichi with four tiles left, the declarer's next draw is the last: riichi, ippatsu,
    # menzen tsumo and haitei together
    s = score(SHANPON, Win(tile="2z", tsumo=True, riichi=1, ippatsu=True, haitei=True))
    assert {y.yaku.name for y in s.yaku} >= {"RIICHI", "IPPATSU", "MENZEN_TSUMO", "HAITEI"}
    # double riichi and the last tile, without ippatsu
    s = score(SHANPON, Win(tile="2z", riichi=2, houtei=True))
    assert {y.yaku.name for y in s.yaku} >= {"DOUBLE_RIICHI", "HOUTEI"}


@pytest.mark.parametrize("rules", ["tenhou", "tenhou-3p"])
def test_the_sampler_draws_no_refused_situation(rules: str) -> None:
    # random_wins builds each Win, which refuses both: drawing one would raise
    for hand, win in random_wins(3000, seed=11, rules=rules):
        assert not (win.ippatsu and win.houtei), (hand, win)
        assert not (win.ippatsu and win.riichi == 2 and win.haitei), (hand, win)
