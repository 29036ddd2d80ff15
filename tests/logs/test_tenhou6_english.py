"""tenhou.net/6 logs converted from Mahjong Soul by tensoul with its English option
(https://github.com/Equim-chan/tensoul, convert.js: ``RUNES`` and the game data's
``name_en``): yaku as ``Riichi(1飜)``, a wind yaku as ``Seat Wind`` / ``Prevalent Wind``
without its wind, the point text as ``50Fu2Han3200点``, abortive draws as ``Nine Terminal
Abortion``, the room as ``Gold Room South``. Such a log reads as the same log written
with Tenhou's Japanese names."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

import mjasp.logs as logs
from mjasp.core.errors import MjaspError
from mjasp.logs.model import DrawRecord, WinRecord
from mjasp.logs.tenhou6 import code
from tests.logs.mjlog_records import kinds


def _codes(text: str) -> list[int]:
    return [code(k) for k in kinds(text)]


# E1 0 honba: the dealer (seat 0) has 11 kinds of terminals and honours after its first
# draw (5z) and aborts. E1 1 honba: the dealer draws 4z and discards it, seats 1-3 draw
# and discard at once, the dealer draws 9s and discards it: seat 1 (South, in the East
# round) rons it, waiting on 9s alone with East and South closed triplets.
# Seat 1's hand: East (the round's wind) 1 han + South (its seat's wind) 1 han = 2 han;
# fu 20 + closed ron 10 + two closed honour triplets 8 + 8 + single wait 2 = 48 -> 50.
# 50 fu 2 han, a non-dealer's ron: 50 * 2**4 * 4 = 3200 -> 3200, + 300 for one honba.
HANDS = ["2468m2468p2468s3z", "111z222z234m567p9s", "3579m3579p3579s6z",
         "19m19p18s344z5567z"]
ABORT_HAND = "19m19p19s1234z58m"


def _round(number: tuple[int, int, int], hands: Sequence[str],
           takes: Sequence[Sequence[object]], drops: Sequence[Sequence[object]],
           result: Sequence[object]) -> list[object]:
    row: list[object] = [list(number), [25000] * 4, _codes("9p"), []]
    for p in range(4):
        row += [_codes(hands[p]), list(takes[p]), list(drops[p])]
    row.append(list(result))
    return row


def _log(english: bool) -> dict[str, object]:
    """The two rounds, as tensoul writes them in Japanese (Tenhou's viewer's names) or
    with its English option."""
    if english:
        abort: list[object] = ["Nine Terminal Abortion"]
        win = [1, 0, 1, "50Fu2Han3200点", "Seat Wind(1飜)", "Prevalent Wind(1飜)"]
        disp = "Gold Room South"
    else:
        abort = ["九種九牌"]
        win = [1, 0, 1, "50符2飜3200点", "自風 南(1飜)", "場風 東(1飜)"]
        disp = "金の間南喰赤"
    first = _round((0, 0, 0), [ABORT_HAND, *HANDS[1:]], [_codes("5z"), [], [], []],
                   [[], [], [], []], abort)
    second = _round((0, 1, 0), HANDS, [_codes("4z9s"), _codes("7z"), _codes("8m"),
                                       _codes("8p")],
                    [[60, 60], [60], [60], [60]], ["和了", [-3500, 3500, 0, 0], win])
    return {"ver": "2.3", "title": [disp, ""], "name": ["A", "B", "C", "D"], "ratingc": "PF4",
            "rule": {"disp": disp, "aka53": 1, "aka52": 1, "aka51": 1},
            "log": [first, second], "sc": [21500, -13.5, 28500, 18.5, 25000, -5.0, 25000, 0.0]}


def test_an_english_tensoul_log_reads_as_the_japanese_one() -> None:
    japanese = logs.read_tenhou6(json.dumps(_log(False), ensure_ascii=False), "jp.json")
    english = logs.read_tenhou6(json.dumps(_log(True), ensure_ascii=False), "en.json")
    assert english.rules == japanese.rules
    assert english.rules.name == "mahjongsoul"
    # East-South: the lobby bits say a south game (0x08) in both
    assert english.lobby_type == japanese.lobby_type
    assert english.lobby_type is not None and english.lobby_type & 0x08
    assert english.rounds == japanese.rounds
    checked = [logs.check_game(g) for g in (japanese, english)]
    for found in checked:
        assert [str(m) for m in found.mismatches] == []
    [jp_win], [en_win] = (c.wins for c in checked)
    assert (en_win.score.points, en_win.score.fu, en_win.score.han, en_win.deltas) == (
        3200, 50, 2, (-3500, 3500, 0, 0))
    assert (en_win.score.points, en_win.deltas) == (jp_win.score.points, jp_win.deltas)
    # the yaku as Tenhou numbers them: 11 South seat wind, 14 East round wind
    win = english.rounds[1].events[-1].record
    assert isinstance(win, WinRecord) and win.yaku is not None
    assert sorted(win.yaku) == [(11, 1), (14, 1)]
    draw = english.rounds[0].events[-1].record
    assert isinstance(draw, DrawRecord) and draw.reason == "nine_terminals"


@pytest.mark.parametrize(("disp", "south"), [
    ("Gold Room South", True), ("Jade Room East", False), ("Throne Room South", True),
    ("Friendly East No Red Fives", False), ("Tournament South", True)])
def test_english_room_names(disp: str, south: bool) -> None:
    data = _log(True)
    data["rule"] = {"disp": disp, "aka53": 1, "aka52": 1, "aka51": 1}
    game = logs.read_tenhou6(json.dumps(data, ensure_ascii=False))
    assert game.lobby_type is not None and bool(game.lobby_type & 0x08) is south
    assert game.rules.name == "mahjongsoul"


def test_a_ranked_english_room_alone_says_mahjong_soul() -> None:
    # no ratingc and Tenhou's one "aka": the room's English name is the only mark
    data = _log(True)
    del data["ratingc"]
    data["rule"] = {"disp": "Jade Room South", "aka": 1}
    assert logs.read_tenhou6(json.dumps(data, ensure_ascii=False)).rules.name == "mahjongsoul"


def test_an_unknown_english_name_is_one_error() -> None:
    data = _log(True)
    data["log"][1][-1][2][4] = "Seat Breeze(1飜)"  # type: ignore[index]
    with pytest.raises(MjaspError, match="unknown yaku 'Seat Breeze'"):
        logs.read_tenhou6(json.dumps(data, ensure_ascii=False), "bad.json")


def _yaku_read(name: str) -> list[tuple[int, int]]:
    """The yaku read from the Japanese log with its South seat wind written ``name``."""
    log = _log(False)
    log["log"][1][-1][2][4] = f"{name}(1飜)"  # type: ignore[index]
    win = logs.read_tenhou6(json.dumps(log, ensure_ascii=False)).rounds[1].events[-1].record
    assert isinstance(win, WinRecord) and win.yaku is not None
    return sorted(win.yaku)


@pytest.mark.parametrize(("soul", "tenhou"), [
    ("ダブル立直", "両立直"), ("国士無双十三面待ち", "国士無双１３面"),
    ("Double Riichi", "両立直"), ("Thirteen-wait Thirteen Orphans", "国士無双１３面"),
    ("All Terminals", "清老頭"), ("All Terminals and Honors", "混老頭"),
    ("Fully Concealed Hand", "門前清自摸和"), ("Red Five", "赤ドラ"),
    ("役牌:自風牌", "自風 南"), ("役牌:場風牌", "場風 東")])
def test_mahjong_soul_names_are_tenhou_yaku(soul: str, tenhou: str) -> None:
    # tensoul writes Mahjong Soul's own names (its Japanese ones by default, the English
    # ones with its English option); each is the yaku Tenhou's viewer names ``tenhou``
    # (the seat wind of seat 1 in the East round: South; the round's: East)
    assert _yaku_read(soul) == _yaku_read(tenhou)
