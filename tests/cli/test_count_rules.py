"""``mjasp count --rules NAME --option ...``: the wall of those rules, red fives as their
``red_fives`` say, counted against a brute force over every multiset of tiles."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest
from click.testing import CliRunner

from mjasp.cli.app import main


def brute_force(copies: list[int], m: int) -> int:
    """Multisets of ``m`` tiles of the kinds, each kind at most its copies."""
    return sum(all(n <= copies[kind] for kind, n in Counter(pick).items())
               for pick in itertools.combinations_with_replacement(range(len(copies)), m))


def wall(players: int, red_fives: tuple[int, int, int]) -> list[int]:
    """Copies per tile, red fives apart: 34 kinds of 4 (27 with three players: no 2m-8m),
    each suit's five split into plain and red as ``red_fives`` says."""
    kinds = [k for k in range(34) if players == 4 or not 1 <= k <= 7]
    copies = []
    for kind in kinds:
        if kind in (4, 13, 22):
            red = red_fives[(4, 13, 22).index(kind)]
            copies += [4 - red] + ([red] if red else [])
        else:
            copies.append(4)
    return copies


def count(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(main, ["count", "--red", "--json", *args])
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.output)
    return answer


@pytest.mark.parametrize(("args", "players", "red_fives"), [
    (["--tiles", "4", "--option", "red_fives=2,0,1"], 4, (2, 0, 1)),
    (["--tiles", "4", "--rules", "wrc"], 4, (0, 0, 0)),
    (["--tiles", "3", "--rules", "tenhou-3p"], 3, (0, 1, 1)),
    (["--tiles", "3", "--rules", "sanma", "--option", "red_fives=0,2,0"], 3, (0, 2, 0)),
])
def test_the_rules_wall_is_counted(args: list[str], players: int,
                                   red_fives: tuple[int, int, int]) -> None:
    answer = count(*args)
    m = int(args[1])
    assert answer["hands"] == answer["series"] == brute_force(wall(players, red_fives), m)
    assert answer["players"] == players and answer["red_fives"] == list(red_fives)


def test_the_red_fives_change_the_count() -> None:
    # two red 5m instead of one: a pair of red 5m (0m0m) and 0m0m+x hands become possible
    assert count("--tiles", "4")["hands"] != count("--tiles", "4", "--option",
                                                   "red_fives=2,1,1")["hands"]


def test_players_and_rules_that_disagree_are_refused() -> None:
    result = CliRunner().invoke(main, ["count", "--tiles", "3", "--players", "3",
                                       "--rules", "tenhou"])
    assert result.exit_code == 2
    assert result.output == ("mjasp: error: --players 3 and --rules tenhou (4 players) "
                             "disagree; give one\n")


def test_a_bad_option_is_one_line() -> None:
    result = CliRunner().invoke(main, ["count", "--tiles", "3", "--option", "red_fives=3,0,0"])
    assert result.exit_code == 2
    assert result.output.startswith("mjasp: error: --option: red_fives is three counts")
    assert result.output.count("\n") == 1
