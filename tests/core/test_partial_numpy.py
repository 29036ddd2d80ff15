"""A hand given as counts is read while another thread is importing numpy.

``as_hand`` checks for a numpy array without importing numpy, through ``sys.modules``.
While a thread imports numpy, ``sys.modules["numpy"]`` is the partly initialised module,
without ``ndarray`` yet; a CI run met it (CP-SAT's threads: "partially initialized module
'numpy' has no attribute 'ndarray'"). The state is set up here directly, not by a race.
"""

from __future__ import annotations

import sys
import types

import pytest

import mjasp
from mjasp.rules.validity import as_hand


def test_counts_are_read_while_numpy_is_half_imported(
        monkeypatch: pytest.MonkeyPatch) -> None:
    counts = [0] * 34
    counts[0] = 2
    want = mjasp.Hand.parse("11m")
    monkeypatch.setitem(sys.modules, "numpy", types.ModuleType("numpy"))
    assert as_hand(counts) == want
    assert as_hand(tuple(counts)) == want
    # and the public call taking counts answers as with text
    assert mjasp.shanten(counts) == mjasp.shanten("11m")
