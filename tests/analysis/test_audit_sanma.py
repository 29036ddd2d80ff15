"""Three-player hands (``tenhou-3p``, ``mahjongsoul-3p``) in the hand commands.

Three players call no chi (https://riichi.wiki/Sanma, "Rule modifications": "Players
cannot make the tile call of chii. Players can still call pon or kan"), so a hand with a
declared sequence cannot exist at a three-player table: every function and command that
takes a hand and the rules refuses it with one line, as scoring and advice already did;
a declared triplet stays accepted. The random winning hands dealt for three players
declare no chi either.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mjasp
from mjasp.cli.app import main
from mjasp.core.blocks import MeldKind
from mjasp.core.errors import HandError

SANMA = ["tenhou-3p", "mahjongsoul-3p"]
WAITING_CHI = "123p456s1112z[234p]"      # 13 tiles: a tanki on 2z beside a chi
COMPLETE_CHI = "123p456s11122z[234p]"    # the same hand completed by 2z

API: list[tuple[str, Callable[..., Any], str]] = [
    ("shanten", mjasp.shanten, WAITING_CHI),
    ("shanten_forms", mjasp.shanten_forms, WAITING_CHI),
    ("effective_tiles", mjasp.effective_tiles, WAITING_CHI),
    ("waits", mjasp.waits, WAITING_CHI),
    ("decompose", mjasp.decompose, COMPLETE_CHI),
    ("is_winning", mjasp.is_winning, COMPLETE_CHI),
    ("discards", mjasp.discards, COMPLETE_CHI),
]


@pytest.mark.parametrize("rules", SANMA)
@pytest.mark.parametrize(("name", "function", "hand"), API, ids=[a[0] for a in API])
def test_a_chi_is_refused_with_three_players(rules: str, name: str,
                                             function: Callable[..., Any], hand: str) -> None:
    with pytest.raises(HandError, match="three players cannot call chi"):
        function(hand, rules=rules)


@pytest.mark.parametrize(("name", "function", "hand"), API, ids=[a[0] for a in API])
def test_the_same_chi_is_fine_with_four_players(name: str, function: Callable[..., Any],
                                                hand: str) -> None:
    function(hand, rules="tenhou")  # no error: four players call chi


def test_a_pon_stays_accepted_with_three_players() -> None:
    # 123p456s 111z [222p] + 2z: tanki on 2z, hand-worked
    assert [w.tile for w in mjasp.waits("123p456s1112z[222p]", rules="tenhou-3p")] == \
        [mjasp.tile_kind("2z")]


@pytest.mark.parametrize("command", [
    ["shanten", WAITING_CHI], ["waits", WAITING_CHI], ["decompose", COMPLETE_CHI],
    ["draw", COMPLETE_CHI], ["score", COMPLETE_CHI, "--win", "2z"],
    ["advise", COMPLETE_CHI]])
@pytest.mark.parametrize("rules", SANMA)
def test_every_command_refuses_a_chi_in_one_line(command: list[str], rules: str) -> None:
    result = CliRunner().invoke(main, [*command, "--rules", rules])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mjasp: error: three players cannot call chi")


@pytest.mark.parametrize("rules", SANMA)
def test_random_three_player_hands_declare_no_chi(rules: str) -> None:
    hands = mjasp.random_winning_hands(400, seed=5, rules=rules, melds=True)
    assert sum(bool(h.melds) for h in hands) >= 40  # melds are still declared
    assert not any(m.kind is MeldKind.CHI for h in hands for m in h.melds)
    four = mjasp.random_winning_hands(400, seed=5, rules="tenhou", melds=True)
    assert any(m.kind is MeldKind.CHI for h in four for m in h.melds)


# Tiles seen elsewhere (``visible``) come from the same wall: with three players no 2m-8m
# can have been seen (https://riichi.wiki/Sanma: "the manzu tiles from 2-man to 8-man are
# removed"), so naming one is a mistake, said in one line, not counted silently.
@pytest.mark.parametrize("rules", SANMA)
@pytest.mark.parametrize(("function", "hand"), [
    (mjasp.effective_tiles, "19m1245p789s1112z"), (mjasp.discards, "19m1245p789s11122z")])
@pytest.mark.parametrize("visible", ["2m", "19m5m", ["8m"]])
def test_a_visible_tile_outside_the_three_player_set_is_refused(
        rules: str, function: Callable[..., Any], hand: str, visible: object) -> None:
    with pytest.raises(HandError, match=r"visible tiles: [258]m is not in the .* tile set"):
        function(hand, visible=visible, rules=rules)


def test_visible_terminals_still_count_with_three_players() -> None:
    # 19m 12p 45p 789s 111z 2z, 2-shanten: 1m, 9m, 3p, 6p and 2z improve it (hand-worked:
    # a 1m or 9m pairs up, 3p/6p complete a run, 2z pairs); one 1m seen leaves 3 - 1 = 2
    found = mjasp.effective_tiles("19m1245p789s1112z", visible="1m", rules="tenhou-3p")
    unseen = {mjasp.tile_name(w.tile): w.remaining for w in found}
    assert unseen == {"1m": 2, "9m": 3, "3p": 4, "6p": 4, "2z": 3}


@pytest.mark.parametrize("rules", SANMA)
def test_the_shanten_command_refuses_a_visible_2m(rules: str) -> None:
    result = CliRunner().invoke(main, ["shanten", "19m1245p789s1112z", "--visible", "2m",
                                       "--rules", rules])
    assert result.exit_code == 2
    assert result.output == f"mjasp: error: visible tiles: 2m is not in the {rules} tile set\n"


@pytest.mark.parametrize("rules", SANMA)
def test_solve_refuses_a_chi_among_the_hand_facts(rules: str, tmp_path: Path) -> None:
    facts = tmp_path / "chi.lp"
    facts.write_text('hand("123p456s11122z"). meld(chi,"234p").\n')
    result = CliRunner().invoke(main, ["solve", str(facts), "--rules", rules])
    assert result.exit_code == 2
    assert result.output.startswith("mjasp: error: three players cannot call chi")
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("solver", ["table", "cpsat", "brute"])
def test_a_hand_the_missing_manzu_makes_slower(solver: str) -> None:
    # 111m 999m 111z + 1m 9m 1z 5z (hand-worked). Four players: 1m + 2m 3m and a 5z pair,
    # three draws: 2-shanten. Three players have no 2m-8m and every 1m, 9m, 1z is in the
    # hand, so one meld and the pair take four draws (55z + a new meld, or 555z + a new
    # pair): 3-shanten, and every kind but 1m, 9m, 1z (5z: 3 left) helps.
    hand = "1111m9999m11115z"
    assert mjasp.shanten(hand, rules="tenhou", solver=solver) == 2
    assert mjasp.shanten(hand, rules="tenhou-3p", solver=solver) == 3
    found = {mjasp.tile_name(w.tile): w.remaining
             for w in mjasp.effective_tiles(hand, rules="tenhou-3p", solver=solver)}
    kinds = [f"{n}{s}" for s in "ps" for n in range(1, 10)] + [f"{n}z" for n in range(2, 8)]
    assert found == {k: 3 if k == "5z" else 4 for k in kinds}
