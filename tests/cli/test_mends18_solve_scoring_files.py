"""``mjasp solve`` beside a scoring variant file: the readings stay those of the hand
(a scoring rule such as ``removed(tanyao)`` or ``option(kiriage,on)`` reads the readings,
it never makes or drops one), and one line on stderr says the file was ignored. Before,
the file was ignored without a word (docs/encodings.md, "mjasp solve").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mjasp.cli import main

ROOT = Path(__file__).resolve().parents[2]
HAND = "examples/hands/four_readings.lp"
SCORING_FILES = [*sorted(str(p.relative_to(ROOT)) for p in
                        (ROOT / "encodings/scoring/variants").glob("*.lp")),
                 "examples/local_yaku/uumensai.lp", "examples/scoring/variants/no_open_tanyao.lp"]


def solve(*files: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["solve", *(str(ROOT / f) for f in files)])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("variant", SCORING_FILES)
def test_a_scoring_file_is_named_and_changes_no_reading(variant: str) -> None:
    code, alone, err = solve(HAND)
    assert (code, err) == (0, "")
    code, out, err = solve(HAND, variant)
    assert code == 0 and out == alone  # the same four readings
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mjasp: note: " + str(ROOT / variant) + ":")
    assert "mjasp solve ignores it" in lines[0]


@pytest.mark.parametrize("variant", ["examples/variants/seven_pairs_quad.lp",
                                     "examples/variants/standard_only.lp",
                                     "examples/variants/three_players.lp"])
def test_a_readings_variant_is_played_without_a_note(variant: str) -> None:
    code, _, err = solve("examples/hands/seven_pairs_with_quad.lp", variant)
    assert (code, err) == (0, "")


def test_the_note_names_the_line_of_the_hook(tmp_path: Path) -> None:
    path = tmp_path / "mine.lp"
    path.write_text("% no tanyao\n\nremoved(tanyao).\n")
    code, _, err = solve(HAND, str(path))
    assert code == 0 and f"{path}:3: removed/1 changes no reading" in err
