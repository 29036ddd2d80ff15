"""A four-player Tenhou game after its last hand: the extra wind and sudden death.

Tenhou's rules (quoted by https://riichi.wiki/Tenhou.net_rules, one page for every
lobby): "東風戦の南入、東南戦の西入あり、以降誰かが30000点(供託未収)以上になった時点で終了"
and "サドンデスの最大局は東風戦は南場まで、東南戦は西場まで": after South 4 (East 4 in an
east-only game) the game ends once the deal moves with a seat at 30,000 or more, else the
next wind is played, hand after hand, at most to its fourth hand. While the dealer keeps
the deal it goes on though another seat holds 30,000 (kobalab's notes on Tenhou,
https://gist.github.com/kobalab/0d551769d11e077322fe4c8a6990a475: "現在の天鳳では親の連荘中
は子に30000点越えの者が出てもサドンデスとはならず連荘を優先している").

The records are hand-built (no Tenhou record at hand plays the West wind): exhaustive
draws only, every tile drawn and discarded at once, the hands deciding who is tenpai
(3,000 from the noten seats to the tenpai seats), with the human players' lobby bit
(0xa9 east-south, 0xa1 east-only), so that a whole record (its ``owari`` given) that
stops before the end is judged too ("the game ends early"). Every score below is worked
by hand from those payments.
"""

from __future__ import annotations

import mjasp.logs as logs
from tests.logs.mjlog_records import Record
from tests.logs.test_audit_game_end import _owari_of
from tests.logs.test_audit_settlements import _exhaustive, _ryuukyoku

HANCHAN, TONPUU = 0xA9, 0xA1  # human players, red fives, open tanyao; east-south or not

# each seat's hand when tenpai (on 3s alone; on east or south; on white or green) and
# when noten (isolated simples), no kind used more than four times between them
TENPAI = ["234m567m234p567p3s", "678m678p678s1122z", "123p456s789s5566z",
          "234m567m234p567p3s"]
NOTEN = ["2468m2468p2468s3m", "3579m3579p3579s4m", "2468m2468p2468s4p",
         "3579m3579p3579s6m"]


def _hands(tenpai: set[int]) -> list[str]:
    return [TENPAI[seat] if seat in tenpai else NOTEN[seat] for seat in range(4)]


def _record(lobby: int, rounds: list[tuple[int, int, set[int]]],
            start: list[int]) -> tuple[bytes, list[list[int]]]:
    """Rounds of (seed number, honba, seats tenpai), each an exhaustive draw, from
    ``start``; the last carries the owari. Returns the record and the scores after each
    round (the noten payments: 3,000 from the noten to the tenpai seats, each side
    sharing it equally)."""
    rec = Record(lobby=lobby)
    scores = list(start)
    after: list[list[int]] = []
    for i, (number, honba, ready) in enumerate(rounds):
        dealer = number % 4
        rec.new_round(number, honba, 0, dealer, scores, "9p", _hands(ready))
        _exhaustive(rec, dealer, None)
        change = [0] * 4
        if 0 < len(ready) < 4:
            change = [3000 // len(ready) if p in ready else -3000 // (4 - len(ready))
                      for p in range(4)]
        new = [s + d for s, d in zip(scores, change, strict=True)]
        last = i == len(rounds) - 1
        _ryuukyoku(rec, f"{honba},0", scores, change, owari=_owari_of(new) if last else "")
        scores = new
        after.append(new)
    return rec.text(), after


def _mismatches(data: bytes) -> list[tuple[str, str, str, str]]:
    game = logs.read_mjlog(data, "2020010100gm-00a9-0000-00000000.mjlog")
    return [(m.round, m.what, str(m.log), str(m.mjasp))
            for m in logs.check_game(game).mismatches]


GOES_ON = "the game goes on after {} (no seat ended it as Tenhou's rules say)"


def test_a_record_stopping_after_south_4_with_nobody_at_30000_is_reported() -> None:
    # South 4 (seed 7, dealer seat 3), every hand noten: no payment, the deal moves,
    # nobody at 30,000 (top 28,000): West 1 must be played. The record stops: reported.
    data, after = _record(HANCHAN, [(7, 0, set())], [28000, 26000, 24000, 22000])
    assert after == [[28000, 26000, 24000, 22000]]
    assert _mismatches(data) == [("S4", "the game ends early", "ends after S4",
                                  GOES_ON.format("S4"))]


def test_the_west_wind_goes_on_hand_after_hand_until_a_seat_holds_30000() -> None:
    start = [28000, 28000, 22000, 22000]
    # S4 all noten (the deal moves, honba 1), W1 all noten (W2, honba 2): nobody at
    # 30,000 after either, so a record stopping after W1 is reported
    data, _ = _record(HANCHAN, [(7, 0, set()), (8, 1, set())], start)
    assert _mismatches(data) == [("W1-1", "the game ends early", "ends after W1-1",
                                  GOES_ON.format("W1-1"))]
    rounds = [(7, 0, set()), (8, 1, set()), (9, 2, {2})]
    data, after = _record(HANCHAN, rounds, start)
    # W2: seat 2 tenpai, 3,000 from seats 0, 1, 3 (1,000 each): 22,000 + 3,000 = 25,000;
    # top 27,000, under 30,000: W3 must follow
    assert after[-1] == [27000, 27000, 25000, 21000]
    assert _mismatches(data) == [("W2-2", "the game ends early", "ends after W2-2",
                                  GOES_ON.format("W2-2"))]
    # W2 with seat 0 tenpai instead: 28,000 + 3,000 = 31,000 with the deal moved (the
    # dealer, seat 1, noten): sudden death, the game ends after W2, a whole record
    rounds = [(7, 0, set()), (8, 1, set()), (9, 2, {0})]
    data, after = _record(HANCHAN, rounds, start)
    assert after[-1] == [31000, 27000, 21000, 21000]
    assert _mismatches(data) == []
    # ... and a record that plays W3 after it is reported
    rounds = [(7, 0, set()), (8, 1, set()), (9, 2, {0}), (10, 3, set())]
    data, _ = _record(HANCHAN, rounds, start)
    assert _mismatches(data) == [("W3-3", "a round after the game's end",
                                  "W2-2: the last hand passed with a seat at 31000",
                                  "no more rounds")]


def test_a_dealer_keeping_the_deal_in_the_west_wind_goes_on_past_30000() -> None:
    # W1 (dealer seat 0): seats 0, 1 and 2 tenpai, 1,000 each from seat 3: seat 1 at
    # 30,000 ("30000点以上"), but the dealer keeps the deal (tenpai) and is not first
    # (28,000): the game goes on, W1 again (one honba more)
    start = [27000, 29000, 23000, 21000]
    rounds = [(7, 0, set()), (8, 1, {0, 1, 2})]
    data, after = _record(HANCHAN, rounds, start)
    assert after[-1] == [28000, 30000, 24000, 18000]
    assert _mismatches(data) == [("W1-1", "the game ends early", "ends after W1-1",
                                  GOES_ON.format("W1-1"))]
    # W1 again, two honba, every hand noten: the deal moves with seat 1 at 30,000: ends
    rounds = [(7, 0, set()), (8, 1, {0, 1, 2}), (8, 2, set())]
    data, _ = _record(HANCHAN, rounds, start)
    assert _mismatches(data) == []


def test_west_4_passing_ends_the_game_though_nobody_holds_30000() -> None:
    # S4 and the four West hands all noten: nobody ever reaches 30,000; after West 4
    # ("サドンデスの最大局は...東南戦は西場まで") the game ends: a whole record
    start = [28000, 26000, 24000, 22000]
    rounds: list[tuple[int, int, set[int]]] = [
        (7, 0, set()), (8, 1, set()), (9, 2, set()), (10, 3, set()), (11, 4, set())]
    data, after = _record(HANCHAN, rounds, start)
    assert after[-1] == start
    assert _mismatches(data) == []
    # a record stopping at West 3 instead goes on to West 4
    data, _ = _record(HANCHAN, rounds[:-1], start)
    assert _mismatches(data) == [("W3-3", "the game ends early", "ends after W3-3",
                                  GOES_ON.format("W3-3"))]


def test_an_east_only_game_goes_into_the_south_wind_and_ends_after_south_4() -> None:
    # East 4 (seed 3) all noten: nobody at 30,000, South 1 must be played
    start = [28000, 26000, 24000, 22000]
    data, _ = _record(TONPUU, [(3, 0, set())], start)
    assert _mismatches(data) == [("E4", "the game ends early", "ends after E4",
                                  GOES_ON.format("E4"))]
    # E4 and the four South hands all noten: after South 4 the game ends
    rounds: list[tuple[int, int, set[int]]] = [
        (3, 0, set()), (4, 1, set()), (5, 2, set()), (6, 3, set()), (7, 4, set())]
    data, _ = _record(TONPUU, rounds, start)
    assert _mismatches(data) == []
    # S1 (dealer seat 0) with seat 1 alone tenpai: 26,000 + 3,000 = 29,000, under
    # 30,000, the deal moving: South 2 must follow
    rounds = [(3, 0, set()), (4, 1, {1})]
    data, after = _record(TONPUU, rounds, start)
    assert after[-1] == [27000, 29000, 23000, 21000]
    assert _mismatches(data) == [("S1-1", "the game ends early", "ends after S1-1",
                                  GOES_ON.format("S1-1"))]
