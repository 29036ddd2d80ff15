"""The declarative scoring engine (encodings/scoring/ via mjasp.solvers.scoring_asp).

- The two engines agree (points, han, fu, yakuman, limit, yaku) on seeded sampled wins
  (mjasp.scoring.samples): the direct engine is an independent implementation in Python;
  mjasp.score (the direct engine's best candidate) picks an equal Score on each of them;
  the same on wins moved across the rules' edges (``boundary_wins``).
- Every real Tenhou win of ../shared/data scores through the ASP engine as Tenhou did.
- The encoding is data: small programs under tests/data/score_asp/ with the atoms of their
  optimal answer worked out by hand in each file's comment, run by plain clingo.
- The points table shipped as .lp is the one mjasp.rules.points generates, the yaku id table
  the one generated from mjasp.core.yaku and the direct engine's records.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import clingo
import pytest
from click.testing import CliRunner

import mjasp
from mjasp.cli import main
from mjasp.core.yaku import Yaku
from mjasp.rules import find_rules
from mjasp.scoring.api import check_win, rank_key
from mjasp.scoring.samples import boundary_wins, random_wins
from mjasp.solvers import scoring_asp, scoring_direct
from tests.conftest import shared_data

HERE = Path(__file__).resolve().parent
CASES = sorted((HERE.parent / "data" / "score_asp").glob("*.lp"))
RULES = find_rules("tenhou")
#: Sampled wins compared per test run, as the scoring issue asks: about 4 ms of CPU a win
#: (sampling 0.4, ASP engine ~3.3, direct engine ~0.1), so five to seven minutes of CI.
AGREEMENT_WINS = 100_000
#: Wins at the rules' boundaries compared (mjasp.scoring.samples.boundary_wins): about 6 ms
#: each (sampling 2, ASP engine ~3.3).
BOUNDARY_WINS = 1500
#: Shown atoms an example's expected answer lists.
COMPARED = ("capped_han", "score_fu", "points", "yaku")


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_encoding_example(case: Path) -> None:
    ctl = clingo.Control(["0", "--opt-mode=optN"])
    ctl.load(str(scoring_asp.SCORING / "score.lp"))
    ctl.load(str(case))
    ctl.ground([("base", [])])
    optimal: list[set[str]] = []

    def on_model(model: clingo.Model) -> None:
        if model.optimality_proven:
            optimal.append({str(s) for s in model.symbols(shown=True) if s.name in COMPARED})

    ctl.solve(on_model=on_model)
    expected = set(case.with_suffix(".expected").read_text().split())
    assert optimal and all(atoms == expected for atoms in optimal)


def test_points_table_is_the_generated_one() -> None:
    shipped = (scoring_asp.SCORING / scoring_asp.TABLE_FILE).read_text()
    assert shipped == scoring_asp.points_table()


def test_yaku_id_table_is_the_generated_one() -> None:
    # regenerate with: python -m mjasp.solvers.scoring_asp
    shipped = (scoring_asp.SCORING / scoring_asp.IDS_FILE).read_text()
    assert shipped == scoring_direct.yaku_ids_program()


def test_yakuman_values_are_the_generated_ones() -> None:
    # Yaku.is_yakuman reads a line generated from the records (python -m
    # mjasp.solvers.scoring_asp); the records are what the engines score
    import mjasp.core.yaku as yaku_module

    lines = Path(yaku_module.__file__).read_text().splitlines()
    assert scoring_direct.yakuman_values_line() in lines
    # the yakuman a reader knows by heart: kokushi and the four concealed triplets, and
    # riichi and dora are not
    assert Yaku.KOKUSHI.is_yakuman and Yaku.SUUANKOU.is_yakuman
    assert not Yaku.RIICHI.is_yakuman and not Yaku.DORA.is_yakuman


@pytest.mark.parametrize("wins", [
    # the benchmark-sized run's (pytest --full); every run scores the first 3,000 (the
    # ASP engine, some 4-8 ms a win, is most of the suite's time; CI's 30 minutes)
    pytest.param(AGREEMENT_WINS, marks=[pytest.mark.slow, pytest.mark.full]),
    pytest.param(3_000, marks=pytest.mark.slow),
    300,  # the contributors' loop: the first wins of the same sample
])
def test_engines_agree_on_sampled_wins(wins: int) -> None:
    program = scoring_asp.shared_program(RULES)
    wrong: list[tuple[object, ...]] = []
    for hand, win in random_wins(wins, seed=2026):
        check_win(hand, win, RULES)
        ranked = program.ranked(hand, win)
        asp = [s for _, s in ranked]
        direct = sorted(scoring_direct.candidates(hand, win, RULES), key=rank_key, reverse=True)
        # the encoding's own points (its first cost) are those of the shared points table
        assert all(-cost[0] == s.points for cost, s in ranked), (hand, win)
        # the optimisation's order is rank_key's order
        keys = [rank_key(s) for s in asp]
        assert keys == sorted(keys, reverse=True), (hand, win)
        if asp[0].value != direct[0].value:
            wrong.append((str(hand), win, asp[0].value, direct[0].value))
        # and mjasp.score (the direct engine, best candidate only) picks the same Score
        best = mjasp.score(hand, win, rules=RULES)
        if best != direct[0]:
            wrong.append((str(hand), win, "mjasp.score", best, direct[0].value))
    assert wrong == []


@pytest.mark.parametrize("wins", [pytest.param(BOUNDARY_WINS, marks=pytest.mark.slow), 300])
def test_engines_agree_on_boundary_wins(wins: int) -> None:
    # wins a tile, a block or a meld away from a rule's edge (the nine gates tiles with a
    # closed kan, a pinfu shape opened by a chi, ...): the ASP engine, the direct engine and
    # mjasp.score pick equal values (the contributors' loop on the first 300, CI on all)
    program = scoring_asp.shared_program(RULES)
    wrong: list[tuple[object, ...]] = []
    for hand, win in boundary_wins(wins, seed=2027):
        check_win(hand, win, RULES)
        asp = program.ranked(hand, win)[0][1]
        direct = max(scoring_direct.candidates(hand, win, RULES), key=rank_key)
        best = mjasp.score(hand, win, rules=RULES)
        if not asp.value == direct.value == best.value:
            wrong.append((str(hand), win, asp.value, direct.value, best.value))
    assert wrong == []


@pytest.mark.parametrize("wins", [pytest.param(1000, marks=pytest.mark.slow), 100])
def test_candidate_values_agree(wins: int) -> None:
    # every candidate, not only the best: the same multiset of values from both engines
    for hand, win in random_wins(wins, seed=99):
        asp = sorted(s.value for s in scoring_asp.candidates(hand, win, RULES))
        direct = sorted(s.value for s in scoring_direct.candidates(hand, win, RULES))
        assert asp == direct, (hand, win)


def test_programs_by_indicator_count_agree_with_the_full_one() -> None:
    # mjasp.score grounds one program per number of dora and ura indicators (fewer slots,
    # a smaller program); the program with every slot must give the same candidates, and
    # the grouped inputs (assumed true, the rest false by propagation) the same as assuming
    # every input (the files' path)
    full = scoring_asp.shared_program(RULES)
    for hand, win in random_wins(300, seed=5):
        slots = (len(win.dora_indicators), len(win.ura_indicators))
        assert slots != (5, 5)  # a smaller program is compared
        smaller = scoring_asp.shared_program(RULES, slots)
        exact = [(c, s.value) for c, s in smaller.ranked(hand, win)]
        assert exact == [(c, s.value) for c, s in full.ranked(hand, win)], (hand, win)
    files_path = scoring_asp.ScoringProgram(RULES)
    files_path.situation_in_files = True  # every situation input assumed false ...
    hand, win = random_wins(1, seed=6)[0]
    # ... so the situation must come as facts: none here, so no winning tile, no candidate
    assert files_path.ranked(hand, win) == []


def _tenhou_rows() -> list[dict[str, Any]]:
    data = shared_data("tenhou_wins_2011.jsonl")  # skips visibly; fails under CI
    return [json.loads(line) for line in data.read_text().splitlines() if line.strip()]


@pytest.mark.slow
def test_tenhou_wins_through_asp() -> None:
    rows = _tenhou_rows()
    assert len(rows) == 1963
    wrong = []
    for row in rows:
        w = row["win"]
        win = mjasp.Win(tile=w["tile"], tsumo=w["tsumo"], seat_wind=w["seat_wind"],
                        round_wind=w["round_wind"], dora_indicators=tuple(w["dora_indicators"]),
                        ura_indicators=tuple(w["ura_indicators"]), riichi=w["riichi"],
                        honba=w["honba"], riichi_sticks=w["riichi_sticks"])
        s = mjasp.score(row["hand"], win, solver="asp")
        got = {"points": s.points, "han": s.han, "fu": s.fu,
               "yaku": {str(i.yaku.tenhou_id): i.han for i in s.yaku}}
        if got != row["expected"]:
            wrong.append((row["source"], row["hand"], row["expected"], got))
    assert wrong == []


EXAMPLES = HERE.parents[1] / "examples" / "scoring"


def test_score_file_example_prints_its_expected_output() -> None:
    example = EXAMPLES / "red_dragon_tsumo.lp"
    result = CliRunner().invoke(main, ["score", str(example)])
    assert result.exit_code == 0, result.output
    assert result.output == example.with_suffix(".expected").read_text()


def test_score_file_json_lists_every_candidate(tmp_path: Path) -> None:
    # 111222333m45677p, dealer's tsumo on 7p (tanki either way: 456p is complete):
    # 111m 222m 333m: menzen tsumo 1 + sanankou 2 = 3 han, fu 20 + tsumo 2 + tanki 2 +
    # closed terminal triplet 8 + two closed simple triplets 4 + 4 = 40: 40 * 2^5 = 1280,
    # 2 * 1280 = 2560 -> 2600 from each of three: 7800.
    # 123m x3: menzen tsumo 1 + iipeikou 1 = 2 han, fu 20 + 2 + 2 = 24 -> 30: 30 * 2^4 =
    # 480, 960 -> 1000 each: 3000.
    win = tmp_path / "win.lp"
    win.write_text('hand("111222333m45677p"). win_tile("7p"). tsumo.')
    result = CliRunner().invoke(main, ["score", str(win), "--all", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["solver"] == "asp"
    assert [c["points"] for c in data["candidates"]] == [7800, 3000]


def test_score_file_counts_each_indicator_once(tmp_path: Path) -> None:
    # 123m 456p 789s 88m + pon 777z, ron on 3m (penchan), South seat, indicator 7m: 8m is
    # dora, held twice. Chun 1 + dora 2 = 3 han; fu 20 + penchan 2 + open honor triplet 4
    # = 26 -> 30; a non-dealer's ron 4 * 30 * 2^5 = 3840 -> 3900.
    win = tmp_path / "win.lp"
    win.write_text('hand("123m456p789s88m [777z]"). win_tile("3m"). seat_wind(s). '
                   'dora_indicator("7m").')
    result = CliRunner().invoke(main, ["score", str(win), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["points"], data["han"], data["fu"]) == (3900, 3, 30)
    assert [(y["id"], y["han"]) for y in data["yaku"]] == [(20, 1), (52, 2)]


@pytest.mark.parametrize(("facts", "message"), [
    ('hand("123m").', "no win_tile/1 fact"),
    ('hand("05m678p678s [234p] [777z]"). win_tile(8).', "win_tile(8): bad argument"),
    ('hand("123m456p789s11z [777z]"). win_tile("1z"). riichi(1).', "riichi needs a closed"),
    ('hand("123m456p789s1122z"). win_tile("1z"). p(', "syntax error"),
])
def test_score_file_errors_are_one_line(tmp_path: Path, facts: str, message: str) -> None:
    win = tmp_path / "win.lp"
    win.write_text(facts)
    result = CliRunner().invoke(main, ["score", str(win)])
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1


def test_score_file_refuses_situation_options() -> None:
    result = CliRunner().invoke(main, ["score", str(EXAMPLES / "red_dragon_tsumo.lp"),
                                       "--win", "8s"])
    assert result.exit_code == 2 and "situation is its facts" in result.output


def test_a_variant_file_changes_the_rules() -> None:
    # open_tanyao.lp (worked in its comment): tanyao 1 han 30 fu, 1000 by ron; the variant
    # no_open_tanyao.lp removes tanyao from an open hand, which leaves no yaku
    example = str(EXAMPLES / "open_tanyao.lp")
    variant = str(EXAMPLES / "variants" / "no_open_tanyao.lp")
    plain = CliRunner().invoke(main, ["score", example, "--json"])
    assert plain.exit_code == 0, plain.output
    assert json.loads(plain.output)["points"] == 1000
    strict = CliRunner().invoke(main, ["score", example, variant, "--json"])
    assert strict.exit_code == 0, strict.output
    data = json.loads(strict.output)
    assert (data["points"], data["yaku"]) == (0, [])
    assert data["reason"].startswith("no yaku")
