"""The old home of winning forms, waits and the kan check; it re-exports them.

New code imports from the module that defines each: :mod:`mjasp.readings` (winning forms,
readings by inversion), :mod:`mjasp.waits`, :mod:`mjasp.kan`, :mod:`mjasp.validity`.

>>> from mjasp.forms import waits
>>> len(waits("1112345678999m"))
9
"""

from mjasp.kan import KanCheck, WinningReading, kan_check, kan_hands
from mjasp.readings import (
    FormVector,
    count_forms,
    count_forms_asp,
    count_winning_vectors,
    form_counts,
    readings,
    standard_readings,
    winning_forms,
)
from mjasp.validity import check_waiting as check_tenpai_shape
from mjasp.waits import Wait, WaitReading, WaitShape, waits

__all__ = [
    "FormVector", "KanCheck", "Wait", "WaitReading", "WaitShape", "WinningReading",
    "check_tenpai_shape", "count_forms", "count_forms_asp", "count_winning_vectors",
    "form_counts", "kan_check", "kan_hands", "readings", "standard_readings", "waits",
    "winning_forms",
]
