"""The direct engine reads a win's dora indicators once per (win, rules) (``_dora_kinds``,
kept for the last pair by identity): scoring one hand under wins and rules that alternate
must count each one's own dora. Expected counts worked by hand from the indicators."""

from __future__ import annotations

from mjasp import Hand, Win, score
from mjasp.core.yaku import Yaku
from mjasp.rules import find_rules


def _dora(hand: Hand, win: Win, rules: str = "tenhou") -> dict[str, int]:
    found = score(hand, win, rules=find_rules(rules))
    return {item.yaku.name: item.han for item in found.yaku
            if item.yaku in (Yaku.DORA, Yaku.URA_DORA)}


def test_alternating_wins_each_count_their_own_indicators() -> None:
    hand = Hand.parse("234567m23455p678s")  # one 2m, one 4p, two 5p
    shows_2m = Win("2p", tsumo=True, seat_wind="S", dora_indicators=("1m",))
    shows_5p = Win("2p", tsumo=True, seat_wind="S", dora_indicators=("4p",))
    # riichi: the ura indicator 3p shows 4p
    riichi = Win("2p", tsumo=True, seat_wind="S", riichi=1, dora_indicators=("1m",),
                 ura_indicators=("3p",))
    for _ in range(2):
        assert _dora(hand, shows_2m) == {"DORA": 1}
        assert _dora(hand, shows_5p) == {"DORA": 2}
        assert _dora(hand, riichi) == {"DORA": 1, "URA_DORA": 1}


def test_one_win_under_alternating_rules_counts_each_rules_dora() -> None:
    # three players skip 2m-8m: the 1m indicator shows 9m (three held), four players 2m
    # (none held) (https://riichi.wiki/Sanma)
    hand = Hand.parse("111999m123456p77s")
    win = Win("7s", tsumo=True, seat_wind="S", dora_indicators=("1m",))
    for _ in range(2):
        assert _dora(hand, win, "tenhou") == {}
        assert _dora(hand, win, "tenhou-3p") == {"DORA": 3}
