"""Each preset against its rule book: for an option where presets differ, one hand scored
under the preset, its value worked out by hand from the cited rule (the sources of each
value are cited where the presets are defined, ``mjasp.RULES``).

Points: base = fu x 2^(han+2), mangan 2000 base, haneman 3000, sanbaiman 6000, yakuman
8000; a non-dealer's ron pays 4 base, a tsumo 2 base from the dealer and 1 base from each
other player, each rounded up to 100.
"""

from __future__ import annotations

import pytest

from mjasp import Win, score
from mjasp.core.yaku import Yaku as Y
from mjasp.rules import RULES
from tests.conftest import Scorer

#: The two engines (the declarative ASP one and the direct one) for hands that not every
#: fast path plays (three players, renhou).
SOLVERS = ("asp", "direct")


def yaku(s: object) -> dict[Y, int]:
    return {i.yaku: i.han for i in s.yaku}  # type: ignore[attr-defined]


# daisangen + suuankou, a non-dealer's tsumo on the shanpon 1m/2p: the Belgian federation's
# summary of the WRC 2022 changes gives "big three dragons + 4 concealed pons" as a double
# yakuman (https://www.mahjongbelgium.be/l/aangepaste-spelregels-wrc/)
DAISANGEN_SUUANKOU = "555666777z111m22p"


def test_wrc_2022_yakuman_add_up(scored: Scorer) -> None:
    win = Win("1m", tsumo=True, seat_wind="S")
    # two yakuman, 16000 base: the dealer pays 32000, each other 16000 = 64000
    s = scored(DAISANGEN_SUUANKOU, win, rules="wrc")
    assert (s.points, s.yakuman) == (64000, 2)
    assert yaku(s) == {Y.DAISANGEN: 13, Y.SUUANKOU: 13}
    assert (s.payments.dealer, s.payments.others) == (32000, 16000)
    # the 2015 book ("yakuman yaku are not cumulative"): one yakuman, 8000 base = 32000
    s = scored(DAISANGEN_SUUANKOU, win, rules=RULES["wrc"].replace(yakuman_stacking=False))
    assert (s.points, s.yakuman) == (32000, 1)


def test_wrc_no_double_yakuman(scored: Scorer) -> None:
    # a 13-sided kokushi, a non-dealer's ron: single in the WRC rules (8000 x 4 = 32000),
    # double on Mahjong Soul (16000 x 4 = 64000)
    hand, win = "19m19p19s1234567z1m", Win("1m", seat_wind="S")
    assert scored(hand, win, rules="wrc").points == 32000
    assert scored(hand, win, rules="mahjongsoul").points == 64000


def test_wrc_double_wind_pair(scored: Scorer) -> None:
    # South seat in the South round, pair 22z, riichi, ron on 1m from 23m (ryanmen); the
    # 999s triplet is concealed. Fu: 20 + menzen ron 10 + concealed terminal triplet 8 +
    # pair: WRC 2 (2 fu per wind, not added up) = 40 -> 40; Tenhou 4 = 42 -> 50.
    # 1 han: WRC 40 x 8 = 320 base x 4 = 1280 -> 1300; Tenhou 50 x 8 = 400 x 4 = 1600
    hand, win = "123m456p789s999s22z", Win("1m", seat_wind="S", round_wind="S", riichi=1)
    wrc = scored(hand, win, rules="wrc")
    tenhou = scored(hand, win, rules="tenhou")
    assert (wrc.fu, wrc.points) == (40, 1300)
    assert (tenhou.fu, tenhou.points) == (50, 1600)


def test_wrc_kazoe_is_sanbaiman(scored: Scorer) -> None:
    # riichi 1 + tsumo 1 + pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 + dora (1p shows
    # 2p, two of them) 2 = 15 han, no yakuman: WRC sanbaiman 6000 base (12000 + 6000 +
    # 6000 = 24000); Tenhou and Mahjong Soul kazoe yakuman 8000 base (32000)
    hand = "22334455667788p"
    win = Win("8p", tsumo=True, riichi=1, seat_wind="S", dora_indicators=("1p",))
    assert scored(hand, win, rules="wrc").points == 24000
    assert scored(hand, win, rules="tenhou").points == 32000
    assert scored(hand, win, rules="mahjongsoul").points == 32000


@pytest.mark.parametrize("solver", SOLVERS)
def test_wrc_renhou_mangan(solver: str) -> None:
    # renhou a mangan the other yaku do not add to ("人和は満貫で、他の役とは複合しない", the
    # Japanese Wikipedia's list of the WRC rules): chiitoitsu and renhou, a mangan, 2000
    # base x 4 = 8000. The 2014 errata's renhou "cumulative with other yaku and dora"
    # (renhou="mangan"): 5 + chiitoitsu 2 = 7 han, haneman 3000 base x 4 = 12000; Tenhou
    # has no renhou: chiitoitsu alone, 25 fu 2 han, 25 x 16 = 400 base x 4 = 1600
    hand, win = "1133m5577p2288s44z", Win("4z", seat_wind="S", renhou=True)
    assert score(hand, win, rules="wrc", solver=solver).points == 8000
    adding_up = RULES["wrc"].replace(renhou="mangan")
    assert score(hand, win, rules=adding_up, solver=solver).points == 12000
    assert score(hand, win, rules="tenhou", solver=solver).points == 1600


@pytest.mark.parametrize("solver", SOLVERS)
def test_mahjongsoul_daisuushii_is_double(solver: str) -> None:
    # open daisuushii (a pon of 444z), tanki on 5m, a non-dealer's ron: Tenhou one yakuman
    # 32000, Mahjong Soul a double yakuman 64000 (no liability: nobody is named as feeder)
    hand, win = "111222333z5m5m [444z]", Win("5m", seat_wind="S")
    assert score(hand, win, rules="tenhou", solver=solver).points == 32000
    s = score(hand, win, rules="mahjongsoul", solver=solver)
    assert (s.points, yaku(s)) == (64000, {Y.DAISUUSHII: 26})


@pytest.mark.parametrize("preset", ["tenhou-3p", "mahjongsoul-3p"])
@pytest.mark.parametrize("solver", SOLVERS)
def test_three_players_tsumo_loss_no_kiriage(preset: str, solver: str) -> None:
    # riichi 1 + tsumo 1 + tanyao 1 + dora (1p shows 2p) 1 = 4 han; 20 + tsumo 2 + kanchan
    # (5p between 4p and 6p) 2 = 24 -> 30 fu: 30 x 64 = 1920 base. A non-dealer's tsumo:
    # the dealer 3900, the other 2000, and no North: 5900 (with kiriage it would be a
    # mangan, 6000). Tenhou's three-player table lists 30 fu 4 han as 5900 [3900-2000]
    # (https://tenhou.club/sanma-tumo-tensuu); tsumo loss is the rule of both Tenhou and
    # Mahjong Soul (https://irilyuu.com/mahjong/mahjongrule/tumo-zonn-tennsu-itirann/)
    hand = "234p456p678s345s88p"
    win = Win("5p", tsumo=True, riichi=1, seat_wind="S", dora_indicators=("1p",))
    s = score(hand, win, rules=preset, solver=solver)
    assert (s.han, s.fu) == (4, 30)
    assert (s.payments.dealer, s.payments.others, s.payments.total) == (3900, 2000, 5900)
    # four players: one more non-dealer pays 2000, 7900
    assert score(hand, win, rules="tenhou", solver=solver).points == 7900


@pytest.mark.parametrize("solver", SOLVERS)
def test_mahjongsoul_3p_honba_is_200(solver: str) -> None:
    # Mahjong Soul three players: "Honba point: 200 points for each Honba stick" (the
    # wiki's Majsoul page). The hand of the tsumo-loss test won by ron with two honba:
    # riichi 1 + tanyao 1 + dora 1 = 3 han; 20 + menzen ron 10 + kanchan 2 = 32 -> 40 fu;
    # 40 x 32 = 1280 base x 4 = 5120 -> 5200, + 2 x 200 = 5600 (four players: + 2 x 300)
    hand = "234p456p678s345s88p"
    win = Win("5p", riichi=1, seat_wind="S", dora_indicators=("1p",), honba=2)
    s = score(hand, win, rules="mahjongsoul-3p", solver=solver)
    assert (s.han, s.fu, s.points, s.payments.total) == (3, 40, 5200, 5600)
    assert score(hand, win, rules="mahjongsoul", solver=solver).payments.total == 5800
