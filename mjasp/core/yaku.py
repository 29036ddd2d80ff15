"""Every yaku Tenhou scores, by its Tenhou id (0-54), and the local yaku and north dora
of other rules (values 100 and up, no Tenhou id).

The ids are those of Tenhou's game logs (the ``yaku=`` attribute of an AGARI tag: pairs of
id and han), as listed by the public log-format notes, e.g.
https://github.com/NegativeMjark/tenhou-log#agari and
https://gimite.net/pukiwiki/index.php?Tenhou%20Log%20Format (yaku table).

>>> Yaku.RIICHI.tenhou_id, Yaku.RIICHI.english, Yaku.RIICHI.japanese
(1, 'Riichi', '立直')
>>> Yaku(48).is_yakuman, Yaku.DORA.is_yakuman
(True, False)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Yaku(enum.Enum):
    """One member per Tenhou yaku id; the value is the id."""

    MENZEN_TSUMO = 0
    RIICHI = 1
    IPPATSU = 2
    CHANKAN = 3
    RINSHAN = 4
    HAITEI = 5
    HOUTEI = 6
    PINFU = 7
    TANYAO = 8
    IIPEIKOU = 9
    SEAT_EAST = 10
    SEAT_SOUTH = 11
    SEAT_WEST = 12
    SEAT_NORTH = 13
    ROUND_EAST = 14
    ROUND_SOUTH = 15
    ROUND_WEST = 16
    ROUND_NORTH = 17
    HAKU = 18
    HATSU = 19
    CHUN = 20
    DOUBLE_RIICHI = 21
    CHIITOITSU = 22
    CHANTA = 23
    ITTSU = 24
    SANSHOKU = 25
    SANSHOKU_DOUKOU = 26
    SANKANTSU = 27
    TOITOI = 28
    SANANKOU = 29
    SHOUSANGEN = 30
    HONROUTOU = 31
    RYANPEIKOU = 32
    JUNCHAN = 33
    HONITSU = 34
    CHINITSU = 35
    RENHOU = 36
    TENHOU = 37
    CHIIHOU = 38
    DAISANGEN = 39
    SUUANKOU = 40
    SUUANKOU_TANKI = 41
    TSUUIISOU = 42
    RYUUIISOU = 43
    CHINROUTOU = 44
    CHUUREN = 45
    JUNSEI_CHUUREN = 46
    KOKUSHI = 47
    KOKUSHI_13 = 48
    DAISUUSHII = 49
    SHOUSUUSHII = 50
    SUUKANTSU = 51
    DORA = 52
    URA_DORA = 53
    AKA_DORA = 54
    # Not on Tenhou (its logs have no id for them): local yaku, played where
    # ``Rules.local_yaku`` names them, and the north tiles of three players
    # (``Rules.nukidora``).
    DAISHARIN = 100
    DAICHIKURIN = 101
    DAISUURIN = 102
    SANRENKOU = 103
    NUKIDORA = 120

    # members are singletons compared by identity: hash them by identity too (C speed)
    __hash__ = object.__hash__

    @property
    def tenhou_id(self) -> int | None:
        """Tenhou's id of the yaku (0-54); None for a yaku Tenhou does not have."""
        return int(self.value) if self.value <= 54 else None

    @property
    def english(self) -> str:
        """The English name players use."""
        return _NAMES[self.value][0]

    @property
    def japanese(self) -> str:
        """The Japanese name, as Tenhou prints it."""
        return _NAMES[self.value][1]

    @property
    def is_yakuman(self) -> bool:
        """A limit hand: a yaku that the direct engine's record scores 13 han (renhou is
        a yakuman where it is played as one: ``Rules.renhou``)."""
        return self.value in YAKUMAN_VALUES

    @property
    def is_dora(self) -> bool:
        """Dora, ura dora, a red five or a north tile: han that are not a yaku."""
        return 52 <= self.value <= 54 or self.value == 120


#: The values of the yakuman. GENERATED from the direct engine's records
#: (``mjasp.solvers.scoring_direct.yakuman_values_line``: a yaku some record of which scores
#: 13 han or more); regenerate with ``python -m mjasp.solvers.scoring_asp``.
#: tests/scoring/test_score_asp.py checks that it is current.
YAKUMAN_VALUES = frozenset({36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,100,101,102})


@dataclass(frozen=True, slots=True)
class CustomYaku:
    """A yaku that mjasp does not know, defined by a user's encoding (``custom_yaku/4``
    and ``found/2`` in one ``.lp`` file): reported by its name, after every ``Yaku``.

    ``value`` is the name (``Score.value`` compares yaku by value); ``tenhou_id`` is None.

    >>> y = CustomYaku("shiisanpuutaa", "Thirteen unconnected", "十三不塔", is_yakuman=True)
    >>> y.value, y.tenhou_id, y.is_yakuman, y.is_dora
    ('shiisanpuutaa', None, True, False)
    """

    name: str
    english: str
    japanese: str
    is_yakuman: bool = False

    @property
    def value(self) -> str:
        """The name the encoding gives it (a constant such as ``shiisanpuutaa``)."""
        return self.name

    @property
    def tenhou_id(self) -> None:
        """None: Tenhou has no such yaku."""
        return None

    @property
    def is_dora(self) -> bool:
        """False: a custom yaku is a yaku."""
        return False


# (English, Japanese) by Tenhou id.
_NAMES: dict[int, tuple[str, str]] = {
    0: ("Menzen tsumo", "門前清自摸和"), 1: ("Riichi", "立直"), 2: ("Ippatsu", "一発"),
    3: ("Chankan", "槍槓"), 4: ("Rinshan kaihou", "嶺上開花"), 5: ("Haitei raoyue", "海底摸月"),
    6: ("Houtei raoyui", "河底撈魚"), 7: ("Pinfu", "平和"), 8: ("Tanyao", "断幺九"),
    9: ("Iipeikou", "一盃口"), 10: ("Seat wind East", "自風 東"),
    11: ("Seat wind South", "自風 南"), 12: ("Seat wind West", "自風 西"),
    13: ("Seat wind North", "自風 北"), 14: ("Round wind East", "場風 東"),
    15: ("Round wind South", "場風 南"), 16: ("Round wind West", "場風 西"),
    17: ("Round wind North", "場風 北"), 18: ("White dragon", "役牌 白"),
    19: ("Green dragon", "役牌 發"), 20: ("Red dragon", "役牌 中"),
    21: ("Double riichi", "両立直"), 22: ("Chiitoitsu", "七対子"),
    23: ("Chanta", "混全帯幺九"), 24: ("Ittsu", "一気通貫"), 25: ("Sanshoku doujun", "三色同順"),
    26: ("Sanshoku doukou", "三色同刻"), 27: ("Sankantsu", "三槓子"), 28: ("Toitoi", "対々和"),
    29: ("Sanankou", "三暗刻"), 30: ("Shousangen", "小三元"), 31: ("Honroutou", "混老頭"),
    32: ("Ryanpeikou", "二盃口"), 33: ("Junchan", "純全帯幺九"), 34: ("Honitsu", "混一色"),
    35: ("Chinitsu", "清一色"), 36: ("Renhou", "人和"), 37: ("Tenhou", "天和"),
    38: ("Chiihou", "地和"), 39: ("Daisangen", "大三元"), 40: ("Suuankou", "四暗刻"),
    41: ("Suuankou tanki", "四暗刻単騎"), 42: ("Tsuuiisou", "字一色"),
    43: ("Ryuuiisou", "緑一色"), 44: ("Chinroutou", "清老頭"), 45: ("Chuuren poutou", "九蓮宝燈"),
    46: ("Junsei chuuren poutou", "純正九蓮宝燈"), 47: ("Kokushi musou", "国士無双"),
    48: ("Kokushi musou 13-sided", "国士無双１３面"), 49: ("Daisuushii", "大四喜"),
    50: ("Shousuushii", "小四喜"), 51: ("Suukantsu", "四槓子"), 52: ("Dora", "ドラ"),
    53: ("Ura dora", "裏ドラ"), 54: ("Aka dora", "赤ドラ"),
    100: ("Daisharin", "大車輪"), 101: ("Daichikurin", "大竹林"), 102: ("Daisuurin", "大数隣"),
    103: ("Sanrenkou", "三連刻"), 120: ("Nuki dora (north)", "抜きドラ"),
}
