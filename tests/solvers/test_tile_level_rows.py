"""The direct engine asks its records of level "hand" once per hand and those of level
"tile" once per winning tile (``scoring_direct._by_tile``): so no "hand" record may read
the winning tile. Checked on sampled wins of every theme (flushes and chuuren among
them): every "hand" record gives the same answer whichever concealed kind is the winning
tile, while junsei chuuren's (the nine-sided wait, https://riichi.wiki/Chuuren_poutou)
does not, so the check can fail."""

from __future__ import annotations

from mjasp.core.hand import Hand
from mjasp.core.win import Win
from mjasp.core.yaku import Yaku
from mjasp.rules import LOCAL_YAKU, find_rules
from mjasp.scoring.samples import EXTRA_THEMES, THEMES, random_wins
from mjasp.solvers import scoring_direct as direct

LOCAL = find_rules("tenhou").replace(local_yaku=frozenset(LOCAL_YAKU))


def _answers(hand: Hand, win: Win, rows: list[direct.YakuRule]) -> dict[int, tuple[bool, ...]]:
    """Each record's answer with each concealed kind of ``hand`` as the winning tile."""
    found = {}
    for tile, count in enumerate(hand.counts):
        if count:
            h = direct._hand_facts(hand, win, tile)
            found[tile] = tuple(bool(row.rule(h, direct._NO_READING, direct._NO_PLACEMENT))
                                for row in rows)
    return found


def test_levels_are_the_four_named() -> None:
    assert {row.level for row in direct.YAKU} == {"hand", "tile", "reading", "placement"}
    assert [row.yaku for row in direct.YAKU if row.level == "tile"] == [Yaku.JUNSEI_CHUUREN]


def test_hand_rows_do_not_read_the_winning_tile() -> None:
    rows = [row for row in direct.YAKU if row.level == "hand"]
    assert len(rows) >= 20  # every hand record, the local ones too (their rules' options)
    wins = random_wins(300, seed=23, themes=[*THEMES, *EXTRA_THEMES], rules=LOCAL)
    wins += [(Hand.parse(text), Win("5m", tsumo=True)) for text in
             ("11123455678999m", "11112345678999m", "11122345678999m", "11123456789999m")]
    checked = held = 0
    for hand, win in wins:
        answers = _answers(hand, win, rows)
        first = next(iter(answers.values()))
        for tile, answer in answers.items():
            assert answer == first, (str(hand), tile)
            checked += 1
        held += sum(first)
    assert checked > 1500 and held > 100


def test_junsei_reads_the_winning_tile() -> None:
    # 1112345678999m plus one more of the suit: junsei only won on that extra tile
    (rule,) = [row for row in direct.YAKU if row.yaku is Yaku.JUNSEI_CHUUREN]
    for text, extra in (("11123455678999m", 4), ("11112345678999m", 0),
                        ("11123456789999m", 8)):
        answers = _answers(Hand.parse(text), Win("1m", tsumo=True), [rule])
        assert {tile for tile, (holds,) in answers.items() if holds} == {extra}, text


def test_nine_gates_scored_per_tile() -> None:
    # the same 14 tiles: junsei chuuren won on 5m (the extra tile), plain chuuren on 1m
    hand = Hand.parse("11123455678999m")
    rules = find_rules("tenhou")
    by_tile = direct.candidates_by_tile(hand, Win("5m", tsumo=True), rules, (4, 0))
    names = [{item.yaku for s in found for item in s.yaku} for found in by_tile]
    assert Yaku.JUNSEI_CHUUREN in names[0] and Yaku.CHUUREN not in names[0]
    assert Yaku.CHUUREN in names[1] and Yaku.JUNSEI_CHUUREN not in names[1]
