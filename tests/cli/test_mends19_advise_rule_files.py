"""``mjasp advise --variant FILE.lp`` plays a rule file mjasp ships as the options it
declares (the direct engine plays rules as options; ``mjasp score HAND VARIANT.lp`` plays
the same files by ASP, and the two engines are cross-checked per option in
tests/scoring/test_score_variants_agree.py). A file of one's own rules is the ASP
engine's only: one line saying so, exit 2.

Worked by hand: 2233445566778p1z, dealer (East seat, East round), one draw left, WRC
rules (kazoe capped at sanbaiman), never riichi. Discarding 1z leaves 2233445566778p,
tenpai on 2p, 5p, 8p; the wall holds 136 - 14 = 122 unseen tiles: 2p x2, 5p x2, 8p x3.
The one draw is the last (haitei, 1 han). Dealer tsumo values (Tenhou's table):
- 2p: 22233445566778p reads only as 234p 345p 567p 678p 22p, the 2p in 234p (a
  ryanmen): menzen tsumo 1, pinfu 1, tanyao 1, chinitsu 6, haitei 1 = 10 han, baiman
  24000;
- 5p: 22334455566778p reads as 234p 234p 567p 678p 55p (or 345p 345p 567p 678p 22p), the
  5p in 567p (a ryanmen): menzen tsumo, pinfu, tanyao, iipeikou 1, chinitsu, haitei = 11
  han, sanbaiman 36000;
- 8p: 22334455667788p: 345p 345p 678p 678p 22p, the 8p in 678p (a ryanmen): menzen
  tsumo, pinfu, tanyao, ryanpeikou 3, chinitsu, haitei = 13 han, capped at sanbaiman
  36000 by WRC; with daisharin (two each of 2p-8p, closed) a yakuman, 48000, the
  ordinary yaku dropped.
So the expected points of discarding 1z are (2*24000 + 2*36000 + 3*36000) / 122 under
WRC, and daisharin.lp adds 3 * (48000 - 36000) / 122: the 8p draws paid as a yakuman.
The 2p and 5p values are the same in both.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from mjasp.core.errors import RulesError
from mjasp.solvers.scoring_variants import variant_rules

HAND = ["advise", "2233445566778p1z", "--draws", "1", "--riichi", "never", "--json"]
UNSEEN = 136 - 14


def discard_1z(*extra: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, [*HAND, *extra])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    return next(c for c in data["candidates"] if c["discard"] == "1z")


def test_a_local_yaku_file_pays_the_yakuman_on_its_draws() -> None:
    wrc = discard_1z("--rules", "wrc")
    played = discard_1z("--rules", "wrc", "--variant", "daisharin.lp")
    assert wrc["expected_points"][0] == pytest.approx(
        (2 * 24000 + 2 * 36000 + 3 * 36000) / UNSEEN, rel=1e-12)
    assert played["expected_points"][0] - wrc["expected_points"][0] == pytest.approx(
        3 * (48000 - 36000) / UNSEEN, rel=1e-9)
    assert played["win_prob"] == wrc["win_prob"] == [pytest.approx(7 / UNSEEN, rel=1e-12)]
    # the preset's entry file is its rules: the same answer
    assert discard_1z("--variant", "presets/wrc.lp", "--variant", "daisharin.lp") == played


def test_the_rules_are_the_files_options() -> None:
    rules = variant_rules(["presets/wrc.lp", "daisharin.lp", "kiriage.lp"])
    assert rules.name == "wrc" and rules.local_yaku == frozenset({"daisharin"})
    assert rules.kiriage and rules.kazoe == "sanbaiman"


@pytest.mark.parametrize(("files", "what"), [
    (["examples/local_yaku/uumensai.lp"], "only the ASP engine plays a rule file of one's own"),
    (["yakuman_cap.lp"], "yakuman_cap.lp declares no option"),
    (["no_such_file.lp"], "no_such_file.lp: no such file"),
])
def test_a_file_the_direct_engine_cannot_play_is_one_line(files: list[str], what: str) -> None:
    with pytest.raises(RulesError, match=what):
        variant_rules(files)
    result = CliRunner().invoke(main, [*HAND[:-1], *(a for f in files for a in ("--variant", f))])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and what in result.output


def test_a_preset_file_beside_other_rules_named_is_refused() -> None:
    result = CliRunner().invoke(main, [*HAND[:-1], "--rules", "tenhou", "--variant",
                                       "presets/wrc.lp"])
    assert result.exit_code == 2 and "presets/wrc.lp conflicts with rules 'tenhou'" \
        in result.output
