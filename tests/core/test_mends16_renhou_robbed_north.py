"""Renhou is a ron before the winner's first draw with no call made before it
(https://riichi.wiki/Special:MobileDiff/22621: "before drawing their first tile and before
any called tile"). A north set aside (kita) is a call that ends the first uninterrupted
go-around ("This call invalidates ippatsu, tenhou/chiihou, double riichi",
https://riichi.wiki/Special:MobileDiff/26510), as a kan is: a ron on a north another
player set aside cannot be renhou, just as robbing a kan (chankan) cannot.
"""

from __future__ import annotations

import pytest

from mjasp.core.win import Win, WinError


@pytest.mark.parametrize("flag", ["chankan", "robbed_north"])
def test_renhou_after_a_call_robbed_is_refused(flag: str) -> None:
    with pytest.raises(WinError, match="renhou needs the first uninterrupted go-around"):
        Win(tile="4z", seat_wind="S", renhou=True, **{flag: True})  # type: ignore[arg-type]


def test_renhou_and_robbed_north_each_alone_stay_accepted() -> None:
    # the refusal is of the pair, not of either flag
    assert Win(tile="4z", seat_wind="S", renhou=True).renhou
    assert Win(tile="4z", seat_wind="S", robbed_north=True).robbed_north
