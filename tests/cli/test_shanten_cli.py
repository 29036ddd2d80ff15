"""``mjasp shanten``: per-form lines, effective tiles, the discard table, JSON, errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjasp import Hand
from mjasp.cli import main
from mjasp.cli.shanten import describe
from mjasp.core.tiles import tile_kind, tile_name
from mjasp.solvers import brute


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["shanten", *args])
    return result.exit_code, result.stdout, result.stderr


def test_fourteen_tiles_discard_table() -> None:
    code, out, _ = run("1112345678999m5z")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "1112345678999m5z: tenpai (standard)"
    assert lines[1].split() == ["standard", "tenpai"]
    header = lines.index("discard  after      tiles  draw")
    first = lines[header + 1].split()
    # discarding 5z leaves the nine-sided wait: unseen copies = 4 − held, summed
    held = Hand.parse("1112345678999m").counts
    assert first[:2] == ["5z", "tenpai"]
    assert int(first[2]) == sum(4 - held[k] for k in range(9))
    counts = [int(line.split()[2]) for line in lines[header + 1:]
              if line.split()[1] == "tenpai"]
    assert counts == sorted(counts, reverse=True)


def test_thirteen_tiles_effective_tiles_and_visible() -> None:
    code, out, _ = run("123m456p789s1122z", "--visible", "1z1z")
    assert code == 0
    # expected: the kinds whose draw lowers the brute-force value (the standard form is
    # the best here), unseen = 4 − held − visible
    held = list(Hand.parse("123m456p789s1122z").counts)
    base = brute.standard(held, 4)
    kinds = [k for k in range(34) if held[k] < 4
             and brute.standard([c + (i == k) for i, c in enumerate(held)], 4) < base]
    unseen = {k: 4 - held[k] - 2 * (k == tile_kind("1z")) for k in kinds}
    tiles = " ".join(f"{tile_name(k)}({unseen[k]})" for k in kinds)
    assert out.splitlines()[-1] == f"effective tiles: {sum(unseen.values())} unseen: {tiles}"


def test_json_output() -> None:
    code, out, _ = run("12479s5p344569m5z", "--json")
    assert code == 0
    data = json.loads(out)
    counts = Hand.parse("12479s5p344569m5z").counts
    assert data["shanten"] == brute.standard(counts, 4) - 1
    assert set(data["forms"]) == {"standard", "chiitoitsu", "kokushi"}
    assert data["total"] == sum(w["remaining"] for w in data["effective_tiles"])


def test_form_and_rules_options() -> None:
    counts = Hand.parse("1111m111122233z").counts
    sanma = brute.standard(counts, 4, three_player=True) - 1
    code, out, _ = run("1111m111122233z", "--rules", "sanma", "--form", "standard")
    assert code == 0
    assert out.startswith(f"1111m111122233z: {describe(sanma)} (standard)")
    code, out, _ = run("1111m111122233z", "--solver", "cpsat", "--json")
    best = min(brute.standard(counts, 4), brute.chiitoitsu(counts), brute.kokushi(counts))
    assert json.loads(out)["shanten"] == best - 1
    assert best - 1 < sanma  # the sanma cap on 2m-8m matters for this hand


@pytest.mark.parametrize(("args", "message"), [
    (["11111m23p456s1122z"], "5 copies of 1m"),
    (["123456789m111z"], "12 concealed tiles"),
    (["2m23p456s789s1122z", "--rules", "sanma"], "2m is not in the tenhou-3p tile set"),
    (["123m456p789s1z [111z]", "--form", "kokushi"], "needs a closed hand"),
    (["123m456p789s1122z", "--visible", "1z1z1z"], "5 copies of 1z"),
])
def test_bad_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    code, _, err = run(*args)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
