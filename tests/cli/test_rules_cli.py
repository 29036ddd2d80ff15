"""``mjasp rules`` (the presets, one preset, ``--diff``, ``--json``) and ``mjasp score --rules``
reaching the scoring engines."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjasp.cli import main
from mjasp.rules import RULES


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_lists_every_preset_with_its_differences() -> None:
    code, out, _ = run("rules")
    assert code == 0
    lines = out.splitlines()
    assert [line.split(":")[0].split(" ")[0] for line in lines] == list(RULES)
    wrc = next(line for line in lines if line.startswith("wrc"))
    assert "kiriage=on" in wrc and "kazoe=sanbaiman" in wrc
    assert lines[0].startswith("tenhou (4p, riichi, standard): the default")


def test_diff_lists_only_the_options_that_differ() -> None:
    code, out, _ = run("rules", "--diff", "tenhou", "wrc")
    assert code == 0
    rows = [line.split() for line in out.splitlines()]
    assert rows[0] == ["option", "tenhou", "wrc"]
    assert {row[0] for row in rows[1:]} == set(RULES["tenhou"].diff(RULES["wrc"]))
    assert ["kiriage", "off", "on"] in rows
    # an alias names the same preset: nothing differs
    assert "the same options" in run("rules", "--diff", "standard", "tenhou")[1]


def test_json() -> None:
    data = json.loads(run("rules", "--diff", "tenhou", "mahjongsoul", "--json")[1])
    assert data["diff"]["double_yakuman"] == [
        [], ["daisuushii", "junsei_chuuren", "kokushi_13", "suuankou_tanki"]]
    listed = json.loads(run("rules", "--json")[1])["presets"]
    assert [p["name"] for p in listed] == list(RULES)
    assert listed[0]["differs_from_tenhou"] == {}
    one = json.loads(run("rules", "sanma", "--json")[1])
    assert (one["name"], one["options"]["players"]) == ("tenhou-3p", 3)


@pytest.mark.parametrize("args", [("rules", "nope"), ("rules", "--diff", "tenhou", "nope"),
                                  ("rules", "wrc", "--diff", "tenhou", "wrc")])
def test_bad_rules_are_one_line_errors(args: tuple[str, ...]) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1


def test_score_rules_reach_the_engine() -> None:
    # the dealer's 13-sided kokushi: one yakuman on Tenhou (6 x 8000 = 48000), a double on
    # Mahjong Soul (6 x 16000 = 96000)
    hand = ("score", "19m19p19s1234567z1m", "--win", "1m")
    assert run(*hand)[1].startswith("yakuman: 48000 (ron)")
    assert run(*hand, "--rules", "mahjongsoul")[1].startswith("2x yakuman: 96000 (ron)")
    # 13 han counted: a yakuman on Tenhou (16000/8000 from a non-dealer's tsumo), a
    # sanbaiman under WRC (6000/12000); riichi pinfu tsumo tanyao ryanpeikou chinitsu
    counted = ("score", "22334455667788p", "--win", "8p", "--tsumo", "--riichi", "--seat", "S")
    assert run(*counted)[1].startswith("20 fu 13 han counted yakuman: 32000 (8000/16000")
    assert run(*counted, "--rules", "wrc")[1].startswith(
        "20 fu 13 han sanbaiman: 24000 (6000/12000")


def test_score_renhou_flag() -> None:
    renhou = ("score", "123m456p789s11z234m", "--win", "1z", "--seat", "S", "--renhou")
    # Tenhou has no renhou: no yaku; a red 5m under rules without red fives: an error
    assert run(*renhou)[1].startswith("0 points")
    code, _, err = run("score", "0m34m456p678s345s88p", "--win", "8p", "--rules", "wrc")
    assert code == 2 and "the wrc rules have none" in err
