"""A final score 500 off a thousand: which way Tenhou rounds it, from one of its records.

Tenhou's rule: "終了時の得点は1000点未満を四捨五入" (quoted by
https://riichi.wiki/Tenhou.net_rules): four down, five up. A Tenhou record quoted in the
tests of kobalab's tenhou-log converter (https://github.com/kobalab/tenhou-log,
test/03.convlog.js, the ``owari`` suite) ends so:

    <AGARI ... sc="394,0,202,-39,176,39,228,0" owari="394,49.0,163,-34.0,215,-18.0,228,3.0"/>

Final scores 39400, 16300, 21500, 22800. Worked by hand (25000 to start, 30000 to
return, uma +20 +10 -10 -20, the first takes the rest, https://riichi.wiki/Oka_and_uma):
second 22800: -7.2 -> -7, + 10 = 3.0; third 21500: -8.5 -> -8 (five up), - 10 = -18.0;
fourth 16300: -13.7 -> -14, - 20 = -34.0; first 34 + 18 - 3 = 49.0. Rounding -8.5 down
would give -19.0 and 50.0, which the record does not. Before, mjasp accepted both.
"""

from __future__ import annotations

import mjasp.logs as logs
from mjasp.logs.check import end_points
from mjasp.logs.model import Game, Round
from tests.logs.mjlog_records import Record
from tests.logs.test_audit_settlements import _kyuushu

RECORD_SCORES = [39400, 16300, 21500, 22800]
RECORD_RESULTS = (49, -34, -18, 3)


def _game() -> Game:
    return Game("x", "mjlog", 4, None,
                rounds=[Round(0, 0, 0, 0, 0, (25000,) * 4, 0, ())])


def test_the_records_results_are_the_only_ones() -> None:
    assert end_points(_game(), RECORD_SCORES) == [RECORD_RESULTS]


def _ended(owari: str) -> bytes:
    # one round, aborted by its dealer at once (nine terminals), the scores as they stand
    rec = Record()
    _kyuushu(rec, 0, 0, 0, RECORD_SCORES, owari=owari)
    return rec.text()


def test_an_owari_rounding_five_down_is_a_mismatch() -> None:
    right = ",".join(f"{s // 100},{p}.0" for s, p in zip(RECORD_SCORES, RECORD_RESULTS,
                                                          strict=True))
    assert logs.check_game(logs.read_mjlog(_ended(right), "end.mjlog")).mismatches == []
    wrong = "394,50.0,163,-34.0,215,-19.0,228,3.0"
    found = logs.check_game(logs.read_mjlog(_ended(wrong), "end.mjlog")).mismatches
    assert [(m.what, m.log, m.mjasp) for m in found] == [
        ("final points (uma and oka)", [50.0, -34.0, -19.0, 3.0], [49, -34, -18, 3])]


def test_a_score_below_zero_500_off_a_thousand_stays_undecided() -> None:
    # second 33000: 3 + 10 = 13; third 27500: -2.5 -> -2 (five up), - 10 = -12; fourth
    # -1500: -31.5 -> -31 or -32 (no record at hand says which), - 20; the first the rest
    assert end_points(_game(), [41000, 33000, 27500, -1500]) == [
        (50, 13, -12, -51), (51, 13, -12, -52)]


# Tenhou's phoenix-room result lists (https://tenhou.net/sc/raw/, the ``scc`` files, as
# quoted in the test data of public Tenhou log downloaders) give tenths since Tenhou
# stopped rounding: "百野さん(+53.8) ジミー(+10.5) tk-benzo(-18.7) 紫の鏡(-45.6)" (game
# 2022121923gm-00a9-0000-848364ac). Worked back by the rule, each seat but the first
# from its own result: 2nd 10.5 - 10 = 0.5 -> 30500; 3rd -18.7 + 10 = -8.7 -> 21300;
# 4th -45.6 + 20 = -25.6 -> 4400; the first holds the rest, 100000 - 56200 = 43800, whose
# own (43800 - 30000) / 1000 + 20 + 20 = 53.8 is the listed result. The seats here are
# the listing's order.
MODERN_SCORES = [43800, 30500, 21300, 4400]
MODERN_RESULTS = (53.8, 10.5, -18.7, -45.6)


def test_a_modern_tenhou_result_in_tenths_agrees() -> None:
    assert end_points(_game(), MODERN_SCORES, rounded=False) == [MODERN_RESULTS]
    rec = Record()
    owari = ",".join(f"{s // 100},{p}" for s, p in zip(MODERN_SCORES, MODERN_RESULTS,
                                                       strict=True))
    _kyuushu(rec, 0, 0, 0, MODERN_SCORES, owari=owari)
    game = logs.read_mjlog(rec.text(), "2022121923gm.mjlog")
    assert game.final_points == MODERN_RESULTS
    # before, mjasp wanted the rounded (54, 11, -19, -46) and reported a mismatch
    assert logs.check_game(game).mismatches == []
    # results in tenths off by one tenth are still a mismatch
    rec = Record()
    _kyuushu(rec, 0, 0, 0, MODERN_SCORES, owari=owari.replace("10.5", "10.6"))
    found = logs.check_game(logs.read_mjlog(rec.text(), "x.mjlog")).mismatches
    assert [m.what for m in found] == ["final points (uma and oka)"]
