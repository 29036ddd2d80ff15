"""The yaku hooks a rule file writes (``removed/1``, ``double/1``, ``alone/1``,
encodings/scoring/exclusions.lp) name a yaku by its constant, and ``double/1`` a yakuman.
A string (``removed("tanyao")``), a number or a compound term names no yaku: the hook
changed nothing and the file was accepted without a word; ``double(riichi)`` doubled
riichi's han, though the hook is stated for a yakuman ("yakuman Y counts twice (26 han)").
Each is now one line naming the file and line, exit code 2 (API: ``EncodingError``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from mjasp.core.errors import EncodingError
from mjasp.scoring.api import score_files

ROOT = Path(__file__).resolve().parents[2]
WIN = str(ROOT / "examples/scoring/kiriage_hand.lp")  # riichi pinfu tanyao ... by ron

WRONG = [
    ('removed("tanyao").', "removed/1 names a yaku by its constant"),
    ("removed(3).", "removed/1 names a yaku by its constant"),
    ("alone(f(pinfu)).", "alone/1 names a yaku by its constant"),
    ('double("kokushi").', "double/1 names a yaku by its constant"),
    ("double(riichi).", "riichi is no yakuman"),
    ("double(tanyao) :- open_hand.", "tanyao is no yakuman"),
    ('custom_yaku(my,"Mine","私",yaku).\ndouble(my).', "my is no yakuman"),
]


@pytest.mark.parametrize(("text", "what"), WRONG)
def test_a_wrong_hook_argument_is_one_line_naming_the_file(tmp_path: Path, text: str,
                                                           what: str) -> None:
    path = tmp_path / "variant.lp"
    path.write_text("% a variant\n" + text + "\n")
    line = 2 + text.count("\n")
    result = CliRunner().invoke(main, ["score", WIN, str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert f"{path}:{line}:" in result.stderr and what in result.stderr
    with pytest.raises(EncodingError, match=what):
        score_files([WIN, str(path)])


@pytest.mark.parametrize("text", [
    "double(kokushi).",  # a yakuman of yaku_ids.lp
    'custom_yaku(big,"Big","大",yakuman).\ndouble(big).',  # a file's own yakuman
    "removed(X) :- X = tanyao.",  # a variable: the name is the grounder's
    "removed(tanyao).",
])
def test_a_yaku_named_as_the_hooks_read_it_is_played(tmp_path: Path, text: str) -> None:
    path = tmp_path / "variant.lp"
    path.write_text(text + "\n")
    result = CliRunner().invoke(main, ["score", WIN, str(path)])
    assert result.exit_code == 0, result.stderr
