"""The hooks the scoring encoding reads besides the yaku ones (test_mends18_hook_arguments:
``removed/1``, ``double/1``, ``alone/1``) take arguments from a domain the encoding
states; a user's file writing one outside it was accepted without a word and changed
nothing, or a score. Each is one line naming file:line and what is wrong, exit code 2
(API: ``EncodingError``).

The domains, from the encoding's own text:
- points.lp: ``yakuman_limit(C)`` "at most C yakuman are paid" and ``counted_yakuman(M)``
  "13+ han are paid as M yakuman": whole numbers from 1; ``han_reaches(H)`` "at least H
  han": from 1; ``kazoe_row(H)`` "paid as the H-han row", and points_table.lp has the
  limit rows ``limit_points(D,T,H,P)`` for H = 5..13 only.
- parts/tiles.lp: ``tile(K,S)`` "K (0..33) is the tile kind", which ``absent/1`` removes.
- parts/winning.lp: ``allow(F) :- form_name(F), not disabled(F)``: the form names
  standard, chiitoitsu, kokushi (parts/standard.lp, chiitoitsu.lp, kokushi.lp).
- parts/chiitoitsu.lp: ``pairs_of(N,M)`` "N copies of one kind make M pairs (2 -> 1; a
  variant may add 4 -> 2)": four copies at most, two pairs at most.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from tests.scoring.test_mends18_hook_arguments import (
    test_a_wrong_hook_argument_is_one_line_naming_the_file as one_line_naming_the_file,
)

ROOT = Path(__file__).resolve().parents[2]
WIN = str(ROOT / "examples/scoring/kiriage_hand.lp")  # 30 fu 4 han, 7700 by ron

WRONG = [
    ("yakuman_limit(0).", "yakuman_limit/1 takes a whole number from 1, not 0"),
    ("yakuman_limit(two).", "yakuman_limit/1 takes a whole number from 1, not two"),
    ('yakuman_limit("1").', 'yakuman_limit/1 takes a whole number from 1, not "1"'),
    ("counted_yakuman(0) :- han_reaches(13).",
     "counted_yakuman/1 takes a whole number from 1, not 0"),
    ("han_reaches(a).", "han_reaches/1 takes a whole number from 1, not a"),
    ("kazoe_row(4).", "kazoe_row/1 takes a whole number from 5 to 13, not 4"),
    ("kazoe_row(sanbaiman).", "kazoe_row/1 takes a whole number from 5 to 13, not sanbaiman"),
    ("absent(34).", "absent/1 takes a whole number from 0 to 33, not 34"),
    ('absent("5m").', 'absent/1 takes a whole number from 0 to 33, not "5m"'),
    ("disabled(sevenpairs).",
     "disabled/1 takes one of chiitoitsu, kokushi, standard, not sevenpairs"),
    ("pairs_of(5,2).", "pairs_of/2 takes a whole number from 1 to 4 as argument 1, not 5"),
    ("pairs_of(4,x).", "pairs_of/2 takes a whole number from 1 to 2 as argument 2, not x"),
]


@pytest.mark.parametrize(("text", "what"), WRONG)
def test_a_wrong_hook_argument_is_one_line_naming_the_file(tmp_path: Path, text: str,
                                                           what: str) -> None:
    one_line_naming_the_file(tmp_path, text, what)  # the yaku hooks' check, these texts


@pytest.mark.parametrize("text", [
    "yakuman_limit(1).", "kazoe_row(12).", "kazoe_row(13).", "absent(0).", "absent(33).",
    "disabled(kokushi).", "pairs_of(4,2).", "counted_yakuman(2) :- han_reaches(26).",
    "yakuman_limit(C) :- C = 2.",  # a variable: the grounder's
    "han_reaches(13 * 2) :- han_reaches(13), han_reaches(12).",  # arithmetic: the grounder's
])
def test_an_argument_in_its_domain_is_played(tmp_path: Path, text: str) -> None:
    path = tmp_path / "variant.lp"
    path.write_text(text + "\n")
    result = CliRunner().invoke(main, ["score", WIN, str(path)])
    assert result.exit_code == 0, result.stderr
