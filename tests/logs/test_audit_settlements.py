"""Round settlements the shared logs do not hold, on hand-built Tenhou records.

Each record is Tenhou mjlog XML written by ``tests.logs.mjlog_records`` (the format of
the shared logs); its score changes are worked by hand from the rule cited next to it:

- nagashi mangan: "rewards the player in the amount of a mangan tsumo ... If the dealer
  scores the nagashi mangan, then 4,000 points are taken from the other three players. If
  a non-dealer scores nagashi mangan, then 4,000 points comes from the dealer, while the
  other two players pay 2,000 each"; "that payment is not affected by honba or riichi
  sticks"; "If the dealer is in tenpai, their seating is retained ... If the dealer is
  noten, the seating switches, even if they scored a nagashi mangan"
  (https://riichi.wiki/Nagashi_mangan); Tenhou settles it instead of the noten payments
  and moves the deal when the dealer is noten (kobalab's rules of 電脳麻将, "基本的には
  天鳳に準ずる", https://gist.github.com/kobalab/0d551769d11e077322fe4c8a6990a475:
  "流し満貫が発生した場合はノーテン罰符の精算は行わず、流し満貫の精算を行うが、親がノーテンの
  場合は親流れとなる");
- abortive draws (nine terminals, four winds, four riichi, three rons, four kans) keep
  the deal and add a honba (the same page: "九種九牌、四風連打、四家立直、三家和、四開槓は
  途中流局で連荘"); a riichi declared before them has paid its stick;
- double ron: both win, the honba and the riichi sticks go to the winner nearest the
  discarder in turn order, and the deal stays when the dealer is one of them ("ダブロン
  あり。積み棒、供託は上家取り。親も和了していれば連荘。");
- exhaustive draw with three players: the noten seats pay 2,000 in all to the tenpai
  seats (1,000 from each of two noten seats to one tenpai seat; 2,000 from one noten seat
  to two, 1,000 each: https://riichi.wiki/Sanma, "Noten bappu");
- riichi sticks left when the game ends go to the first place ("流局でゲームが終了した場合、
  残った供託リーチ棒はトップの得点に加算する").

Every record is also read back through tenhou.net/6 JSON and MJAI (the writers of
mjasp.logs) and checked again: the same result in each format.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

import mjasp.logs as logs
from mjasp.cli import main
from mjasp.logs.check import GameCheck
from tests.conftest import shared_data
from tests.logs.mjlog_records import Record, sc
from tests.logs.mjlog_records import pon_code as _pon

YAOCHUU = (0, 8, 9, 17, 18, 26, *range(27, 34))


def _formats(data: bytes) -> list[logs.Game]:
    game = logs.read_mjlog(data, "hand.mjlog")
    six = logs.read_tenhou6(json.dumps(logs.write_tenhou6(game), ensure_ascii=False),
                            "hand.json")
    mjai = logs.read_mjai(logs.mjai_text(game).splitlines(), "hand.mjson")
    return [game, six, mjai]


def _checked(data: bytes) -> list[GameCheck]:
    out = []
    for game in _formats(data):
        checked = logs.check_game(game)
        assert [str(m) for m in checked.mismatches] == [], game.format
        out.append(checked)
    return out


def _agari(rec: Record, ba: str, who: int, from_who: int, concealed: list[int], win: int,
           ten: str, scores: list[int], change: list[int], *, yaku: str = "",
           yakuman: str = "", melds: Sequence[int] = (), kan_dora: Sequence[int] = (),
           pao: int | None = None, owari: str = "") -> None:
    """``<AGARI>``: seat ``who`` wins on the id ``win`` from ``from_who`` (itself: a tsumo)
    holding ``concealed``; ``ten`` is "fu,points,limit", ``change`` each seat's score
    change from ``scores``; the indicators are the round's and the ``kan_dora`` turned."""
    attributes = {
        "ba": ba, "hai": ",".join(map(str, sorted([*concealed, win]))),
        "m": ",".join(map(str, melds)), "machi": str(win), "ten": ten, "yaku": yaku,
        "yakuman": yakuman, "doraHai": ",".join(map(str, [rec.dora_id, *kan_dora])),
        "who": str(who), "fromWho": str(from_who), "paoWho": "" if pao is None else str(pao),
        "sc": sc(scores, change, rec.players), "owari": owari}
    rec.tag("<AGARI " + " ".join(f'{k}="{v}"' for k, v in attributes.items() if v) + "/>")


def _ryuukyoku(rec: Record, ba: str, scores: list[int], change: list[int], kind: str = "",
               owari: str = "") -> None:
    """``<RYUUKYOKU>``: a draw of ``kind`` (none: exhaustive), ``change`` from ``scores``."""
    attributes = {"type": kind, "ba": ba, "sc": sc(scores, change, rec.players),
                  "owari": owari}
    rec.tag("<RYUUKYOKU " + " ".join(f'{k}="{v}"' for k, v in attributes.items() if v)
            + "/>")


def _fed_pon(rec: Record, ids: list[list[int]], concealed: list[int], seat: int, k: int,
             offset: int, draw: str, junk: int) -> int:
    """Seat ``seat`` draws ``draw`` and discards its copy of kind ``k``; seat 1 pons it
    (``offset``: the discarder's seats on from seat 1) from ``concealed``, which loses the
    two copies and ``junk``, seat 1's discard after the call. Returns the meld code."""
    rec.draw(seat, rec.take(draw))
    fed = next(i for i in ids[seat] if i // 4 == k)
    rec.discard(seat, fed)
    own = [i for i in concealed if i // 4 == k]
    used = [*own, fed]
    unused = next(c for c in range(4) if 4 * k + c not in used)
    code = _pon(k, used, fed, unused, offset)
    rec.tag(f'<N who="1" m="{code}"/>')
    for i in (*own, junk):
        concealed.remove(i)
    rec.discard(1, junk)
    return code


def _exhaustive(rec: Record, dealer: int, nagashi_seat: int | None,
                also: int | None = None) -> None:
    """Every live-wall tile drawn and discarded at once from the dealer on (70 with four
    players, 55 with three); ``nagashi_seat`` draws only terminals and honors, every
    other seat a simple first (so no other seat has nagashi); ``also``: a second seat
    drawing only terminals and honors."""
    players = rec.players
    seat = dealer
    # (three players play without 2m-8m)
    simples = [k for k in range(34) if k not in YAOCHUU and (players == 4 or k > 8)]
    for _ in range(70 if players == 4 else 55):
        pool = list(YAOCHUU) if seat in (nagashi_seat, also) else simples + list(YAOCHUU)
        for k in pool:
            try:
                i = rec.take(k)
                break
            except ValueError:
                continue
        rec.draw(seat, i)
        rec.discard(seat, i)
        seat = (seat + 1) % players


# A dealer's hand tenpai on 3s (a single wait), three noten hands of simples.
DEALER_TENPAI = ["234m567m234p567p3s", "2468m2468p2468s3m", "3579m3579p3579s4m",
                 "2468m2468p2468s4p"]
# Every hand noten.
ALL_NOTEN = ["2468m2468p2468s3m", "3579m3579p3579s4m", "2468m2468p2468s4p",
             "3579m3579p3579s6m"]


def _kyuushu(rec: Record, number: int, honba: int, sticks: int, scores: list[int],
             owari: str | None = None) -> None:
    """A round the dealer ends at once: nine kinds of terminals and honors."""
    dealer = number % 4
    hands = ["19m19p19s1234z234m", "2468m2468p2468s3m", "3579m3579p3579s4m",
             "2468m2468p2468s4p"]
    rec.new_round(number, honba, sticks, dealer, scores, "9p",
                  hands[-dealer:] + hands[:-dealer] if dealer else hands)
    rec.draw(dealer, rec.take("5z"))
    _ryuukyoku(rec, f"{honba},{sticks}", scores, [0] * 4, "yao9", owari or "")


NAGASHI_CHANGE = [-4000, 8000, -2000, -2000]


def _nagashi_record() -> bytes:
    # E1, one honba, one stick on the table: seat 1 discards only terminals and honors.
    # Paid as a mangan tsumo without honba and sticks: 4000 from the dealer, 2000 from
    # each other seat; the dealer is tenpai, so the deal stays: E1 again, two honba, the
    # stick still on the table. Then the dealer aborts the next round (nine terminals):
    # the game ends with the stick left, which goes to the first place, seat 1.
    rec = Record()
    start = [25000, 25000, 25000, 24000]
    rec.new_round(0, 1, 1, 0, start, "9p", DEALER_TENPAI)
    _exhaustive(rec, 0, nagashi_seat=1)
    _ryuukyoku(rec, "1,1", start, NAGASHI_CHANGE, "nm")
    after = [s + d for s, d in zip(start, NAGASHI_CHANGE, strict=True)]  # 21000 33000 ...
    _kyuushu(rec, 0, 2, 1, after, owari="210,-29.0,340,44.0,230,3.0,220,-18.0")
    return rec.text()


def test_nagashi_mangan_of_a_non_dealer_with_honba_and_sticks_on_the_table() -> None:
    for checked in _checked(_nagashi_record()):
        assert [r["deltas"] for r in checked.round_rows] == [NAGASHI_CHANGE, [0, 0, 0, 0]]


def test_the_rounds_table_holds_the_hand_worked_settlement(tmp_path: Path) -> None:
    # the same record through ``mjasp logs table``, and its tenhou.net/6 copy beside it
    pq = pytest.importorskip("pyarrow.parquet")
    game = logs.read_mjlog(_nagashi_record(), "nagashi.mjlog")
    (tmp_path / "nagashi.mjlog").write_bytes(_nagashi_record())
    (tmp_path / "nagashi.json").write_text(json.dumps(logs.write_tenhou6(game),
                                                      ensure_ascii=False))
    result = CliRunner().invoke(main, ["logs", "table", str(tmp_path), "-o",
                                       str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    rows = pq.read_table(tmp_path / "out" / "rounds.parquet").to_pylist()
    assert sorted((r["game"], r["round_name"], r["result"], r["deltas"], r["agrees"])
                  for r in rows) == [
        (name, rnd, "ryuukyoku", deltas, True) for name in ("nagashi.json", "nagashi.mjlog")
        for rnd, deltas in (("E1-1", NAGASHI_CHANGE), ("E1-2", [0, 0, 0, 0]))]


def _noten_nagashi(seats: tuple[int, ...], change: list[int], after: list[int],
                   owari: str) -> bytes:
    """E1 from 25000 each, every hand noten, ended by nagashi mangan of ``seats`` (one or
    two) paid as ``change``; then E2, one honba, scores ``after``, which the dealer
    aborts (nine terminals) and the game ends with ``owari``."""
    rec = Record()
    start = [25000] * 4
    rec.new_round(0, 0, 0, 0, start, "9p", ALL_NOTEN)
    _exhaustive(rec, 0, nagashi_seat=seats[0], also=seats[1] if seats[1:] else None)
    _ryuukyoku(rec, "0,0", start, change, "nm")
    _kyuushu(rec, 1, 1, 0, after, owari=owari)
    return rec.text()


def test_nagashi_mangan_of_a_noten_dealer_moves_the_deal() -> None:
    # The dealer (seat 0) has nagashi: 4000 from each of the three others. Every hand
    # noten: the deal moves to seat 1 (E2), one honba more.
    change = [12000, -4000, -4000, -4000]
    data = _noten_nagashi((0,), change, [37000, 21000, 21000, 21000],
                          "370,47.0,210,1.0,210,-19.0,210,-29.0")
    for checked in _checked(data):
        assert [r["deltas"] for r in checked.round_rows] == [change, [0, 0, 0, 0]]


def test_four_winds_and_four_riichi_keep_the_deal_and_the_sticks() -> None:
    # E1: all four discard West first (four winds): no payment, E1 again with a honba.
    # E1-1: all four declare riichi (each stick paid): no payment, E1 again with two
    # honba and four sticks. E1-2: the dealer aborts (nine terminals); the game ends and
    # the four sticks go to the first place (seat 0 on a tie: nearer the first dealer).
    rec = Record()
    start = [25000] * 4
    rec.new_round(0, 0, 0, 0, start, "9p", ALL_NOTEN)
    for seat in range(4):
        rec.turn(seat, "3z")
    _ryuukyoku(rec, "0,0", start, [0] * 4, "kaze4")
    rec.new_round(0, 1, 0, 0, start, "9p", ALL_NOTEN)
    for seat in range(4):
        i = rec.take("1z")
        rec.draw(seat, i)
        rec.riichi(seat, i)
    paid = [24000] * 4
    _ryuukyoku(rec, "1,0", paid, [0] * 4, "reach4")
    _kyuushu(rec, 0, 2, 4, paid, owari="280,38.0,240,4.0,240,-16.0,240,-26.0")
    for checked in _checked(rec.text()):
        assert [r["deltas"] for r in checked.round_rows] == [[0] * 4] * 3


def _ron_hands() -> list[str]:
    # seats 1, 2, 3 each wait on 4m-7m with tanyao and pinfu (closed, 30 fu)
    return ["1199p1199s23456z", "56m234s456s678p44p", "56m678p678p33s345s",
            "56m234p456p678s22s"]


def triple_ron_record() -> bytes:
    """E1: seat 0 discards 7m declaring riichi, seats 1-3 all win on it (三家和); E1-1:
    nine terminals."""
    rec = Record()
    start = [25000] * 4
    rec.new_round(0, 0, 0, 0, start, "9p", _ron_hands())
    i = rec.take("7m")
    rec.draw(0, i)
    rec.riichi(0, i, accepted=False)
    _ryuukyoku(rec, "0,0", start, [0] * 4, "ron3")
    _kyuushu(rec, 0, 1, 0, start, owari="250,35.0,250,5.0,250,-15.0,250,-25.0")
    return rec.text()


def test_three_rons_on_one_discard_are_an_abortive_draw() -> None:
    # Seat 0 discards 7m, seats 1-3 all win on it: Tenhou aborts the round (三家和):
    # nobody pays, the deal stays, a honba is added; a riichi declared on that discard is
    # not accepted (no stick): "If an opponent claims the rotated discard for winning, the
    # riichi declaration is invalid" (EMA Riichi Competition Rules 3.3.12, as
    # http://mahjongtime.com/mahjong-ariari-rules-4.aspx quotes them), and Tenhou writes
    # no accepted riichi (``<REACH step="2">``) before the abort. tenhou.net/6 does not
    # write the acceptance: the reader must not add one there.
    for checked in _checked(triple_ron_record()):
        assert [r["deltas"] for r in checked.round_rows] == [[0] * 4] * 2


def test_double_ron_gives_honba_and_sticks_to_the_nearest_winner_only() -> None:
    # E1, two honba, one stick on the table. Seat 3 discards 7m; seat 0 (the dealer, next
    # after seat 3) and seat 1 both win, each tanyao + pinfu, 2 han 30 fu (no dora: the
    # indicator 9p makes 1p the dora; the red fives stay in the wall).
    # seat 0: a dealer's 2 han 30 fu ron is 6 * 480 = 2880, 2900; with two honba (600)
    #   and the stick (1000): +4500, seat 3 pays 3500.
    # seat 1: 4 * 480 = 1920, 2000, no honba, no stick: +2000, seat 3 pays 2000.
    # The dealer won: E1 again, three honba, no stick.
    rec = Record()
    start = [25000, 25000, 25000, 24000]
    hands = ["56m234p345s678s22s", "56m234s456s678p44p", "2468p2468s3579m1z",
             "2468m1379p1379s1z"]
    ids = rec.new_round(0, 2, 1, 0, start, "9p", hands)
    for seat in range(3):
        rec.turn(seat, "9m")
    win = rec.take("7m")
    rec.draw(3, win)
    rec.discard(3, win)
    first = [4500, 0, 0, -3500]
    second = [0, 2000, 0, -2000]
    mid = [s + d for s, d in zip(start, first, strict=True)]
    _agari(rec, "2,1", 0, 3, ids[0], win, "30,2900,0", start, first, yaku="7,1,8,1")
    _agari(rec, "2,1", 1, 3, ids[1], win, "30,2000,0", mid, second, yaku="7,1,8,1")
    end = [s + d for s, d in zip(mid, second, strict=True)]  # 29500 27000 25000 18500
    _kyuushu(rec, 0, 3, 0, end, owari="295,39.0,270,7.0,250,-15.0,185,-31.0")
    for checked in _checked(rec.text()):
        assert [w.deltas for w in checked.wins] == [tuple(first), tuple(second)]
        assert [r["deltas"] for r in checked.round_rows] == [
            [a + b for a, b in zip(first, second, strict=True)], [0, 0, 0, 0]]


def test_three_player_exhaustive_draws_move_two_thousand() -> None:
    # Tenhou three players (lobby 0xb9): the noten seats pay 2000 in all. E1: only the
    # dealer tenpai, +2000 from 1000 each; the deal stays. E1-1: seats 1 and 2 tenpai,
    # the noten dealer pays 1000 to each; the deal moves (E2, two honba).
    rec = Record(lobby=184, players=3)
    start = [35000] * 3
    three = ["11m99m123p456p789s", "1199m1199p11s234z", "1199s2233p567z89p"]
    rec.new_round(0, 0, 0, 0, start, "8p", three)
    _exhaustive(rec, 0, nagashi_seat=None)
    first = [2000, -1000, -1000]
    _ryuukyoku(rec, "0,0", start, first)
    mid = [37000, 34000, 34000]
    two = ["1199m1199p11s234z", "11m99m123p456p789s", "234p567p789s11s22z"]
    rec.new_round(0, 1, 0, 0, mid, "8p", two)
    _exhaustive(rec, 0, nagashi_seat=None)
    second = [-2000, 1000, 1000]
    _ryuukyoku(rec, "1,0", mid, second, owari="350,5.0,350,0.0,350,-5.0,0,0")
    for checked in _checked(rec.text()):
        assert [r["deltas"] for r in checked.round_rows] == [first, second]


def test_the_next_round_must_follow_from_the_last_result() -> None:
    # The shared pao-tsumo log: the dealer wins E1, so E1 is played again with one honba
    # (seed "0,1,0"). Written as E1 with two honba, or with a stick nobody left, or as
    # E2 (the deal moved), the log contradicts its own result.
    data = (shared_data("logs") / "pao-tsumo.mjlog").read_bytes()
    assert logs.check_game(logs.read_mjlog(data)).mismatches == []
    for seed in (b'"0,2,0,0,0,88"', b'"0,1,1,0,0,88"', b'"1,1,0,0,0,88"'):
        changed = data.replace(b'"0,1,0,0,0,88"', seed, 1)
        found = [m for m in logs.check_game(logs.read_mjlog(changed)).mismatches
                 if m.what.startswith("round, honba")]
        # (the round after a wrongly numbered one is then measured from it: a second one)
        assert found[0].event == 0 and found[0].mjasp == [0, 0, 1, 0, 0]


def test_a_noten_dealer_at_an_exhaustive_draw_moves_the_deal() -> None:
    # Every hand noten: nobody pays, the deal moves to seat 1 (E2) with one honba more.
    # Written as E1 again, the check says which round should have followed.
    for number, agrees in ((1, True), (0, False)):
        rec = Record()
        rec.new_round(0, 0, 0, 0, [25000] * 4, "9p", ALL_NOTEN)
        _exhaustive(rec, 0, nagashi_seat=None)
        _ryuukyoku(rec, "0,0", [25000] * 4, [0] * 4)
        _kyuushu(rec, number, 1, 0, [25000] * 4, owari="250,35,250,5,250,-15,250,-25")
        for game in _formats(rec.text()):
            found = [(m.log, m.mjasp) for m in logs.check_game(game).mismatches]
            assert found == ([] if agrees else [([0, 0, 1, 0, 0], [0, 1, 1, 0, 1])])


def _daisangen(rec: Record, hand: str, honba: int = 0) -> tuple[list[int], list[int]]:
    """E1 (``honba`` honba): seat 1 pons white from seat 0, green and red from seat 2
    (seat 2 fed the third dragon set: liable), discarding 1m, 9m, 1s after the pons.
    Returns seat 1's concealed ids and meld codes."""
    hands = ["5z2468m2468p2468s", hand, "6z7z3579m3579p357s", "2468m1379p2468s4z"]
    ids = rec.new_round(0, honba, 0, 0, [25000] * 4, "9p", hands)
    concealed = list(ids[1])
    feeders = [(0, 31, 3), (2, 32, 1), (2, 33, 1)]  # seat, dragon kind, offset from seat 1
    junk = [i for i in concealed if i // 4 in (0, 8, 18)]
    codes = [_fed_pon(rec, ids, concealed, seat, k, offset, ("3z", "9s", "1p")[step],
                      junk[step]) for step, (seat, k, offset) in enumerate(feeders)]
    return concealed, codes


def test_liable_player_and_discarder_share_a_daisangen_ron() -> None:
    # Seat 1 (non-dealer) wins daisangen by ron on seat 3's 9s; seat 2 fed the third
    # dragon set. 32000: seat 2 (liable) and seat 3 (discarder) pay half each
    # (https://riichi.wiki/Sekinin_barai; kobalab's Tenhou rules: "大三元、大四喜のパオあり";
    # no honba, so who pays it does not arise).
    rec = Record()
    concealed, codes = _daisangen(rec, "556677z234p9s19m1s")
    rec.turn(2, "8s")
    win = rec.take("9s")
    rec.draw(3, win)
    rec.discard(3, win)
    change = [0, 32000, -16000, -16000]
    _agari(rec, "0,0", 1, 3, concealed, win, "40,32000,5", [25000] * 4, change,
           yakuman="39", melds=codes, pao=2)
    end = [25000, 57000, 9000, 9000]
    _kyuushu(rec, 1, 0, 0, end, owari="250,5.0,570,67.0,90,-31.0,90,-41.0")
    for checked in _checked(rec.text()):
        assert [w.deltas for w in checked.wins] == [tuple(change)]


def test_liable_player_pays_the_whole_hand_of_two_yakuman_on_tenhou() -> None:
    # Seat 1 draws 2z: daisangen + tsuuiisou, a non-dealer's double yakuman, 64000, seat 2
    # liable. On Tenhou liability covers the whole hand when yakuman are combined: kobalab
    # lists as a difference of his rules from Tenhou's "役満が複合した場合、パオは当該役満に
    # のみ適用する" (Tenhou applies it to the whole hand,
    # https://gist.github.com/kobalab/0d551769d11e077322fe4c8a6990a475); Ronin aligned its
    # payments with Tenhou as "Pao now covers the whole hand, stacked yakuman included"
    # (https://github.com/MahjongRepository/ronin/releases/tag/0.19.0); riichienv-core's
    # Tenhou rules set ``yakuman_pao_is_liability_only: false`` (GameRule::default_tenhou,
    # https://docs.rs/crate/riichienv-core/0.4.10/source/src/rule.rs). So seat 2 pays 64000
    # (mjasp's ``Rules.pao_whole_hand``, on in the tenhou presets).
    rec = Record()
    concealed, codes = _daisangen(rec, "5566771122z19m1s")
    rec.turn(2, "8s")
    rec.turn(3, "2s")
    rec.turn(0, "3s")
    win = rec.take("2z")
    rec.draw(1, win)
    change = [0, 64000, -64000, 0]
    _agari(rec, "0,0", 1, 1, concealed, win, "40,64000,5", [25000] * 4, change,
           yakuman="39,42", melds=codes, pao=2,
           owari="250,5.0,890,99.0,-390,-89.0,250,-15.0")  # seat 2 ends at -39000
    for checked in _checked(rec.text()):
        assert [w.deltas for w in checked.wins] == [tuple(change)]


def test_kan_dora_counts_as_tenhou_turns_it() -> None:
    # Tenhou turns a closed kan's indicator at once and an open kan's after the
    # replacement draw, before that seat's discard (the shared logs: ``<N>`` of a closed
    # kan then ``<DORA>`` then the draw; an open one's ``<N>``, the draw, ``<DORA>``, the
    # discard); a win sees every indicator turned before it.
    # E1: the dealer draws its fourth 9m, kans it closed (code 32 << 8), the indicator 8s
    # turns (9s dora) and the replacement 9s completes 234p 567p 678s 99s: menzen tsumo,
    # rinshan, two dora = 4 han; fu 20 + 32 (closed kan of terminals) + 2 (tsumo) + 2
    # (single wait) = 56, 60: a mangan, 4000 from each (without the kan's indicator: 2
    # han 60 fu, 2000 each).
    rec = Record()
    start = [25000] * 4
    ids = rec.new_round(0, 0, 0, 0, start, "2z", ["999m234p567p678s9s", "2468m2468p2468s3m",
                                                  "3578m3578p3578s4m", "2467m1357p2467s6p"])
    fourth = rec.take("9m")
    rec.draw(0, fourth)
    rec.tag(f'<N who="0" m="{32 << 8}"/>')
    kan_dora = rec.take("8s")
    rec.tag(f'<DORA hai="{kan_dora}"/>')
    win = rec.take("9s")
    rec.draw(0, win)
    change = [12000, -4000, -4000, -4000]
    concealed = [i for i in ids[0] if i // 4 != 8]
    _agari(rec, "0,0", 0, 0, concealed, win, "60,12000,1", start, change,
           yaku="0,1,4,1,52,2", melds=[32 << 8], kan_dora=[kan_dora])
    # E1-1: seat 0 discards East, seat 1 kans it open (code id << 8 | 3: seat 0 is three
    # seats on), draws 9m, the indicator 6s turns (7s dora), seat 1 discards 7p and seat
    # 2 wins on it: tanyao, pinfu, the pair of 7s two dora: 4 han 30 fu, 7700 (without
    # the kan's indicator 2 han, 2000), and the honba, 300.
    mid = [37000, 21000, 21000, 21000]
    ids = rec.new_round(0, 1, 0, 0, mid, "9p", ["1z1379m1379p1379s", "111z7p2468m2468s1p",
                                                "234m345p456s77s56p", "2468m2468p23456z"])
    rec.draw(0, rec.take("8m"))
    east = next(i for i in ids[0] if i // 4 == 27)
    rec.discard(0, east)
    rec.tag(f'<N who="1" m="{east << 8 | 3}"/>')
    rec.draw(1, rec.take("9m"))
    kan_dora = rec.take("6s")
    rec.tag(f'<DORA hai="{kan_dora}"/>')
    win = next(i for i in ids[1] if i // 4 == 15)
    rec.discard(1, win)
    second = [0, -8000, 8000, 0]
    _agari(rec, "1,0", 2, 1, ids[2], win, "30,7700,0", mid, second, yaku="7,1,8,1,52,2",
           kan_dora=[kan_dora], owari="370,47.0,130,-37.0,290,9.0,210,-19.0")
    for checked in _checked(rec.text()):
        assert [(w.score.han, w.score.fu, w.deltas) for w in checked.wins] == [
            (4, 60, tuple(change)), (4, 30, tuple(second))]


def test_a_ron_on_a_north_set_aside_reads_without_the_tile_named() -> None:
    # Tenhou three players: the dealer draws 6p and sets aside the north it was dealt
    # (code id << 8 | 0x20); seat 1 wins on that north (a kita can be ronned, without
    # chankan: https://riichi.wiki/Kita) with seven pairs of terminals and honors:
    # chiitoitsu 2 + honroutou 2 = 4 han 25 fu, 6400. MJAI's hora may leave out the tile
    # (Mortal's logs do): it is then the north set aside, not the draw before it.
    rec = Record(lobby=184, players=3)
    start = [35000] * 3
    ids = rec.new_round(0, 0, 0, 0, start, "1m", ["4z123p56789s123z9m", "1199p1199s5566z4z",
                                                  "2345678p2345s1m9m"])
    rec.draw(0, rec.take("6p"))
    north = next(i for i in ids[0] if i // 4 == 30)
    rec.tag(f'<N who="0" m="{north << 8 | 0x20}"/>')
    change = [-6400, 6400, 0]
    _agari(rec, "0,0", 1, 0, ids[1], north, "25,6400,0", start, change, yaku="22,2,31,2",
           owari="286,-11.4,414,51.4,350,0.0,0,0")
    for checked in _checked(rec.text()):
        assert [w.deltas for w in checked.wins] == [tuple(change)]
    lines = logs.mjai_text(logs.read_mjlog(rec.text())).splitlines()
    hora = next(i for i, line in enumerate(lines) if '"hora"' in line)
    event = json.loads(lines[hora])
    del event["pai"]
    lines[hora] = json.dumps(event)
    checked = logs.check_game(logs.read_mjai(lines))
    assert checked.mismatches == [] and [w.deltas for w in checked.wins] == [tuple(change)]


def test_point_texts_with_other_limit_names() -> None:
    # tenhou.net/6 logs written by other tools name a limit their own way (数え役満 for a
    # counted yakuman, 2倍役満 or ダブル役満 for a double one) and may write a dealer's
    # tsumo as "点All": the amount is read whatever the name. Worked: a non-dealer's
    # tsumo of 8000 from each non-dealer and 16000 from the dealer is 32000; a dealer's
    # tsumo of 32000 from each of three is 96000.
    from mjasp.logs.tenhou6 import _read_points

    assert _read_points("数え役満8000-16000点", 4, False) == (None, 32000)
    assert _read_points("2倍役満32000点∀", 4, True) == (None, 96000)
    assert _read_points("ダブル役満64000点", 4, False) == (None, 64000)
    assert _read_points("ダブル役満32000点All", 4, True) == (None, 96000)
    assert _read_points("30符500-1000点", 3, False) == (30, 1500)


def test_two_nagashi_mangan_are_paid_independently() -> None:
    # Seats 1 and 2 (non-dealers) both discard only terminals and honors: "If multiple
    # players win with nagashi mangan, the different tsumo payments occur independently
    # of each other" (https://riichi.wiki/Nagashi_mangan). Each takes 4000 from the dealer
    # and 2000 from each other seat, the other nagashi seat included: seats 1 and 2 +6000,
    # the dealer -8000, seat 3 -4000. Every hand noten: the deal moves (E2, one honba).
    change = [-8000, 6000, 6000, -4000]
    data = _noten_nagashi((1, 2), change, [17000, 31000, 31000, 21000],
                          "170,-33.0,310,41.0,310,11.0,210,-19.0")
    for checked in _checked(data):
        assert [r["deltas"] for r in checked.round_rows] == [change, [0, 0, 0, 0]]


def test_liable_player_pays_a_daisuushii_tsumo() -> None:
    # Seat 1 pons East from seat 0, South from seat 2, West from seat 3 and North from
    # seat 2 (the fourth wind set: seat 2 liable, https://riichi.wiki/Sekinin_barai), then
    # draws its second 1p: daisuushii (one yakuman on Tenhou), 32000, all from seat 2.
    rec = Record()
    hands = ["1z2468m2468p2468s", "11223344z1p19m19s", "2z4z3579m3579p357s",
             "3z2468m1357p2467s"]
    ids = rec.new_round(0, 0, 0, 0, [25000] * 4, "5z", hands)
    concealed = list(ids[1])
    junk = [i for i in concealed if i // 4 in (0, 8, 18, 26)]
    codes = []
    # (feeding seat, wind kind, its offset from seat 1, seats playing a turn before it)
    feeds = [(0, 27, 3, []), (2, 28, 1, []), (3, 29, 2, [2]), (2, 30, 1, [])]
    for step, (seat, k, offset, before) in enumerate(feeds):
        for other in before:
            rec.turn(other, "9p")
        codes.append(_fed_pon(rec, ids, concealed, seat, k, offset,
                              ("6z", "7z", "5p", "8p")[step], junk[step]))
    for other in (2, 3, 0):
        rec.turn(other, "2s" if other != 3 else "3s")
    win = rec.take("1p")
    rec.draw(1, win)
    change = [0, 32000, -32000, 0]
    _agari(rec, "0,0", 1, 1, concealed, win, "40,32000,5", [25000] * 4, change,
           yakuman="49", melds=codes, pao=2, owari="250,5.0,570,67.0,-70,-57.0,250,-15.0")
    for checked in _checked(rec.text()):
        assert [(w.win.liable, w.deltas) for w in checked.wins] == [("W", tuple(change))]
