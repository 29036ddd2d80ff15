"""Every example runs through ``mjasp solve`` and matches the reference decomposers.

Each hand example states its hand in a ``% Hand:`` line and each variant the rules it
stands for in a ``% Rules:`` line; the expected readings are computed here from those by
a reference algorithm (backtracking), never copied from the CLI's output.
The expected answers are also data (``examples/expected_readings.json``: program files ->
readings, as ASP projects keep encoding tests), checked by one test against both the
program's output and the reference.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjasp.analysis.verify import hand_engine
from mjasp.cli import main
from mjasp.core.blocks import Decomposition, Form
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.rules import Rules, find_rules
from mjasp.rules.validity import check_tiles_in_set

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: program files (relative to examples/) -> the readings ``mjasp solve`` prints, in order
EXPECTED = json.loads((EXAMPLES / "expected_readings.json").read_text(encoding="utf-8"))
HANDS = sorted((EXAMPLES / "hands").glob("*.lp"))
VARIANTS = sorted((EXAMPLES / "variants").glob("*.lp"))
#: Rule names a variant may give that are not presets.
EXTRA_RULES = {"standard-only": Rules(name="standard-only", forms=frozenset({Form.STANDARD}))}


def field(path: Path, name: str) -> str:
    """The value of a ``% Name: value`` line at the top of an example."""
    for line in path.read_text().splitlines():
        if line.startswith(f"% {name}: "):
            return line.split(": ", 1)[1].strip()
    raise AssertionError(f"{path.name} has no '% {name}:' line")


def expected_readings(hand: Hand, rules: Rules) -> list[str]:
    # a tile the variant takes out of the wall leaves no reading (decompose would refuse it)
    try:
        check_tiles_in_set(hand, rules)
    except HandError:
        return []
    # the CLI lists readings in the order a person reads them
    readings = hand_engine("backtrack-dedupe")(hand, rules)
    return [str(d) for d in sorted(readings, key=Decomposition.display_key)]


def solve_json(*files: Path) -> dict[str, object]:
    result = CliRunner().invoke(main, ["solve", "--json", *map(str, files)])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_the_examples_cover_the_brief() -> None:
    names = {p.stem for p in HANDS}
    assert {"four_readings", "nine_gates", "seven_pairs_and_standard", "thirteen_orphans",
            "called_melds", "not_winning"} <= names
    assert {"seven_pairs_quad", "three_players"} <= {p.stem for p in VARIANTS}
    assert len(VARIANTS) >= 3


@pytest.mark.parametrize("path", HANDS + VARIANTS, ids=lambda p: p.stem)
def test_the_command_in_each_example_runs(path: Path) -> None:
    command = shlex.split(field(path, "Run"))
    assert command[:2] == ["mjasp", "solve"]
    files = [EXAMPLES.parent / f for f in command[2:]]
    assert path in files and all(f.exists() for f in files)
    result = CliRunner().invoke(main, ["solve", *map(str, files)])
    assert result.exit_code == 0
    hand = Hand.parse(field(next(f for f in files if f.parent.name == "hands"), "Hand"))
    assert result.stdout.startswith(f"{hand}: ")


def test_the_readme_lists_every_example() -> None:
    text = (EXAMPLES / "README.md").read_text()
    for path in HANDS + VARIANTS:
        assert f"{path.parent.name}/{path.name}" in text


def test_every_program_is_in_the_data() -> None:
    combos = {" ".join(p.relative_to(EXAMPLES).as_posix() for p in (h, *([v] if v else [])))
              for h in HANDS for v in [None, *VARIANTS]}
    assert set(EXPECTED) == combos


@pytest.mark.parametrize("program", sorted(EXPECTED))
def test_expected_answers_are_data(program: str) -> None:
    files = [EXAMPLES / name for name in program.split()]
    data = solve_json(*files)
    hand = Hand.parse(field(files[0], "Hand"))
    assert data["hand"] == str(hand)
    texts = [r["text"] for r in data["readings"]]  # type: ignore[attr-defined]
    assert texts == EXPECTED[program]
    assert data["winning"] is bool(texts)
    # the data itself is not a snapshot: the reference decomposer agrees with it
    rules = find_rules(None)
    if len(files) > 1:
        name = field(files[1], "Rules")
        rules = EXTRA_RULES.get(name) or find_rules(name)
    assert EXPECTED[program] == expected_readings(hand, rules)
