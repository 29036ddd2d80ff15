"""``mjasp generate -n 0``: no deal is an answer (an empty list, no lines), not a bug.

Every format used to go through numpy's ``reshape(0, -1)``, which cannot tell the row
length of zero rows: ``--json`` and ``--format json`` exited 70 ("internal error").
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from mjasp.cli import main
from mjasp.core.notation import id_lines, mpsz_lines


@pytest.mark.parametrize("args", [["--json"], ["--format", "json"], ["--format", "ids"],
                                  ["--format", "mpsz"], ["--players", "3", "--json"]])
def test_no_deal_is_an_empty_answer(args: list[str]) -> None:
    result = CliRunner().invoke(main, ["generate", "--tiles", "13", "-n", "0", *args])
    assert result.exit_code == 0, result.output
    # what json.dumps of no deals and "".join of no lines write
    expected = json.dumps([]) + "\n" if "json" in " ".join(args) else ""
    assert result.output == expected


def test_no_rows_are_no_lines() -> None:
    for width in (0, 3, 14):
        empty = np.zeros((0, width), dtype=np.uint8)
        assert mpsz_lines(empty) == id_lines(empty) == b""
    assert mpsz_lines([]) == id_lines([]) == b""
