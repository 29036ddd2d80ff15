"""Three-player and WRC cases the earlier preset audits do not hold: north tiles set aside
under a west ura indicator, a double yakuman paid with tsumo loss, honba on a dealer's
three-player tsumo, kazoe capped at sanbaiman with three players (also in plain clingo's
``points_3p/1``) and the WRC's sanbaiman cap on a dealer's tsumo. Every value is worked
out by hand from the rule cited beside it and checked on every scoring path (the
``scored`` fixture).

Points: base = fu x 2^(han+2); mangan 2000 base, haneman 3000, baiman 4000, sanbaiman
6000, yakuman 8000 a multiple (https://riichi.wiki/Japanese_mahjong_scoring_rules). With
three players and tsumo loss a non-dealer's tsumo is paid 2 base by the dealer and 1 base
by the other player, a dealer's tsumo 2 base by each of the two others, the absent North's
share unpaid (https://riichi.wiki/Sanma "Scoring": "no change is used to account and
adjust for the missing player"; a non-dealer mangan tsumo is 4000 + 2000,
https://tenhou.club/sanma-tumo-tensuu). A honba is 200 with three players on Tenhou and
Mahjong Soul, 100 from each payer on tsumo (the Majsoul wiki page, "Honba point: 200
points for each Honba stick", https://riichi.wiki/index.php?title=Majsoul&diff=next&oldid=20014).
"""

from __future__ import annotations

import pytest

from mjasp import Hand, Win
from mjasp.core.yaku import Yaku as Y
from mjasp.rules import RULES
from mjasp.rules.points import Payments
from tests.conftest import Scorer
from tests.scoring.test_score_3p import _plain_facts, _plain_points_3p


def yaku(s: object) -> dict[Y, int]:
    return {i.yaku: i.han for i in s.yaku}  # type: ignore[attr-defined]


@pytest.mark.parametrize("preset", ["tenhou-3p", "mahjongsoul-3p"])
def test_north_tiles_set_aside_are_ura_under_a_west_ura_indicator(scored: Scorer,
                                                                  preset: str) -> None:
    # 111p 234p 567s 789s 99s, riichi, tsumo on 9s by South, two norths set aside, a west
    # dora indicator and a west ura indicator. "If west is the dora indicator, then kita is
    # counted as two dora" (https://riichi.wiki/Special:MobileDiff/26510): the norths set
    # aside are the winner's tiles, so a west ura indicator makes each an ura dora as well.
    # Riichi 1 + menzen tsumo 1 + dora 2 + ura 2 + north 2 = 8 han, baiman (4000 base);
    # tsumo loss: the dealer 8000, the other player 4000, 12000
    win = Win("9s", tsumo=True, seat_wind="S", riichi=1, north_dora=2,
              dora_indicators=("3z",), ura_indicators=("3z",))
    s = scored("111p234p567s789s99s", win, rules=preset)
    assert yaku(s) == {Y.RIICHI: 1, Y.MENZEN_TSUMO: 1, Y.DORA: 2, Y.URA_DORA: 2,
                       Y.NUKIDORA: 2}
    assert (s.han, s.points, s.payments) == (8, 12000, Payments(0, 8000, 4000, 0, 12000))
    # the same tsumo without riichi (so no ura): menzen tsumo 1 + dora 2 + north 2
    # = 5 han, a mangan (2000 base): 4000 + 2000
    plain = Win("9s", tsumo=True, seat_wind="S", north_dora=2, dora_indicators=("3z",))
    assert scored("111p234p567s789s99s", plain, rules=preset).points == 6000


@pytest.mark.parametrize(("preset", "multiple"), [("tenhou-3p", 1), ("mahjongsoul-3p", 2)])
def test_thirteen_sided_kokushi_tsumo_with_tsumo_loss(scored: Scorer, preset: str,
                                                      multiple: int) -> None:
    # 19m19p19s1234567z held, tsumo on 1m: the 13-sided wait, a double yakuman on Mahjong
    # Soul (its four double yakuman, mjasp.RULES["mahjongsoul-3p"]), one on Tenhou.
    # A non-dealer (South): the dealer pays 2 x 8000 a multiple, the other player 8000 a
    # multiple, North's 8000 unpaid: 24000 a multiple. The dealer: 16000 from each of two,
    # 32000 a multiple
    hand = "19m19p19s1234567z1m"
    south = scored(hand, Win("1m", tsumo=True, seat_wind="S"), rules=preset)
    assert (south.yakuman, south.points) == (multiple, 24000 * multiple)
    assert south.payments == Payments(0, 16000 * multiple, 8000 * multiple, 0,
                                      24000 * multiple)
    east = scored(hand, Win("1m", tsumo=True, seat_wind="E"), rules=preset)
    assert (east.points, east.payments.others) == (32000 * multiple, 16000 * multiple)


@pytest.mark.parametrize(("preset", "multiple"), [("tenhou-3p", 1), ("mahjongsoul-3p", 2)])
def test_plain_clingo_pays_the_kokushi_tsumo_with_tsumo_loss(preset: str,
                                                             multiple: int) -> None:
    # the same wins through the preset's entry file alone (three_players.lp's points_3p/1):
    # 24000 and 32000 a multiple, as worked out above
    pytest.importorskip("clingo")
    hand = Hand.parse("19m19p19s1234567z1m")
    for seat, each in (("S", 24000), ("E", 32000)):
        facts = _plain_facts(hand, Win("1m", tsumo=True, seat_wind=seat))
        assert _plain_points_3p(preset, facts) == {f"points_3p({each * multiple})"}


@pytest.mark.parametrize("preset", ["tenhou-3p", "mahjongsoul-3p"])
def test_dealer_tsumo_with_honba_three_players(scored: Scorer, preset: str) -> None:
    # 111m 234p 567s 789s 99s, riichi, tsumo on 9s by the dealer, a 9m indicator (2m-8m are
    # not in the set, so 9m shows 1m: https://riichi.wiki/Sanma), two honba: riichi 1 +
    # menzen tsumo 1 + dora 3 = 5 han, a mangan (2000 base). Each of the two others pays
    # 2 base = 4000 and 100 a honba: 4200 each, 8400 in all
    win = Win("9s", tsumo=True, seat_wind="E", riichi=1, dora_indicators=("9m",), honba=2)
    s = scored("111m234p567s789s99s", win, rules=preset)
    assert yaku(s) == {Y.RIICHI: 1, Y.MENZEN_TSUMO: 1, Y.DORA: 3, Y.URA_DORA: 0}
    assert (s.points, s.payments) == (8000, Payments(0, 0, 4200, 0, 8400))


SANBAIMAN_3P = RULES["tenhou-3p"].replace(kazoe="sanbaiman")
#: 22334455667788p, riichi, tsumo on 8p (ryanmen), a 1p indicator: riichi 1 + menzen tsumo
#: 1 + pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 13, dora 2 (2p x 2): 15 han
FIFTEEN_HAN = ("22334455667788p",
               Win("8p", tsumo=True, seat_wind="S", riichi=1, dora_indicators=("1p",)))


def test_kazoe_sanbaiman_with_three_players(scored: Scorer) -> None:
    # 15 han with kazoe capped at sanbaiman (https://riichi.wiki/Kazoe_yakuman; the WRC's
    # value, here on Tenhou's three-player set): 6000 base; a non-dealer's tsumo with tsumo
    # loss, 12000 from the dealer + 6000 = 18000. Tenhou's own kazoe yakuman: 16000 + 8000
    hand, win = FIFTEEN_HAN
    s = scored(hand, win, rules=SANBAIMAN_3P)
    assert (s.han, s.yakuman, s.points) == (15, 0, 18000)
    assert s.payments == Payments(0, 12000, 6000, 0, 18000)
    assert scored(hand, win, rules="tenhou-3p").points == 24000


def test_plain_clingo_kazoe_sanbaiman_with_three_players() -> None:
    # the entry file with the variant beside it: points_3p/1 is the 18000 worked out above,
    # points/1 the four-player sanbaiman tsumo (12000 + 6000 + 6000)
    clingo = pytest.importorskip("clingo")
    from mjasp.solvers import scoring_variants

    hand, win = FIFTEEN_HAN
    ctl = clingo.Control(["--opt-mode=optN", "--warn=none"])
    ctl.load(str(scoring_variants.PRESETS / "tenhou-3p.lp"))
    ctl.load(str(scoring_variants.VARIANTS / "kazoe_sanbaiman.lp"))
    ctl.add("base", [], _plain_facts(Hand.parse(hand), win))
    ctl.ground([("base", [])])
    best: list[set[str]] = []
    ctl.solve(on_model=lambda m: best.append(
        {str(s) for s in m.symbols(shown=True) if s.name in ("points", "points_3p")})
        if m.optimality_proven else None)
    assert best[-1] == {"points(24000)", "points_3p(18000)"}


def test_wrc_dealer_tsumo_past_13_han_is_a_sanbaiman(scored: Scorer) -> None:
    # the same 15 han by the dealer under the WRC rules: "11飜以上は三倍満止まり" (the
    # Japanese Wikipedia's list of the WRC rules, https://ja.wikipedia.org/wiki/世界リーチ麻雀選手権;
    # the 2014 errata: the sanbaiman line is "11+"): 6000 base, 2 base = 12000 from each
    # of the three others, 36000; Tenhou counts a yakuman, 16000 each, 48000
    hand, win = FIFTEEN_HAN
    dealer = Win("8p", tsumo=True, seat_wind="E", riichi=1, dora_indicators=("1p",))
    s = scored(hand, dealer, rules="wrc")
    assert (s.han, s.points, s.payments) == (15, 36000, Payments(0, 0, 12000, 0, 36000))
    assert scored(hand, dealer, rules="tenhou").points == 48000
    assert scored(hand, win, rules="wrc").points == 24000  # 12000 + 6000 + 6000
