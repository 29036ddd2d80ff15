"""At most five dora indicators: one plus one per kan (the planted bug of
``benchmarks/mutation.py`` "validation: six dora indicators")."""

from __future__ import annotations

import pytest

from mjasp.core.win import Win, WinError


def test_five_dora_indicators_are_allowed_six_are_not() -> None:
    Win(tile="1m", dora_indicators=("1p",) * 5)
    with pytest.raises(WinError, match="at most 5 dora indicators"):
        Win(tile="1m", dora_indicators=("1p",) * 6)
