"""Game-record cases the shared logs lack, round 3: each expected value worked by hand
from the rule cited beside it (or from Tenhou's own record where one was found).

The mjlog records are written by ``tests.logs.mjlog_records`` and the hand-built rounds
of ``tests.logs.test_audit_settlements`` (reused, not copied); each is read back through
tenhou.net/6 and MJAI as well.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

from click.testing import CliRunner

import mjasp.logs as logs
from mjasp.cli import main
from mjasp.logs.tenhou6 import code
from mjasp.rules import RULES
from tests.logs.mjlog_records import Record, kinds, sc
from tests.logs.test_audit_settlements import _checked, _daisangen, _exhaustive, _kyuushu


def _pao_ron_with_a_honba() -> bytes:
    # E1 with one honba: seat 1 (non-dealer) wins daisangen by ron on seat 3's 9s; seat 2
    # fed the third dragon set (liable). 32000: half from the discarder, half from the
    # liable player, who also pays the honba (300): seat 1 +32300, seat 2 -16300, seat 3
    # -16000. A non-dealer won: E2 follows with no honba.
    rec = Record()
    concealed, codes = _daisangen(rec, "556677z234p9s19m1s", honba=1)
    rec.turn(2, "8s")
    win = rec.take("9s")
    rec.draw(3, win)
    rec.discard(3, win)
    hai = ",".join(map(str, sorted([*concealed, win])))
    rec.tag(f'<AGARI ba="1,0" hai="{hai}" m="{",".join(map(str, codes))}" machi="{win}" '
            f'ten="40,32000,5" yakuman="39" doraHai="{rec.dora_id}" who="1" fromWho="3" '
            f'paoWho="2" sc="{sc([25000] * 4, PAO_RON_CHANGE)}"/>')
    end = [25000, 57300, 8700, 9000]
    _kyuushu(rec, 1, 0, 0, end, owari="250,5.0,573,67.0,87,-41.0,90,-31.0")
    return rec.text()


PAO_RON_CHANGE = [0, 32300, -16300, -16000]


def test_the_liable_player_pays_the_honba_of_a_ron_on_tenhou() -> None:
    # Tenhou's own record of a daisangen ron with one honba, as kobalab's converter quotes
    # it in its tests (https://github.com/kobalab/tenhou-log, test/03.convlog.js, "役満パオ"):
    # <AGARI ba="1,0" ... ten="40,32000,5" yakuman="39" who="0" fromWho="2" paoWho="1"
    # sc="404,323,125,-163,155,-160,316,0"/>: the winner +32300, the liable seat -16300,
    # the discarder -16000. Sources disagree elsewhere (riichi.wiki's "Sekinin barai"
    # page, as mirrored in MahjongRepository/mahjong_wiki, has the discarder pay half
    # "including any extra points for honba"); Tenhou's record decides.
    for checked in _checked(_pao_ron_with_a_honba()):
        assert [w.deltas for w in checked.wins] == [tuple(PAO_RON_CHANGE)]
        assert [w.win.honba for w in checked.wins] == [1]


def test_the_liable_player_pays_the_honba_of_a_ron_on_mahjong_soul() -> None:
    # Mahjong Soul's ranked-game rules (https://mahjongsoul.com/?newsid=60c8610c2ac863186fdbebd4,
    # quoted in https://gist.github.com/Cryolite/a026f41713f6a7ca88713737f5c2cfb6):
    # "包発生時には積み棒は包の責任者が支払う" (with liability, the liable player pays the
    # honba); riichienv's test of a Mahjong Soul record (a daisangen ron with 2 honba)
    # has the liable player pay 16600 and the discarder 16000. The same record under the
    # mahjongsoul preset: the same payments.
    game = logs.read_mjlog(_pao_ron_with_a_honba(), "pao.mjlog")
    game = dataclasses.replace(game, rules=RULES["mahjongsoul"])
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert [w.deltas for w in checked.wins] == [tuple(PAO_RON_CHANGE)]


# Three players, every hand noten (1-shanten or worse), only 1m/9m of the man suit.
SANMA_NOTEN = ["2468p2468s3579p7s", "1199m1199p11s234z", "2468p2468s3579s4p"]


def _sanma_nagashi(seat: int, change: list[int]) -> bytes:
    # Tenhou three players (lobby 0xb9), E1, the dealer seat 0: ``seat`` discards only
    # terminals and honors, nobody calls; the game ends there (owari on the draw).
    rec = Record(lobby=184, players=3)
    start = [35000] * 3
    hands = SANMA_NOTEN if seat == 1 else [SANMA_NOTEN[1], SANMA_NOTEN[0], SANMA_NOTEN[2]]
    rec.new_round(0, 0, 0, 0, start, "8p", hands)
    _exhaustive(rec, 0, nagashi_seat=seat)
    end = [s + d for s, d in zip(start, change, strict=True)]
    owari = ",".join(f"{s // 100},0.0" for s in end) + ",0,0"
    rec.tag(f'<RYUUKYOKU type="nm" ba="0,0" sc="{sc(start, change, 3)}" owari="{owari}"/>')
    return rec.text()


def test_three_player_nagashi_mangan_is_a_mangan_tsumo_with_tsumo_loss() -> None:
    # Nagashi mangan "rewards the player in the amount of a mangan tsumo"
    # (https://riichi.wiki/Nagashi_mangan); with three players and tsumo loss (Tenhou,
    # Mahjong Soul) a mangan tsumo is 4000 from the dealer + 2000 from the other
    # non-dealer, the absent North's 2000 unpaid (https://riichi.wiki/Sanma "Scoring";
    # https://tenhou.club/sanma-tumo-tensuu lists 4000 + 2000), and a dealer's 4000 from
    # each of the two others. No Tenhou record of a three-player nagashi was found.
    for seat, change in ((1, [-4000, 6000, -2000]), (0, [8000, -4000, -4000])):
        for checked in _checked(_sanma_nagashi(seat, change)):
            assert [r["deltas"] for r in checked.round_rows] == [change]


def test_three_player_nagashi_mangan_without_tsumo_loss_splits_the_north_share() -> None:
    # North bisection (``tsumo_loss=False``, Mahjong Soul's optional rule): the absent
    # North's share of a tsumo is split between the two payers: a non-dealer's mangan
    # tsumo costs the dealer 4000 + 1000 = 5000 and the other 2000 + 1000 = 3000 (8000, as a
    # ron). mjasp paid 6000 here before (the nagashi payment was written out for tsumo
    # loss instead of being settled as the rules settle a tsumo).
    change = [-5000, 8000, -3000]
    game = logs.read_mjlog(_sanma_nagashi(1, change), "nagashi3.mjlog")
    game = dataclasses.replace(game, rules=RULES["tenhou-3p"].replace(tsumo_loss=False))
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert [r["deltas"] for r in checked.round_rows] == [change]



def _codes(text: str) -> list[int]:
    """mpsz as tenhou.net/6 tile codes (11-19 man, 21-29 pin, 31-39 sou, 41-47 honors)."""
    return [code(k) for k in kinds(text)]


def _soul_log(hands: list[str], takes: Sequence[Sequence[object]],
              drops: Sequence[Sequence[object]], result: Sequence[object],
              marked: bool = True) -> dict[str, object]:
    """A one-round tenhou.net/6 log as Mahjong Soul's converters write it (E1, the dealer
    seat 0, dora indicator 9p): ``ratingc`` PF4 and ``aka51``-``aka53`` when ``marked``
    (tensoul's output, https://github.com/Equim-chan/tensoul convert.js), Tenhou's
    ``aka`` otherwise."""
    row: list[object] = [[0, 0, 0], [25000] * 4, _codes("9p"), []]
    for p in range(4):
        row += [_codes(hands[p]), list(takes[p]), list(drops[p])]
    row.append(list(result))
    rule: dict[str, object] = {"disp": "玉の間南喰赤", "aka53": 1, "aka52": 1, "aka51": 1} \
        if marked else {"disp": "般南喰赤", "aka": 1}
    out: dict[str, object] = {"title": ["", ""], "name": ["A", "B", "C", "D"], "rule": rule,
                              "log": [row]}
    if marked:
        out["ratingc"] = "PF4"
    return out


# Seat 1 waits on East alone with kokushi (one 7z paired); the dealer holds three East.
ROB_HANDS = ["111z2468m2468p24s", "19m19p19s2345677z", "3579m3579p3579s6z",
             "2468m2468s3578p5z"]


def _robbed_closed_kan(marked: bool = True) -> dict[str, object]:
    # E1: the dealer draws and discards 2m, seats 1-3 each draw and discard at once, the
    # dealer draws the fourth East and kans it closed (tensoul writes "414141a41" in the
    # discard column); seat 1 robs it with kokushi (Mahjong Soul allows kokushi to rob a
    # closed kan; Tenhou does not). A non-dealer's yakuman by ron: 32000 from the dealer.
    takes = [[_codes("2m")[0], _codes("1z")[0]], _codes("8m"), _codes("8p"), _codes("8s")]
    drops: list[list[object]] = [[60, "414141a41"], [60], [60], [60]]
    result = ["和了", [-32000, 32000, 0, 0], [1, 0, 1, "役満32000点", "国士無双(役満)"]]
    return _soul_log(ROB_HANDS, takes, drops, result, marked)


def test_kokushi_robbing_a_closed_kan_in_a_mahjong_soul_tenhou6_log() -> None:
    # The win's tile is the one closed in the kan (East), not the last discard (seat 3's
    # 8s, which the reader took before: "cannot be scored"). Kokushi may rob a closed kan
    # on Mahjong Soul, not on Tenhou: riichienv-core's rule presets,
    # ``allows_ron_on_ankan_for_kokushi_musou`` true in GameRule::default_mjsoul and false
    # in default_tenhou (https://docs.rs/crate/riichienv-core/0.3.7/source/src/rule.rs);
    # mjx's notes on Tenhou's logs say "暗槓の国士無双槍槓はなし"
    # (https://github.com/mjx-project/mjx/issues/199). 32000, worked above.
    game = logs.read_tenhou6(json.dumps(_robbed_closed_kan(), ensure_ascii=False), "rob.json")
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    [win] = checked.wins
    assert (win.win.tile, win.win.chankan, win.score.yakuman, win.deltas) == (
        "1z", True, 1, (-32000, 32000, 0, 0))
    # MJAI without the hora's tile (as Mortal writes it): the same tile
    lines = [json.loads(line) for line in logs.mjai_text(game).splitlines()]
    for event in lines:
        if event["type"] == "hora":
            del event["pai"]
    again = logs.check_game(logs.read_mjai([json.dumps(e) for e in lines]))
    assert [str(m) for m in again.mismatches] == []
    assert [(w.win.tile, w.deltas) for w in again.wins] == [("1z", (-32000, 32000, 0, 0))]


def _thirteen_sided_kokushi(marked: bool) -> dict[str, object]:
    # E1: the dealer discards 2m, seat 1 (kokushi, waiting on all thirteen) draws and
    # discards 8m, seat 2 draws and discards 9s: seat 1 rons. On Mahjong Soul a 13-sided
    # kokushi is a double yakuman (https://riichi.wiki/Mahjong_Soul "Rules"; mjasp's
    # mahjongsoul preset): 64000 from seat 2; on Tenhou one yakuman, 32000.
    hands = ["2468m2468p2468s5z", "19m19p19s1234567z", "3579m3579p3579s6z",
             "2468m3578p2468s7z"]
    takes = [_codes("2m"), _codes("8m"), _codes("9s"), []]
    drops: list[list[object]] = [[60], [60], [60], []]
    result = ["和了", [0, 64000, -64000, 0], [1, 2, 1, "役満64000点", "国士無双１３面(役満)"]]
    return _soul_log(hands, takes, drops, result, marked)


def test_a_tenhou6_log_from_mahjong_soul_is_read_under_mahjong_soul_rules() -> None:
    # The converters mark their logs (``ratingc`` "PF4", ``rule.aka51``-``aka53``, a
    # Mahjong Soul room name: tensoul's convert.js); such a log now gets the mahjongsoul
    # preset without being told, so its double yakuman agrees. The same round without
    # the marks reads as Tenhou's (one yakuman: the record's 64000 then differs).
    marked = logs.read_tenhou6(json.dumps(_thirteen_sided_kokushi(True), ensure_ascii=False))
    assert marked.rules.name == "mahjongsoul"
    checked = logs.check_game(marked)
    assert [str(m) for m in checked.mismatches] == []
    assert [(w.score.points, w.deltas) for w in checked.wins] == [(64000, (0, 64000, -64000, 0))]
    plain = logs.read_tenhou6(json.dumps(_thirteen_sided_kokushi(False), ensure_ascii=False))
    assert plain.rules.name == "tenhou"
    assert [(m.what, m.log, m.mjasp) for m in logs.check_game(plain).mismatches][:1] == [
        ("seat 1 win: points", 64000, 32000)]
    # written out again (tenhou.net/6, then MJAI), the game keeps its rules
    six = logs.read_tenhou6(json.dumps(logs.write_tenhou6(marked), ensure_ascii=False))
    mjai = logs.read_mjai(logs.mjai_text(six).splitlines())
    assert (six.rules, mjai.rules) == (marked.rules, marked.rules)
    assert logs.check_game(mjai).mismatches == []


def test_a_rinshan_win_right_after_an_open_kan_sees_no_new_indicator() -> None:
    # Tenhou turns an open kan's indicator after the replacement draw, before that
    # seat's discard (``<N>`` of the kan, the draw, ``<DORA>``, the discard: Tenhou's
    # logs, e.g. 2011020416gm-00a9-0000-025480d4 as quoted in
    # https://github.com/mjx-project/mjx/issues/199); a win on the replacement tile comes
    # before it, so the indicator is never turned: "嶺上開花にカンドラは乗らない" on Tenhou and
    # Mahjong Soul (https://github.com/smly/RiichiEnv/issues/123). tenhou.net/6 then
    # lists no indicator for the kan, and its reader (which turns a pending open kan's
    # indicator before a tsumo only if the list has one) counts none.
    # E1: the dealer discards East, seat 1 kans it open and draws 9s from the dead wall:
    # rinshan 1 + East (the round wind) 1 = 2 han; fu 20 + 16 (open kan of an honor) + 2
    # (tsumo) + 2 (single wait) = 40: 640 base, 1300 from the dealer and 700 from each of
    # the others, 2700. (Had the kan's indicator 8s counted, 9s would be dora twice: 4
    # han 40 fu, a mangan.)
    rec = Record()
    start = [25000] * 4
    ids = rec.new_round(0, 0, 0, 0, start, "9p", ["1z1379m1379p1379s", "111z234p567p678s9s",
                                                  "2468m2468p2468s5z", "3579m3578p2468s6z"])
    rec.draw(0, rec.take("8m"))
    east = next(i for i in ids[0] if i // 4 == 27)
    rec.discard(0, east)
    rec.tag(f'<N who="1" m="{east << 8 | 3}"/>')
    win = rec.take("9s")
    rec.draw(1, win)
    rec.take("8s")  # the kan's indicator, never turned
    change = [-1300, 2700, -700, -700]
    concealed = [i for i in ids[1] if i // 4 != 27]
    rec.tag(f'<AGARI ba="0,0" hai="{",".join(map(str, sorted([*concealed, win])))}" '
            f'm="{east << 8 | 3}" machi="{win}" ten="40,2700,0" yaku="4,1,14,1" '
            f'doraHai="{rec.dora_id}" who="1" fromWho="1" sc="{sc(start, change)}" '
            f'owari="237,-26.0,277,38.0,243,4.0,243,-16.0"/>')
    for checked in _checked(rec.text()):
        assert [(w.score.han, w.score.fu, w.win.rinshan, w.win.dora_indicators, w.deltas)
                for w in checked.wins] == [(2, 40, True, ("9p",), tuple(change))]


def _mjai_tie(final: list[int] | None) -> list[str]:
    # An MJAI game whose first dealer is seat 2: E1 (dealer 2) starts with a riichi stick
    # on the table and scores 24000 / 25000 / 25000 / 25000; the dealer draws South and
    # aborts (nine terminals): no payment, the stick stays, and the game ends there.
    hands = [["2m", "4m", "6m", "8m", "2p", "4p", "6p", "8p", "2s", "4s", "6s", "8s", "3m"],
             ["3m", "5m", "7m", "9m", "3p", "5p", "7p", "9p", "3s", "5s", "7s", "9s", "4m"],
             ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "2m", "3m", "4m"],
             ["2m", "4m", "6m", "8m", "2p", "4p", "6p", "8p", "2s", "4s", "6s", "8s", "4p"]]
    events: list[dict[str, object]] = [
        {"type": "start_game", "names": ["A", "B", "C", "D"]},
        {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 1,
         "oya": 2, "scores": [24000, 25000, 25000, 25000], "dora_marker": "9p",
         "tehais": hands},
        {"type": "tsumo", "actor": 2, "pai": "P"},
        {"type": "ryukyoku", "reason": "nine_terminals", "deltas": [0, 0, 0, 0]},
        {"type": "end_kyoku"},
        {"type": "end_game", **({"scores": final} if final is not None else {})}]
    return [json.dumps(e) for e in events]


def test_mjai_end_of_game_tie_goes_to_the_seat_nearer_the_first_dealer() -> None:
    # Tenhou gives the riichi sticks left at the end to the first place, and ranks a tie
    # by nearness to the first dealer (起家): Tenhou's own record with the first dealer at
    # seat 2 (<TAIKYOKU oya="2"/>, owari 20000 / 30000 / 30000 / 20000) ranks the seats
    # 4, 2, 1, 3 (kobalab's converter test "順位(同点)", https://github.com/kobalab/tenhou-log
    # test/03.convlog.js): seat 2 before seat 1, seat 3 before seat 0. Here seats 1, 2
    # and 3 tie at 25000 and seat 2 dealt first: the stick (1000) goes to seat 2, not to
    # seat 1 (what mjasp gave, counting from seat 0). MJAI's end_game carries the final
    # scores (``scores``, as MJAI servers write them), which are now read and checked.
    right = [24000, 25000, 26000, 25000]
    game = logs.read_mjai(_mjai_tie(right))
    assert game.final == tuple(right)
    assert logs.check_game(game).mismatches == []
    wrong = logs.check_game(logs.read_mjai(_mjai_tie([24000, 26000, 25000, 25000])))
    assert [(m.what, m.mjasp) for m in wrong.mismatches] == [("final scores", right)]
    # without end_game scores there is nothing to compare (as before)
    assert logs.read_mjai(_mjai_tie(None)).final is None


def test_a_three_player_mahjong_soul_tenhou6_log_gets_the_three_player_preset() -> None:
    # tensoul writes a three-player room as "3" + the room's name and "ratingc": "PF3",
    # red fives 0m 0, 5p 1, 5s 1 (Mahjong Soul's three-player set). The three-player
    # exhaustive draw of the settlement tests, so marked: the mahjongsoul-3p preset, the
    # noten payments (2000 in all, https://riichi.wiki/Sanma) as recorded.
    rec = Record(lobby=184, players=3)
    start = [35000] * 3
    rec.new_round(0, 0, 0, 0, start, "8p", ["11m99m123p456p789s", "1199m1199p11s234z",
                                            "1199s2233p567z89p"])
    _exhaustive(rec, 0, nagashi_seat=None)
    rec.tag(f'<RYUUKYOKU ba="0,0" sc="{sc(start, [2000, -1000, -1000], 3)}" '
            f'owari="370,0,340,0,340,0,0,0"/>')
    data = logs.write_tenhou6(logs.read_mjlog(rec.text()))
    data["rule"] = {"disp": "3玉の間南喰赤", "aka53": 1, "aka52": 1, "aka51": 0}
    data["ratingc"] = "PF3"
    game = logs.read_tenhou6(json.dumps(data, ensure_ascii=False))
    assert (game.rules.name, game.players, game.rules.red_fives) == ("mahjongsoul-3p", 3,
                                                                     (0, 1, 1))
    checked = logs.check_game(game)
    assert [str(m) for m in checked.mismatches] == []
    assert [r["deltas"] for r in checked.round_rows] == [[2000, -1000, -1000]]


def test_logs_commands_take_rules_for_logs_that_do_not_say_theirs(tmp_path: Path) -> None:
    # The 13-sided kokushi round without Mahjong Soul's marks reads as Tenhou's (64000
    # recorded, 32000 by Tenhou's rules: exit 1); ``--rules mahjongsoul`` plays it under
    # Mahjong Soul's (exit 0); a three-player preset on a four-player log is that file's
    # one error line (exit 2). The cluster's task function takes the same choice.
    from mjasp.logs.run import process_many

    path = tmp_path / "plain.json"
    path.write_text(json.dumps(_thirteen_sided_kokushi(False), ensure_ascii=False))
    runner = CliRunner()
    assert runner.invoke(main, ["logs", "check", str(path)]).exit_code == 1
    result = runner.invoke(main, ["logs", "check", str(path), "--rules", "mahjongsoul"])
    assert (result.exit_code, result.output) == (0, "1 games: 1/1 rounds agree, 1/1 wins agree\n")
    result = runner.invoke(main, ["logs", "check", str(path), "--rules", "sanma"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "mjasp: error: plain.json: --rules sanma is for 3 players, the log has 4"]
    [done] = process_many([(path.read_bytes(), "plain.json")], rules="mahjongsoul")
    assert (done.wins, done.wins_agree, done.error) == (1, 1, None)
