"""Mahjong Soul's, the WRC's and Tenhou's presets, option by option, against their rule
texts and record-checked engines: one win per option, scored through every engine and
``mjasp.score`` (the ``scored`` fixture), its value worked out by hand from the cited rule.
The table of options, values and sources is in docs/rules.md ("Presets against their
sources"); the options already checked in ``test_audit_presets.py`` (the WRC's yakuman
adding up and none counting double, its double-wind pair, kazoe sanbaiman, renhou mangan;
Mahjong Soul's double daisuushii and 13-sided kokushi; tsumo loss and the 200-point honba
with three players) are not repeated here.

Points: base = fu x 2^(han+2), mangan 2000 base, haneman 3000, sanbaiman 6000, yakuman
8000 a multiple; a non-dealer's ron pays 4 base, a tsumo 2 base from the dealer and 1 base
from each other player, each rounded up to 100.

Sources named below:
- RiichiEnv: smly/RiichiEnv, whose Mahjong Soul preset (``GameRule::default_mjsoul``,
  riichienv-core/src/rule.rs) replays 20,000 sampled Mahjong Soul records with han, fu,
  yaku and scores compared (docs/MJSOUL_CORPUS_VALIDATION.md);
- the Majsoul wiki page: riichi.wiki's Mahjong Soul "Rules" section
  (https://riichi.wiki/Special:MobileDiff/19081, /19161, /19575);
- the WRC 2022 summary: the Belgian federation's list of the 2022 changes
  (https://www.mahjongbelgium.be/l/aangepaste-spelregels-wrc/, 2022-04-02);
- the WRC errata: the 2014 rules' author's errata and precisions
  (http://reachmahjong.com/en/forum/viewtopic.php?f=17&t=53230);
- the Japanese list: the Japanese Wikipedia's list of the WRC rules' main settings
  (https://ja.wikipedia.org/wiki/世界リーチ麻雀選手権, 主な採用ルール; yakuman add up there,
  so 2022 or later).
"""

from __future__ import annotations

import pytest

from mjasp import Win
from mjasp.core.errors import HandError
from mjasp.core.win import WinError
from mjasp.core.yaku import Yaku as Y
from tests.conftest import Scorer


def yaku(s: object) -> dict[Y, int]:
    return {i.yaku: i.han for i in s.yaku}  # type: ignore[attr-defined]


# ---------------------------------------------------------------- Mahjong Soul (4 players)


def test_mahjongsoul_suuankou_tanki_is_double(scored: Scorer) -> None:
    # four concealed triplets, ron on the 5m pair (tanki), a non-dealer: Mahjong Soul
    # counts suuankou tanki double (RiichiEnv is_suuankou_tanki_double: default_mjsoul
    # true, default_tenhou false): 2 x 8000 x 4 = 64000; Tenhou one yakuman, 32000
    hand, win = "111m55m222p333s444s", Win("5m", seat_wind="S")
    s = scored(hand, win, rules="mahjongsoul")
    assert (s.points, s.yakuman, yaku(s)) == (64000, 2, {Y.SUUANKOU_TANKI: 26})
    assert scored(hand, win, rules="tenhou").points == 32000


def test_mahjongsoul_junsei_chuuren_is_double(scored: Scorer) -> None:
    # 1112345678999m held, ron on a fourth 9m (the nine-sided wait), a non-dealer: double
    # on Mahjong Soul (is_junsei_chuurenpoutou_double), 64000; Tenhou 32000
    hand, win = "11123456789999m", Win("9m", seat_wind="S")
    s = scored(hand, win, rules="mahjongsoul")
    assert (s.points, yaku(s)) == (64000, {Y.JUNSEI_CHUUREN: 26})
    assert scored(hand, win, rules="tenhou").points == 32000


def test_mahjongsoul_yakuman_add_up_with_a_double(scored: Scorer) -> None:
    # daisuushii (a pon of 4z) + tsuuiisou, ron on the 5z pair, a non-dealer. RiichiEnv:
    # "combinations of independent Yakuman (e.g. Tsuuiisou + Daisangen) always stack";
    # daisuushii counts two on Mahjong Soul: 3 x 32000 = 96000. Tenhou and the WRC 2022
    # rules add them up single: 2 x 32000 = 64000
    hand, win = "111222333z55z [444z]", Win("5z", seat_wind="S")
    s = scored(hand, win, rules="mahjongsoul")
    assert (s.points, s.yakuman) == (96000, 3)
    assert scored(hand, win, rules="tenhou").points == 64000
    assert scored(hand, win, rules="wrc").points == 64000


def test_mahjongsoul_counted_yakuman_at_13_han_and_only_one(scored: Scorer) -> None:
    # 345p 345p 678p 678p 22p, tsumo on 8p (ryanmen): menzen tsumo 1 + pinfu 1 + tanyao 1
    # + ryanpeikou 3 + chinitsu 6 = 12 han, a sanbaiman: 12000 + 6000 + 6000 = 24000.
    # With riichi 13 han: a counted yakuman on Tenhou and Mahjong Soul ("数え役満 ...
    # 天鳳 ○ 雀魂 ○", https://mahjongcollege.com/yaku/2252/): 16000 + 8000 + 8000 =
    # 32000; the WRC caps it at sanbaiman
    hand = "22334455667788p"
    twelve = Win("8p", tsumo=True, seat_wind="S")
    assert (scored(hand, twelve, rules="mahjongsoul").han,
            scored(hand, twelve, rules="mahjongsoul").points) == (12, 24000)
    thirteen = Win("8p", tsumo=True, riichi=1, seat_wind="S")
    s = scored(hand, thirteen, rules="mahjongsoul")
    assert (s.han, s.points, s.yakuman, s.limit) == (13, 32000, 0, "yakuman")
    assert scored(hand, thirteen, rules="wrc").points == 24000
    # 30 han (+ ippatsu, 8 dora, 8 ura) is still one counted yakuman: no rule counts 26
    # han as two ("26飜以上がダブル役満 ... になったりするルールは無い",
    # https://dic.nicovideo.jp/a/数え役満)
    many = Win("8p", tsumo=True, riichi=1, ippatsu=True, seat_wind="S",
               dora_indicators=("1p", "2p", "3p", "4p"), ura_indicators=("5p", "6p", "7p", "1p"))
    s = scored(hand, many, rules="mahjongsoul")
    assert (s.han, s.points) == (30, 32000)


def test_mahjongsoul_no_kiriage(scored: Scorer) -> None:
    # riichi 1 + pinfu 1 + tanyao 1 + dora (1m shows 2m) 1 = 4 han, 30 fu (menzen ron):
    # 30 x 64 = 1920 base x 4 = 7680 -> 7700 on Mahjong Soul (RiichiEnv score.rs: a
    # mangan only when the base exceeds 2000) and Tenhou; the WRC rounds it up to 8000
    hand = "234m456p678s345s88p"
    win = Win("5s", riichi=1, seat_wind="S", dora_indicators=("1m",))
    assert (scored(hand, win, rules="mahjongsoul").fu,
            scored(hand, win, rules="mahjongsoul").points) == (30, 7700)
    assert scored(hand, win, rules="wrc").points == 8000


def test_mahjongsoul_double_wind_pair_is_4_fu(scored: Scorer) -> None:
    # South seat, South round, pair 22z, riichi, ron on 1m (ryanmen), 999s concealed:
    # 20 + menzen ron 10 + concealed terminal triplet 8 + pair: round wind 2 + seat wind 2
    # (RiichiEnv's fu adds both, records' fu compared) = 42 -> 50 fu; 1 han: 50 x 8 =
    # 400 x 4 = 1600 (the WRC's 2 fu: 40 fu, 1300, in test_audit_presets.py)
    hand, win = "123m456p789s999s22z", Win("1m", seat_wind="S", round_wind="S", riichi=1)
    s = scored(hand, win, rules="mahjongsoul")
    assert (s.fu, s.points) == (50, 1600)


def test_mahjongsoul_no_renhou(scored: Scorer) -> None:
    # a non-dealer's ron before the first draw: no renhou yaku on Mahjong Soul (no such
    # yaku in RiichiEnv's record-checked yaku table, riichienv-core/src/yaku.rs), as on
    # Tenhou: chiitoitsu alone, 25 fu 2 han, 25 x 16 = 400 x 4 = 1600
    hand, win = "1133m5577p2288s44z", Win("4z", seat_wind="S", renhou=True)
    s = scored(hand, win, rules="mahjongsoul")
    assert (s.points, yaku(s)) == (1600, {Y.CHIITOITSU: 2})


def test_mahjongsoul_one_red_five_a_suit(scored: Scorer) -> None:
    # a red 5p counts one han (one red five a suit): pinfu 1 + tanyao 1 + red five 1 = 3
    # han 30 fu, 30 x 32 = 960 x 4 = 3840 -> 3900; a second red 5p is not in the set
    win = Win("5s", seat_wind="S")
    s = scored("234m406p678s345s88p", win, rules="mahjongsoul")
    assert (s.han, s.points, yaku(s)[Y.AKA_DORA]) == (3, 3900, 1)
    with pytest.raises((HandError, WinError)):
        scored("234m400p678s345s88p", win, rules="mahjongsoul")


# the three dragon sets declared, the last fed by West; 111z concealed, the 22z pair
DAISANGEN_TSUUIISOU = "111z22z [555z] [666z] [777z]"


def test_mahjongsoul_liability_covers_only_its_yakuman(scored: Scorer) -> None:
    # daisangen (West liable) + tsuuiisou, a non-dealer (South) wins on 2z. RiichiEnv's
    # docs/RULES.md: on Mahjong Soul "Pao player pays only the Pao-triggering Yakuman
    # portion. The remaining Yakumans are split normally" (tsumo) and "only the Pao-
    # triggering Yakuman portion is split 50/50. The non-Pao Yakuman portion is paid
    # entirely by the deal-in player" (ron); on Tenhou the liable player answers for all.
    tsumo = Win("2z", tsumo=True, seat_wind="S", liable="W")
    s = scored(DAISANGEN_TSUUIISOU, tsumo, rules="mahjongsoul")
    # daisangen 32000 from West; tsuuiisou as a tsumo: dealer 16000, each other 8000
    assert (s.payments.liable, s.payments.dealer, s.payments.others, s.payments.total) \
        == (32000, 16000, 8000, 64000)
    t = scored(DAISANGEN_TSUUIISOU, tsumo, rules="tenhou")
    assert (t.payments.liable, t.payments.dealer, t.payments.others) == (64000, 0, 0)
    ron = Win("2z", seat_wind="S", liable="W")
    s = scored(DAISANGEN_TSUUIISOU, ron, rules="mahjongsoul")
    # half of daisangen's 32000 from West; the discarder the other half and tsuuiisou
    assert (s.payments.liable, s.payments.ron) == (16000, 16000 + 32000)
    t = scored(DAISANGEN_TSUUIISOU, ron, rules="tenhou")
    assert (t.payments.liable, t.payments.ron) == (32000, 32000)


def test_mahjongsoul_no_liability_for_suukantsu(scored: Scorer) -> None:
    # liability on Mahjong Soul: "Apply for: Big 3 Dragons, Big 4 Winds" (the Majsoul
    # wiki page); a suukantsu fed by West is no liability: naming a liable seat is an error
    hand, win = "11m [2222p] [3333s] [4444p] [6666s]", Win("1m", seat_wind="S", liable="W")
    with pytest.raises(WinError):
        scored(hand, win, rules="mahjongsoul")
    assert scored(hand, Win("1m", seat_wind="S"), rules="mahjongsoul").points == 32000


def test_mahjongsoul_liability_for_a_double_daisuushii(scored: Scorer) -> None:
    # the four wind sets declared, the last fed by West; a non-dealer wins on the 1m pair.
    # Mahjong Soul's liable share counts the yakuman's value, two for daisuushii
    # (RiichiEnv's settlement adds 2 to pao_yakuman_val for it under default_mjsoul):
    # tsumo, West pays 2 x 32000 = 64000; ron, West pays half, 32000, the discarder the
    # rest. Tenhou: one yakuman, 32000 from West on tsumo
    hand = "11m [111z] [222z] [333z] [444z]"
    s = scored(hand, Win("1m", tsumo=True, seat_wind="S", liable="W"), rules="mahjongsoul")
    assert (s.payments.liable, s.payments.dealer, s.payments.others) == (64000, 0, 0)
    s = scored(hand, Win("1m", seat_wind="S", liable="W"), rules="mahjongsoul")
    assert (s.payments.liable, s.payments.ron) == (32000, 32000)
    t = scored(hand, Win("1m", tsumo=True, seat_wind="S", liable="W"), rules="tenhou")
    assert t.payments.liable == 32000


# ------------------------------------------------------------- Mahjong Soul (3 players)

SANMA = "123p789p456s999s11p"


def test_mahjongsoul_3p_north_tiles_are_dora(scored: Scorer) -> None:
    # two norths set aside, riichi, tsumo on 1p: menzen tsumo 1 + riichi 1 + nukidora 2 =
    # 4 han; as a tanki 20 + tsumo 2 + 999s concealed 8 + tanki 2 = 32 -> 40 fu, 40 x 64 =
    # 2560: mangan. A non-dealer's tsumo with tsumo loss (RiichiEnv score.rs: the dealer's
    # 2 base and one other 1 base): 4000 + 2000 = 6000
    win = Win("1p", tsumo=True, seat_wind="S", riichi=1, north_dora=2)
    s = scored(SANMA, win, rules="mahjongsoul-3p")
    assert (s.han, s.points, yaku(s)[Y.NUKIDORA]) == (4, 6000, 2)
    assert (s.payments.dealer, s.payments.others) == (4000, 2000)


def test_mahjongsoul_3p_replacement_after_north_is_rinshan(scored: Scorer) -> None:
    # "If the player wins off of the dead wall draw from calling a nukidora tile, they are
    # awarded rinshan" (https://riichi.wiki/Special:MobileDiff/26510): one north, tsumo on
    # the replacement: tsumo 1 + riichi 1 + rinshan 1 + nukidora 1 = 4 han, 40 fu, 6000
    win = Win("1p", tsumo=True, seat_wind="S", riichi=1, north_dora=1, rinshan=True)
    s = scored(SANMA, win, rules="mahjongsoul-3p")
    assert (s.points, yaku(s)[Y.RINSHAN]) == (6000, 1)
    # no north and no kan: no replacement draw, so no rinshan
    with pytest.raises(WinError):
        scored(SANMA, Win("1p", tsumo=True, seat_wind="S", riichi=1, rinshan=True),
               rules="mahjongsoul-3p")


def test_mahjongsoul_3p_north_call_ends_double_riichi_ippatsu(scored: Scorer) -> None:
    # "North-Dora claiming is similar to a calling action, thus this can nullify One-shot
    # (Ippatsu) ... and Double Reach" (the Majsoul wiki page, MobileDiff/19161): double
    # riichi with ippatsu is a first-go-around win, which a north set aside rules out
    win = Win("1p", tsumo=True, seat_wind="S", riichi=2, ippatsu=True, north_dora=1)
    with pytest.raises(WinError):
        scored(SANMA, win, rules="mahjongsoul-3p")


def test_mahjongsoul_3p_robbed_north_is_no_chankan(scored: Scorer) -> None:
    # "North can be robbed even with non-yakuman hand. However Robbing a Quad (Chankan)
    # yaku is not applied" (MobileDiff/19161): riichi alone, 20 + menzen ron 10 + 999s 8 +
    # tanki 2 = 40 fu (the north pair is a guest wind, no fu), 40 x 8 = 320 x 4 = 1280 ->
    # 1300
    hand, win = "123p789p456s999s44z", Win("4z", seat_wind="S", riichi=1, robbed_north=True)
    s = scored(hand, win, rules="mahjongsoul-3p")
    assert (s.fu, s.points, Y.CHANKAN in yaku(s)) == (40, 1300, False)


def test_mahjongsoul_3p_north_triplet_is_a_guest_wind(scored: Scorer) -> None:
    # "North triplets is treated as irrelevant wind tiles (Otakaze), thus cannot get 1 han
    # as Value Tiles" (MobileDiff/19161): 444z and nothing else is no yaku
    s = scored("123p789p456s444z11s", Win("1s", seat_wind="S"), rules="mahjongsoul-3p")
    assert (s.points, s.reason is not None) == (0, True)


def test_mahjongsoul_3p_wall(scored: Scorer) -> None:
    # 2m-8m are not in the three-player set, so a 1m indicator shows 9m: riichi 1 + dora
    # 3 (999m) = 4 han; 20 + menzen ron 10 + 111m 8 + 999m 8 + tanki 2 = 48 -> 50 fu,
    # 50 x 64 = 3200: mangan, 8000 (https://riichi.wiki/Sanma)
    win = Win("1p", seat_wind="S", riichi=1, dora_indicators=("1m",))
    s = scored("111999m789p456s11p", win, rules="mahjongsoul-3p")
    assert (s.han, s.points, yaku(s)[Y.DORA]) == (4, 8000, 3)
    # no chi with three players; no 5m in the set
    with pytest.raises((HandError, WinError)):
        scored("789p456s999s11p [123p]", Win("1p", seat_wind="S"), rules="mahjongsoul-3p")
    with pytest.raises((HandError, WinError)):
        scored("555m789p456s999s11p", Win("1p", seat_wind="S"), rules="mahjongsoul-3p")


def test_mahjongsoul_3p_liability_with_tsumo_loss(scored: Scorer) -> None:
    # daisangen fed by West, tsumo with one honba. RiichiEnv's three-player settlement
    # (riichienv-core/src/state_3p) makes the liable player pay the three-player tsumo,
    # "16000 + (np - 2) * 8000" to a non-dealer and "(np - 1) * 16000" to the dealer, and
    # every honba, 100 x (np - 1) each: 24000 + 200 and 32000 + 200
    hand = "111p22p [555z] [666z] [777z]"
    s = scored(hand, Win("2p", tsumo=True, seat_wind="S", liable="W", honba=1),
               rules="mahjongsoul-3p")
    assert (s.points, s.payments.liable, s.payments.total) == (24000, 24200, 24200)
    s = scored(hand, Win("2p", tsumo=True, seat_wind="E", liable="W", honba=1),
               rules="mahjongsoul-3p")
    assert (s.points, s.payments.liable, s.payments.total) == (32000, 32200, 32200)


def test_mahjongsoul_3p_liability_with_another_yakuman(scored: Scorer) -> None:
    # daisangen (West liable) + tsuuiisou, two honba, a non-dealer (South). RiichiEnv's
    # three-player settlement under default_mjsoul: on tsumo West pays daisangen as a
    # three-player tsumo, 16000 + 8000, and every honba, 2 x 100 x 2; tsuuiisou is an
    # ordinary tsumo, 16000 from the dealer and 8000 from West (in ``others``). On ron
    # West pays half of daisangen's 32000 and the honba, 16000 + 400; the discarder the
    # rest, 16000 + tsuuiisou's 32000
    tsumo = Win("2z", tsumo=True, seat_wind="S", liable="W", honba=2)
    s = scored(DAISANGEN_TSUUIISOU, tsumo, rules="mahjongsoul-3p")
    assert (s.payments.liable, s.payments.dealer, s.payments.others, s.payments.total) \
        == (24400, 16000, 8000, 48400)
    ron = Win("2z", seat_wind="S", liable="W", honba=2)
    s = scored(DAISANGEN_TSUUIISOU, ron, rules="mahjongsoul-3p")
    assert (s.payments.liable, s.payments.ron, s.payments.total) == (16400, 48000, 64400)


# ------------------------------------------------------------------------------- the WRC


def test_wrc_ippatsu_and_ura_dora_count(scored: Scorer) -> None:
    # riichi 1 + ippatsu 1 + pinfu 1 + tanyao 1 + ura dora (7p shows 8p, two) 2 = 6 han:
    # haneman 3000 x 4 = 12000. The WRC plays both ("Ura: true, Ipatsu: true" in
    # dnovikoff/mahjong-api pkg/rules/ruleset_wrc.go; the 2015 book's yaku list has ippatsu)
    hand = "234m456p678s345s88p"
    win = Win("5s", riichi=1, ippatsu=True, seat_wind="S", dora_indicators=("1z",),
              ura_indicators=("7p",))
    s = scored(hand, win, rules="wrc")
    assert (s.han, s.points) == (6, 12000)
    assert (yaku(s)[Y.IPPATSU], yaku(s)[Y.URA_DORA]) == (1, 2)


def test_wrc_no_red_fives(scored: Scorer) -> None:
    # no red fives in the WRC set ("赤牌は使用しない", the Japanese list; ruleset_wrc.go
    # names no AkaDora, where its Tenhou ruleset names the three red fives): a 0p is an
    # error under the WRC rules, one han on Tenhou
    win = Win("5s", seat_wind="S")
    with pytest.raises((HandError, WinError)):
        scored("234m406p678s345s88p", win, rules="wrc")
    assert scored("234m406p678s345s88p", win, rules="tenhou").points == 3900


def test_wrc_kiriage_3_han_60_fu(scored: Scorer) -> None:
    # 111z (the East round's wind) 999p 111s concealed, 234m, 55m; ron on 3m (kanchan):
    # round wind 1 + sanankou 2 = 3 han; 20 + 10 + 8 x 3 + kanchan 2 = 56 -> 60 fu:
    # 60 x 32 = 1920. The WRC rounds it up to mangan (ruleset_wrc.go ManganRound: true;
    # a WRC2022 ruleset of a public scorer, has_kiriage_mangan), 8000; Mahjong Soul 7700
    hand, win = "234m55m999p111s111z", Win("3m", seat_wind="S", round_wind="E")
    s = scored(hand, win, rules="wrc")
    assert (s.han, s.fu, s.points, s.limit) == (3, 60, 8000, "mangan")
    assert scored(hand, win, rules="mahjongsoul").points == 7700


def test_wrc_four_quads_and_sixteen_dora_is_one_yakuman(scored: Scorer) -> None:
    # "Een hand bestaande uit 4 kans en 16 dora telt nog steeds als een single Yakuman"
    # (the WRC 2022 summary): suukantsu with every quad a dora (1p 2s 3p 4s show 2p 3s
    # 4p 5s; the fifth indicator, 1z, shows 2z, none held), a non-dealer's ron: one
    # yakuman, 32000, the dora not counted
    hand = "11m [2222p] [3333s] [4444p] [5555s]"
    win = Win("1m", seat_wind="S", dora_indicators=("1p", "2s", "3p", "4s", "1z"))
    s = scored(hand, win, rules="wrc")
    assert (s.points, s.yakuman, yaku(s)) == (32000, 1, {Y.SUUKANTSU: 13})


def test_wrc_one_han_minimum(scored: Scorer) -> None:
    # a complete hand whose only han is a dora (8p shows 9p) wins nothing
    s = scored("123m456p789s11z789p", Win("9p", seat_wind="S", dora_indicators=("8p",)),
               rules="wrc")
    assert s.points == 0


def test_wrc_liability_for_daisangen(scored: Scorer) -> None:
    # liability for the third dragon set (the WRC 2022 summary, "sekininbarai"): a
    # non-dealer's daisangen, 32000; on ron the liable player pays half, 16000, the
    # discarder the rest; on tsumo the liable player pays all 32000
    hand = "111m22p [555z] [666z] [777z]"
    s = scored(hand, Win("2p", seat_wind="S", liable="W"), rules="wrc")
    assert (s.payments.liable, s.payments.ron, s.payments.total) == (16000, 16000, 32000)
    s = scored(hand, Win("2p", tsumo=True, seat_wind="S", liable="W"), rules="wrc")
    assert (s.payments.liable, s.payments.dealer, s.payments.others) == (32000, 0, 0)


def test_wrc_renhou_with_a_yakuman_is_the_yakuman(scored: Scorer) -> None:
    # renhou is a mangan yaku (the WRC errata: "Renhō is cumulative with other yaku and
    # dora"); with a yakuman hand the ordinary yaku drop. Four concealed triplets, three
    # of them dragons, ron on the 2p pair before the first draw: daisangen + suuankou
    # tanki, single each and added up (2022): 2 x 32000 = 64000, no renhou
    hand = "111m22p555666777z"
    s = scored(hand, Win("2p", seat_wind="S", renhou=True), rules="wrc")
    assert (s.points, set(yaku(s))) == (64000, {Y.DAISANGEN, Y.SUUANKOU_TANKI})


def test_wrc_all_green_needs_no_hatsu(scored: Scorer) -> None:
    # "發なし緑一色を認める" (the Japanese list): 234s 234s 666s 888s 22s, all green
    # without 6z, ron by a non-dealer: one yakuman, 32000
    s = scored("22223344666888s", Win("8s", seat_wind="S"), rules="wrc")
    assert (s.points, set(yaku(s))) == (32000, {Y.RYUUIISOU})


def test_wrc_renhou_is_a_mangan_not_added_to(scored: Scorer) -> None:
    # "人和は満貫で、他の役とは複合しない" (the Japanese list); "awarded a mangan or the
    # value of the hand, whichever is greater" (the Toronto Riichi Club's tournament rules,
    # "simply WRC rules"). Chiitoitsu and renhou, a non-dealer's ron: a mangan, 2000 x 4 =
    # 8000 (chiitoitsu alone is 1600; added up, 7 han, 12000)
    s = scored("1133m5577p2288s44z", Win("4z", seat_wind="S", renhou=True), rules="wrc")
    assert (s.points, s.han, yaku(s)) == (8000, 5, {Y.RENHOU: 5})
    # renhou and dora alone: the dora are not added, 8000 (8p shows 9p, held once)
    s = scored("123m456p789s11z789p",
               Win("9p", seat_wind="S", renhou=True, dora_indicators=("8p",)), rules="wrc")
    assert (s.points, yaku(s)) == (8000, {Y.RENHOU: 5})


def test_wrc_renhou_gives_way_to_a_larger_hand(scored: Scorer) -> None:
    # 11223344556677p, ron on 7p: pinfu 1 + ryanpeikou 3 + chinitsu 6 = 10 han, a baiman,
    # 4000 x 4 = 16000, more than renhou's mangan: the hand is scored without renhou
    # (added up it would be 15 han, a sanbaiman, 24000)
    s = scored("11223344556677p", Win("7p", seat_wind="S", renhou=True), rules="wrc")
    assert (s.points, s.han, Y.RENHOU in yaku(s)) == (16000, 10, False)
    # the edge: 123p 345p 567p 789p 99p, ron on 4p (kanchan): chinitsu alone, 6 han, a
    # haneman, 3000 x 4 = 12000, still more than a mangan
    s = scored("12334556778999p", Win("4p", seat_wind="S", renhou=True), rules="wrc")
    assert (s.points, yaku(s)) == (12000, {Y.CHINITSU: 6})
