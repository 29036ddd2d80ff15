"""Records as other tools and Tenhou's own viewer write them: each case a hand-built
minimal record whose expected values are worked by hand from the rule cited beside it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

import mjasp.logs as logs
from tests.conftest import shared_data
from tests.logs.mjlog_records import Record
from tests.logs.test_audit_settlements import (
    DEALER_TENPAI,
    NAGASHI_CHANGE,
    _exhaustive,
    _kyuushu,
    _nagashi_record,
    _ryuukyoku,
    triple_ron_record,
)

# E1, dealer seat 0. Seat 1 holds 123m 456p 789s 333z 9p (the West triplet no yakuhai for
# South's seat in an East round), declares riichi on its first discard (4z) with no call
# before it: double riichi. Seat 0 deals 9p on its next discard, within the go-around:
# ippatsu. Fu: 20 + 10 (closed ron) + 8 (concealed honor triplet) + 2 (single wait) = 40;
# 3 han 40 fu by a non-dealer: 40 * 2**5 * 4 = 5120, rounded up to 5200, plus the winner's
# own riichi stick. Dora 5z (indicator 7z), ura 5z (indicator 7z): the hand holds none, so
# Tenhou's viewer lists no ura dora: its log of a riichi win without ura names only the
# yaku of one han or more (mjx-project/mjx, mjconvert/.../mjscore/
# 2010102910gm-00a9-0000-cdb9804c.json, the same game as the shared mjlog, whose <AGARI>
# lists "53,0": ["和了",[4900,0,0,-3900],[0,3,0,"40符2飜3900点","立直(1飜)","赤ドラ(1飜)"]]).
URA_NONE: dict[str, Any] = {
    "title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "鳳南喰赤", "aka": 1},
    "log": [[[0, 0, 0], [25000] * 4, [47], [47],
             [11, 14, 17, 22, 25, 28, 33, 36, 39, 41, 42, 45, 46], [47, 19], [60, 60],
             [11, 12, 13, 24, 25, 26, 37, 38, 39, 43, 43, 43, 19], [44], ["r44"],
             [15, 18, 21, 23, 27, 29, 31, 34, 35, 42, 44, 46, 16], [32], [60],
             [12, 14, 16, 22, 24, 26, 28, 32, 34, 36, 38, 41, 42], [33], [60],
             ["和了", [-5200, 6200, 0, 0],
              [1, 0, 1, "40符3飜5200点", "両立直(2飜)", "一発(1飜)"]]]]}


def test_a_riichi_win_without_ura_dora_as_tenhous_viewer_writes_it_agrees() -> None:
    checked = logs.check_game(logs.read_tenhou6(json.dumps(URA_NONE), "ura.json"))
    assert [str(m) for m in checked.mismatches] == []
    assert [w.deltas for w in checked.wins] == [(-5200, 6200, 0, 0)]
    assert [(w.score.han, w.score.fu, w.score.points) for w in checked.wins] == [(3, 40, 5200)]


def test_the_writer_lists_no_ura_dora_of_no_han_as_tenhous_viewer() -> None:
    # the first win of the shared game above: Tenhou's mjlog lists "53,0", its viewer's
    # log (quoted above) only 立直 and 赤ドラ
    game = logs.read(shared_data("logs/2010102910gm-00a9-0000-cdb9804c.mjlog"))
    first = logs.write_tenhou6(game)["log"][0][-1]
    assert first[0] == "和了" and first[2][4:] == ["立直(1飜)", "赤ドラ(1飜)"]
    assert logs.check_game(logs.read_tenhou6(logs.write_tenhou6(game))).mismatches == []


def _final(sc: Sequence[float]) -> logs.GameCheck:
    return logs.check_game(logs.read_tenhou6(json.dumps({**URA_NONE, "sc": sc}), "sc.json"))


def test_final_scores_in_points_as_the_mahjong_soul_converters_write_them() -> None:
    # After the round above: seat 0 25000 - 5200, seat 1 25000 - 1000 (its riichi stick)
    # + 6200. Tenhou writes "sc" in hundreds, as an mjlog's owari; tensoul (Mahjong Soul
    # to tenhou.net/6, Equim-chan/tensoul convert.js: ``res["sc"][2 * seat] =
    # part_point_1``, the points) and the record it produced in mjai-reviewer's test data
    # (convlog/src/tests/testdata/suukantsu_1.json: "sc":[38000,18,29000,-11,...]) in points.
    hundreds = [198, -30.0, 302, 40.0, 250, 5.0, 250, -15.0]
    points = [19800, -30, 30200, 40, 25000, 5, 25000, -15]
    for sc in (hundreds, points):
        checked = _final(sc)
        assert [str(m) for m in checked.mismatches] == []
    # a final score that the play does not give is still reported, in either unit (in
    # points off the table's total they are read as hundreds: then the uma and oka of
    # those scores differ too)
    assert [m.what for m in _final([198, -30, 303, 40, 250, 5, 250, -15]).mismatches] == [
        "final scores"]
    assert [m.what for m in _final([19800, -30, 30300, 40, 25000, 5, 25000, -15]).mismatches
            ] == ["final scores", "final points (uma and oka)"]


def test_tensouls_names_of_the_abortive_draws() -> None:
    # tensoul (convert.js, RUNES) writes 三家和 for three rons and 四開槓 for four kans,
    # where Tenhou writes 三家和了 and 四槓散了: the same abortive draws, nothing paid.
    six = logs.write_tenhou6(logs.read_mjlog(triple_ron_record(), "ron3.mjlog"))
    assert six["log"][0][-1][0] == "三家和了"
    six["log"][0][-1][0] = "三家和"
    game = logs.read_tenhou6(json.dumps(six, ensure_ascii=False), "ron3.json")
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert [r["deltas"] for r in checked.round_rows] == [[0] * 4] * 2
    ends = [r.events[-1].record for r in game.rounds]
    assert [getattr(e, "reason", None) for e in ends] == ["triple_ron", "nine_terminals"]
    # the nine-terminals round renamed: only the reason is read from the name
    six["log"][1][-1][0] = "四開槓"
    game = logs.read_tenhou6(json.dumps(six, ensure_ascii=False), "kan4.json")
    assert getattr(game.rounds[1].events[-1].record, "reason", None) == "four_kans"


def test_a_game_written_one_round_a_line_as_mjx_keeps_it() -> None:
    # mjx-project/mjx keeps Tenhou's games as "mjscore" files: one tenhou.net/6 object a
    # round, a line each (mjconvert/.../mjscore/2010102910gm-00a9-0000-cdb9804c.json:
    # 11 lines, each {"title","name","rule","log":[one round]}); they are one game
    game = logs.read(shared_data("logs/2010102910gm-00a9-0000-cdb9804c.mjlog"))
    whole = logs.write_tenhou6(game)
    lines = "\n".join(json.dumps({**whole, "log": [row]}, ensure_ascii=False)
                      for row in whole["log"])
    joined = logs.read_bytes(lines.encode(), "mjscore.json")
    assert joined.format == "tenhou6" and len(joined.rounds) == len(game.rounds) == 11
    one = logs.read_tenhou6(json.dumps(whole, ensure_ascii=False), "one.json")
    assert [r.events for r in joined.rounds] == [r.events for r in one.rounds]
    checked = logs.check_game(joined)
    assert [str(m) for m in checked.mismatches] == [] and len(checked.round_rows) == 11
    # anything else after the first value is still not a log
    for text in ('{"log": []} [1]', '{"log": []} {"name": []}'):
        with pytest.raises(logs.LogError, match="not JSON"):
            logs.read_bytes(text.encode(), "x.json")


def test_the_writer_writes_the_points_and_starting_hands_as_tenhous_viewer() -> None:
    # Tenhou's viewer's log of the shared game (mjx-project/mjx, mjconvert/.../mjscore/
    # 2010102910gm-00a9-0000-cdb9804c.json): the point text names fu and han, a tsumo's
    # shares (each non-dealer's, the dealer's; a dealer's tsumo: each payer's, "∀"); the
    # starting hands are sorted, a red five (51) where the five goes
    log = logs.write_tenhou6(logs.read(shared_data(
        "logs/2010102910gm-00a9-0000-cdb9804c.mjlog")))["log"]
    assert [row[-1][2][3] for row in log if row[-1][0] == "和了"] == [
        "40符2飜3900点", "30符3飜2000点∀", "40符3飜5200点", "40符2飜700-1300点",
        "40符2飜2600点", "満貫8000点", "跳満3000-6000点", "30符4飜2000-3900点",
        "30符4飜2000-3900点", "30符3飜3900点"]
    assert log[0][4] == [51, 17, 21, 21, 22, 24, 24, 26, 28, 35, 37, 41, 45]
    assert log[2][7] == [51, 17, 19, 22, 24, 28, 35, 36, 38, 39, 42, 44, 46]
    assert log[7][13] == [15, 15, 16, 17, 17, 32, 32, 34, 35, 53, 37, 39, 43]


# The round above with the ura indicator 2z: ura dora 3z, of which seat 1 holds three.
# 2 + 1 + 3 = 6 han: haneman, 12000 from the discarder, and the winner's own stick.
URA_THREE = {**URA_NONE, "log": [[*URA_NONE["log"][0][:3], [42], *URA_NONE["log"][0][4:16],
                                  ["和了", [-12000, 13000, 0, 0],
                                   [1, 0, 1, "跳満12000点", "両立直(2飜)", "一発(1飜)",
                                    "裏ドラ(3飜)"]]]]}

# gimite/mjai, the first MJAI server, names a draw's reason (lib/mjai/tenhou_archive.rb:
# yao9 kyushukyuhai, kaze4 sufonrenta, reach4 suchareach, ron3 sanchaho, nm
# nagashimangan, kan4 sukaikan, an exhaustive draw fanpai) and writes a win's
# ``uradora_markers`` and ``hora_points`` (Mortal: ``ura_markers``, no points)
_GIMITE = {"exhaustive": "fanpai", "nagashi": "nagashimangan",
           "nine_terminals": "kyushukyuhai", "triple_ron": "sanchaho"}


def _as_gimite(game: logs.Game) -> list[str]:
    lines = []
    for line in logs.mjai_text(game).splitlines():
        e = json.loads(line)
        if e["type"] == "start_game":
            e = {"type": "start_game", "names": e["names"]}
        elif e["type"] == "hora":
            e = {"type": "hora", "actor": e["actor"], "target": e["target"], "pai": e["pai"],
                 "uradora_markers": e["ura_markers"], "hora_points": e["points"],
                 "deltas": e["deltas"], **({"fu": e["fu"]} if "fu" in e else {})}
        elif e["type"] == "ryukyoku":
            e = {"type": "ryukyoku", "reason": _GIMITE[e["reason"]], "deltas": e["deltas"]}
        lines.append(json.dumps(e, ensure_ascii=False))
    return lines


def test_the_first_mjai_servers_names_of_ura_points_and_draws() -> None:
    six = logs.read_tenhou6(json.dumps(URA_THREE, ensure_ascii=False), "ura3.json")
    lines = _as_gimite(six)
    assert '"uradora_markers": ["S"]' in lines[-3] and '"hora_points": 12000' in lines[-3]
    checked = logs.check_game(logs.read_mjai(lines, "ura3.mjson"))
    assert [str(m) for m in checked.mismatches] == []
    assert [(w.score.han, w.score.points, w.deltas) for w in checked.wins] == [
        (6, 12000, (-12000, 13000, 0, 0))]
    # an exhaustive draw with the dealer tenpai (3000 from the three noten seats), the
    # dealer's nine terminals; nagashi mangan; three rons: settled as before
    rec = Record()
    start = [25000] * 4
    rec.new_round(0, 0, 0, 0, start, "9p", DEALER_TENPAI)
    _exhaustive(rec, 0, None)
    _ryuukyoku(rec, "0,0", start, [3000, -1000, -1000, -1000], "")
    _kyuushu(rec, 0, 1, 0, [28000, 24000, 24000, 24000],
             owari="280,38.0,240,4.0,240,-16.0,240,-26.0")
    for data, deltas in ((rec.text(), [[3000, -1000, -1000, -1000], [0] * 4]),
                         (_nagashi_record(), [NAGASHI_CHANGE, [0] * 4]),
                         (triple_ron_record(), [[0] * 4, [0] * 4])):
        gimite = logs.read_mjai(_as_gimite(logs.read_mjlog(data, "x.mjlog")), "x.mjson")
        checked = logs.check_game(gimite)
        assert [str(m) for m in checked.mismatches] == []
        assert [r["deltas"] for r in checked.round_rows] == deltas


def _as_convlog(game: logs.Game, deltas: list[int] | None = None) -> list[str]:
    # an MJAI log as mjai-reviewer's convlog wrote it before its hora had ura_markers
    # (convlog/src/mjai.rs: Hora { actor, target, deltas }): no ura, no points
    lines = []
    for line in logs.mjai_text(game).splitlines():
        e = json.loads(line)
        if e["type"] == "hora":
            e = {"type": "hora", "actor": e["actor"], "target": e["target"],
                 "deltas": deltas or e["deltas"]}
        lines.append(json.dumps(e, ensure_ascii=False))
    return lines


def test_a_riichi_win_whose_log_names_no_ura_indicators() -> None:
    # The ura dora are then unknown: the win agrees when some ura indicator gives the
    # recorded payments (the haneman above: three ura dora, its 3z indicator 2z), and
    # does not when none can (16000 would need 8 han: the hand's most ura dora is 3)
    game = logs.read_tenhou6(json.dumps(URA_THREE, ensure_ascii=False), "ura3.json")
    checked = logs.check_game(logs.read_mjai(_as_convlog(game), "ura3.mjson"))
    assert [str(m) for m in checked.mismatches] == []
    assert [(w.score.han, w.deltas, w.win.ura_indicators) for w in checked.wins] == [
        (6, (-12000, 13000, 0, 0), ("2z",))]
    wrong = logs.read_mjai(_as_convlog(game, [-16000, 17000, 0, 0]), "ura8.mjson")
    assert [m.what for m in logs.check_game(wrong).mismatches] == [
        "seat 1 win: score changes", "score changes"]
    # a log that names its ura indicators (none here: an empty list) is taken at its word
    named = [line.replace('"deltas"', '"ura_markers": [], "deltas"') for line in
             _as_convlog(game)]
    assert logs.check_game(logs.read_mjai(named, "ura0.mjson")).mismatches


# E1. Seat 0 discards 5z; seat 2 (holding two) passes; seat 1 draws and discards 7z,
# which seat 0 pons (from its right) and then discards its second 5z: seat 2 pons that
# one (from across) and deals 5s into seat 3's tanyao tanki (2344456m 345678p 5s): 20 +
# 10 (closed ron) + 2 (single wait) = 32, 40 fu, 1 han: 40 * 2**3 * 4 = 1280, 1300.
# tenhou.net/6 writes seat 2's pon first in its column either way: giving it the first
# 5z leaves seat 1's draw, seat 0's pon and second discard unplayed (mjai-reviewer keeps
# real records of such calls as its "confusing nakis" test data).
PASSED_CALL = {
    "title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "鳳南喰赤", "aka": 1},
    "log": [[[0, 0, 0], [25000] * 4, [41], [],
             [11, 17, 19, 21, 29, 31, 33, 39, 43, 45, 45, 47, 47], [46, "4747p47"], [45, 45],
             [11, 17, 19, 21, 29, 31, 33, 39, 42, 43, 44, 46, 47], [18], [47],
             [45, 45, 18, 22, 29, 32, 34, 35, 38, 42, 43, 44, 47], ["45p4545"], [35],
             [12, 13, 14, 14, 15, 16, 23, 24, 25, 26, 27, 28, 35], [], [],
             ["和了", [0, 0, -1300, 1300], [3, 2, 3, "40符1飜1300点", "断幺九(1飜)"]]]]}


def test_a_call_that_passes_over_the_first_equal_discard() -> None:
    game = logs.read_tenhou6(json.dumps(PASSED_CALL, ensure_ascii=False), "passed.json")
    assert [(e.kind, e.who) for e in game.rounds[0].events] == [
        ("draw", 0), ("discard", 0), ("draw", 1), ("discard", 1), ("pon", 0),
        ("discard", 0), ("pon", 2), ("discard", 2), ("win", 3)]
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert [(w.score.fu, w.score.points, w.deltas) for w in checked.wins] == [
        (40, 1300, (0, 0, -1300, 1300))]
    # a column left unplayed by every reading is an error, not a shorter round
    cut = json.loads(json.dumps(PASSED_CALL))
    cut["log"][0][8] = [18, 33]
    with pytest.raises(logs.LogError, match="columns are not played to their end"):
        logs.read_tenhou6(json.dumps(cut, ensure_ascii=False), "cut.json")
