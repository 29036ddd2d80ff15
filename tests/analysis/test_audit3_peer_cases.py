"""Shanten, effective tiles, waits, readings and the kan check on other projects' cases.

The hands are the hand-worked test cases of public peer libraries, translated to mpsz:
``MahjongRepository/mahjong`` (``tests_shanten.py``, ``tests_agari.py``,
``tests_hand_dividing.py``), ``Apricot-S/xiangting`` (the unit tests of its standard,
seven-pairs, thirteen-orphans and top-level replacement numbers and necessary tiles, its
four-copies and three-player cases), ``kobalab/majiang-core`` (``test/xiangting.js``;
``test/game.js``: the kan after riichi, the riichi discards), ``ssttkkl/mahjong-utils``
(``TestShanten.kt``: shanten, advance tiles and their count, discard tables),
``nekobean/mahjong-cpp`` (``test_necessary_tile_calculator.cpp``: three players) and
Mortal's ``libriichi`` (``algo/shanten.rs``; ``algo/agari.rs``: the kan after riichi).
A peer's number is only the input: every case is also checked against the brute forces
of ``test_audit2_shanten`` (the definitions, written without mjasp's engines), and a case
stays only where the peer, the definition and mjasp agree.

Where a peer answers otherwise by design, the tests at the end state mjasp's rule and
the peer's answer:

- the four-copies rule counts the copies in declared melds (a wait on a kind whose four
  copies are in the hand and its melds cannot be drawn; riichi.wiki, Tenpai, "Karaten":
  "Declared kans and open melds belong to the hand ... Under most rules, this is
  noten"). xiangting does so only when the melds are passed (``Some(melds)``); with
  ``None`` (its setting for Tenhou and Mahjong Soul) and in majiang-core a meld's
  copies are not counted, so ``13m456p789s11z (2222m)`` waits on 2m there.
- a 3n+2 hand is measured after its discard whatever the game state: majiang-core gives
  0 for a complete shape just after a call (no win is allowed before a discard), mjasp
  −1 (the tiles are a winning shape).
- the strict kan check compares readings (mentsu decompositions), not yaku:
  majiang-core also counts a nine gates form and refuses a kan that ends it.
- hands with the wrong tile count for their melds (majiang-core's short and long hands,
  an empty hand, xiangting's melds "missing" from the list, libriichi's nine tiles) are
  refused with a ``HandError``; seven pairs and thirteen orphans exist only for closed
  13/14-tile hands (the peers give ∞ or a number for 10 or 12 tiles).
"""

from __future__ import annotations

import pytest

from mjasp.analysis.decomposition import decompose, is_winning
from mjasp.analysis.kan import kan_check
from mjasp.analysis.shanten import discards, effective_tiles, shanten, shanten_forms
from mjasp.analysis.waits import waits
from mjasp.core.blocks import Form
from mjasp.core.errors import HandError
from mjasp.core.hand import Hand
from mjasp.core.tiles import tile_kind, tile_name
from mjasp.rules import find_rules
from tests.analysis.brute import standard_readings
from tests.analysis.test_audit2_shanten import (
    brute_effective,
    brute_forms,
    brute_kan,
    brute_waits,
)

XT = "xiangting"
MJ = "mahjong"
MC = "majiang-core"
MU = "mahjong-utils"
CPP = "mahjong-cpp"
LR = "libriichi"

# (source, hand, rules, replacement number of the standard form = shanten + 1).
# xiangting passes the melds (``Some(melds)``), i.e. counts their copies, as mjasp does.
STANDARD = [
    (XT, "19m19p19s1234567z", "tenhou", 9),
    (XT, "119m19p19s1234567z", "tenhou", 8),
    (XT, "123m456p789s1122z", "tenhou", 1),
    (XT, "123m456p789s11222z", "tenhou", 0),
    (XT, "123m456p789s2z", "tenhou", 1),
    (XT, "123m456p789s2z [111z]", "tenhou", 1),
    (XT, "12389m456p12789s1z", "tenhou", 2),       # no pair (kobalab blog, 2015-12-16)
    (XT, "12389m456p1289s11z", "tenhou", 2),       # too many partial melds
    (XT, "133345568m23677z", "tenhou", 3),         # too few partial melds
    (XT, "222345p1234567z", "tenhou", 5),
    (XT, "2344456p123456z", "tenhou", 5),
    (XT, "11222345p12345z", "tenhou", 4),
    (XT, "2234556788p123z", "tenhou", 3),
    (XT, "133345568s11567z", "tenhou", 3),
    # waits on a fifth copy: the kind is exhausted, one more draw is needed
    (XT, "1111m123p112233s", "tenhou", 2),         # 1m pair wanted, all four held
    (XT, "1111234444m1111p", "tenhou", 2),
    (XT, "11112222333444z", "tenhou", 2),
    (XT, "123m456p789s1z [111z]", "tenhou", 2),    # tanki on 1z, three in the pon
    (XT, "13m456p789s11z [2222m]", "tenhou", 2),   # kanchan on 2m, four in the kan
    (XT, "123m12p789s11z [3333p]", "tenhou", 2),   # penchan 12-3
    (XT, "123m123p89s11z [7777s]", "tenhou", 2),   # penchan 7-89
    (XT, "23m456p11z [1111m] [4444m]", "tenhou", 2),
    (XT, "13333m11z [2222m] [4444m]", "tenhou", 2),
    (XT, "12222m11z [3333m] [4444m]", "tenhou", 2),
    (XT, "88889m11z [6666m] [7777m]", "tenhou", 2),
    (XT, "23333m11z [1111m] [4444m]", "tenhou", 2),
    (XT, "12p11z [111p] [222p] [3333p]", "tenhou", 3),
    (XT, "2233p111z [123p] [123p]", "tenhou", 2),
    (XT, "13m13p1s11z [2222m] [2222p]", "tenhou", 4),
    (XT, "12345m22z [333m] [6666m]", "tenhou", 2),
    (XT, "12234m22z [333m] [6666m]", "tenhou", 2),
    (XT, "1111m [2222m] [3333m] [5555m]", "tenhou", 2),
    # isolated quads in hand
    (XT, "1111247777m", "tenhou", 2),
    (XT, "1111247777m1112z", "tenhou", 2),
    (XT, "11114444m", "tenhou", 2),
    (XT, "111124m1111z", "tenhou", 2),
    (XT, "1111444478m", "tenhou", 3),
    (XT, "1111247777m1111z", "tenhou", 2),
    (XT, "1111z", "tenhou", 2),
    (XT, "123m1111z", "tenhou", 2),
    (XT, "11112222z", "tenhou", 2),
    (XT, "123m11p11112222z", "tenhou", 3),
    # three players: no 2m-8m, so 1111m cannot take part in a sequence
    (XT, "1111m111122233z", "tenhou", 2),
    (XT, "1111m111122233z", "tenhou-3p", 3),
    (XT, "1111m", "tenhou-3p", 2),
    (XT, "1111m123p", "tenhou-3p", 2),
    (XT, "11119999m", "tenhou-3p", 2),
    (XT, "111m456p789s1122z", "tenhou-3p", 1),
    # majiang-core xiangting_yiban (its shanten + 1)
    (MC, "123m406p789s1122z", "tenhou", 1),
    (MC, "123m456p789s11222z", "tenhou", 0),
    (MC, "123m456p789s2z [111z]", "tenhou", 1),
    (MC, "12389m456p12789s1z", "tenhou", 2),
    (MC, "12389m456p1289s11z", "tenhou", 2),
    (MC, "133345568m23677z", "tenhou", 3),
    (MC, "222345p1234567z", "tenhou", 5),
    (MC, "2344456p123456z", "tenhou", 5),
    (MC, "11222345p12345z", "tenhou", 4),
    (MC, "2234556788p123z", "tenhou", 3),
]

# (source, hand, rules, {form: shanten}) for the other forms.
FORMS = [
    (XT, "19m19p19s1234567z", "tenhou", {Form.CHIITOITSU: 6, Form.KOKUSHI: 0}),
    (XT, "1188m288p55s1111z", "tenhou", {Form.CHIITOITSU: 2}),   # a quad is one pair
    (XT, "1188m2388p55s111z", "tenhou", {Form.CHIITOITSU: 1}),
    (XT, "1188m288p555s111z", "tenhou", {Form.CHIITOITSU: 2}),
    (XT, "1188m288p55s1177z", "tenhou", {Form.CHIITOITSU: 0}),
    (XT, "1188m2288p55s1177z", "tenhou", {Form.CHIITOITSU: -1}),
    (XT, "1199m288p55s1177z", "tenhou-3p", {Form.CHIITOITSU: 0}),
    (XT, "19m19p19s1234567z", "tenhou-3p", {Form.KOKUSHI: 0}),
    (XT, "23455m345p45678s", "tenhou", {Form.KOKUSHI: 13}),
    (XT, "189m12p249s12345z", "tenhou", {Form.KOKUSHI: 4}),
    (XT, "119m12p299s12345z", "tenhou", {Form.KOKUSHI: 3}),
    (XT, "11m19p19s1234567z", "tenhou", {Form.KOKUSHI: 0}),
    (XT, "119m19p19s1234567z", "tenhou", {Form.KOKUSHI: -1}),
    (MC, "1188m288p05s1111z", "tenhou", {Form.CHIITOITSU: 2}),
    (MC, "1188m2388p05s111z", "tenhou", {Form.CHIITOITSU: 1}),
    (MC, "1188m288p055s111z", "tenhou", {Form.CHIITOITSU: 2}),
    (MC, "1188m288p05s1177z", "tenhou", {Form.CHIITOITSU: 0}),
    (MC, "1188m2288p05s1177z", "tenhou", {Form.CHIITOITSU: -1}),
    (MC, "19m19p19s1234567z", "tenhou", {Form.CHIITOITSU: 6}),
    # the quad as two pairs (a rule variant mjasp offers): six pairs, 2p wanted
    (XT, "1188m288p55s1111z", "chiitoitsu-quad", {Form.CHIITOITSU: 0}),
]

# (source, hand, shanten over all forms), four players.
BEST = [
    (MJ, "567m11p111234567s", -1),
    (MJ, "567m11p111345677s", 0),
    (MJ, "567m15p111345677s", 1),
    (MJ, "1578m15p11134567s", 2),
    (MJ, "1358m1358p113456s", 3),
    (MJ, "1358m13588p1589s1z", 4),
    (MJ, "1358m13588p159s12z", 5),
    (MJ, "1358m258p1589s123z", 6),
    (MJ, "11123456788999s", -1),
    (MJ, "11122245679999s", 0),
    (MJ, "77m114477p114477s", -1),
    (MJ, "76m114477p114477s", 0),
    (MJ, "76m114479p114477s", 1),
    (MJ, "76m14479p114477s1z", 2),
    (MJ, "19m19p19s12345677z", -1),
    (MJ, "19m19p129s1234567z", 0),
    (MJ, "19m129p129s123456z", 1),
    (MJ, "129m129p129s12345z", 2),
    (MJ, "222567p44468s [777s]", 0),            # 7s: one copy left
    (MJ, "222p23467s [345m] [555s]", 0),
    (XT, "1188m288p55s1177z", 0),
    (XT, "19m19p19s1234567z", 0),
    (MC, "123m406p789s1122z", 0),
    (MC, "19m19p19s1234567z", 0),
    (MC, "1188m288p05s1177z", 0),
    (LR, "1111m333p222s444z", 1),               # 1m all held: 11m + 123m, two draws
    (LR, "147m258p369s1234z", 6),
    (LR, "147m258p3s", 4),
    (LR, "4455s", 0),
    (LR, "7z", 0),
    (LR, "15559m19p19s1234z", 3),
    (LR, "2344456m14p127s2z7p", 3),
    (LR, "2344456m14p127s2z5p", 2),
    (LR, "344455667p1139s9m", 2),
    (LR, "344455667p1139s9p", 1),
    (LR, "122334m678p37s22z5s", 0),
    (LR, "122334m678p12s22z4s", 0),
    (LR, "12223456m78889p2m", -1),
    (LR, "34778p", 0),
    (LR, "34s", 0),
    (LR, "55m", -1),
    (MU, "11123456789999p", -1),
    (MU, "11223344556677z", -1),
]

# (source, 14-tile hand, a winning shape?)
WINNING = [
    (MJ, "33m123p123456789s", True),
    (MJ, "11123p123456789s", True),
    (MJ, "123456789s11777z", True),
    (MJ, "12345556778899s", True),
    (MJ, "11123456788999s", True),
    (MJ, "345m789p233334s55z", True),
    (MJ, "12345p123456789s", False),
    (MJ, "11145p111222444s", False),
    (MJ, "11122233356888s", False),
    (MJ, "1133557799s1199p", True),
    (MJ, "11m1199p2244s2277z", True),
    (MJ, "11223344556677m", True),
    (MJ, "199m19p19s1234567z", True),
    (MJ, "19m19p19s11234567z", True),
    (MJ, "19m19p19s12345677z", True),
    (MJ, "19m19p129s1234567z", False),
    (MJ, "19m19p19s11134567z", False),
    (MJ, "222p23467s [345m] [555s]", False),
]

# (source, hand, form or None, effective tiles of a 3n+1 hand in kind order, their
# unseen copies in all (mahjong-utils' advanceNum; None where the peer gives none))
EFFECTIVE: list[tuple[str, str, Form | None, str, int | None]] = [
    (MU, "34568m235p68s", None, "3m 6m 7m 8m 1p 2p 3p 4p 5p 6s 7s 8s", 40),
    (MU, "112233p44556s12z", None, "3s 6s 1z 2z", 13),
    (MU, "112233p44556s12z", Form.STANDARD, "3s 6s 1z 2z", 13),
    (MU, "114514p1919810s", None, "2p 3p 4p 5p 6p 7p 3s 4s 5s 6s 7s 8s 9s", 45),
    (MU, "3344z6699p11345s", None, "3s 4s 5s", 9),     # seven pairs 1-, standard 2-shanten
    (MU, "22s23455666p345m", None, "5p 2s", 4),
    (MU, "1112345678999p", None, "1p 2p 3p 4p 5p 6p 7p 8p 9p", 23),
    (MU, "119m19p19266s135z", None, "2z 4z 6z 7z", 16),
    (MU, "19m19p19266s1235z", None, "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z", 42),
    (MU, "1119m19p19s12355z", None, "4z 6z 7z", 12),
    (MU, "119m19p19s123456z", Form.KOKUSHI, "7z", 4),
    # the quad is one pair: every kind but 1z-5z, 108 + 3 (6z) + 4 (7z)
    (MU, "1111223344556z", Form.CHIITOITSU,
     "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s 5s 6s 7s 8s 9s 6z 7z",
     115),
    (XT, "123m456p789s1122z", None, "1z 2z", None),
    (XT, "1188m288p55s1177z", None, "2p", None),
    (XT, "19m19p19s1234567z", Form.STANDARD,
     "1m 2m 3m 7m 8m 9m 1p 2p 3p 7p 8p 9p 1s 2s 3s 7s 8s 9s 1z 2z 3z 4z 5z 6z 7z", None),
    (MC, "123m456p789s1234z", None, "1z 2z 3z 4z", None),
    (MC, "123m456p1234z [789s]", None, "1z 2z 3z 4z", None),
    (MC, "19m19p19s1234567z", None, "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z", None),
    # seven pairs and the standard form both 1-shanten: the union of their tiles
    (MC, "11155m2278p66s17z", None, "5m 2p 6p 7p 8p 9p 6s 1z 7z", None),
    (MC, "11155m2278p66s17z", Form.CHIITOITSU, "7p 8p 1z 7z", None),
]

# (source, 14-tile hand, {discard: (shanten after it, its effective tiles, their unseen
# copies)}) — the whole tenhou.net/2-style table as the peer lists it; the discarded
# copy counts as seen.
DISCARDS = [
    (MU, "12233344445556s", {
        "3s": (0, "1s 5s 6s 7s", 11), "2s": (0, "1s 3s 5s 7s", 9), "5s": (0, "1s 7s", 7),
        "6s": (0, "1s 2s 3s 5s", 7), "1s": (0, "2s 5s", 3), "4s": (0, "2s 5s", 3)}),
    (MU, "34568m235p368s", {
        "5p": (2, "3m 6m 7m 8m 1p 2p 3p 4p 3s 6s 7s 8s", 40),
        "3s": (2, "3m 6m 7m 8m 1p 2p 3p 4p 5p 6s 7s 8s", 40),
        "2p": (2, "3m 6m 7m 8m 3p 4p 5p 3s 6s 7s 8s", 36),
        "8m": (2, "3m 6m 1p 2p 4p 5p 3s 7s", 27),
        "3m": (2, "8m 1p 2p 4p 5p 3s 7s", 24),
        "6m": (2, "8m 1p 2p 4p 5p 3s 7s", 24),
        "6s": (2, "7m 1p 2p 4p 5p 3s 8s", 24),
        "8s": (2, "7m 1p 2p 4p 5p 3s 6s", 24),
        "3p": (2, "7m 2p 5p 3s 7s", 17),
        "4m": (3, "3m 4m 5m 6m 7m 8m 1p 2p 3p 4p 5p 3s 6s 7s 8s", 49),
        "5m": (3, "2m 3m 4m 5m 6m 7m 8m 1p 2p 3p 4p 5p 3s 6s 7s 8s", 53)}),
    (MU, "3344z6699p11345s8m", {
        "8m": (1, "3s 4s 5s", 9), "3s": (1, "8m 4s 5s", 9), "4s": (1, "8m 3s 5s", 9),
        "5s": (1, "8m 3s 4s", 9),
        **{d: (2, "8m 6p 9p 1s 3s 4s 5s 3z 4z", 22) for d in ("3z", "4z", "6p", "9p", "1s")}}),
    (MU, "112233p44556s127z", {
        "1z": (1, "3s 6s 2z 7z", 13), "2z": (1, "3s 6s 1z 7z", 13),
        "7z": (1, "3s 6s 1z 2z", 13), "6s": (1, "1z 2z 7z", 9),
        "1p": (2, "1p 4p 3s 6s 1z 2z 7z", 22), "2p": (2, "2p 3s 6s 1z 2z 7z", 18),
        "3p": (2, "3p 3s 6s 1z 2z 7z", 18), "4s": (2, "3s 4s 5s 6s 7s 1z 2z 7z", 24),
        "5s": (2, "2s 3s 4s 5s 6s 7s 1z 2z 7z", 28)}),
    (MU, "114514p1919810s8p", {
        "8s": (2, "2p 3p 4p 5p 6p 7p 8p 9p 3s 4s 5s 6s 7s 9s", 49),
        "8p": (2, "2p 3p 4p 5p 6p 7p 3s 4s 5s 6s 7s 8s 9s", 45),
        "4p": (2, "3p 6p 7p 8p 9p 3s 4s 5s 6s 7s 8s 9s", 43),
        "9s": (2, "3p 4p 5p 6p 7p 8p 9p 3s 4s 5s 6s 7s", 43),
        "5p": (2, "4p 6p 7p 8p 9p 3s 4s 5s 6s 7s 8s 9s", 41),
        "5s": (2, "2p 3p 4p 5p 6p 7p 8p 9p 6s 7s 8s 9s", 41),
        "1p": (2, "5p 8p 5s 8s", 12), "1s": (2, "5p 8p 5s 8s", 12)}),
]

# (source, hand, rules, form or None, effective tiles) with three players
SANMA_EFFECTIVE = [
    (CPP, "111222333444p1m", "tenhou-3p", Form.STANDARD, "1m"),
    (CPP, "1199m1199p1199s4z", "tenhou-3p", Form.CHIITOITSU, "4z"),
    (XT, "111m456p789s1122z", "tenhou-3p", None, "1z 2z"),
    (XT, "1199m288p55s1177z", "tenhou-3p", None, "2p"),
    (XT, "19m19p19s1234567z", "tenhou-3p", None, "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z"),
]

# (source, winning hand, its readings as the concealed blocks of each)
READINGS = [
    (MJ, "234567m23455s777z", [["234m", "567m", "234s", "777z", "55s"]]),
    (MJ, "123m123p123s11222z", [["123m", "123p", "123s", "222z", "11z"]]),
    (MJ, "23444m344556p333s", [["234m", "345p", "456p", "333s", "44m"]]),
    (MJ, "11122233388899m", [["123m", "123m", "123m", "888m", "99m"],
                             ["111m", "222m", "333m", "888m", "99m"]]),
    (MJ, "111123666789s11z", [["111s", "123s", "666s", "789s", "11z"]]),
    # the peer passes the tiles of the two chi with the hand; the rest has one reading
    (MJ, "778899p22z [789p] [234p]", [["789p", "789p", "22z"]]),
    (MJ, "112233m99p445566s", [["123m", "123m", "99p", "456s", "456s"],
                               ["11m", "22m", "33m", "99p", "44s", "55s", "66s"]]),
    (MJ, "55m222z (6666m) [111p] [777m]", [["222z", "55m"]]),
]

# (source, tenpai hand, its waits, in kind order); majiang-core's ``tingpai`` gives the
# tiles that lower the shanten, the waits when the hand is tenpai
WAITS = [
    (MC, "19m19p19s1234567z", "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z"),
    (MC, "1234444m456p789s", "1m"),             # 4m: all four held, not a wait
]


def names(tiles: list[int]) -> str:
    return " ".join(tile_name(t) for t in tiles)


@pytest.mark.parametrize(("source", "text", "rules", "number"), STANDARD)
def test_replacement_number_of_the_standard_form(source: str, text: str, rules: str,
                                                 number: int) -> None:
    hand, found = Hand.parse(text), find_rules(rules)
    assert brute_forms(hand, found)[Form.STANDARD] == number - 1   # the definition agrees
    assert shanten_forms(hand, rules=found).forms[Form.STANDARD] == number - 1


@pytest.mark.parametrize(("source", "text", "rules", "expected"), FORMS)
def test_seven_pairs_and_thirteen_orphans(source: str, text: str, rules: str,
                                          expected: dict[Form, int]) -> None:
    hand, found = Hand.parse(text), find_rules(rules)
    brute, got = brute_forms(hand, found), shanten_forms(hand, rules=found).forms
    for form, n in expected.items():
        assert brute[form] == n
        assert got[form] == n


@pytest.mark.parametrize(("source", "text", "expected"), BEST)
def test_shanten_over_all_forms(source: str, text: str, expected: int) -> None:
    hand = Hand.parse(text)
    assert min(brute_forms(hand, find_rules("tenhou")).values()) == expected
    assert shanten(hand) == expected


@pytest.mark.parametrize(("source", "text", "expected"), WINNING)
def test_winning_shapes(source: str, text: str, expected: bool) -> None:
    hand = Hand.parse(text)
    assert (min(brute_forms(hand, find_rules("tenhou")).values()) == -1) is expected
    assert is_winning(hand) is expected


@pytest.mark.parametrize(("source", "text", "form", "expected", "unseen"), EFFECTIVE)
def test_effective_tiles(source: str, text: str, form: Form | None, expected: str,
                         unseen: int | None) -> None:
    hand, rules = Hand.parse(text), find_rules("tenhou")
    brute = brute_effective(hand, rules, [0] * 34, form)
    assert names([t for t, _ in brute]) == expected
    got = effective_tiles(hand, form=form)
    assert names([e.tile for e in got]) == expected
    assert [e.remaining for e in got] == [n for _, n in brute]
    if unseen is not None:
        assert sum(n for _, n in brute) == unseen
        assert sum(e.remaining for e in got) == unseen


@pytest.mark.parametrize(("source", "text", "table"), DISCARDS)
def test_discard_tables(source: str, text: str,
                        table: dict[str, tuple[int, str, int]]) -> None:
    hand, rules = Hand.parse(text), find_rules("tenhou")
    got = {tile_name(d.tile): (d.shanten, names([e.tile for e in d.waits]),
                               sum(e.remaining for e in d.waits))
           for d in discards(hand)}
    assert got == table
    for discard, (after, tiles, unseen) in table.items():   # the definition agrees
        k = tile_kind(discard)
        left = Hand.from_counts([c - (i == k) for i, c in enumerate(hand.counts)])
        seen = [int(i == k) for i in range(34)]
        brute = brute_effective(left, rules, seen)
        assert min(brute_forms(left, rules).values()) == after
        assert (names([t for t, _ in brute]), sum(n for _, n in brute)) == (tiles, unseen)


@pytest.mark.parametrize(("source", "text", "rules", "form", "expected"), SANMA_EFFECTIVE)
def test_three_player_effective_tiles(source: str, text: str, rules: str, form: Form | None,
                                      expected: str) -> None:
    hand, found = Hand.parse(text), find_rules(rules)
    assert names([t for t, _ in brute_effective(hand, found, [0] * 34, form)]) == expected
    assert names([e.tile for e in effective_tiles(hand, rules=found, form=form)]) == expected


@pytest.mark.parametrize(("source", "text", "expected"), READINGS)
def test_readings(source: str, text: str, expected: list[list[str]]) -> None:
    hand, rules = Hand.parse(text), find_rules("tenhou")
    got = sorted(sorted(str(b) for b in d.blocks) for d in decompose(hand))
    assert got == sorted(sorted(r) for r in expected)
    seven_pairs = not hand.melds and sorted(c for c in hand.counts if c) == [2] * 7
    assert len(standard_readings(hand.counts, rules.tile_kinds)) + seven_pairs == len(expected)


@pytest.mark.parametrize(("source", "text", "expected"), WAITS)
def test_waits(source: str, text: str, expected: str) -> None:
    hand = Hand.parse(text)
    assert names(brute_waits(hand, find_rules("tenhou"))) == expected
    assert names([w.tile for w in waits(hand)]) == expected


# The kan after riichi: the 13 riichi tiles, the drawn fourth copy, then strict (the
# readings kept) and loose (the waits kept; None where the peer gives only strict).
# majiang-core ``Game.get_gang_mianzi`` (test/game.js): its level 1 and level 2;
# libriichi ``check_ankan_after_riichi`` (algo/agari.rs): its strict flag true / false.
KANS: list[tuple[str, str, str, bool, bool | None]] = [
    (MC, "1112m456p789s111z", "1z", True, True),
    (MC, "1112m456p789s111z", "1m", False, False),    # 1m then reads as 11m + 123m
    (MC, "23m567p33345666s", "3s", False, True),      # 33s+345s readings lost, waits kept
    (LR, "12345m567s11222z", "2z", True, None),
    (LR, "12345m444567s11z", "4s", True, None),
    (LR, "22m11112356p444s", "4s", True, None),
    (LR, "123456m4445s111z", "4s", False, False),
    # libriichi's closed 10-tile hand; the closed kan of 9s stands for the fourth meld
    (LR, "1113444p222z (9999s)", "1p", False, True),
    (LR, "1113444p222z (9999s)", "4p", False, None),
    (LR, "1113444p222z (9999s)", "2z", True, None),
    (LR, "23m999p33345666s", "3s", False, None),
    (LR, "23m999p33345666s", "6s", False, True),
    (LR, "23m999p33345666s", "9p", True, None),
    (LR, "1113445678999m", "1m", True, None),         # nine gates lost, readings kept
    (LR, "1113445678999m", "9m", False, None),
]

# majiang-core ``Game.allow_lizhi``: the discards that leave the hand tenpai
RIICHI_DISCARDS = [
    (MC, "123m456p789s11112z", "1z"),     # 2z away leaves 1111z waiting on a fifth 1z
    (MC, "123m456p788s11122z", "7s 8s"),
    (MC, "123m456p789s11223z", "3z"),
    (MC, "11112344449999m", ""),
]


@pytest.mark.parametrize(("source", "riichi", "drawn", "strict", "loose"), KANS)
def test_kan_after_riichi(source: str, riichi: str, drawn: str, strict: bool,
                          loose: bool | None) -> None:
    before, rules, i = Hand.parse(riichi), find_rules("tenhou"), tile_kind(drawn)
    w_before, w_after, brute_strict = brute_kan(before, i, rules)
    drawn_hand = Hand.from_counts([c + (k == i) for k, c in enumerate(before.counts)],
                                  before.melds)
    check = kan_check(drawn_hand, i)
    assert brute_strict is strict
    assert check.strict is strict
    assert check.loose is (w_before == w_after)
    if loose is not None:
        assert check.loose is loose


@pytest.mark.parametrize(("source", "text", "expected"), RIICHI_DISCARDS)
def test_discards_that_keep_tenpai(source: str, text: str, expected: str) -> None:
    hand, rules = Hand.parse(text), find_rules("tenhou")
    brute = [k for k in range(34) if hand.counts[k] and brute_waits(
        Hand.from_counts([c - (i == k) for i, c in enumerate(hand.counts)]), rules)]
    assert names(brute) == expected
    assert names(sorted(d.tile for d in discards(hand) if d.shanten == 0)) == expected


# -- where a peer answers otherwise by design ----------------------------------------

def test_a_wait_on_a_kind_exhausted_by_a_meld_is_no_wait() -> None:
    """majiang-core's ``tingpai("m13p456s789z11,m2222")`` is 2m and xiangting without
    the melds gives replacement number 1: both leave the kan's copies out. All four 2m
    are in the kan, so no draw completes 13m: not tenpai, 1-shanten (xiangting with the
    melds passed: 2)."""
    hand = Hand.parse("13m456p789s11z (2222m)")
    assert brute_waits(hand, find_rules("tenhou")) == []
    assert waits(hand) == []
    assert shanten(hand) == 1


def test_a_complete_shape_just_after_a_call_is_complete() -> None:
    """majiang-core gives 0 for ``m11122,p123-,s12-3,z111=,`` (no win before the
    discard); the tiles are a winning shape, so the replacement number is 0."""
    assert shanten("11122m [123p] [123s] [111z]") == -1


def test_a_kan_that_only_loses_nine_gates_keeps_every_reading() -> None:
    """majiang-core refuses (level 1) the kan of 1s on ``s1113445678999`` + 1s: it counts
    the nine gates form of 11123445678999s (2s) as a winning form of its own, which the
    closed kan ends. The readings are the mentsu decompositions: every one of the three
    waits (2s, 4s, 5s) reads 111s as a triplet, the kan keeps them all, so it is strict
    by the rule mjasp states (riichi.wiki, Kan: "Kan during riichi"); libriichi's test
    allows the same kan on 1113445678999m ("we don't take yaku into account")."""
    before, rules = Hand.parse("1113445678999s"), find_rules("tenhou")
    w_before, w_after, strict = brute_kan(before, tile_kind("1s"), rules)
    assert (names(w_before), w_before == w_after, strict) == ("2s 4s 5s", True, True)
    check = kan_check("11113445678999s", "1s")
    assert (check.strict, check.loose) == (True, True)


@pytest.mark.parametrize(("text", "rules"), [
    ("", "tenhou"),                             # majiang-core: 13-shanten
    ("2p3s7z", "tenhou"),                       # xiangting: 3 tiles refused
    ("111222333444555m", "tenhou"),             # 15 tiles
    ("11111m", "tenhou"),                       # a fifth copy
    ("1m [1111m]", "tenhou"),                   # a fifth copy with the meld
    ("1p [123z]", "tenhou"),                    # a sequence of honours
    ("11122233344455m [666m]", "tenhou"),       # 14 concealed tiles and a meld
    ("123m1z [456p] [7777s]", "tenhou"),        # xiangting: the third meld "missing"
    ("234p567s [222m] [567p]", "tenhou"),       # majiang-core's short hand: 1
    ("123m [123p] [456s] [789m] [555z]", "tenhou"),  # majiang-core's five melds: 0
    ("119m19p19s12345z", "tenhou"),            # majiang-core's short orphans hand: 1
    ("468m33346p7s", "tenhou"),                 # libriichi: 2 (nine tiles, three melds)
    ("2m", "tenhou-3p"),                        # no 2m with three players
    ("1m [123p]", "tenhou-3p"),                 # no chi with three players
    ("1m [222m]", "tenhou-3p"),
])
def test_hands_the_peers_measure_or_refuse_are_refused(text: str, rules: str) -> None:
    with pytest.raises(HandError):
        shanten(text, rules=rules)


def test_seven_pairs_and_orphans_need_a_closed_full_hand() -> None:
    """majiang-core measures ``m1188s05z1122`` (10 tiles) as 3 for seven pairs and
    ``m19p19s19z1234,z777=`` as ∞ for thirteen orphans, xiangting ``1188m55s1122z``
    as none for seven pairs and ``19p19s1234567z`` as none for thirteen orphans; mjasp
    keeps those forms for closed 13- and 14-tile hands only."""
    assert set(shanten_forms("1188m05s1122z").forms) == {Form.STANDARD}
    assert set(shanten_forms("1188m55s1122z").forms) == {Form.STANDARD}
    assert set(shanten_forms("19p19s1234567z").forms) == {Form.STANDARD}
    assert set(shanten_forms("19m19p19s1234z [777z]").forms) == {Form.STANDARD}
