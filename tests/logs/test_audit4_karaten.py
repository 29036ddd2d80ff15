"""Tenpai at an exhaustive draw when the wait's copies sit in the player's own melds.

Tenhou and Mahjong Soul count only the concealed hand's copies of a wait ("pure
karaten", 純カラ): a wait all four of whose copies are in the concealed hand is noten, but
a wait whose copies are in the player's own pon or kan still counts as tenpai:

- "On Tenhou, there have been reports of a hand containing 12s44466688p with a kan of 3s,
  scored as in tenpai. Likewise, the same kind of case is allowable in Mahjong Soul"
  (https://riichi.wiki/Karaten, "Cases"; the page's figure "Karaten tenpai acquired after
  calling kan" is a Mahjong Soul record);
- xiangting's documentation: "If melds are excluded (e.g., 天鳳 (Tenhou), 雀魂 (Mahjong
  Soul)), specify None for fulu_mianzi_list" when counting a hand's four identical tiles
  (Apricot-S/xiangting, README.md, "Handling Melds");
- engines that settle draws as Tenhou and Mahjong Soul do test only the concealed tiles:
  Mortal's libriichi decides a draw by ``shanten() == 0`` of the concealed tiles
  (Equim-chan/Mortal, libriichi/src/arena/board.rs ``exhaustive_ryukyoku``; its shanten
  tables read "1111m 333p 222s 444z" as one away, libriichi/src/algo/shanten.rs), and
  RiichiEnv's ``is_tenpai`` adds a copy only of kinds its concealed counts hold fewer than
  four of (smly/RiichiEnv, riichienv-core/src/hand_evaluator.rs); so do mjx, which
  replays Tenhou's logs (``Hand::IsTenpai`` on the closed tile types, a kind held four
  times skipped: mjx-project/mjx, include/mjx/internal/hand.cpp), and kobalab's
  ``tingpai`` (kobalab/majiang-core, lib/xiangting.js: ``if (bingpai[n] >= 4) continue``).

Payments: the noten seats pay 3000 in all (2000 with three players) to the tenpai seats,
the deal stays when the dealer is tenpai (https://riichi.wiki/Ryuukyoku; three players:
https://riichi.wiki/Sanma, "Noten bappu"; kobalab's Tenhou-following rules,
https://gist.github.com/kobalab/0d551769d11e077322fe4c8a6990a475).

Each record is written as Tenhou mjlog XML by hand (``tests.logs.mjlog_records``), read
again through tenhou.net/6 JSON and MJAI (mjasp's writers), and checked under the
record's rules and under Mahjong Soul's preset; one is also written by hand as MJAI lines
the way Mortal writes them.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

import mjasp.logs as logs
from mjasp.rules import RULES
from tests.logs.mjlog_records import RED, Record, kind, kinds, pon_code
from tests.logs.test_audit_settlements import YAOCHUU, _formats, _kyuushu, _ryuukyoku


def _next_tile(rec: Record) -> int:
    """A free id, simples first (so no seat discarding it has nagashi mangan); three
    players draw no 2m-8m."""
    simples = [k for k in range(34) if k not in YAOCHUU and (rec.players == 4 or k > 8)]
    for k in simples + list(YAOCHUU):
        try:
            return rec.take(k)
        except ValueError:
            continue
    raise ValueError("the wall is empty")


def _play_out(rec: Record, seat: int, draws: int) -> None:
    """``draws`` tiles drawn and discarded at once from ``seat`` on."""
    for _ in range(draws):
        i = _next_tile(rec)
        rec.draw(seat, i)
        rec.discard(seat, i)
        seat = (seat + 1) % rec.players


def _closed_kan_record(players: int) -> tuple[bytes, list[int]]:
    """E1: the dealer holds 12s44466688p333s, draws the fourth 3s and kans it closed
    (Tenhou's code: the id << 8), turns the kan's indicator, draws a replacement and
    discards it; the wall is played out. The dealer's only wait, 3s, is all in its own
    kan: tenpai on Tenhou (the riichi.wiki report). Every other hand is noten, so the
    dealer alone takes the noten payments (3000 from 1000 each; three players 2000 from
    1000 each) and keeps the deal: E1 with one honba, which the dealer aborts (nine
    terminals). Returns the record and the payments."""
    if players == 4:
        rec = Record()
        hands = ["12s44466688p333s", "2468m1357p2468s3m", "1357m2579p5799s1z",
                 "2468m1379p4689s5z"]
        change = [3000, -1000, -1000, -1000]
        after = [28000, 24000, 24000, 24000]
        owari = "280,38.0,240,4.0,240,-16.0,240,-26.0"
    else:
        rec = Record(lobby=184, players=3)
        hands = ["12s44466688p333s", "1199s2255p567z79p", "1199m1199p99s234z"]
        change = [2000, -1000, -1000]
        after = [37000, 34000, 34000]
        owari = "370,7.0,340,-6.0,340,-16.0,0,0"
    start = [25000 if players == 4 else 35000] * players
    rec.new_round(0, 0, 0, 0, start, "1z", hands)
    fourth = rec.take("3s")
    rec.draw(0, fourth)
    rec.tag(f'<N who="0" m="{(4 * kind("3s")) << 8}"/>')
    rec.tag(f'<DORA hai="{rec.take("2z")}"/>')
    rec.turn(0, "5p")
    _play_out(rec, 1, (70 if players == 4 else 55) - 2)
    _ryuukyoku(rec, "0,0", start, change)
    if players == 4:
        _kyuushu(rec, 0, 1, 0, after, owari=owari)
    else:
        # the dealer ends E1-1 at once with nine kinds of terminals and honors
        rec.new_round(0, 1, 0, 0, after, "1z", ["19m19p19s1234z234p", "2255s3344p6677z8p",
                                                "3366s5577p1199m5z"])
        rec.draw(0, rec.take("5z"))
        _ryuukyoku(rec, "1,0", after, [0] * 3, "yao9", owari)
    return rec.text(), change


def _pon_tanki_record() -> tuple[bytes, list[int]]:
    """E1: the dealer discards its 5z at once; seat 1, holding three, pons it with two of
    them and discards 1p, keeping 5z234m456p789s: a single wait on 5z, whose other three
    copies are in its own pon (tenpai on Tenhou). Seat 2 holds 1111m234p567p789p, waiting
    only on a fifth 1m: all four copies in its concealed hand, noten ("pure karaten").
    Seat 1 alone is tenpai: 1000 from each other seat; the dealer is noten, so the deal
    moves (E2, one honba), and seat 1 aborts E2 (nine terminals)."""
    rec = Record()
    start = [25000] * 4
    ids = rec.new_round(0, 0, 0, 0, start, "9p", ["2468m2468p2468s5z", "555z234m456p789s1p",
                                                  "1111m234p567p789p", "3579m3579p3579s4m"])
    rec.draw(0, rec.take("6z"))
    fed = next(i for i in ids[0] if i // 4 == kind("5z"))
    rec.discard(0, fed)
    own = [i for i in ids[1] if i // 4 == kind("5z")]
    used = [own[0], own[1], fed]
    unused = next(c for c in range(4) if 4 * kind("5z") + c not in used)
    # seat 0 is three seats on from seat 1
    rec.tag(f'<N who="1" m="{pon_code(kind("5z"), used, fed, unused, 3)}"/>')
    rec.discard(1, next(i for i in ids[1] if i // 4 == kind("1p")))
    _play_out(rec, 2, 69)
    change = [-1000, 3000, -1000, -1000]
    _ryuukyoku(rec, "0,0", start, change)
    after = [24000, 28000, 24000, 24000]
    _kyuushu(rec, 1, 1, 0, after, owari="240,4.0,280,38.0,240,-16.0,240,-26.0")
    return rec.text(), change


def _settled(data: bytes) -> list[tuple[str, str, list[list[int]], list[str]]]:
    """Every format, under the record's rules and under Mahjong Soul's preset for its
    number of players: (format, rules, each round's payments, the mismatches)."""
    out = []
    for game in _formats(data):
        soul = RULES["mahjongsoul" if game.players == 4 else "mahjongsoul-3p"]
        for g in (game, dataclasses.replace(game, rules=soul)):
            checked = logs.check_game(g)
            out.append((g.format, g.rules.name, [r["deltas"] for r in checked.round_rows],
                        [str(m) for m in checked.mismatches]))
    return out


@pytest.mark.parametrize("players", [4, 3])
def test_a_wait_held_in_the_players_own_closed_kan_is_tenpai(players: int) -> None:
    data, change = _closed_kan_record(players)
    found = _settled(data)
    assert len(found) == 6
    for fmt, rules, deltas, mismatches in found:
        assert (fmt, rules, mismatches) == (fmt, rules, [])
        assert deltas == [change, [0] * players]


def test_a_single_wait_held_in_the_players_own_pon_is_tenpai() -> None:
    data, change = _pon_tanki_record()
    for fmt, rules, deltas, mismatches in _settled(data):
        assert (fmt, rules, mismatches) == (fmt, rules, [])
        assert deltas == [change, [0, 0, 0, 0]]


def _mjai_name(i: int) -> str:
    """MJAI's name of the 136-id ``i``: ``5mr`` a red five, ``E``..``C`` the honors."""
    k = i // 4
    if k >= 27:
        return "ESWNPFC"[k - 27]
    return f"{k % 9 + 1}{'mps'[k // 9]}{'r' if i in RED else ''}"


def test_the_closed_kan_record_written_by_hand_as_mjai_lines() -> None:
    # The four-player closed-kan round as Mortal writes MJAI: a ``ryukyoku`` with deltas
    # and no reason (the empty wall makes it exhaustive), the kan's indicator as a
    # ``dora`` event before the replacement draw. Written here line by line, not through
    # mjasp's writer.
    rec = Record()
    hands = ["12s44466688p333s", "2468m1357p2468s3m", "1357m2579p5799s1z", "2468m1379p4689s5z"]
    rec.dora_id = rec.take("1z")
    ids = [[rec.take(k) for k in kinds(h)] for h in hands]
    lines: list[dict[str, object]] = [
        {"type": "start_game", "names": ["A", "B", "C", "D"]},
        {"type": "start_kyoku", "bakaze": "E", "dora_marker": _mjai_name(rec.dora_id),
         "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, "scores": [25000] * 4,
         "tehais": [[_mjai_name(i) for i in h] for h in ids]}]
    fourth = rec.take("3s")
    lines += [{"type": "tsumo", "actor": 0, "pai": _mjai_name(fourth)},
              {"type": "ankan", "actor": 0, "consumed": ["3s"] * 4},
              {"type": "dora", "dora_marker": _mjai_name(rec.take("2z"))}]
    seat = 0
    for _ in range(69):  # the replacement draw, then the 68 live-wall tiles left
        i = _next_tile(rec)
        lines += [{"type": "tsumo", "actor": seat, "pai": _mjai_name(i)},
                  {"type": "dahai", "actor": seat, "pai": _mjai_name(i), "tsumogiri": True}]
        seat = (seat + 1) % 4
    change = [3000, -1000, -1000, -1000]
    lines += [{"type": "ryukyoku", "deltas": change}, {"type": "end_kyoku"},
              {"type": "end_game", "scores": [28000, 24000, 24000, 24000]}]
    game = logs.read_mjai([json.dumps(line) for line in lines], "kan.mjson")
    for g in (game, dataclasses.replace(game, rules=RULES["mahjongsoul"])):
        checked = logs.check_game(g)
        assert [str(m) for m in checked.mismatches] == []
        assert [r["deltas"] for r in checked.round_rows] == [change]
