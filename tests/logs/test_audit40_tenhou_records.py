"""Real Tenhou records: a three-player game, and the tenhou.net/6 JSON Tenhou exports.

- ``peer_records/tenhou-3p-2014091101gm-00b9-0000-5ca6b487.mjlog``: a whole three-player
  phoenix-room game (lobby type 185, 三鳳南喰赤) as Tenhou logged it (MahjongLM's test
  fixtures, MIT: ``peer_records/LICENSE.MahjongLM``). Every ``<AGARI>`` and
  ``<RYUUKYOKU>`` carries what Tenhou paid; the expected counts below are read from the
  XML by ``xml.etree``.
- Where a call's letter stands in a tenhou.net/6 draw column says whom it was called
  from: first the seat on the left, in the middle the seat across, last the seat on the
  right. Tenhou keeps the four seats of the table with three players (the fourth, North,
  empty), and so does its JSON export: seat 2 (West) has seat 0 (East) across from it,
  not on its right. The real record 2025020508gm-00b9-0000-79ddbd9d (Tenhou's export, kept
  in Lawrencelea/Mortal_Sanma's template_log/) has, in South 2, seat 2 pon seat 0's 3p
  written ``23p2323``; tensoul writes Mahjong Soul's three-player games the same way (its
  ``relativeseating`` counts four seats, https://github.com/Equim-chan/tensoul
  convert.js). An mjlog meld code says the same thing in its two low bits: the
  discarder's offset from the caller counted round all four seats (1 right, 2 across,
  3 left). mjasp read seat 2's middle place as seat 1, and refused the record ("seat 2
  calls 23p2323 where a draw was due"); its writer put those calls on the right.
- Tenhou's current JSON export (``/5/mjlog2json.cgi``, what mjai-reviewer and Mortal's
  tools download) writes ``"ratingc": "PF4"`` (``"PF3"``) and the red fives as
  ``rule.aka51``-``aka53``, as tensoul does for Mahjong Soul, with ``ref`` its log id:
  mjai-reviewer's test records ``ranked_game.json`` (``"ref":
  "2019050417gm-0029-0000-4f2a8622"``, ``"disp": "特南喰赤"``) and ``suukantsu_1.json``
  (``"ref": "2020020316gm-0001-0000-7b22ddf5"``) and the Mortal_Sanma logs above are such.
  mjasp took those marks for Mahjong Soul's and scored Tenhou's games under Mahjong
  Soul's rules (double yakuman, liability for the yakuman's part only).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import mjasp.logs as logs

RECORD = Path(__file__).parent / "peer_records" / "tenhou-3p-2014091101gm-00b9-0000-5ca6b487.mjlog"


def test_a_real_three_player_game_replays_and_scores_as_recorded() -> None:
    root = ET.parse(RECORD).getroot()
    rounds = len(root.findall("INIT"))
    wins = len(root.findall("AGARI"))
    assert (rounds, wins) == (11, 8)
    game = logs.read(RECORD)
    assert (game.players, game.rules.name) == (3, "tenhou-3p")
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert (checked.rounds_agree, checked.wins_agree, len(checked.wins)) == (rounds, wins, wins)


def _calls_in_mjlog(root: ET.Element) -> list[list[tuple[int, int]]]:
    """Per round, every pon and open kan as (caller, offset of the discarder counted round
    four seats), from the meld codes (chi 0x4, pon 0x8, added kan 0x10, north 0x20; a
    code with none of these is a kan, open when its offset is not 0)."""
    out: list[list[tuple[int, int]]] = []
    for el in root:
        if el.tag == "INIT":
            out.append([])
        elif el.tag == "N":
            m = int(el.get("m", "0"))
            if m & 0x8 or (not m & 0x3C and m & 3):
                out[-1].append((int(el.get("who", "0")), m & 3))
    return out


def _calls_in_tenhou6(data: dict[str, object]) -> list[list[tuple[int, int]]]:
    """Per round, every pon and open kan of the draw columns as (caller, four-seat offset
    its letter's place names: first 3, middle 2, last 1), in the mjlog's order."""
    out: list[list[tuple[int, int]]] = []
    log = data["log"]
    assert isinstance(log, list)
    for row in log:
        calls: list[tuple[int, int, int]] = []
        for seat in range(4):
            for i, take in enumerate(row[5 + 3 * seat]):
                if isinstance(take, str) and ("p" in take or "m" in take):
                    at = take.index("p" if "p" in take else "m")
                    place = 3 if at == 0 else (1 if at == len(take) - 3 else 2)
                    calls.append((i, seat, place))
        out.append([(seat, place) for _, seat, place in calls])
    return out


def test_tenhou6_writes_a_three_player_call_where_the_table_puts_it() -> None:
    root = ET.parse(RECORD).getroot()
    data = logs.write_tenhou6(logs.read(RECORD))
    want = _calls_in_mjlog(root)
    # seat 2 pons seat 0's tiles: across (offset 2), not on its right; seat 1 calls from
    # seat 0 (on its left), seat 0 from seat 1 (on its right)
    assert sorted({c for r in want for c in r}) == [(0, 1), (1, 3), (2, 2), (2, 3)]
    got = _calls_in_tenhou6(data)
    assert [sorted(r) for r in got] == [sorted(r) for r in want]
    # and the log reads back to the same calls and results
    again = logs.read_tenhou6(json.dumps(data, ensure_ascii=False), "again.json")
    checked = logs.check_game(again)
    assert [str(m) for m in checked.mismatches] == []
    assert checked.wins_agree == 8
    first = logs.read(RECORD)
    for a, b in zip(first.rounds, again.rounds, strict=True):
        assert [(e.who, e.tile, e.target) for e in a.events if e.kind == "pon"] == \
            [(e.who, e.tile, e.target) for e in b.events if e.kind == "pon"]


# East 1 of a three-player Tenhou game (built by hand in the shape of Tenhou's export):
# the dealer draws 4s and lets Chun go; seat 2 pons it from across (``47p4747``) and
# lets 2s go; the dealer draws 5s and deals 1s into seat 2's 123456789p 1s tanki. Chun
# and an open straight (1 + 1 han, https://riichi.wiki/Ikkitsuukan: 1 han open), 20 +
# 4 (an open honor triplet) + 2 (a single wait) = 26 -> 30 fu: a non-dealer's 2000
# (https://riichi.wiki/Japanese_mahjong_scoring_rules), all from the dealer.
ACROSS = {
    "title": ["", ""], "name": ["A", "B", "C", ""], "rule": {"disp": "三鳳南喰赤", "aka": 1},
    "log": [[[0, 0, 0], [35000, 35000, 35000, 0], [41], [],
             [11, 11, 19, 19, 31, 33, 41, 42, 43, 44, 45, 46, 47], [34, 35], [47, 31],
             [19, 21, 21, 22, 22, 33, 33, 34, 36, 37, 38, 39, 46], [], [],
             [21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 47, 47], ["47p4747"], [32],
             [], [], [],
             ["和了", [-2000, 0, 2000, 0],
              [2, 0, 2, "30符2飜2000点", "役牌 中(1飜)", "一気通貫(1飜)"]]]]}


def test_tenhou6_reads_a_three_player_call_from_across() -> None:
    game = logs.read_tenhou6(json.dumps(ACROSS, ensure_ascii=False), "across.json")
    pons = [(e.who, e.tile, e.target) for e in game.rounds[0].events if e.kind == "pon"]
    assert pons == [(2, 33, 0)]  # Chun, from seat 0
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert [(w.score.points, w.score.han, w.score.fu, w.deltas) for w in checked.wins] == [
        (2000, 2, 30, (-2000, 0, 2000))]


def _export(ref: str, disp: str) -> dict[str, object]:
    """East 1 (built by hand) in the shape of Tenhou's JSON export: ``ver``, ``ref``,
    ``ratingc``, red fives as ``aka51``-``aka53``. The dealer draws North and lets 1s go;
    seat 1 holds 111m 999m 222p 888p 1s and wins on it: four concealed triplets with a
    single wait. Tenhou counts it one yakuman (its yaku list has 四暗刻単騎, a yakuman,
    and no double yakuman: https://tenhou.net/man/#YAKU), a non-dealer's 32000 by ron;
    Mahjong Soul counts it double (64000)."""
    return {"ver": 2.3, "ref": ref, "ratingc": "PF4",
            "rule": {"disp": disp, "aka53": 1, "aka52": 1, "aka51": 1},
            "name": ["A", "B", "C", "D"],
            "log": [[[0, 0, 0], [25000] * 4, [45], [],
                     [12, 13, 14, 15, 16, 17, 25, 26, 27, 31, 32, 33, 41], [44], [31],
                     [11, 11, 11, 19, 19, 19, 22, 22, 22, 28, 28, 28, 31], [], [],
                     [12, 13, 14, 15, 16, 17, 25, 26, 27, 32, 33, 34, 42], [], [],
                     [12, 13, 14, 15, 16, 17, 25, 26, 27, 35, 36, 37, 43], [], [],
                     ["和了", [-32000, 32000, 0, 0],
                      [1, 0, 1, "役満32000点", "四暗刻単騎(役満)"]]]]}


def test_tenhou_json_export_is_read_under_tenhou_rules() -> None:
    game = logs.read_tenhou6(_export("2020020316gm-0001-0000-7b22ddf5", "四鳳南喰赤"), "t.json")
    assert game.rules.name == "tenhou"
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert [(w.score.points, w.deltas) for w in checked.wins] == [(32000, (-32000, 32000, 0, 0))]
    # tensoul's record of a Mahjong Soul game (its ref a Mahjong Soul game id) stays
    # Mahjong Soul's: the same hand is a double yakuman there
    soul = logs.read_tenhou6(_export("200417-e2a6e2ff-8b7a-4d61-bd53-29f0cbd1a0e4",
                                     "玉の間南喰赤"), "s.json")
    assert soul.rules.name == "mahjongsoul"
    assert [(m.what, m.log, m.mjasp) for m in logs.check_game(soul).mismatches][:1] == [
        ("seat 1 win: points", 32000, 64000)]
